import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { taskVisibleIn, type TaskScope } from "../accessible-tasks/task-scope";

/*
 * All SQL of the personal dashboard. Every query is scoped to one workspace and one viewed
 * person: their ClickUp user id through task_assignees (index task_assignees_user_idx). The
 * spec's rules (domain/) are expressed here as SQL so the aggregates are computed next to the
 * data; dashboard.test.ts pins every panel to its domain/ counterpart on the same rows.
 */

/**
 * Whose tasks a dashboard query reads: the request's task scope (spec §6) with the viewed
 * person's ClickUp user id, which the dashboard needs (no connection = 'Connect to ClickUp').
 */
export interface AssignedScope extends TaskScope {
  clickupUserId: string;
}

// ---------------------------------------------------------------------------------------------
// SQL spellings of domain rules
// ---------------------------------------------------------------------------------------------

/** domain normalizeStatus: lower-case, underscores as spaces, whitespace collapsed. */
export const normStatus = (col: string) =>
  `lower(regexp_replace(replace(coalesce(${col}, ''), '_', ' '), '\\s+', ' ', 'g'))`;
/** domain isFinishedStatus. */
export const FINISHED = `'(closed|complete|archived|canceled)'`;
/** domain statusNeedsWork keywords. */
const NEEDS_WORK = `'(in progress|pending|revision|needs work)'`;
/** domain isLiveRevisionStatus: neither archived nor 'not started'. */
const NOT_LIVE = `'(archived|not started)'`;

/** domain customFieldText for a scalar jsonb value ('' and whitespace-only strings are empty). */
const scalarText = (j: string) =>
  `(case jsonb_typeof((${j})) when 'string' then case when ((${j}) #>> '{}') ~ '^\\s*$' then null else (${j}) #>> '{}' end when 'number' then (${j})::text when 'boolean' then (${j})::text end)`;
/** domain parseHours on text: the leading non-negative number, ',' read as '.'. */
const parseHoursText = (txt: string) =>
  `(replace(substring(${txt} from '^\\s*(\\d+(?:[.,]\\d+)?|[.,]\\d+)'), ',', '.'))::float8`;
/** domain parseHours on a custom field value (number, string, or object with text/value/name). */
const parseHoursValue = (v: string) => `(case jsonb_typeof((${v}))
    when 'number' then case when ((${v})::text)::float8 >= 0 then ((${v})::text)::float8 end
    when 'object' then ${parseHoursText(`coalesce(${scalarText(`${v}->'text'`)}, ${scalarText(`${v}->'value'`)}, ${scalarText(`${v}->'name'`)})`)}
    else ${parseHoursText(scalarText(v))} end)`;
/** domain hoursPerDayEstimate: the first field named like 'h/d est', 'hours/day' or 'hrs/day' holding a number. */
export const hoursPerDayEstimate = (fields: string) => `(select x.h from (
      select f.ord, ${parseHoursValue("f.cf->'value'")} as h
      from jsonb_array_elements(case jsonb_typeof(${fields}) when 'array' then ${fields} else '[]'::jsonb end)
        with ordinality as f(cf, ord)
      where lower(coalesce(f.cf->>'name', '')) like any (array['%h/d est%', '%hours/day%', '%hrs/day%'])
    ) x where x.h is not null order by x.ord limit 1)`;

/**
 * The viewed person's tasks with the derived fields of spec §3 and the SQL spelling of the
 * 7-day range rule (domain effectiveTaskRange): range_start/range_end are UTC calendar days.
 * A task assigned to the person is always visible to them (spec §6: taskVisibleIn holds for
 * every assignment), so these panels need no further visibility condition.
 *
 * The person's task ids are read first (task_assignees_user_idx) and their tasks fetched by
 * primary key. Written as a join, the planner hashed every task of the workspace instead: on the
 * large agency a member with 2,954 tasks read 97k index entries (43 ms of a 55 ms statement,
 * against 20 ms for the lookups).
 */
