import { sql } from "drizzle-orm";
import type { TemplateTree } from "@domain/templates";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { folderTemplates, folderTemplateVersions } from "../../db/schema";

/*
 * All SQL of folder templates (folder_templates, folder_template_versions, and the runs that
 * name them). Every query filters organization_id.
 */

/** One stored version of a template: the tree the runs read. */
export interface TemplateVersionRecord {
  templateId: string;
  /** The template's name now (null when the template was deleted since). */
  templateName: string | null;
  version: number;
  tree: TemplateTree;
  createdBy: string | null;
  createdAt: Date;
}

interface VersionRow {
  template_id: string;
  template_name: string | null;
  version: number;
  tree: TemplateTree | string;
  created_by: string | null;
  created_at: Date | string;
}

/**
 * A template version of the workspace — the given one, or the template's current version when
 * `version` is omitted — or undefined when the template (or that version) does not exist in this
 * workspace. Stored trees were validated when saved (domain/templates.ts) and never change.
 */
export async function getTemplateVersion(
  executor: Executor,
  organizationId: string,
  templateId: string,
  version?: number,
): Promise<TemplateVersionRecord | undefined> {
  const row = await firstRow<VersionRow>(
    executor,
    sql`select v.template_id, t.name as template_name, v.version, v.tree, v.created_by, v.created_at
          from folder_template_versions v
          join folder_templates t on t.organization_id = v.organization_id and t.id = v.template_id
         where v.organization_id = ${organizationId} and v.template_id = ${templateId}
           and v.version = ${version === undefined ? sql`t.current_version` : sql`${version}`}`,
  );
  if (!row) return undefined;
  return {
    templateId: row.template_id,
    templateName: row.template_name,
    version: Number(row.version),
    tree: typeof row.tree === "string" ? (JSON.parse(row.tree) as TemplateTree) : row.tree,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
  };
}

/**
 * Serialise template writes of one workspace (a transaction-scoped advisory lock), so unique
 * names and the next version number are checked before a write and never end as a unique-key
 * error under concurrency.
 */
export async function lockTemplates(executor: Executor, organizationId: string): Promise<void> {
  await run(
    executor,
    sql`select pg_advisory_xact_lock(hashtext('folder_templates'), hashtext(${organizationId}))`,
  );
}

export interface TemplateRow {
  id: string;
  name: string;
  description: string | null;
  current_version: number;
  source_folder_id: string | null;
  created_by: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_by_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function selectTemplate(
  executor: Executor,
  organizationId: string,
  templateId: string,
): Promise<TemplateRow | undefined> {
  return firstRow<TemplateRow>(
    executor,
    sql`select t.id, t.name, t.description, t.current_version, t.source_folder_id, t.created_by,
               p.first_name as created_by_first_name, p.last_name as created_by_last_name,
               p.email as created_by_email, t.created_at, t.updated_at
          from folder_templates t
          left join profiles p on p.id = t.created_by
         where t.organization_id = ${organizationId} and t.id = ${templateId}`,
  );
}

/** The id of the workspace's template with this name (case-insensitive), if any. */
export async function templateIdByName(
  executor: Executor,
  organizationId: string,
  name: string,
): Promise<string | undefined> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select id from folder_templates
         where organization_id = ${organizationId} and lower(name) = lower(${name})`,
  );
  return row?.id;
}

/** Names of the workspace's templates that start with `prefix` (case-insensitive), lower case. */
export async function namesStartingWith(
  executor: Executor,
  organizationId: string,
  prefix: string,
): Promise<Set<string>> {
  const found = await rows<{ name: string }>(
    executor,
    sql`select lower(name) as name from folder_templates
         where organization_id = ${organizationId}
           and left(lower(name), ${prefix.length}) = lower(${prefix})`,
  );
  return new Set(found.map((r) => r.name));
}

export async function insertTemplate(
  executor: Executor,
  values: typeof folderTemplates.$inferInsert,
): Promise<void> {
  await executor.insert(folderTemplates).values(values);
}

export async function insertVersion(
  executor: Executor,
  values: Omit<typeof folderTemplateVersions.$inferInsert, "tree"> & { tree: TemplateTree },
): Promise<void> {
  await executor.insert(folderTemplateVersions).values(values);
}

export async function updateTemplateRow(
  executor: Executor,
  organizationId: string,
  templateId: string,
  changes: { name: string; description: string | null; currentVersion: number; updatedAt: Date },
): Promise<void> {
  await run(
    executor,
    sql`update folder_templates
           set name = ${changes.name}, description = ${changes.description},
               current_version = ${changes.currentVersion}, updated_at = ${changes.updatedAt}
         where organization_id = ${organizationId} and id = ${templateId}`,
  );
}

export async function deleteTemplateRow(
  executor: Executor,
  organizationId: string,
  templateId: string,
): Promise<number> {
  return run(
    executor,
    sql`delete from folder_templates where organization_id = ${organizationId} and id = ${templateId}`,
  );
}

export interface VersionSummaryRow {
  version: number;
  list_count: number;
  task_count: number;
  created_by: string | null;
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  created_by_email: string | null;
  created_at: Date | string;
}

/** Every version of a template, newest first, with its list and task counts (counted in SQL). */
export async function selectVersions(
  executor: Executor,
  organizationId: string,
  templateId: string,
): Promise<VersionSummaryRow[]> {
  return rows<VersionSummaryRow>(
    executor,
    sql`select v.version,
               jsonb_array_length(v.tree -> 'lists')::int as list_count,
               (select coalesce(sum(jsonb_array_length(l -> 'tasks')), 0)::int
                  from jsonb_array_elements(v.tree -> 'lists') l) as task_count,
               v.created_by, p.first_name as created_by_first_name, p.last_name as created_by_last_name,
               p.email as created_by_email, v.created_at
          from folder_template_versions v
          left join profiles p on p.id = v.created_by
         where v.organization_id = ${organizationId} and v.template_id = ${templateId}
         order by v.version desc`,
  );
}

export interface TemplateRunRow {
  id: string;
  template_version: number;
  name: string;
  status: "queued" | "running" | "succeeded" | "failed";
  folder_id: string | null;
  start_date: string;
  created_at: Date | string;
}

/** Projects created from a template (its runs), newest first. */
export async function selectRuns(
  executor: Executor,
  organizationId: string,
  templateId: string,
): Promise<TemplateRunRow[]> {
  return rows<TemplateRunRow>(
    executor,
    sql`select id, template_version, name, status, folder_id, start_date::text as start_date, created_at
          from template_runs
         where organization_id = ${organizationId} and template_id = ${templateId}
         order by created_at desc, id
         limit 200`,
  );
}
