import { sql, type SQL } from "drizzle-orm";
import { CALENDAR_META_DEPTH } from "@domain/calendar";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { taskVisibleIn, type TaskScope } from "../accessible-tasks/task-scope";

/*
 * All SQL of the milestones calendar: the window of GET /api/calendar (one statement: meta tasks,
 * the sidebar's filters, counts per day, project and meta task, each day's first items), the
 * items of the feed and of a move (with their meta tasks in a second small statement), the
 * workspace zone, the ClickUp tokens a move may use, and the private feeds.
 *
 * The item predicate repeats the partial index tasks_calendar_idx (migration 0011) word for word,
 * so the planner reads only calendar tasks, by (organization_id, due_date):
 *   not deleted and not archived and (custom_item_id in (1, 2) or name ~* '(shoot|creative|approval)')
 * The window's other reads use existing indexes: parents by primary key, the projects' meta tasks
 * by tasks_folder_idx / tasks_type_idx, folders and spaces by primary key; the sidebar's filters
 * (search, hidden, focus) apply to the range's rows already read, so they need no index of their own.
 */

/** The workspace's IANA time zone (organizations.time_zone; "UTC" when the row is missing). */
export async function workspaceTimeZone(executor: Executor, organizationId: string): Promise<string> {
  const row = await firstRow<{ time_zone: string }>(
    executor,
    sql`select time_zone from organizations where id = ${organizationId}`,
  );
  return row?.time_zone ?? "UTC";
}

export interface CalendarItemRow {
  id: string;
  name: string;
  /** The due instant as an ISO 8601 UTC string (millisecond precision, as ClickUp keeps it). */
  due_date: string;
  /** yyyy-MM-dd in the workspace zone. */
  day: string;
  status: string | null;
  status_color: string | null;
  status_type: string | null;
  custom_item_id: number | null;
  folder_id: string | null;
  folder_name: string | null;
  space_id: string | null;
  space_name: string | null;
  list_name: string | null;
  url: string | null;
  parent_task_id: string | null;
  assignees_array: unknown;
}

/** Which items: a due-day window (inclusive, workspace zone) or one task by id. */
export type CalendarItemFilter = { from: string; to: string } | { taskId: string };

/**
 * Calendar items visible in `scope`, with their project and space, in one statement: by due
 * instant, name, id (the same order as by day first: a day in one zone never decreases with the
 * instant). Their meta tasks come from selectCalendarMetaTasks, their assignees' names from one
 * lookup of the ids they hold (a per-item join to provider_users was 90 % of this statement for a
 * month of 3,750 items).
 */
export async function selectCalendarItems(
  executor: Executor,
  scope: TaskScope,
  timeZone: string,
  filter: CalendarItemFilter,
): Promise<CalendarItemRow[]> {
  return rows<CalendarItemRow>(executor, calendarItemsQuery(scope, timeZone, filter));
}

/** The calendar item predicate on `tasks t` (the partial index tasks_calendar_idx, word for word). */
const CALENDAR_TASK = sql`not t.deleted and not t.archived and (t.custom_item_id in (1, 2) or t.name ~* '(shoot|creative|approval)')`;

/** Due from `from` to `to` inclusive, days in the workspace zone (a range read on tasks_calendar_idx). */
function dueBetween(from: string, to: string, timeZone: string): SQL {
  return sql`t.due_date >= (${from}::date)::timestamp at time zone ${timeZone}
            and t.due_date < (${to}::date + 1)::timestamp at time zone ${timeZone}`;
}

/** The columns of CalendarItemRow from `tasks t` joined to its folder `f` and space `s`. */
function itemColumns(org: string, timeZone: string): { columns: SQL; joins: SQL } {
  return {
    columns: sql`t.id, t.name,
           to_char(t.due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_date,
           to_char((t.due_date at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
           t.status, t.status_color, t.status_type, t.custom_item_id, t.folder_id,
           coalesce(f.name, t.folder_name) as folder_name,
           coalesce(t.space_id, f.space_id) as space_id,
           coalesce(s.name, t.space_name) as space_name,
           t.list_name, t.url, t.parent_task_id, t.assignees_array`,
    joins: sql`left join folders f on f.organization_id = ${org} and f.id = t.folder_id
    left join spaces s on s.organization_id = ${org} and s.id = coalesce(t.space_id, f.space_id)`,
  };
}