const viewerTasks = (scope: AssignedScope): SQL => sql`
  vt as (
    select t.id, t.name, t.status, t.folder_id, t.folder_name, t.space_id, t.space_name,
           t.custom_item_id, t.parent_task_id, t.start_date, t.due_date, t.time_estimate_ms,
           t.time_spent_ms, t.custom_fields, t.url,
           ${sql.raw(normStatus("t.status"))} as st,
           (t.start_date at time zone 'UTC')::date as sd,
           (t.due_date at time zone 'UTC')::date as dd
    from tasks t
    where t.organization_id = ${scope.organizationId}
      and t.id = any(array(select a.task_id from task_assignees a
                           where a.organization_id = ${scope.organizationId} and a.user_id = ${scope.clickupUserId}))
      and not t.deleted and not t.archived
  ),
  vr as (
    select vt.*,
           coalesce(vt.sd, vt.dd - 7) as range_start,
           coalesce(vt.dd, vt.sd + 7) as range_end,
           ${sql.raw(hoursPerDayEstimate("vt.custom_fields"))} as hpd
    from vt
  )`;

// ---------------------------------------------------------------------------------------------
// Dashboard tasks
// ---------------------------------------------------------------------------------------------

export interface DashboardTaskRow {
  id: string;
  name: string;
  status: string | null;
  folder_id: string | null;
  folder_name: string;
  space_id: string | null;
  space_name: string | null;
  custom_item_id: number | null;
  parent_task_id: string | null;
  start_date: Date | string | null;
  due_date: Date | string | null;
  time_estimate_ms: number | string | null;
  time_spent_ms: number | string | null;
  custom_fields: unknown;
  url: string | null;
  hours_per_day_estimate: number | null;
  hours_logged: number | string;
}

const taskColumns = (scope: AssignedScope): SQL => sql`
  vr.id, vr.name, vr.status, vr.folder_id,
  coalesce(nullif(btrim(vr.folder_name), ''), 'No Project') as folder_name,
  vr.space_id, vr.space_name, vr.custom_item_id, vr.parent_task_id, vr.start_date, vr.due_date,
  vr.time_estimate_ms, vr.time_spent_ms, vr.custom_fields, vr.url,
  vr.hpd as hours_per_day_estimate,
  coalesce((select sum(te.duration_ms) from time_entries te
            where te.organization_id = ${scope.organizationId} and te.task_id = vr.id and not te.deleted), 0)::float8
    / 3600000.0 as hours_logged`;

/**
 * Tasks whose effective range overlaps the UTC days [from, to] (My Week), ordered by start.
 * Undated tasks and inverted ranges never overlap.
 */
export async function selectWeekTasks(
  executor: Executor,
  scope: AssignedScope,
  from: string,
  to: string,
): Promise<DashboardTaskRow[]> {
  return rows<DashboardTaskRow>(
    executor,
    sql`with ${viewerTasks(scope)}
        select ${taskColumns(scope)} from vr
        where vr.range_start is not null and vr.range_start <= vr.range_end
          and vr.range_start <= ${to}::date and vr.range_end >= ${from}::date
        order by vr.range_start, vr.due_date nulls last, vr.name, vr.id`,
  );
}

/** Other Tasks (spec §9): not 1014/1031/1033, not finished, by due date with undated last, at most `limit`. */
export async function selectOtherTasks(
  executor: Executor,
  scope: AssignedScope,
  limit: number,
): Promise<DashboardTaskRow[]> {
  return rows<DashboardTaskRow>(
    executor,
    sql`with ${viewerTasks(scope)},
        picked as (
          select vt.id from vt
          where (vt.custom_item_id is null or vt.custom_item_id not in (1014, 1031, 1033))
            and vt.st !~ ${sql.raw(FINISHED)}
          order by vt.due_date asc nulls last, vt.name, vt.id
          limit ${limit}
        )
        -- derived fields (hours logged, hours per day) only for the few rows shown
        select ${taskColumns(scope)} from vr
        where vr.id in (select id from picked)
        order by vr.due_date asc nulls last, vr.name, vr.id`,
  );
}

/** One task of the viewed person (task detail dialog); undefined when not theirs. */
export async function selectDashboardTask(
  executor: Executor,
  scope: AssignedScope,
  taskId: string,
): Promise<DashboardTaskRow | undefined> {
  return firstRow<DashboardTaskRow>(
    executor,
    sql`with ${viewerTasks(scope)}
        select ${taskColumns(scope)} from vr where vr.id = ${taskId}`,
  );
}

export interface CurrencyFieldRow {
  id: string;
  /** The definition's type_config.currency_type (ISO 4217 as ClickUp stores it). */
  currency: string | null;
  /** The value as its decimal text: the raw ClickUp value (jsonb numbers print exactly), else the text. */
  amount: string | null;
}

/**
 * The currency custom fields (ClickUp type 'currency') set on one task, with the currency of
 * their synced definition (custom_fields.type_config) and their value as decimal text.
 */
