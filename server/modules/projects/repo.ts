import { sql, type SQL } from "drizzle-orm";
import { COMPLETED_JOBS_SPACE_NAME, ITEM_TYPE, PROJECT_PHASE_KEYWORDS } from "@domain/index";
import { firstRow, rows, type Executor } from "../../db/executor";
import { listBatches, listPage, type ListPage, type ListQuery } from "../../lib/list-query";
import { taskVisibleIn, type TaskScope } from "../accessible-tasks/task-scope";
import type { ProjectExportQuery, ProjectListQuery, ProjectSortKey } from "./contract";

/*
 * All SQL of the projects area. Every query filters organization_id first, then the folder or
 * task. A project is a folder's meta task (custom_item_id 1001); its id is the meta task id.
 *
 * Task scope (spec §6): hours count the tasks visible in the caller's TaskScope
 * (taskVisibleIn, the one visibility rule). Hours come from the rolled-up totals
 * (estimated_time_total / time_logged_total include the subtasks'), so a task is summed only
 * when its parent is not itself summed — no double count.
 */

const PROJECT = ITEM_TYPE.project;

/**
 * Tasks of folder `folder` that count for hours: visible, and not under a visible parent. For a
 * scope that sees some tasks only, the visible tasks are read once (`c`) and the parent test
 * looks them up there, so the §6 rule runs once per task rather than again for every parent
 * candidate; for a scope that sees everything the test is stored on the task
 * (`in_parent_total`, kept by triggers) and the sum reads tasks_folder_hours_idx alone.
 */
function folderSums(scope: TaskScope, folder: SQL, coverage = false): SQL {
  const sums = sql`select coalesce(sum(c.estimated_time_total), 0)::float8 as estimated,
                          coalesce(sum(c.time_logged_total), 0)::float8 as logged`;
  const tasks = sql`tasks t where t.organization_id = ${scope.organizationId} and t.folder_id = ${folder}
    and not t.deleted`;
  if (scope.seesAll) {
    return sql`${sums} from (select t.estimated_time_total, t.time_logged_total from ${tasks}
        and not t.in_parent_total) c`;
  }
  // With `coverage`: also how many of the folder's tasks the scope sees, and how many it has.
  const counts = coverage
    ? sql`, (select count(*) from c)::int as visible, (select count(*) from ${tasks})::int as total`
    : sql``;
  return sql`with c as materialized (
      select t.id, t.parent_task_id, t.estimated_time_total, t.time_logged_total
      from ${tasks} and ${taskVisibleIn(scope, "t")})
    ${sums}${counts} from c
    where not exists (select 1 from c p where p.id = c.parent_task_id)`;
}

// ---------------------------------------------------------------------------------------------
// Projects: the meta tasks outside COMPLETED JOBS
// ---------------------------------------------------------------------------------------------

const PROJECT_FROM = sql`tasks m
  left join folders f on f.organization_id = m.organization_id and f.id = m.folder_id
  left join spaces s on s.organization_id = m.organization_id and s.id = coalesce(f.space_id, m.space_id)`;

function projectWhere(organizationId: string): SQL {
  return sql`m.organization_id = ${organizationId} and m.custom_item_id = ${PROJECT} and not m.deleted
    and not m.archived
    and upper(btrim(coalesce(s.name, m.space_name, ''))) <> ${COMPLETED_JOBS_SPACE_NAME}`;
}

const SPACE_ID = sql`coalesce(f.space_id, m.space_id)`;
const SPACE_NAME = sql`coalesce(s.name, m.space_name)`;

/** Client text of a custom-field jsonb value: {text}, {value}, {name} or a plain scalar. */
function jsonText(v: SQL): SQL {
  return sql`nullif(btrim(coalesce(${v}->>'text', ${v}->>'value', ${v}->>'name',
    case when jsonb_typeof(${v}) in ('string', 'number', 'boolean') then ${v} #>> '{}' end)), '')`;
}

