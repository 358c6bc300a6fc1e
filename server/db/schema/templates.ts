import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { orgId, ts } from "./columns";

/*
 * Folder templates (PRODUCT.md → Templates). A template is a tree of lists and tasks; every saved
 * edit is a new immutable version (the tree as JSON, validated by domain/templates.ts), so a
 * project remembers the exact version it came from. A run creates one project in ClickUp from one
 * version: every object it creates is recorded in template_run_items under the template node's
 * key the moment ClickUp returns its id, so a retry after a crash or a refusal never creates it
 * twice.
 */

export const folderTemplates = pgTable(
  "folder_templates",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** The newest version (folder_template_versions.version). */
    currentVersion: integer("current_version").notNull().default(1),
    /** The synced project (ClickUp folder id) it was saved from, if any. */
    sourceFolderId: text("source_folder_id"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("folder_templates_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    check("folder_templates_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("folder_templates_version_positive", sql`${t.currentVersion} >= 1`),
  ],
);

/** One saved state of a template: the whole tree (lists and tasks) as JSON. Never changed. */
export const folderTemplateVersions = pgTable(
  "folder_template_versions",
  {
    organizationId: orgId(),
    templateId: text("template_id").notNull(),
    version: integer("version").notNull(),
    tree: jsonb("tree").notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.templateId, t.version] }),
    foreignKey({
      name: "folder_template_versions_template_fk",
      columns: [t.organizationId, t.templateId],
      foreignColumns: [folderTemplates.organizationId, folderTemplates.id],
    }).onDelete("cascade"),
  ],
);

/**
 * One "create project from template" run (a pg-boss job). The template may be deleted later; the
 * run keeps its id and version so the project still says where it came from.
 */
export const templateRuns = pgTable(
  "template_runs",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    templateId: text("template_id").notNull(),
    templateVersion: integer("template_version").notNull(),
    /** ClickUp space the folder is created in. */
    spaceId: text("space_id").notNull(),
    name: text("name").notNull(),
    client: text("client"),
    jobCode: text("job_code"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    status: text("status", { enum: ["queued", "running", "succeeded", "failed"] }).notNull(),
    /** Why it stopped (ClickUp's refusal in words), while status = 'failed'. */
    error: text("error"),
    /** Objects to create (folder + lists + tasks) and how many exist in ClickUp so far. */
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    /** The created ClickUp folder (the new project) once it exists. */
    folderId: text("folder_id"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("template_runs_template_idx").on(t.organizationId, t.templateId, t.createdAt),
    index("template_runs_folder_idx").on(t.organizationId, t.folderId),
    check("template_runs_status_valid", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
    check("template_runs_progress_valid", sql`${t.done} >= 0 and ${t.done} <= ${t.total}`),
  ],
);

/** A ClickUp object a run created, keyed by the template node it came from ('folder', 'list:…', 'task:…'). */
export const templateRunItems = pgTable(
  "template_run_items",
  {
    organizationId: orgId(),
    runId: text("run_id").notNull(),
    nodeKey: text("node_key").notNull(),
    kind: text("kind", { enum: ["folder", "list", "task"] }).notNull(),
    clickupId: text("clickup_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.runId, t.nodeKey] }),
    foreignKey({
      name: "template_run_items_run_fk",
      columns: [t.organizationId, t.runId],
      foreignColumns: [templateRuns.organizationId, templateRuns.id],
    }).onDelete("cascade"),
    check("template_run_items_kind_valid", sql`${t.kind} in ('folder', 'list', 'task')`),
  ],
);