export async function selectCurrencyFields(
  executor: Executor,
  organizationId: string,
  taskId: string,
): Promise<CurrencyFieldRow[]> {
  return rows<CurrencyFieldRow>(
    executor,
    sql`select cf.id, cf.type_config->>'currency_type' as currency,
               coalesce(case when jsonb_typeof(v.value) = 'object' then coalesce(v.value->>'raw', v.value->>'text') end,
                        case when jsonb_typeof(v.value) in ('string', 'number') then v.value #>> '{}' end) as amount
        from custom_field_values v
        join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
        where v.organization_id = ${organizationId} and v.task_id = ${taskId} and cf.field_type = 'currency'`,
  );
}

// ---------------------------------------------------------------------------------------------
// Summary: Booked Today and project revision summaries
// ---------------------------------------------------------------------------------------------

export interface SummaryFiguresRow {
  booked_hours: number | string;
  task_count: number | string;
  project_count: number | string;
}

/**
 * The summary cards' figures in one pass over the viewed person's tasks: Booked Today (spec §9:
 * Σ hoursPerDayEstimate over tasks whose range includes `today`, and how many such tasks have
 * one) and the number of projects (folders) they have assigned work in. One statement reads the
 * person's tasks once (two statements read them twice, which PGlite runs one after the other);
 * the hours-per-day expression is written once, as today's estimates collected in an array, since
 * every copy of it is planned again (each copy cost ~0.5 ms on PostgreSQL).
 */
export async function selectSummaryFigures(
  executor: Executor,
  scope: AssignedScope,
  today: string,
): Promise<SummaryFiguresRow> {
  const row = await firstRow<SummaryFiguresRow>(
    executor,
    sql`with ${viewerTasks(scope)},
        figures as (
          select array_agg(vr.hpd) filter (where vr.range_start is not null and vr.range_start <= ${today}::date
                                             and vr.range_end >= ${today}::date) as hpds,
                 count(distinct btrim(vr.folder_id)) filter (where nullif(btrim(vr.folder_id), '') is not null) as project_count
          from vr
        )
        select coalesce((select sum(h) from unnest(f.hpds) h where h > 0), 0)::float8 as booked_hours,
               (select count(*) from unnest(f.hpds) h where h > 0) as task_count,
               f.project_count
        from figures f`,
  );
  return row ?? { booked_hours: 0, task_count: 0, project_count: 0 };
}

export interface ProjectSummaryRow {
  project_id: string;
  project_name: string;
  needs_work: boolean;
  activity_count: number | string;
  assignment_count: number | string;
  urgent_count: number | string;
}

/**
 * The viewed person's tasks in a project (folder) classified by the project revision summary
 * rule (spec §3, §4): is_activity = an outstanding revision (1033 with a parent 1009, neither
 * archived nor 'not started'), is_assignment = an open 1014/1031. One spelling for the My
 * Projects counts and the project dialog's lists, so the dialog shows the rows the count counts.
 */
const classifiedViewerTasks = (scope: AssignedScope): SQL => sql`
  classified as (
    select vt.*,
           (vt.custom_item_id = 1033 and nullif(btrim(vt.parent_task_id), '') is not null
              and vt.st !~ ${sql.raw(NOT_LIVE)}
              and exists (select 1 from tasks p
                          where p.organization_id = ${scope.organizationId} and p.id = btrim(vt.parent_task_id)
                            and not p.deleted and p.custom_item_id = 1009
                            and ${sql.raw(normStatus("p.status"))} !~ ${sql.raw(NOT_LIVE)})) as is_activity,
           (vt.custom_item_id in (1014, 1031) and vt.st !~ ${sql.raw(FINISHED)}) as is_assignment
    from vt
    where nullif(btrim(vt.folder_id), '') is not null
  )`;

/**
 * Project revision summaries (spec §3, §4) of the viewed person's tasks, one per folder:
 * activities = outstanding revisions (1033 with a live parent 1009, both live), assignments =
 * open 1014/1031, urgent = either of them due within 2 days of `today` (overdue included),
 * needs_work = any open non-1001 status with in progress/pending/revision/needs work.
 */