/** Client fields: a name with 'client' (but not the ClickUp folder id field). */
const CLIENT_FIELD = sql`lower(cf.name) like '%client%'
  and not (lower(cf.name) like '%clickup%' and lower(cf.name) like '%folder%')`;

/** A project's client: the first non-empty client field's text, by field name then id. */
function clientOf(organizationId: string, taskId: SQL): SQL {
  return sql`(select ${jsonText(sql`v.value`)}
    from custom_field_values v
    join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
    where v.organization_id = ${organizationId} and v.task_id = ${taskId} and ${CLIENT_FIELD}
      and ${jsonText(sql`v.value`)} is not null
    order by cf.name, cf.id
    limit 1)`;
}

/**
 * A ClickUp folder's client (SQL expression): its meta task's client field (clientOf), or null.
 * For other areas that show a project's client (budgets, reports). The item type is written as a
 * literal so the planner matches tasks_meta_idx's predicate.
 */
export function folderClientSql(organizationId: string, folder: SQL): SQL {
  return sql`(select ${clientOf(organizationId, sql`mt.id`)} from tasks mt
    where mt.organization_id = ${organizationId} and mt.folder_id = ${folder}
      and mt.custom_item_id = ${sql.raw(String(PROJECT))} and not mt.deleted
    order by mt.id limit 1)`;
}

/** The client of every task at once (clientOf for a whole list): one pass over the values. */
function allClients(organizationId: string): SQL {
  return sql`select distinct on (v.task_id) v.task_id, ${jsonText(sql`v.value`)} as text
    from custom_field_values v
    join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
    where v.organization_id = ${organizationId} and ${CLIENT_FIELD} and ${jsonText(sql`v.value`)} is not null
    order by v.task_id, cf.name, cf.id`;
}

/** projectJobCode (domain/project-meta.ts): the custom id, else the name. */
const JOB_CODE = sql`coalesce(nullif(btrim(m.custom_id), ''), m.name)`;

/**
 * projectPhase (domain/project-groups.ts) in SQL, built from the same keyword table: the first
 * phase one of whose keywords the status contains ('post' before 'production'), else 'other'.
 * The status is read as the domain reads it: lower case, underscores as spaces.
 */
const PHASE = sql.raw(
  `(case ${PROJECT_PHASE_KEYWORDS.map(
    ([phase, keywords]) =>
      `when ${keywords.map((k) => `replace(lower(coalesce(m.status, '')), '_', ' ') like ${sqlWord(`%${k}%`)}`).join(" or ")} then ${sqlWord(phase)}`,
  ).join(" ")} else 'other' end)`,
);

/** A constant word of ours as an SQL literal (letters, spaces and % only, so nothing to escape). */
function sqlWord(word: string): string {
  if (!/^[a-z %]+$/.test(word)) throw new Error(`not a plain word: ${word}`);
  return `'${word}'`;
}
const PHASE_RANK = sql`(case ${PHASE} when 'bid' then 0 when 'creative' then 1 when 'post' then 2 else 3 end)`;

/**
 * The producer line (domain/assignee.ts producerLine): the meta task's assignees in order,
 * first occurrence of an id, each named username → users-table username → users-table e-mail
 * → e-mail → 'User {id}', joined by ', '. For search and sort; the page shows the domain's.
 */