/** The statement of selectCalendarItems (the benchmark explains it). */
export function calendarItemsQuery(scope: TaskScope, timeZone: string, filter: CalendarItemFilter): SQL {
  const org = scope.organizationId;
  const which: SQL =
    "taskId" in filter
      ? sql`t.id = ${filter.taskId} and t.due_date is not null`
      : dueBetween(filter.from, filter.to, timeZone);
  const { columns, joins } = itemColumns(org, timeZone);
  return sql`
    select ${columns}
    from tasks t
    ${joins}
    where t.organization_id = ${org}
      and ${CALENDAR_TASK}
      and ${which}
      and ${taskVisibleIn(scope, "t")}
    order by t.due_date, t.name, t.id`;
}

// ---------------------------------------------------------------------------------------------
// The calendar window (GET /api/calendar): filtered, counted and cut in SQL
// ---------------------------------------------------------------------------------------------

/** What GET /api/calendar asks of a window: the sidebar's filters and how many items per day. */
export interface CalendarWindowFilter {
  from: string;
  to: string;
  /** Items per day to send (null: all). */
  perDay: number | null;
  /** Lower-cased search term ('' for none). */
  search: string;
  /** Project keys (folder id, or noProject for folderless items) hidden. */
  hideProjects: readonly string[];
  hideMetaTasks: readonly string[];
  /** The focused project key / meta task id. */
  project: string | null;
  metaTask: string | null;
  /** The project key of folderless items (domain/calendar.ts CALENDAR_NO_PROJECT). */
  noProject: string;
}

/** An item row of the window, with its meta task (the domain/calendar.ts rule, decided in SQL). */
export interface CalendarWindowItemRow extends CalendarItemRow {
  meta_id: string | null;
}

export interface CalendarWindowRow {
  /** Items in the range before the sidebar's filters. */
  range_total: number;
  /** Items the filters leave. */
  total: number;
  days: Array<{ day: string; count: number }>;
  /** Projects of the range's items the search matches; folder_id null: folderless items. */
  projects: Array<{
    folder_id: string | null;
    name: string | null;
    space_id: string | null;
    space_name: string | null;
    count: number;
  }>;
  meta_tasks: Array<{ id: string; name: string; folder_id: string | null; count: number }>;
  items: CalendarWindowItemRow[];
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The calendar window in one statement: the visible calendar items of the range (one read of
 * tasks_calendar_idx), each one's meta task (nearest visible 1001 ancestor of the items that have
 * a parent, else its project's oldest 1001 task), then the search (item, project or meta-task
 * name, any case), the counts per project and meta task under the search, the hidden and focused
 * projects and meta tasks, the count per day, and the items to send (the first `perDay` of each
 * day by due instant, name, id — or all) with their columns. Answers one row of JSON columns.
 */
