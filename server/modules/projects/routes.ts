import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  navProjectsResponseSchema,
  projectExportQuerySchema,
  projectHeaderSchema,
  projectHealthResponseSchema,
  projectIdParamSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectSummaryResponseSchema,
  projectTasksQuerySchema,
  projectTeamResponseSchema,
  projectTimelineResponseSchema,
  projectTimeReportResponseSchema,
  projectUserTasksResponseSchema,
} from "./contract";
import { exportProjectsCsv, PROJECT_CSV_COLUMNS } from "./export-projects-csv";
import { getProject } from "./get-project";
import { getProjectHealth } from "./get-project-health";
import { getProjectSummary } from "./get-project-summary";
import { getProjectTeam } from "./get-project-team";
import { getProjectTimeReport } from "./get-project-time-report";
import { getProjectTimeline } from "./get-project-timeline";
import { listNavProjects } from "./list-nav-projects";
import { listProjectUserTasks } from "./list-project-user-tasks";
import { listProjects } from "./list-projects";

const tags = ["Projects"];

/**
 * /api/projects: the navigation list, All Projects (+ CSV) and the project page panels. Every
 * call needs a workspace; a project of another workspace is 404 like an unknown one.
 */
export function projectsRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/nav",
      documented({
        summary: "Every project of the workspace for the menus (COMPLETED JOBS left out)",
        tags,
        response: navProjectsResponseSchema,
      }),
      requireTenant(),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await listNavProjects(c.var.ctx));
      },
    )
    .get(
      "/export.csv",
      documented({
        summary: "All Projects as CSV: the list's search, filters and sort, every row (streamed)",
        tags,
        mediaType: "text/csv",
      }),
      requireTenant(),
      validate("query", projectExportQuerySchema),
      async (c) => {
        const date = c.var.deps.now().toISOString().slice(0, 10);
        return csvResponse(c, {
          filename: `projects-${date}.csv`,
          columns: PROJECT_CSV_COLUMNS,
          batches: exportProjectsCsv(c.var.ctx, c.req.valid("query")),
        });
      },
    )
    .get(
      "/",
      documented({
        summary: "All Projects: searched, filtered, sorted and paged, hours under the caller's scope",
        tags,
        response: projectListResponseSchema,
      }),
      requireTenant(),
      validate("query", projectListQuerySchema),
      async (c) => c.json(await listProjects(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/:projectId",
      documented({
        summary: "Project header: meta task, custom fields and hours",
        tags,
        response: projectHeaderSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProject(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/:projectId/summary",
      documented({
        summary: "Task summary: totals, completed, overdue and the next 7 days' milestones",
        tags,
        response: projectSummaryResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProjectSummary(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/:projectId/team",
      documented({
        summary: "Team members with their active, overdue and completed task counts",
        tags,
        response: projectTeamResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProjectTeam(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/:projectId/tasks",
      documented({
        summary: "One person's open tasks in the project, overdue first",
        tags,
        response: projectUserTasksResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      validate("query", projectTasksQuerySchema),
      async (c) =>
        c.json(await listProjectUserTasks(c.var.ctx, { ...c.req.valid("param"), ...c.req.valid("query") })),
    )
    .get(
      "/:projectId/timeline",
      documented({
        summary: "Project timeline: dated milestones and tasks",
        tags,
        response: projectTimelineResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProjectTimeline(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/:projectId/time-report",
      documented({
        summary: "Hours per person, task and week against estimates, under the caller's scope",
        tags,
        response: projectTimeReportResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProjectTimeReport(c.var.ctx, c.req.valid("param"))),
    )
    .get(
      "/:projectId/health",
      documented({
        summary: "Estimated against logged hours per assignee, under the caller's scope",
        tags,
        response: projectHealthResponseSchema,
      }),
      requireTenant(),
      validate("param", projectIdParamSchema),
      async (c) => c.json(await getProjectHealth(c.var.ctx, c.req.valid("param"))),
    );
}