const PRODUCER = sql`(select string_agg(x.name, ', ' order by x.ord) from (
    select distinct on (a.id) a.id, a.ord,
           coalesce(a.username, nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''), a.email,
                    'User ' || a.id) as name
    from (
      select e.ord,
             case jsonb_typeof(e.v)
               when 'object' then case jsonb_typeof(e.v->'id')
                 when 'string' then nullif(btrim(e.v->>'id'), '') when 'number' then e.v->>'id' end
               when 'string' then nullif(btrim(e.v #>> '{}'), '')
               when 'number' then e.v #>> '{}'
             end as id,
             case when jsonb_typeof(e.v) = 'object' then coalesce(
               case when jsonb_typeof(e.v->'username') = 'string' then nullif(btrim(e.v->>'username'), '') end,
               case when jsonb_typeof(e.v->'name') = 'string' then nullif(btrim(e.v->>'name'), '') end) end as username,
             case when jsonb_typeof(e.v) = 'object' and jsonb_typeof(e.v->'email') = 'string'
               then nullif(btrim(e.v->>'email'), '') end as email
      from jsonb_array_elements(case when jsonb_typeof(m.assignees_array) = 'array'
                                     then m.assignees_array else '[]'::jsonb end) with ordinality e(v, ord)
    ) a
    left join provider_users pu on pu.organization_id = m.organization_id and pu.id = a.id
    where a.id is not null
    order by a.id, a.ord
  ) x)`;

/**
 * The order of text as the list shows it (Intl.Collator "en", base sensitivity, numeric):
 * case folded, common accents folded (only non-ASCII text pays for that), digit runs compared by
 * value ("Job 9" before "Job 10", "007" as "7"), byte order otherwise so PGlite and PostgreSQL agree whatever
 * their locale. Empty text is NULL, which sorts last. A `computed` value (a subquery) is
 * evaluated once per row rather than once per mention.
 */
function textKey(value: SQL, computed = false): SQL {
  if (computed) return sql`(select ${textKey(sql`v.text`)} from (select ${value} as text offset 0) v)`;
  const text = sql`nullif(${value}, '')`;
  const folded = sql`(case when octet_length(${text}) = length(${text}) then lower(${text})
    else translate(lower(${text}), 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿž', 'aaaaaaaccceeeeeeeiiiiinnoooooooouuuuuyyz') end)`;
  // Digit runs padded to 20 digits so they compare by value (one split rather than two
  // backtracking regexp_replace passes: half the cost on PGlite).
  // Text without a digit is its own key: only text with digits pays for the split.
  return sql`(case when ${folded} ~ '[0-9]' then
              (select string_agg(case when ascii(u.part) between 48 and 57
                                      then lpad(u.part, greatest(20, length(u.part)), '0') else u.part end,
                                 '' order by u.n)
                 from unnest(regexp_split_to_array(${folded}, '(?<=[0-9])(?![0-9])|(?<![0-9])(?=[0-9])'))
                      with ordinality u(part, n))
              else ${folded} end) collate "C"`;
}

/** Hours as the list shows them (domain hours(): rounded to 2 decimals). */
const rounded = (v: SQL) => sql`floor(${v} * 100 + 0.5) / 100`;
/** percentComplete (domain/format.ts): logged ÷ estimated × 100, rounded; 0 without an estimate. */
const percent = (logged: SQL, estimated: SQL) =>
  sql`(case when ${estimated} <= 0 then 0 else floor(${logged} / ${estimated} * 100 + 0.5) end)`;

export interface NavProjectRow {
  id: string;
  name: string;
  status: string | null;
  folder_id: string | null;
  space_id: string | null;
  space_name: string | null;
}

/** Every project of the workspace for the navigation menus (COMPLETED JOBS left out). */
export function listNavProjects(executor: Executor, organizationId: string): Promise<NavProjectRow[]> {
  return rows<NavProjectRow>(
    executor,
    sql`select m.id, m.name, m.status, m.folder_id, ${SPACE_ID} as space_id, ${SPACE_NAME} as space_name
        from ${PROJECT_FROM}
        where ${projectWhere(organizationId)}
        order by lower(m.name), m.id`,
  );
}

/** A row of All Projects before the domain's derived fields. */
export interface ProjectListRow {
  id: string;
  name: string;
  status: string | null;
  custom_id: string | null;
  folder_id: string | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  assignees_array: unknown;
  space_id: string | null;
  space_name: string | null;
  client: string | null;
  estimated_hours: number;
  logged_hours: number;
}