export function calendarWindowQuery(scope: TaskScope, timeZone: string, filter: CalendarWindowFilter): SQL {
  const org = scope.organizationId;
  const search = filter.search;
  const projectKey = sql`coalesce(m.folder_id, ${filter.noProject})`;
  const conditions: SQL[] = [];
  if (filter.hideProjects.length) conditions.push(sql`${projectKey} not in (${inList(filter.hideProjects)})`);
  if (filter.hideMetaTasks.length)
    conditions.push(sql`(m.meta_id is null or m.meta_id not in (${inList(filter.hideMetaTasks)}))`);
  if (filter.project !== null) conditions.push(sql`${projectKey} = ${filter.project}`);
  if (filter.metaTask !== null) conditions.push(sql`m.meta_id = ${filter.metaTask}`);
  const shownWhere = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const matched = search
    ? sql`select i.* from items i
          left join folders pf on pf.organization_id = ${org} and pf.id = i.folder_id
          left join meta mm on mm.id = i.meta_id
          where strpos(lower(i.name), ${search}) > 0
             or strpos(lower(coalesce(pf.name, i.folder_name, '')), ${search}) > 0
             or strpos(lower(coalesce(mm.name, '')), ${search}) > 0`
    : sql`select * from items`;
  const sent =
    filter.perDay === null
      ? sql`select id, meta_id from shown`
      : sql`select id, meta_id from (
              select id, meta_id, row_number() over (partition by day order by due_date, name, id) as rank
              from shown
            ) r where rank <= ${filter.perDay}`;
  const { columns, joins } = itemColumns(org, timeZone);
  return sql`
    with recursive base as materialized (
      select t.id, t.name, t.folder_id, t.folder_name, t.space_id, t.space_name, t.parent_task_id, t.due_date,
             (t.due_date at time zone ${timeZone})::date as day
      from tasks t
      where t.organization_id = ${org}
        and ${CALENDAR_TASK}
        and ${dueBetween(filter.from, filter.to, timeZone)}
        and ${taskVisibleIn(scope, "t")}
    ),
    up (item_id, id, parent_task_id, custom_item_id, depth) as (
      select b.id, p.id, p.parent_task_id, p.custom_item_id, 1
      from base b
      join tasks p on p.organization_id = ${org} and p.id = b.parent_task_id and not p.deleted
      where b.parent_task_id is not null
      union all
      select up.item_id, p.id, p.parent_task_id, p.custom_item_id, up.depth + 1
      from up
      join tasks p on p.organization_id = ${org} and p.id = up.parent_task_id and not p.deleted
      where up.custom_item_id is distinct from 1001 and up.depth < ${CALENDAR_META_DEPTH}
    ),
    ancestor as materialized (
      select distinct on (item_id) item_id, id from up where custom_item_id = 1001 order by item_id, depth
    ),
    folder_meta as materialized (
      select distinct on (m.folder_id) m.folder_id, m.id
      from tasks m
      where m.organization_id = ${org} and m.custom_item_id = 1001 and not m.deleted and not m.archived
        and m.folder_id in (select distinct b.folder_id from base b where b.folder_id is not null)
      order by m.folder_id, m.date_created nulls last, m.id
    ),
    meta as materialized (
      select m.id, m.name, m.folder_id
      from tasks m
      where m.organization_id = ${org}
        and m.id in (select id from ancestor union select id from folder_meta)
        and ${taskVisibleIn(scope, "m")}
    ),
    items as materialized (
      select b.id, b.name, b.folder_id, b.folder_name, b.space_id, b.space_name, b.due_date, b.day,
             case when a.item_id is not null then am.id else fm.id end as meta_id
      from base b
      left join ancestor a on a.item_id = b.id
      left join meta am on am.id = a.id
      left join folder_meta fmr on fmr.folder_id = b.folder_id
      left join meta fm on fm.id = fmr.id
    ),
    -- Without a search every item matches, and the sidebar's filters are cheap comparisons: both
    -- steps are then inlined where they are read rather than copied row by row.
    matched as ${search ? sql`materialized` : sql`not materialized`} (${matched}),
    shown as not materialized (select * from matched m ${shownWhere}),
    sent as (${sent})
    select
      (select count(*)::int from items) as range_total,
      (select count(*)::int from shown) as total,
      (select coalesce(json_agg(json_build_object('day', d.day, 'count', d.n) order by d.day), '[]'::json)
         from (select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as n from shown group by day) d) as days,
      (select coalesce(json_agg(json_build_object('folder_id', p.folder_id, 'name', coalesce(f.name, p.folder_name),
                'space_id', coalesce(p.space_id, f.space_id), 'space_name', coalesce(s.name, p.space_name),
                'count', p.n)), '[]'::json)
         from (select folder_id, min(folder_name) as folder_name, min(space_id) as space_id,
                      min(space_name) as space_name, count(*)::int as n
                 from matched group by folder_id) p
         left join folders f on f.organization_id = ${org} and f.id = p.folder_id
         left join spaces s on s.organization_id = ${org} and s.id = coalesce(p.space_id, f.space_id)) as projects,
      (select coalesce(json_agg(json_build_object('id', me.id, 'name', me.name, 'folder_id', me.folder_id,
                'count', c.n)), '[]'::json)
         from (select meta_id, count(*)::int as n from matched where meta_id is not null group by meta_id) c
         join meta me on me.id = c.meta_id) as meta_tasks,
      (select coalesce(json_agg(row_to_json(d) order by d.due_date, d.name, d.id), '[]'::json)
         from (select ${columns}, x.meta_id
                 from sent x
                 cross join lateral (
                   select * from tasks t0 where t0.organization_id = ${org} and t0.id = x.id limit 1
                 ) t
                 ${joins}) d) as items`;
}

