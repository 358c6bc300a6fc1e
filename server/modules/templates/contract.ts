import { z } from "zod";
import { pageQueryFields, pagedSchema } from "@domain/paging";
import { TEMPLATE_LIMITS, templateTreeSchema, templateTreeShapeSchema } from "@domain/templates";

/*
 * Request and response shapes of /api/templates (PRODUCT.md → Templates), shared with the web
 * app. Everything here needs canManageTemplates (admins and owners; others get 403). A template
 * is a name, a description and versions; each version is an immutable tree (domain/templates.ts).
 * Another workspace's template or project is 404.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

export const templateParamSchema = z.strictObject({ id: idSchema });
export const templateVersionParamSchema = z.strictObject({
  id: idSchema,
  version: z.coerce.number().int().min(1).max(1_000_000),
});

const templateNameSchema = z.string().trim().min(1, "must not be empty").max(TEMPLATE_LIMITS.name);
const descriptionSchema = z.string().trim().max(2000).nullable().optional();

export const TEMPLATE_SORT_KEYS = ["name", "updatedAt", "createdAt", "lastUsedAt", "taskCount"] as const;
export type TemplateSortKey = (typeof TEMPLATE_SORT_KEYS)[number];

/** GET /api/templates?search&sort&dir&page&pageSize */
export const templateListQuerySchema = z.object({
  /** Case-insensitive: the name contains it. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(TEMPLATE_SORT_KEYS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

/** POST /api/templates → version 1. */
export const createTemplateSchema = z.strictObject({
  name: templateNameSchema,
  description: descriptionSchema,
  tree: templateTreeSchema,
});
export type CreateTemplate = z.infer<typeof createTemplateSchema>;

/**
 * PUT /api/templates/:id — a new version when the tree is given (name/description alone change
 * the template, not its versions). `baseVersion` is the version the editor started from: when
 * someone saved since, 409.
 */
export const updateTemplateSchema = z.strictObject({
  baseVersion: z.number().int().min(1),
  name: templateNameSchema.optional(),
  description: descriptionSchema,
  // The shape only: the tree's rules (templateTreeSchema) run in the use case once the template is
  // known to be the caller's, so another workspace's id is a 404 whatever the body says.
  tree: templateTreeShapeSchema.optional(),
});
export type UpdateTemplate = z.infer<typeof updateTemplateSchema>;

/** POST /api/templates/:id/duplicate — name defaults to "<name> (copy)" (made unique). */
export const duplicateTemplateSchema = z.strictObject({ name: templateNameSchema.optional() });
export type DuplicateTemplate = z.infer<typeof duplicateTemplateSchema>;

/** POST /api/templates/from-project — a synced project (ClickUp folder) as a new template. */
export const templateFromProjectSchema = z.strictObject({
  projectId: idSchema,
  name: templateNameSchema,
  description: descriptionSchema,
});
export type TemplateFromProject = z.infer<typeof templateFromProjectSchema>;

/** A stored tree as the API answers it (already valid; the shape only, no rule checks). */
export const templateTreeResponseSchema = templateTreeShapeSchema.meta({ id: "TemplateTree" });

export const templateListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    currentVersion: z.number().int(),
    listCount: z.number().int(),
    taskCount: z.number().int(),
    /** The newest run (create project from template) of any version, ISO; null when never used. */
    lastUsedAt: z.string().nullable(),
    /** ClickUp folder id it was saved from, if any. */
    sourceFolderId: z.string().nullable(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "TemplateListItem" });
export type TemplateListItem = z.infer<typeof templateListItemSchema>;

export const templateListResponseSchema = pagedSchema(templateListItemSchema).meta({ id: "TemplateList" });
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

export const templateVersionSummarySchema = z
  .object({
    version: z.number().int(),
    listCount: z.number().int(),
    taskCount: z.number().int(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "TemplateVersionSummary" });
export type TemplateVersionSummary = z.infer<typeof templateVersionSummarySchema>;

/** A project created from the template (template_runs), newest first. */
export const templateProjectSchema = z
  .object({
    runId: z.string(),
    version: z.number().int(),
    name: z.string(),
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    /** The created ClickUp folder, once it exists. */
    folderId: z.string().nullable(),
    startDate: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "TemplateProject" });
export type TemplateProject = z.infer<typeof templateProjectSchema>;

/** GET /api/templates/:id (and every write's answer): the current version's tree. */
export const templateDetailSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    currentVersion: z.number().int(),
    sourceFolderId: z.string().nullable(),
    tree: templateTreeResponseSchema,
    /** Newest first. */
    versions: z.array(templateVersionSummarySchema),
    projects: z.array(templateProjectSchema),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "TemplateDetail" });
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

/** GET /api/templates/:id/versions/:version */
export const templateVersionSchema = z
  .object({
    templateId: z.string(),
    version: z.number().int(),
    tree: templateTreeResponseSchema,
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "TemplateVersion" });
export type TemplateVersionView = z.infer<typeof templateVersionSchema>;