export type ProjectFilters = Pick<ProjectListQuery, "search" | "spaceId">;

function searchCondition(organizationId: string, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  // strpos, not like: the search text is literal (no wildcards to escape).
  const has = (v: SQL) => sql`strpos(lower(${v}), ${search.toLowerCase()}) > 0`;
  return sql`(${has(sql`m.name`)} or ${has(JOB_CODE)} or ${has(clientOf(organizationId, sql`m.id`))}
    or ${has(PRODUCER)} or ${has(sql`m.status`)} or ${has(SPACE_NAME)})`;
}

function spaceCondition(spaceId: string | undefined): SQL | undefined {
  if (!spaceId) return undefined;
  return spaceId === "none" ? sql`${SPACE_ID} is null` : sql`${SPACE_ID} = ${spaceId}`;
}

export interface ProjectFacetRow {
  space_id: string | null;
  space_name: string | null;
  phase: string;
  /** Matches the search and space filter. */
  matches: boolean;
  count: number;
}

/**
 * Project counts by space and phase, split by whether they match the search and space filter:
 * what All Projects needs for its total, space list and phase chips, in one grouped pass.
 */
export function projectFacets(
  executor: Executor,
  organizationId: string,
  filters: ProjectFilters,
): Promise<ProjectFacetRow[]> {
  const conditions = [
    searchCondition(organizationId, filters.search),
    spaceCondition(filters.spaceId),
  ].filter((c): c is SQL => c !== undefined);
  const matches = conditions.length ? sql`coalesce(${sql.join(conditions, sql` and `)}, false)` : sql`true`;
  return rows<ProjectFacetRow>(
    executor,
    sql`select p.space_id, min(p.space_name) as space_name, p.phase, p.matches, count(*)::int as count
        from (
          select ${SPACE_ID} as space_id, ${SPACE_NAME} as space_name, ${PHASE} as phase, ${matches} as matches
          from ${PROJECT_FROM}
          where ${projectWhere(organizationId)}
        ) p
        group by p.space_id, p.phase, p.matches`,
  );
}

const HOURS_SORTS: ReadonlySet<ProjectSortKey> = new Set([
  "percentComplete",
  "loggedHours",
  "estimatedHours",
]);

/** Hours of every folder of the workspace under the scope, in one grouped pass (as folderSums). */
function allFolderSums(scope: TaskScope): SQL {
  const counted = scope.seesAll
    ? sql`not t.in_parent_total`
    : sql`${taskVisibleIn(scope, "t")}
      and not exists (
        select 1 from tasks p
        where p.organization_id = t.organization_id and p.id = t.parent_task_id and not p.deleted
          and p.folder_id = t.folder_id and ${taskVisibleIn(scope, "p")})`;
  return sql`select t.folder_id, sum(t.estimated_time_total)::float8 as estimated,
                    sum(t.time_logged_total)::float8 as logged
    from tasks t
    where t.organization_id = ${scope.organizationId} and t.folder_id is not null and not t.deleted
      and ${counted}
    group by t.folder_id`;
}

/**
 * The All Projects list query: search, space and phase in WHERE; the sort from a whitelist;
 * hours per folder under the scope. How the per-project figures are read depends on how much
 * of the list is wanted:
 * - "page": hours and client for the page's rows only, after the sort and limit;
 * - "hours" (a page sorted on hours): every folder summed in one grouped pass, client per row
 *   of the page;
 * - "export" (every row): hours and clients each in one pass over the workspace.
 */