export async function selectProjectSummaries(
  executor: Executor,
  scope: AssignedScope,
  today: string,
): Promise<ProjectSummaryRow[]> {
  return rows<ProjectSummaryRow>(
    executor,
    sql`with ${viewerTasks(scope)}, ${classifiedViewerTasks(scope)}
        select btrim(c.folder_id) as project_id,
               coalesce(nullif(btrim(min(c.folder_name)), ''), 'No Project') as project_name,
               coalesce(bool_or(c.custom_item_id is distinct from 1001
                                and c.st !~ ${sql.raw(FINISHED)} and c.st ~ ${sql.raw(NEEDS_WORK)}), false) as needs_work,
               count(*) filter (where c.is_activity) as activity_count,
               count(*) filter (where c.is_assignment) as assignment_count,
               count(*) filter (where (c.is_activity or c.is_assignment)
                                  and c.dd is not null and c.dd - ${today}::date <= 2) as urgent_count
        from classified c
        group by btrim(c.folder_id)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Project detail
// ---------------------------------------------------------------------------------------------

export interface ProjectItemRow {
  id: string;
  name: string;
  status: string | null;
  due_date: Date | string | null;
  custom_item_id: number | null;
  custom_fields: unknown;
  kind: "milestone" | "revision" | "assignment";
}

export interface FolderRow {
  id: string;
  name: string;
  space_name: string | null;
}

/** The folder, if the viewed person has at least one task in it. */
export async function selectViewerFolder(
  executor: Executor,
  scope: AssignedScope,
  folderId: string,
): Promise<FolderRow | undefined> {
  return firstRow<FolderRow>(
    executor,
    sql`with ${viewerTasks(scope)}
        select ${folderId}::text as id,
               coalesce(nullif(btrim(max(f.name)), ''), nullif(btrim(min(vt.folder_name)), ''), 'No Project') as name,
               coalesce(max(s.name), min(vt.space_name)) as space_name
        from vt
        left join folders f on f.organization_id = ${scope.organizationId} and f.id = ${folderId}
        left join spaces s on s.organization_id = ${scope.organizationId} and s.id = f.space_id
        where vt.folder_id = ${folderId}
        having count(vt.id) > 0`,
  );
}

/**
 * Project detail dialog (spec §2): the folder's milestones (type 1) due within [from, to] among
 * its tasks visible in the scope (spec §6: admins and owners every task, anyone else what their
 * ClickUp account can see); and the rows the project's My Projects count counts — the viewed
 * person's outstanding revisions (spec §4) and open assignments (classifiedViewerTasks).
 */
export async function selectProjectItems(
  executor: Executor,
  scope: AssignedScope,
  folderId: string,
  from: string,
  to: string,
): Promise<ProjectItemRow[]> {
  return rows<ProjectItemRow>(
    executor,
    sql`with ${viewerTasks(scope)}, ${classifiedViewerTasks(scope)},
        ft as (
          select t.id, t.name, t.status, t.due_date, t.custom_item_id, t.custom_fields,
                 (t.due_date at time zone 'UTC')::date as dd
          from tasks t
          where t.organization_id = ${scope.organizationId} and t.folder_id = ${folderId}
            and not t.deleted and not t.archived and ${taskVisibleIn(scope, "t")}
        )
        select ft.id, ft.name, ft.status, ft.due_date, ft.custom_item_id, ft.custom_fields, 'milestone' as kind
        from ft where ft.custom_item_id = 1 and ft.dd between ${from}::date and ${to}::date
        union all
        select c.id, c.name, c.status, c.due_date, c.custom_item_id, c.custom_fields,
               case when c.is_activity then 'revision' else 'assignment' end as kind
        from classified c
        where btrim(c.folder_id) = ${folderId} and (c.is_activity or c.is_assignment)
        order by kind, due_date nulls last, name, id`,
  );
}

// ---------------------------------------------------------------------------------------------
// Whose dashboard
// ---------------------------------------------------------------------------------------------

export interface ClickupProfileRow {
  clickup_username: string | null;
  clickup_email: string | null;
  provider_username: string | null;
  profile_picture: string | null;
  has_token: boolean;
}

/**
 * How the viewed person appears in ClickUp (greeting and avatar) and whether their connection
 * holds a token (timesheet write-back). Their ClickUp user id comes from the task scope.
 */
export async function selectClickupProfile(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<ClickupProfileRow | undefined> {
  return firstRow<ClickupProfileRow>(
    executor,
    sql`select c.clickup_username, c.clickup_email,
               pu.username as provider_username, pu.profile_picture,
               (c.access_token_enc is not null) as has_token
        from user_clickup_connections c
        left join provider_users pu on pu.organization_id = c.organization_id and pu.id = c.clickup_user_id
        where c.organization_id = ${organizationId} and c.user_id = ${userId} and c.is_active
        limit 1`,
  );
}
