import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { createTemplate, deleteTemplate, duplicateTemplate, updateTemplate } from "./change-template";
import {
  createTemplateSchema,
  duplicateTemplateSchema,
  templateDetailSchema,
  templateFromProjectSchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateParamSchema,
  templateVersionParamSchema,
  templateVersionSchema,
  updateTemplateSchema,
} from "./contract";
import { getTemplate, getTemplateVersionView } from "./get-template";
import { listTemplates } from "./list-templates";
import { templateFromProject } from "./template-from-project";

const tags = ["Templates"];

/**
 * /api/templates — folder templates of the current workspace (canManageTemplates: admins and
 * owners; others get 403). Another workspace's template or project is 404. Every write appends
 * an audit row (object folder_template) in its transaction.
 */
export function templateRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canManageTemplates"))
    .get(
      "/",
      documented({
        summary: "Folder templates, searched, sorted and paged",
        tags,
        response: templateListResponseSchema,
      }),
      validate("query", templateListQuerySchema),
      async (c) => c.json(await listTemplates(c.var.ctx, c.req.valid("query"))),
    )
    .post(
      "/",
      documented({
        summary: "Create a folder template (version 1)",
        tags,
        status: 201,
        response: templateDetailSchema,
      }),
      validate("json", createTemplateSchema),
      async (c) => c.json(await createTemplate(c.var.ctx, c.req.valid("json")), 201),
    )
    .post(
      "/from-project",
      documented({
        summary: "Save a synced project as a folder template (dates become offsets)",
        tags,
        status: 201,
        response: templateDetailSchema,
      }),
      validate("json", templateFromProjectSchema),
      async (c) => c.json(await templateFromProject(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/:id",
      documented({
        summary: "A folder template: its current tree, versions and the projects made from it",
        tags,
        response: templateDetailSchema,
      }),
      validate("param", templateParamSchema),
      async (c) => c.json(await getTemplate(c.var.ctx, c.req.valid("param").id)),
    )
    .get(
      "/:id/versions/:version",
      documented({
        summary: "One saved version of a folder template",
        tags,
        response: templateVersionSchema,
      }),
      validate("param", templateVersionParamSchema),
      async (c) => {
        const { id, version } = c.req.valid("param");
        return c.json(await getTemplateVersionView(c.var.ctx, id, version));
      },
    )
    .put(
      "/:id",
      documented({
        summary: "Save a folder template (a changed tree is a new version; a stale baseVersion is 409)",
        tags,
        response: templateDetailSchema,
      }),
      validate("param", templateParamSchema),
      validate("json", updateTemplateSchema),
      async (c) => c.json(await updateTemplate(c.var.ctx, c.req.valid("param").id, c.req.valid("json"))),
    )
    .post(
      "/:id/duplicate",
      documented({
        summary: "Duplicate a folder template",
        tags,
        status: 201,
        response: templateDetailSchema,
      }),
      validate("param", templateParamSchema),
      validate("json", duplicateTemplateSchema),
      async (c) =>
        c.json(await duplicateTemplate(c.var.ctx, c.req.valid("param").id, c.req.valid("json")), 201),
    )
    .delete(
      "/:id",
      documented({
        summary: "Delete a folder template (its projects keep the version they came from)",
        tags,
        status: 204,
      }),
      validate("param", templateParamSchema),
      async (c) => {
        await deleteTemplate(c.var.ctx, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