/** Run calendarWindowQuery. */
export async function selectCalendarWindow(
  executor: Executor,
  scope: TaskScope,
  timeZone: string,
  filter: CalendarWindowFilter,
): Promise<CalendarWindowRow> {
  const row = await firstRow<CalendarWindowRow>(executor, calendarWindowQuery(scope, timeZone, filter));
  return row!;
}

/** A meta task (custom item 1001) the caller may see: of one item (through its parents) or of a project. */
export interface CalendarMetaRow {
  /** The item whose ancestor it is, or null for a project's own meta task. */
  item_id: string | null;
  /** The project it is the meta task of (for item_id null). */
  for_folder_id: string | null;
  id: string;
  name: string;
  folder_id: string | null;
  /** An ancestor the caller may not see still decides: the item then has no meta task. */
  visible: boolean;
}

/**
 * The meta tasks of the domain/calendar.ts rule, in one statement: for each item with a parent,
 * its nearest 1001 ancestor (up to CALENDAR_META_DEPTH levels, with whether the caller may see
 * it); for each project, its oldest live 1001 task when the caller may see it.
 */
export async function selectCalendarMetaTasks(
  executor: Executor,
  scope: TaskScope,
  folderIds: readonly string[],
  parented: ReadonlyArray<{ itemId: string; parentId: string }>,
): Promise<CalendarMetaRow[]> {
  if (folderIds.length === 0 && parented.length === 0) return [];
  const org = scope.organizationId;
  const ancestors = parented.length
    ? sql`with recursive up (item_id, id, parent_task_id, custom_item_id, depth) as (
            select x.item_id, p.id, p.parent_task_id, p.custom_item_id, 1
            from (values ${sql.join(
              parented.map((p) => sql`(${p.itemId}::text, ${p.parentId}::text)`),
              sql`, `,
            )}) as x (item_id, parent_id)
            join tasks p on p.organization_id = ${org} and p.id = x.parent_id and not p.deleted
            union all
            select up.item_id, p.id, p.parent_task_id, p.custom_item_id, up.depth + 1
            from up
            join tasks p on p.organization_id = ${org} and p.id = up.parent_task_id and not p.deleted
            where up.custom_item_id is distinct from 1001 and up.depth < ${CALENDAR_META_DEPTH}
          ),
          ancestor as (
            select distinct on (item_id) item_id, id from up where custom_item_id = 1001 order by item_id, depth
          )
          select a.item_id, null::text as for_folder_id, m.id, m.name, m.folder_id,
                 ${taskVisibleIn(scope, "m")} as visible
          from ancestor a
          join tasks m on m.organization_id = ${org} and m.id = a.id and not m.deleted`
    : undefined;
  const projects = folderIds.length
    ? sql`select null::text as item_id, fm.folder_id as for_folder_id, m.id, m.name, m.folder_id,
                 true as visible
          from (
            select distinct on (m.folder_id) m.folder_id, m.id
            from tasks m
            where m.organization_id = ${org} and m.custom_item_id = 1001 and not m.deleted and not m.archived
              and m.folder_id in (${sql.join(
                folderIds.map((id) => sql`${id}`),
                sql`, `,
              )})
            order by m.folder_id, m.date_created nulls last, m.id
          ) fm
          join tasks m on m.organization_id = ${org} and m.id = fm.id and ${taskVisibleIn(scope, "m")}`
    : undefined;
  const parts = [ancestors, projects].filter((p): p is SQL => p !== undefined);
  return rows<CalendarMetaRow>(
    executor,
    parts.length === 2 ? sql`${parts[0]} union all (${parts[1]})` : parts[0]!,
  );
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

export interface MoveCredentialsRow {
  /** The caller's own ClickUp token (encrypted), when connected with one. */
  user_token_enc: string | null;
  /** The workspace connection's token the sync uses (encrypted), when active. */
  workspace_token_enc: string | null;
}

/** The tokens a move may use: the caller's own connection first, else the workspace's. */
export async function selectMoveCredentials(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<MoveCredentialsRow> {
  const row = await firstRow<MoveCredentialsRow>(
    executor,
    sql`select
          (select c.access_token_enc from user_clickup_connections c
            where c.organization_id = ${organizationId} and c.user_id = ${userId} and c.is_active) as user_token_enc,
          (select w.access_token_enc from clickup_workspace_connections w
            where w.organization_id = ${organizationId} and w.status = 'active') as workspace_token_enc`,
  );
  return row ?? { user_token_enc: null, workspace_token_enc: null };
}

// ---------------------------------------------------------------------------------------------
// Private feeds
// ---------------------------------------------------------------------------------------------

export interface FeedRow {
  created_at: Date | string;
  last_fetched_at: Date | string | null;
}

export async function selectFeed(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<FeedRow | undefined> {
  return firstRow<FeedRow>(
    executor,
    sql`select created_at, last_fetched_at from calendar_feeds
        where organization_id = ${organizationId} and user_id = ${userId}`,
  );
}

/** Create the feed or rotate its token (a new created_at, never fetched). */
export async function upsertFeed(
  executor: Executor,
  organizationId: string,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<FeedRow> {
  const row = await firstRow<FeedRow>(
    executor,
    sql`insert into calendar_feeds (organization_id, user_id, token_hash, created_at, last_fetched_at)
        values (${organizationId}, ${userId}, ${tokenHash}, ${now.toISOString()}, null)
        on conflict (organization_id, user_id) do update
          set token_hash = excluded.token_hash, created_at = excluded.created_at, last_fetched_at = null
        returning created_at, last_fetched_at`,
  );
  return row!;
}

/** Revoke: the row goes, so the URL answers 404. Returns the number of rows removed. */
export async function deleteFeed(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<number> {
  return run(
    executor,
    sql`delete from calendar_feeds where organization_id = ${organizationId} and user_id = ${userId}`,
  );
}

export interface FeedOwnerRow {
  organization_id: string;
  user_id: string;
  role: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** The feed of a token hash and its owner's membership; undefined when either is gone. */
export async function selectFeedOwner(
  executor: Executor,
  tokenHash: string,
): Promise<FeedOwnerRow | undefined> {
  return firstRow<FeedOwnerRow>(
    executor,
    sql`select f.organization_id, f.user_id, uo.role, p.email, p.first_name, p.last_name
        from calendar_feeds f
        join user_organizations uo on uo.organization_id = f.organization_id and uo.user_id = f.user_id
        join profiles p on p.id = f.user_id
        where f.token_hash = ${tokenHash}`,
  );
}

export async function touchFeed(
  executor: Executor,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await run(
    executor,
    sql`update calendar_feeds set last_fetched_at = ${now.toISOString()}
        where organization_id = ${organizationId} and user_id = ${userId}`,
  );
}