function projectListQuery(
  organizationId: string,
  scope: TaskScope,
  query: ProjectExportQuery,
  mode: "page" | "hours" | "export",
): Omit<ListQuery<ProjectSortKey>, "page" | "pageSize"> {
  const logged = sql`coalesce(h.logged, 0)`;
  const estimated = sql`coalesce(h.estimated, 0)`;
  const name = textKey(sql`m.name`);
  const sorts: Record<ProjectSortKey, SQL> = {
    jobCode: textKey(JOB_CODE),
    name,
    client: mode === "export" ? textKey(sql`c.text`) : textKey(clientOf(organizationId, sql`m.id`), true),
    phase: PHASE_RANK,
    status: textKey(sql`m.status`),
    producer: textKey(PRODUCER, true),
    startDate: sql`m.start_date`,
    endDate: sql`m.due_date`,
    percentComplete: percent(logged, estimated),
    loggedHours: rounded(logged),
    estimatedHours: rounded(estimated),
    spaceName: textKey(SPACE_NAME),
  };
  const columns = sql`m.id, m.name, m.status, m.custom_id, m.folder_id, m.start_date, m.due_date,
    m.assignees_array, ${SPACE_ID} as space_id, ${SPACE_NAME} as space_name`;
  const hourColumns = sql`${estimated} as estimated_hours, ${logged} as logged_hours`;
  const pageClient = sql`${clientOf(organizationId, sql`list_page.id`)} as client`;
  const common = {
    where: [
      projectWhere(organizationId),
      searchCondition(organizationId, query.search),
      spaceCondition(query.spaceId),
      query.phase ? sql`${PHASE} = ${query.phase}` : undefined,
    ],
    // Sorted by name, the name is already the key: equal keys are equal names, so only the id is
    // left to break ties (and the text key is computed once per row, not twice).
    tiebreakers: query.sort === "name" ? [sql`m.id collate "C"`] : [name, sql`m.id collate "C"`],
    sort: query.sort,
    dir: query.dir,
  };
  const sums = sql`h as materialized (${allFolderSums(scope)})`;
  const withSums = sql`${PROJECT_FROM} left join h on h.folder_id = m.folder_id`;
  if (mode === "export") {
    return {
      ...common,
      with: sql`${sums}, c as materialized (${allClients(organizationId)})`,
      select: sql`${columns}, ${hourColumns}, c.text as client`,
      from: sql`${withSums} left join c on c.task_id = m.id`,
      sorts,
    };
  }
  if (mode === "hours") {
    return {
      ...common,
      with: sums,
      select: sql`${columns}, ${hourColumns}`,
      from: withSums,
      sorts,
      late: { select: pageClient },
    };
  }
  const unknownYet = sql`null::float8`; // a sort on hours takes mode "hours"
  return {
    ...common,
    select: columns,
    from: PROJECT_FROM,
    sorts: { ...sorts, percentComplete: unknownYet, loggedHours: unknownYet, estimatedHours: unknownYet },
    late: {
      select: sql`${pageClient}, ${hourColumns}`,
      from: sql`left join lateral (${folderSums(scope, sql`list_page.folder_id`)}) h on true`,
    },
  };
}

