import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  templateRunCreateSchema,
  templateRunListQuerySchema,
  templateRunListSchema,
  templateRunParamsSchema,
  templateRunSchema,
} from "./contract";
import { createTemplateRun, retryTemplateRun } from "./create-template-run";
import { getTemplateRun, listTemplateRuns } from "./get-template-run";

const tags = ["Templates"];

/**
 * /api/template-runs — create a project (ClickUp folder, lists, tasks) from a folder template in
 * a background job, follow its progress, retry a failed one (canManageTemplates: admins and
 * owners; others 403). Another workspace's template, space or run → 404. See contract.ts.
 */
export function templateRunRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canManageTemplates"))
    .post(
      "/",
      documented({
        summary: "Create a project from a template in ClickUp (queued; poll the run for progress)",
        tags,
        status: 202,
        response: templateRunSchema,
      }),
      validate("json", templateRunCreateSchema),
      async (c) => c.json(await createTemplateRun(c.var.ctx, c.req.valid("json")), 202),
    )
    .get(
      "/",
      documented({ summary: "Recent template runs, newest first", tags, response: templateRunListSchema }),
      validate("query", templateRunListQuerySchema),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await listTemplateRuns(c.var.ctx, c.req.valid("query")));
      },
    )
    .get(
      "/:id",
      documented({
        summary: "A template run: status, progress, error, created folder",
        tags,
        response: templateRunSchema,
      }),
      validate("param", templateRunParamsSchema),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await getTemplateRun(c.var.ctx, c.req.valid("param").id));
      },
    )
    .post(
      "/:id/retry",
      documented({
        summary: "Retry a failed template run (continues where it stopped; nothing is created twice)",
        tags,
        status: 202,
        response: templateRunSchema,
      }),
      validate("param", templateRunParamsSchema),
      async (c) => c.json(await retryTemplateRun(c.var.ctx, c.req.valid("param").id), 202),
    );
}
