import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { requireTenant } from "../../auth/middleware";
import { validate } from "../../lib/validate";
import { getAccessibleTaskIds } from "../accessible-tasks/get-accessible-task-ids";
import { exportProjectsCsv } from "./export-projects-csv";
import { getProject } from "./get-project";
import { getProjectHealth } from "./get-project-health";
import { getProjectSummary } from "./get-project-summary";
import { getProjectTeam } from "./get-project-team";
import { getProjectTimeReport } from "./get-project-time-report";
import { getProjectTimeline } from "./get-project-timeline";
import { listNavProjects } from "./list-nav-projects";
import { listProjectUserTasks } from "./list-project-user-tasks";
import { listProjects, projectListQuery } from "./list-projects";
import { projectsRepo } from "./repo";
import { resolveTaskScope, type AccessibleTaskIds } from "./task-scope";

const idParam = z.object({
  projectId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, "Invalid project id"),
});
const tasksQuery = z.object({
  /** "me" (the caller's ClickUp user) or a ClickUp user id. */
  assignee: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^(me|[\w-]+)$/, "Invalid assignee")
    .default("me"),
});
const exportQuery = projectListQuery.omit({ page: true, pageSize: true });

export interface ProjectsRouteOptions {
  /** Task ids a non-admin may see besides their own assignments (spec §7 get-accessible-tasks). */
  accessibleTaskIds?: AccessibleTaskIds;
}

/**
 * /api/projects: the navigation list, All Projects (+ CSV) and the project page panels. Every
 * call needs a workspace; a project of another workspace is 404 like an unknown one.
 */
export function projectsRoutes(options: ProjectsRouteOptions = {}) {
  const ctx = (c: { var: AppEnv["Variables"] }) => {
    const repo = projectsRepo(c.var.deps.database);
    const tenant = c.var.tenant;
    const accessible: AccessibleTaskIds =
      options.accessibleTaskIds ?? ((org, user) => getAccessibleTaskIds(c.var.deps, org, user));
    return { repo, org: tenant.organizationId, scope: () => resolveTaskScope(repo, tenant, accessible) };
  };

  return new Hono<AppEnv>()
    .use("*", requireTenant())
    .get("/nav", async (c) => {
      const { repo, org } = ctx(c);
      c.header("Cache-Control", "private, no-store");
      return c.json(await listNavProjects(repo, org));
    })
    .get("/export.csv", validate("query", exportQuery), async (c) => {
      const { repo, org, scope } = ctx(c);
      const csv = await exportProjectsCsv(repo, org, await scope(), c.req.valid("query"));
      const date = c.var.deps.now().toISOString().slice(0, 10);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="projects-${date}.csv"`);
      c.header("Cache-Control", "private, no-store");
      return c.body(`\uFEFF${csv}`);
    })
    .get("/", validate("query", projectListQuery), async (c) => {
      const { repo, org, scope } = ctx(c);
      return c.json(await listProjects(repo, org, await scope(), c.req.valid("query")));
    })
    .get("/:projectId", validate("param", idParam), async (c) => {
      const { repo, org, scope } = ctx(c);
      return c.json(await getProject(repo, org, c.req.valid("param").projectId, await scope()));
    })
    .get("/:projectId/summary", validate("param", idParam), async (c) => {
      const { repo, org } = ctx(c);
      return c.json(await getProjectSummary(repo, org, c.req.valid("param").projectId, c.var.deps.now()));
    })
    .get("/:projectId/team", validate("param", idParam), async (c) => {
      const { repo, org } = ctx(c);
      const mine = await repo.clickupUserId(org, c.var.tenant.userId);
      return c.json(await getProjectTeam(repo, org, c.req.valid("param").projectId, mine, c.var.deps.now()));
    })
    .get("/:projectId/tasks", validate("param", idParam), validate("query", tasksQuery), async (c) => {
      const { repo, org } = ctx(c);
      const { assignee } = c.req.valid("query");
      const assigneeId = assignee === "me" ? await repo.clickupUserId(org, c.var.tenant.userId) : assignee;
      return c.json(
        await listProjectUserTasks(repo, org, c.req.valid("param").projectId, assigneeId, c.var.deps.now()),
      );
    })
    .get("/:projectId/timeline", validate("param", idParam), async (c) => {
      const { repo, org } = ctx(c);
      return c.json(await getProjectTimeline(repo, org, c.req.valid("param").projectId, c.var.deps.now()));
    })
    .get("/:projectId/time-report", validate("param", idParam), async (c) => {
      const { repo, org, scope } = ctx(c);
      return c.json(await getProjectTimeReport(repo, org, c.req.valid("param").projectId, await scope()));
    })
    .get("/:projectId/health", validate("param", idParam), async (c) => {
      const { repo, org, scope } = ctx(c);
      return c.json(await getProjectHealth(repo, org, c.req.valid("param").projectId, await scope()));
    });
}