/** One page of All Projects with the total of matching rows. */
export function projectListPage(
  executor: Executor,
  organizationId: string,
  scope: TaskScope,
  query: ProjectListQuery,
): Promise<ListPage<ProjectListRow>> {
  return listPage<ProjectListRow, ProjectSortKey>(executor, {
    ...projectListQuery(organizationId, scope, query, HOURS_SORTS.has(query.sort) ? "hours" : "page"),
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** Every matching row of All Projects in list order, in batches (the CSV export). */
export function projectListBatches(
  executor: Executor,
  organizationId: string,
  scope: TaskScope,
  query: ProjectExportQuery,
  batchSize = 1000,
): AsyncGenerator<ProjectListRow[]> {
  return listBatches<ProjectListRow, ProjectSortKey>(
    executor,
    projectListQuery(organizationId, scope, query, "export"),
    batchSize,
  );
}

// ---------------------------------------------------------------------------------------------
// One project
// ---------------------------------------------------------------------------------------------

export interface MetaTaskRow {
  id: string;
  name: string;
  status: string | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  folder_id: string | null;
  assignee_name: string | null;
  assignee_id: string | null;
  assignees_array: unknown;
  estimated_time_total: number;
  time_logged_total: number;
  custom_id: string | null;
  url: string | null;
  space_id: string | null;
  space_name: string | null;
  folder_name: string | null;
}

const META_COLUMNS = sql`m.id, m.name, m.status, m.start_date, m.due_date, m.folder_id, m.assignee_name,
  m.assignee_id, m.assignees_array, m.estimated_time_total, m.time_logged_total,
  m.custom_id, m.url, ${SPACE_ID} as space_id, ${SPACE_NAME} as space_name,
  coalesce(f.name, m.folder_name) as folder_name`;

function metaTaskWhere(organizationId: string, projectId: string): SQL {
  return sql`m.organization_id = ${organizationId} and m.id = ${projectId} and m.custom_item_id = ${PROJECT}
    and not m.deleted`;
}

/** The meta task of a project (spec §7: id and custom_item_id 1001), or undefined. */
export function findMetaTask(
  executor: Executor,
  organizationId: string,
  projectId: string,
): Promise<MetaTaskRow | undefined> {
  return firstRow<MetaTaskRow>(
    executor,
    sql`select ${META_COLUMNS} from ${PROJECT_FROM} where ${metaTaskWhere(organizationId, projectId)}`,
  );
}

export interface CustomFieldValueRow {
  id: string;
  name: string;
  field_type: string;
  value: unknown;
}

/** The project header's meta task with its custom field values (by field name, then id). */
export interface ProjectHeaderRow extends MetaTaskRow {
  fields: CustomFieldValueRow[];
}

/** findMetaTask and customFieldValues in one read (the project header needs both at once). */
export function findProjectHeader(
  executor: Executor,
  organizationId: string,
  projectId: string,
): Promise<ProjectHeaderRow | undefined> {
  return firstRow<ProjectHeaderRow>(
    executor,
    sql`select ${META_COLUMNS},
               coalesce((select jsonb_agg(jsonb_build_object('id', v.custom_field_id, 'name', cf.name,
                                          'field_type', cf.field_type, 'value', v.value) order by cf.name, cf.id)
                         from custom_field_values v
                         join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
                         where v.organization_id = m.organization_id and v.task_id = m.id), '[]'::jsonb) as fields
        from ${PROJECT_FROM}
        where ${metaTaskWhere(organizationId, projectId)}`,
  );
}

/** Folder sums of estimated and logged hours under the §6 scope. */
export async function folderHours(
  executor: Executor,
  scope: TaskScope,
  folderId: string,
): Promise<{ estimated: number; logged: number; coverage: { visible: number; total: number } | null }> {
  const row = await firstRow<{ estimated: number; logged: number; visible?: number; total?: number }>(
    executor,
    folderSums(scope, sql`${folderId}`, true),
  );
  return {
    estimated: Number(row?.estimated ?? 0),
    logged: Number(row?.logged ?? 0),
    // For a scope that sees only some tasks: how many of the folder's tasks the sums cover.
    coverage: scope.seesAll ? null : { visible: Number(row?.visible ?? 0), total: Number(row?.total ?? 0) },
  };
}

export interface SummaryTaskRow {
  id: string;
  name: string;
  status: string | null;
  due_date: Date | string | null;
  custom_item_id: number | null;
}

/** Task-summary rows (spec §7): the folder's tasks except closed ones and the meta task. */
export function summaryTasks(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<SummaryTaskRow[]> {
  return rows<SummaryTaskRow>(
    executor,
    sql`select id, name, status, due_date, custom_item_id
        from tasks
        where organization_id = ${organizationId} and folder_id = ${folderId} and not deleted and not archived
          and custom_item_id is distinct from ${PROJECT}
          and lower(coalesce(status, '')) not like '%closed%'
        order by due_date nulls last, id`,
  );
}

export interface TeamRow {
  task_id: string;
  status: string | null;
  due_date: Date | string | null;
  assignee_id: string;
  username: string | null;
  email: string | null;
  user_username: string | null;
  user_email: string | null;
}

/**
 * Team rows (spec §7): one per task and assignee of the folder's tasks (meta task aside),
 * with every name source the §8 fallback order reads.
 */
export function teamTaskRows(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<TeamRow[]> {
  const assignees = sql`jsonb_array_elements(
    case when jsonb_typeof(t.assignees_array) = 'array' then t.assignees_array else '[]'::jsonb end)`;
  return rows<TeamRow>(
    executor,
    sql`select t.id as task_id, t.status, t.due_date, ta.user_id as assignee_id,
               (select nullif(btrim(a->>'username'), '') from ${assignees} a where a->>'id' = ta.user_id limit 1)
                 as username,
               (select nullif(btrim(a->>'email'), '') from ${assignees} a where a->>'id' = ta.user_id limit 1)
                 as email,
               pu.username as user_username, pu.email as user_email
        from tasks t
        join task_assignees ta on ta.organization_id = t.organization_id and ta.task_id = t.id
        left join provider_users pu on pu.organization_id = t.organization_id and pu.id = ta.user_id
        where t.organization_id = ${organizationId} and t.folder_id = ${folderId} and not t.deleted
          and not t.archived and t.custom_item_id is distinct from ${PROJECT}
        order by t.id, ta.user_id`,
  );
}

export interface UserTaskRow {
  id: string;
  name: string;
  status: string | null;
  due_date: Date | string | null;
  custom_id: string | null;
}

/** Open tasks of one assignee in the folder (spec §7 user tasks: not complete or closed). */
export function assigneeOpenTasks(
  executor: Executor,
  organizationId: string,
  folderId: string,
  assigneeId: string,
): Promise<UserTaskRow[]> {
  return rows<UserTaskRow>(
    executor,
    sql`select t.id, t.name, t.status, t.due_date, t.custom_id
        from tasks t
        join task_assignees ta on ta.organization_id = t.organization_id and ta.task_id = t.id
          and ta.user_id = ${assigneeId}
        where t.organization_id = ${organizationId} and t.folder_id = ${folderId} and not t.deleted
          and not t.archived and t.custom_item_id is distinct from ${PROJECT}
          and lower(coalesce(t.status, '')) not like '%complete%'
          and lower(coalesce(t.status, '')) not like '%closed%'
        order by t.due_date nulls last, t.id`,
  );
}

export interface TimelineRow {
  id: string;
  name: string;
  status: string | null;
  custom_item_id: number | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  parent_task_id: string | null;
  assignees_array: unknown;
}

/** Dated tasks of the folder for the timeline, earliest first (meta task aside). */
export function timelineTasks(
  executor: Executor,
  organizationId: string,
  folderId: string,
  limit: number,
): Promise<TimelineRow[]> {
  return rows<TimelineRow>(
    executor,
    sql`select t.id, t.name, t.status, t.custom_item_id, t.start_date, t.due_date, t.parent_task_id,
               t.assignees_array
        from tasks t
        where t.organization_id = ${organizationId} and t.folder_id = ${folderId} and not t.deleted
          and not t.archived and t.custom_item_id is distinct from ${PROJECT}
          and (t.start_date is not null or t.due_date is not null)
        order by coalesce(t.start_date, t.due_date), t.id
        limit ${limit}`,
  );
}

/** A ClickUp user as a row names them: the id and what the §8 fallback reads (null when unknown). */
export interface NamedPerson {
  id: string;
  username: string | null;
  email: string | null;
}

export interface TimeCellRow {
  user_id: string;
  task_id: string;
  week: string;
  hours: number;
}

/**
 * Time report cells: hours per person, task and ISO week (Monday, UTC) from non-deleted time
 * entries on the folder's tasks the caller may count, with the person's name fields joined on
 * the grouped rows (no second statement for names: on PGlite each statement costs its own turn).
 */
export function timeReportCells(
  executor: Executor,
  scope: TaskScope,
  folderId: string,
): Promise<TimeCellRow[]> {
  return rows<TimeCellRow>(
    executor,
    sql`select e.user_id, e.task_id,
               to_char(date_trunc('week', e.start_time at time zone 'UTC'), 'YYYY-MM-DD') as week,
               (sum(e.duration_ms) / 3600000.0)::float8 as hours
        from time_entries e
        join tasks t on t.organization_id = e.organization_id and t.id = e.task_id
        where e.organization_id = ${scope.organizationId} and t.folder_id = ${folderId} and not e.deleted
          and not t.deleted and ${taskVisibleIn(scope, "t")}
        group by e.user_id, e.task_id, week
        order by week, e.user_id, e.task_id`,
  );
}

export interface EstimateRow {
  id: string;
  name: string;
  custom_id: string | null;
  custom_item_id: number | null;
  status: string | null;
  estimate_hours: number;
  /** The task's assignees' ClickUp user ids (names: namedPeople). */
  assignee_ids: string[];
}

/**
 * The folder's visible tasks with their own estimate and assignee ids (time report, health). Ids
 * rather than names: the people's names come in one lookup (namedPeople), cheaper than building
 * a named object per assignee per task.
 */
export function estimateRows(executor: Executor, scope: TaskScope, folderId: string): Promise<EstimateRow[]> {
  return rows<EstimateRow>(
    executor,
    sql`select t.id, t.name, t.custom_id, t.custom_item_id, t.status,
               (coalesce(t.time_estimate_ms, 0) / 3600000.0)::float8 as estimate_hours,
               coalesce((select array_agg(ta.user_id order by ta.user_id) from task_assignees ta
                         where ta.organization_id = t.organization_id and ta.task_id = t.id), '{}') as assignee_ids
        from tasks t
        where t.organization_id = ${scope.organizationId} and t.folder_id = ${folderId} and not t.deleted
          and ${taskVisibleIn(scope, "t")}
        order by t.id`,
  );
}

/** The named people of a time report or health: every id given, with its synced name fields. */
export async function namedPeople(
  executor: Executor,
  organizationId: string,
  ids: Iterable<string>,
): Promise<Map<string, NamedPerson>> {
  const unique = [...new Set(ids)];
  const found = new Map((await providerUsers(executor, organizationId, unique)).map((u) => [u.id, u]));
  return new Map(
    unique.map((id) => {
      const user = found.get(id);
      return [id, { id, username: user?.username ?? null, email: user?.email ?? null }];
    }),
  );
}

export interface ProviderUserRow {
  id: string;
  username: string | null;
  email: string | null;
  profile_picture: string | null;
}

/**
 * ClickUp users of the workspace by id (names for people rows). The ids go as one array
 * parameter: an IN list of one parameter per id costs a bind per id (0.5 ms for 40 on PGlite).
 */
export async function providerUsers(
  executor: Executor,
  organizationId: string,
  ids: readonly string[],
): Promise<ProviderUserRow[]> {
  if (ids.length === 0) return [];
  return rows<ProviderUserRow>(
    executor,
    sql`select id, username, email, profile_picture from provider_users
        where organization_id = ${organizationId}
          and id = any(${sql.param([...ids])}::text[])`,
  );
}

/** Every ClickUp user of the workspace (at most 1000, spec §9), for producer names. */
export function allProviderUsers(executor: Executor, organizationId: string): Promise<ProviderUserRow[]> {
  return rows<ProviderUserRow>(
    executor,
    sql`select id, username, email, profile_picture from provider_users
        where organization_id = ${organizationId} order by username nulls last, id limit 1000`,
  );
}
