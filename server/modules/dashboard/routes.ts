import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  dashboardSummarySchema,
  dateQuerySchema,
  folderIdParamSchema,
  otherTasksResponseSchema,
  projectDetailResponseSchema,
  projectsResponseSchema,
  taskDetailResponseSchema,
  taskIdParamSchema,
  weekResponseSchema,
} from "./contract";
import { getDashboardSummary } from "./get-dashboard-summary";
import { getProjectDetail } from "./get-project-detail";
import { getTaskDetail } from "./get-task-detail";
import { getWeek } from "./get-week";
import { listMyProjects } from "./list-my-projects";
import { listOtherTasks } from "./list-other-tasks";

const tags = ["Dashboard"];

/**
 * /api/dashboard: the personal dashboard of the caller, or of the member they impersonate
 * (spec §2, §6). One request per panel; every figure is computed in SQL.
 */
export function dashboardRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/",
      documented({
        summary: "Dashboard header: greeting, assigned projects, Booked Today",
        tags,
        response: dashboardSummarySchema,
      }),
      requireTenant(),
      async (c) => c.json(await getDashboardSummary(c.var.ctx)),
    )
    .get(
      "/week",
      documented({
        summary: "My Week: the viewed person's tasks overlapping a Monday–Sunday week",
        tags,
        response: weekResponseSchema,
      }),
      requireTenant(),
      validate("query", dateQuerySchema),
      async (c) => c.json(await getWeek(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/projects",
      documented({
        summary: "My Projects: revision summaries per project (at most 10)",
        tags,
        response: projectsResponseSchema,
      }),
      requireTenant(),
      async (c) => c.json(await listMyProjects(c.var.ctx)),
    )
    .get(
      "/other-tasks",
      documented({
        summary: "Other Tasks: open non-assignment tasks by due date (at most 7)",
        tags,
        response: otherTasksResponseSchema,
      }),
      requireTenant(),
      async (c) => c.json(await listOtherTasks(c.var.ctx)),
    )
    .get(
      "/tasks/:taskId",
      documented({
        summary: "Task detail of one of the viewed person's tasks",
        tags,
        response: taskDetailResponseSchema,
      }),
      requireTenant(),
      validate("param", taskIdParamSchema),
      async (c) => c.json(await getTaskDetail(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/projects/:folderId",
      documented({
        summary: "Project detail: milestones of the week and outstanding revisions",
        tags,
        response: projectDetailResponseSchema,
      }),
      requireTenant(),
      validate("param", folderIdParamSchema),
      validate("query", dateQuerySchema),
      async (c) =>
        c.json(await getProjectDetail(c.var.ctx, { ...c.req.valid("param"), ...c.req.valid("query") })),
    );
}
