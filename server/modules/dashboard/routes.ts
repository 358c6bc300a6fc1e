import { Hono } from "hono";
import { z } from "zod";
import { toDate } from "@domain/index";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { getDashboardSummary } from "./get-dashboard-summary";
import { getProjectDetail } from "./get-project-detail";
import { getTaskDetail } from "./get-task-detail";
import { getWeek } from "./get-week";
import { listMyProjects } from "./list-my-projects";
import { listOtherTasks } from "./list-other-tasks";
import { resolveViewer, type AccessibleTaskIds } from "./viewer";

/** A calendar day yyyy-MM-dd that exists. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date yyyy-MM-dd")
  .refine((v) => toDate(`${v}T00:00:00Z`)?.toISOString().slice(0, 10) === v, "must be a real date");

const dateQuery = z.object({ date: isoDaySchema.optional() }).strict();
const idParam = (name: string) => z.object({ [name]: z.string().trim().min(1).max(64) });

export interface DashboardRoutesOptions {
  /** Override of the task ids a non-admin may see (default: server/modules/accessible-tasks). */
  accessibleTaskIds?: AccessibleTaskIds;
}

/**
 * /api/dashboard: the personal dashboard of the caller, or of the member they impersonate
 * (spec §2, §6). One request per panel; every figure is computed in SQL.
 */
export function dashboardRoutes(options: DashboardRoutesOptions = {}) {
  const viewerOf = (c: { var: AppEnv["Variables"] }) =>
    resolveViewer(c.var.deps, c.var.tenant, options.accessibleTaskIds);
  return new Hono<AppEnv>()
    .use("*", requireTenant())
    .get("/", async (c) => c.json(await getDashboardSummary(c.var.deps, await viewerOf(c))))
    .get("/week", validate("query", dateQuery), async (c) =>
      c.json(await getWeek(c.var.deps, await viewerOf(c), c.req.valid("query").date)),
    )
    .get("/projects", async (c) => c.json(await listMyProjects(c.var.deps, await viewerOf(c))))
    .get("/other-tasks", async (c) => c.json(await listOtherTasks(c.var.deps, await viewerOf(c))))
    .get("/tasks/:taskId", validate("param", idParam("taskId")), async (c) =>
      c.json(await getTaskDetail(c.var.deps, await viewerOf(c), c.req.valid("param").taskId as string)),
    )
    .get(
      "/projects/:folderId",
      validate("param", idParam("folderId")),
      validate("query", dateQuery),
      async (c) =>
        c.json(
          await getProjectDetail(
            c.var.deps,
            await viewerOf(c),
            c.req.valid("param").folderId as string,
            c.req.valid("query").date,
          ),
        ),
    );
}
