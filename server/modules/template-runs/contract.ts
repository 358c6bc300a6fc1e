import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";

/*
 * Request and response shapes of /api/template-runs/* — "create project from template"
 * (PRODUCT.md → Templates; issue 13 §4), shared with the web app (web/src/features/templates).
 * A run creates one project (a ClickUp folder, its lists and tasks) from one template version in
 * a background job; the web polls GET /api/template-runs/{id} for the progress bar.
 *
 * Routes (canManageTemplates: admin and owner; everyone else 403):
 * - POST /api/template-runs              TemplateRunCreate → 202 TemplateRun (status "queued")
 * - GET  /api/template-runs?templateId=   → TemplateRunList (newest first, at most 50)
 * - GET  /api/template-runs/{id}          → TemplateRun
 * - POST /api/template-runs/{id}/retry    → 202 TemplateRun (only a "failed" run; 409 otherwise)
 *
 * Errors (one shape {"error":{"code","message","fields"?}}): 400 naming the field (bad or absurd
 * date, empty name, a template tree that does not validate → field "templateId"); 401 signed out;
 * 403 not canManageTemplates / no workspace; 404 a template, version, space or run that is not in
 * the caller's workspace; 409 code "conflict" with fields [{field:"spaceId"}] when the workspace's
 * ClickUp connection cannot reach the space (not among the synced spaces, or no connection), with
 * fields [{field:"name"}] when the space already has a folder of that name, and on retry of a run
 * that is not failed.
 *
 * Lifecycle: queued → running → succeeded | failed. A failed run keeps what it created in ClickUp
 * (nothing is rolled back); retry continues where it stopped and never creates an object twice.
 */

const idSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

/** The project start day: a real date yyyy-MM-dd between 1980-01-01 and 2999-12-31. */
export const templateRunStartDateSchema = isoDaySchema.refine(
  (v) => v >= "1980-01-01" && v <= "2999-12-31",
  "must be between 1980-01-01 and 2999-12-31",
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/template-runs */
export const templateRunCreateSchema = z
  .object({
    templateId: idSchema,
    /** Template version to apply; default the template's current version. */
    version: z.number().int().min(1).optional(),
    /** ClickUp space the folder is created in (one of the workspace's synced spaces). */
    spaceId: idSchema,
    /** The project (folder) name. */
    name: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters"),
    /** Fills {client} and the "Client" custom field of the meta task. */
    client: optionalText(200),
    /** Fills {jobCode} and the "Job Code" custom field of the meta task. */
    jobCode: optionalText(100),
    /** Day 0 of every offset in the template (workspace time zone). */
    startDate: templateRunStartDateSchema,
  })
  .strict();
export type TemplateRunCreate = z.input<typeof templateRunCreateSchema>;
export type TemplateRunCreateInput = z.output<typeof templateRunCreateSchema>;

/** Path parameter of /api/template-runs/{id}. */
export const templateRunParamsSchema = z.object({ id: idSchema }).strict();

/** GET /api/template-runs?templateId= */
export const templateRunListQuerySchema = z.object({ templateId: idSchema.optional() }).strict();
export type TemplateRunListQuery = z.infer<typeof templateRunListQuerySchema>;

export const TEMPLATE_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export const templateRunStatusSchema = z.enum(TEMPLATE_RUN_STATUSES);
export type TemplateRunStatus = z.infer<typeof templateRunStatusSchema>;

/** One run. */
export const templateRunSchema = z
  .object({
    id: z.string(),
    templateId: z.string(),
    /** null when the template has been deleted since. */
    templateName: z.string().nullable(),
    templateVersion: z.number().int(),
    spaceId: z.string(),
    name: z.string(),
    client: z.string().nullable(),
    jobCode: z.string().nullable(),
    /** yyyy-MM-dd */
    startDate: z.string(),
    status: templateRunStatusSchema,
    /** Why it stopped (ClickUp's refusal in words and which object), while status is "failed". */
    error: z.string().nullable(),
    /** Objects to create (folder + lists + tasks) and how many exist in ClickUp so far. */
    total: z.number().int(),
    done: z.number().int(),
    /** ClickUp ids recorded for this run (equals `done`). */
    createdCount: z.number().int(),
    /** The new project's ClickUp folder id, once created (the project page / Projects menu link). */
    folderId: z.string().nullable(),
    /**
     * What the run skips without stopping, e.g. a custom field ClickUp does not have, a role tag
     * nobody holds (unassigned). Filled by GET /api/template-runs/{id}; empty in the list.
     */
    notes: z.array(z.string()),
    createdBy: z.string().nullable(),
    /** ISO timestamps. */
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "TemplateRun" });
export type TemplateRun = z.infer<typeof templateRunSchema>;

/** GET /api/template-runs */
export const templateRunListSchema = z
  .object({ runs: z.array(templateRunSchema) })
  .meta({ id: "TemplateRunList" });
export type TemplateRunList = z.infer<typeof templateRunListSchema>;
