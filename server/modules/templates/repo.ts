import { sql, type SQL } from "drizzle-orm";
import type { TemplateTree } from "@domain/templates";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { listPage, type ListPage } from "../../lib/list-query";
import { taskVisibleIn, type TaskScope } from "../accessible-tasks/task-scope";
import type { TemplateListQuery, TemplateSortKey } from "./contract";
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

/** Who saved one version (profile name columns), if anyone still known. */
export async function selectVersionCreator(
  executor: Executor,
  organizationId: string,
  templateId: string,
  version: number,
) {
  return firstRow<{
    created_by: string | null;
    created_by_first_name: string | null;
    created_by_last_name: string | null;
    created_by_email: string | null;
  }>(
    executor,
    sql`select v.created_by, p.first_name as created_by_first_name, p.last_name as created_by_last_name,
               p.email as created_by_email
          from folder_template_versions v
          left join profiles p on p.id = v.created_by
         where v.organization_id = ${organizationId} and v.template_id = ${templateId}
           and v.version = ${version}`,
  );
}

/** A row of GET /api/templates (the list query itself is in list-templates.ts, through listPage). */
export interface TemplateListRow extends TemplateRow {
  list_count: number;
  task_count: number;
  last_used_at: Date | string | null;
}

const TEMPLATE_SORTS: Record<TemplateSortKey, SQL> = {
  name: sql`lower(t.name)`,
  updatedAt: sql`t.updated_at`,
  createdAt: sql`t.created_at`,
  lastUsedAt: sql`(select max(r.created_at) from template_runs r
                    where r.organization_id = t.organization_id and r.template_id = t.id)`,
  taskCount: sql`(select coalesce(sum(jsonb_array_length(l -> 'tasks')), 0)
                    from jsonb_array_elements(v.tree -> 'lists') l)`,
};

/**
 * One page of the workspace's templates, searched by name and sorted in SQL; list and task counts
 * of the current version, the last run and the creator's name only for the page's rows.
 */
export async function selectTemplatePage(
  executor: Executor,
  organizationId: string,
  query: TemplateListQuery,
): Promise<ListPage<TemplateListRow>> {
  const org = organizationId;
  return listPage<TemplateListRow, TemplateSortKey>(executor, {
    select: sql`t.id, t.name, t.description, t.current_version, t.source_folder_id, t.created_by,
                t.created_at, t.updated_at`,
    from: sql`folder_templates t
              join folder_template_versions v
                on v.organization_id = t.organization_id and v.template_id = t.id
               and v.version = t.current_version`,
    where: [
      sql`t.organization_id = ${org}`,
      query.search ? sql`strpos(lower(t.name), ${query.search.toLowerCase()}) > 0` : undefined,
    ],
    sorts: TEMPLATE_SORTS,
    tiebreakers: [sql`lower(t.name)`, sql`t.id`],
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    pageSize: query.pageSize,
    late: {
      select: sql`counts.list_count, counts.task_count, used.last_used_at,
                  p.first_name as created_by_first_name, p.last_name as created_by_last_name,
                  p.email as created_by_email`,
      from: sql`cross join lateral (
                  select jsonb_array_length(v.tree -> 'lists')::int as list_count,
                         (select coalesce(sum(jsonb_array_length(l -> 'tasks')), 0)::int
                            from jsonb_array_elements(v.tree -> 'lists') l) as task_count
                    from folder_template_versions v
                   where v.organization_id = ${org} and v.template_id = list_page.id
                     and v.version = list_page.current_version) counts
                left join lateral (
                  select max(r.created_at) as last_used_at from template_runs r
                   where r.organization_id = ${org} and r.template_id = list_page.id) used on true
                left join profiles p on p.id = list_page.created_by`,
    },
  });
}

// ── a synced project (ClickUp folder) read for "save as template" ──────────────────────────────

export interface ProjectFolderRow {
  id: string;
  name: string;
}

/** The workspace's synced folder, if it exists and is not deleted. */
export async function selectProjectFolder(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<ProjectFolderRow | undefined> {
  return firstRow<ProjectFolderRow>(
    executor,
    sql`select id, name from folders
         where organization_id = ${organizationId} and id = ${folderId} and not deleted`,
  );
}

export interface ProjectListRow {
  id: string;
  name: string;
}

/** The folder's live lists in ClickUp order (ids grow with creation). */
export async function selectProjectLists(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<ProjectListRow[]> {
  return rows<ProjectListRow>(
    executor,
    sql`select id, name from lists
         where organization_id = ${organizationId} and folder_id = ${folderId}
           and not deleted and not archived
         order by length(id), id`,
  );
}

export interface ProjectTaskRow {
  id: string;
  list_id: string | null;
  name: string;
  description: string | null;
  custom_item_id: number | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  time_estimate_ms: number | string | null;
  assignee_ids: string[] | null;
  tags: string[] | null;
  parent_task_id: string | null;
}

/**
 * The folder's live tasks the caller may see (spec §6, taskVisibleIn), in ClickUp order, with
 * their assignees' ClickUp ids (first one first) and tags.
 */
export async function selectProjectTasks(
  executor: Executor,
  scope: TaskScope,
  folderId: string,
): Promise<ProjectTaskRow[]> {
  return rows<ProjectTaskRow>(
    executor,
    sql`select t.id, t.list_id, t.name, t.description, t.custom_item_id, t.start_date, t.due_date,
               t.time_estimate_ms,
               array(select a ->> 'id' from jsonb_array_elements(t.assignees_array) with ordinality as x(a, n)
                      where a ->> 'id' is not null order by n) as assignee_ids,
               array(select jsonb_array_elements_text(t.tags)) as tags,
               t.parent_task_id
          from tasks t
         where t.organization_id = ${scope.organizationId} and t.folder_id = ${folderId}
           and not t.deleted and not t.archived and ${taskVisibleIn(scope, "t")}
         order by t.date_created nulls last, length(t.id), t.id`,
  );
}

/** person_settings.role_tags of the given ClickUp users that have any. */
export async function selectRoleTags(
  executor: Executor,
  organizationId: string,
  clickupUserIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (clickupUserIds.length === 0) return new Map();
  const found = await rows<{ clickup_user_id: string; role_tags: string[] }>(
    executor,
    sql`select clickup_user_id, role_tags from person_settings
         where organization_id = ${organizationId}
           and clickup_user_id in (${sql.join(
             clickupUserIds.map((id) => sql`${id}`),
             sql`, `,
           )})
           and cardinality(role_tags) > 0`,
  );
  return new Map(found.map((r) => [r.clickup_user_id, r.role_tags]));
}
