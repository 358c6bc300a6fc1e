import type { Database } from "../../db/client";

/*
 * All SQL of the personal dashboard. Every query is scoped to one workspace and one viewed
 * person (their ClickUp user id through task_assignees, index task_assignees_user_idx), and
 * optionally to the task ids visible to them. The spec's rules (domain/) are expressed here as
 * SQL so the aggregates are computed next to the data; repo.parity.test.ts pins every
 * expression to its domain/ counterpart on the same rows.
 */

/** Whose tasks a dashboard query reads. */
export interface TaskScope {
  organizationId: string;
  /** ClickUp user id of the viewed person (tasks assigned to them). */
  providerUserId: string;
  /** Task ids visible to the viewer; `null` = all tasks of the workspace (admins, owners). */
  accessibleTaskIds: readonly string[] | null;
}

// ---------------------------------------------------------------------------------------------
// SQL spellings of domain rules
// ---------------------------------------------------------------------------------------------

/** domain normalizeStatus: lower-case, underscores as spaces, whitespace collapsed. */
const normStatus = (col: string) =>
  `lower(regexp_replace(replace(coalesce(${col}, ''), '_', ' '), '\\s+', ' ', 'g'))`;
/** domain isFinishedStatus. */
const FINISHED = `'(closed|complete|archived|canceled)'`;
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
const hoursPerDayEstimate = (fields: string) => `(select x.h from (
      select f.ord, ${parseHoursValue("f.cf->'value'")} as h
      from jsonb_array_elements(case jsonb_typeof(${fields}) when 'array' then ${fields} else '[]'::jsonb end)
        with ordinality as f(cf, ord)
      where lower(coalesce(f.cf->>'name', '')) like any (array['%h/d est%', '%hours/day%', '%hrs/day%'])
    ) x where x.h is not null order by x.ord limit 1)`;

/**
 * The viewed person's tasks with the derived fields of spec §3 and the SQL spelling of the
 * 7-day range rule (domain effectiveTaskRange): range_start/range_end are UTC calendar days.
 * Parameters: $1 organization, $2 ClickUp user id, $3 visible task ids (text[] or null).
 */
const VIEWER_TASKS = `
  vt as (
    select t.id, t.name, t.status, t.folder_id, t.folder_name, t.space_id, t.space_name,
           t.custom_item_id, t.parent_task_id, t.start_date, t.due_date, t.time_estimate_ms,
           t.time_spent_ms, t.custom_fields, t.url,
           ${normStatus("t.status")} as st,
           (t.start_date at time zone 'UTC')::date as sd,
           (t.due_date at time zone 'UTC')::date as dd
    from task_assignees a
    join tasks t on t.organization_id = a.organization_id and t.id = a.task_id
    where a.organization_id = $1 and a.user_id = $2 and not t.deleted and not t.archived
      and ($3::text[] is null or t.id = any($3::text[]))
  ),
  vr as (
    select vt.*,
           coalesce(vt.sd, vt.dd - 7) as range_start,
           coalesce(vt.dd, vt.sd + 7) as range_end,
           ${hoursPerDayEstimate("vt.custom_fields")} as hpd
    from vt
  )`;

const scopeParams = (scope: TaskScope): unknown[] => [
  scope.organizationId,
  scope.providerUserId,
  scope.accessibleTaskIds === null ? null : [...scope.accessibleTaskIds],
];

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

const TASK_COLUMNS = `
  vr.id, vr.name, vr.status, vr.folder_id,
  coalesce(nullif(btrim(vr.folder_name), ''), 'No Project') as folder_name,
  vr.space_id, vr.space_name, vr.custom_item_id, vr.parent_task_id, vr.start_date, vr.due_date,
  vr.time_estimate_ms, vr.time_spent_ms, vr.custom_fields, vr.url,
  vr.hpd as hours_per_day_estimate,
  coalesce((select sum(te.duration_ms) from time_entries te
            where te.organization_id = $1 and te.task_id = vr.id and not te.deleted), 0)::float8 / 3600000.0
    as hours_logged`;

/**
 * Tasks whose effective range overlaps the UTC days [from, to] (My Week), ordered by start.
 * Undated tasks and inverted ranges never overlap.
 */
export async function selectWeekTasks(
  database: Database,
  scope: TaskScope,
  from: string,
  to: string,
): Promise<DashboardTaskRow[]> {
  const { rows } = await database.raw.query<DashboardTaskRow>(
    `with ${VIEWER_TASKS}
     select ${TASK_COLUMNS} from vr
     where vr.range_start is not null and vr.range_start <= vr.range_end
       and vr.range_start <= $5::date and vr.range_end >= $4::date
     order by vr.range_start, vr.due_date nulls last, vr.name, vr.id`,
    [...scopeParams(scope), from, to],
  );
  return rows;
}

/** Other Tasks (spec §9): not 1014/1031/1033, not finished, by due date with undated last, at most `limit`. */
export async function selectOtherTasks(
  database: Database,
  scope: TaskScope,
  limit: number,
): Promise<DashboardTaskRow[]> {
  const { rows } = await database.raw.query<DashboardTaskRow>(
    `with ${VIEWER_TASKS},
     picked as (
       select vt.id from vt
       where (vt.custom_item_id is null or vt.custom_item_id not in (1014, 1031, 1033))
         and vt.st !~ ${FINISHED}
       order by vt.due_date asc nulls last, vt.name, vt.id
       limit $4
     )
     -- derived fields (hours logged, hours per day) only for the few rows shown
     select ${TASK_COLUMNS} from vr
     where vr.id in (select id from picked)
     order by vr.due_date asc nulls last, vr.name, vr.id`,
    [...scopeParams(scope), limit],
  );
  return rows;
}

/** One task of the viewed person (task detail dialog); `null` when not theirs or not visible. */
export async function selectDashboardTask(
  database: Database,
  scope: TaskScope,
  taskId: string,
): Promise<DashboardTaskRow | null> {
  const { rows } = await database.raw.query<DashboardTaskRow>(
    `with ${VIEWER_TASKS}
     select ${TASK_COLUMNS} from vr where vr.id = $4`,
    [...scopeParams(scope), taskId],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Summary: Booked Today and project revision summaries
// ---------------------------------------------------------------------------------------------

export interface BookedRow {
  booked_hours: number | string;
  task_count: number | string;
}

/** Booked Today hours (spec §9): Σ hoursPerDayEstimate over tasks whose range includes `today`. */
export async function selectBookedHours(
  database: Database,
  scope: TaskScope,
  today: string,
): Promise<BookedRow> {
  const { rows } = await database.raw.query<BookedRow>(
    `with ${VIEWER_TASKS}
     select coalesce(sum(vr.hpd) filter (where vr.hpd > 0), 0)::float8 as booked_hours,
            count(*) filter (where vr.hpd > 0) as task_count
     from vr
     where vr.range_start is not null and vr.range_start <= $4::date and vr.range_end >= $4::date`,
    [...scopeParams(scope), today],
  );
  return rows[0] ?? { booked_hours: 0, task_count: 0 };
}

/** Number of projects (folders) the viewed person has visible assigned work in. */
export async function selectAssignedProjectsCount(database: Database, scope: TaskScope): Promise<number> {
  const { rows } = await database.raw.query<{ n: number | string }>(
    `with ${VIEWER_TASKS}
     select count(distinct btrim(vt.folder_id)) as n from vt where nullif(btrim(vt.folder_id), '') is not null`,
    [...scopeParams(scope)],
  );
  return Number(rows[0]?.n ?? 0);
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
 * Project revision summaries (spec §3, §4) of the viewed person's tasks, one per folder:
 * activities = outstanding revisions (1033 with a live parent 1009, both live), assignments =
 * open 1014/1031, urgent = either of them due within 2 days of `today` (overdue included),
 * needs_work = any open non-1001 status with in progress/pending/revision/needs work.
 */
export async function selectProjectSummaries(
  database: Database,
  scope: TaskScope,
  today: string,
): Promise<ProjectSummaryRow[]> {
  const { rows } = await database.raw.query<ProjectSummaryRow>(
    `with ${VIEWER_TASKS},
     classified as (
       select vt.folder_id, vt.folder_name, vt.custom_item_id, vt.st, vt.dd,
              (vt.custom_item_id = 1033 and nullif(btrim(vt.parent_task_id), '') is not null
                 and vt.st !~ ${NOT_LIVE}
                 and exists (select 1 from tasks p
                             where p.organization_id = $1 and p.id = btrim(vt.parent_task_id)
                               and not p.deleted and p.custom_item_id = 1009
                               and ${normStatus("p.status")} !~ ${NOT_LIVE})) as is_activity,
              (vt.custom_item_id in (1014, 1031) and vt.st !~ ${FINISHED}) as is_assignment
       from vt
       where nullif(btrim(vt.folder_id), '') is not null
     )
     select btrim(c.folder_id) as project_id,
            coalesce(nullif(btrim(min(c.folder_name)), ''), 'No Project') as project_name,
            coalesce(bool_or(c.custom_item_id is distinct from 1001
                             and c.st !~ ${FINISHED} and c.st ~ ${NEEDS_WORK}), false) as needs_work,
            count(*) filter (where c.is_activity) as activity_count,
            count(*) filter (where c.is_assignment) as assignment_count,
            count(*) filter (where (c.is_activity or c.is_assignment)
                               and c.dd is not null and c.dd - $4::date <= 2) as urgent_count
     from classified c
     group by btrim(c.folder_id)`,
    [...scopeParams(scope), today],
  );
  return rows;
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
  kind: "milestone" | "revision";
}

export interface FolderRow {
  id: string;
  name: string;
  space_name: string | null;
}

/** The folder, if the viewed person has at least one visible task in it. */
export async function selectViewerFolder(
  database: Database,
  scope: TaskScope,
  folderId: string,
): Promise<FolderRow | null> {
  const { rows } = await database.raw.query<FolderRow>(
    `with ${VIEWER_TASKS}
     select $4::text as id,
            coalesce(nullif(btrim(max(f.name)), ''), nullif(btrim(min(vt.folder_name)), ''), 'No Project') as name,
            coalesce(max(s.name), min(vt.space_name)) as space_name
     from vt
     left join folders f on f.organization_id = $1 and f.id = $4
     left join spaces s on s.organization_id = $1 and s.id = f.space_id
     where vt.folder_id = $4
     having count(vt.id) > 0`,
    [...scopeParams(scope), folderId],
  );
  return rows[0] ?? null;
}

/**
 * Project detail dialog (spec §2): the folder's milestones (type 1) due within [from, to], and
 * its outstanding revisions (spec §4). Admins and owners see every task of the folder; anyone
 * else the ones assigned to them or in their accessible list (spec §6).
 */
export async function selectProjectItems(
  database: Database,
  scope: TaskScope & { seesAll: boolean },
  folderId: string,
  from: string,
  to: string,
): Promise<ProjectItemRow[]> {
  const { rows } = await database.raw.query<ProjectItemRow>(
    `with ft as (
       select t.id, t.name, t.status, t.due_date, t.custom_item_id, t.custom_fields, t.parent_task_id,
              ${normStatus("t.status")} as st, (t.due_date at time zone 'UTC')::date as dd
       from tasks t
       where t.organization_id = $1 and t.folder_id = $2 and not t.deleted and not t.archived
         and ($6::boolean
              or t.id = any(coalesce($3::text[], '{}'::text[]))
              or exists (select 1 from task_assignees a
                         where a.organization_id = $1 and a.task_id = t.id and a.user_id = $7))
     )
     select ft.id, ft.name, ft.status, ft.due_date, ft.custom_item_id, ft.custom_fields, 'milestone' as kind
     from ft where ft.custom_item_id = 1 and ft.dd between $4::date and $5::date
     union all
     select ft.id, ft.name, ft.status, ft.due_date, ft.custom_item_id, ft.custom_fields, 'revision' as kind
     from ft
     where ft.custom_item_id = 1033 and nullif(btrim(ft.parent_task_id), '') is not null
       and ft.st !~ ${NOT_LIVE}
       and exists (select 1 from tasks p
                   where p.organization_id = $1 and p.id = btrim(ft.parent_task_id)
                     and not p.deleted and p.custom_item_id = 1009
                     and ${normStatus("p.status")} !~ ${NOT_LIVE})
     order by kind, due_date nulls last, name, id`,
    [
      scope.organizationId,
      folderId,
      scope.accessibleTaskIds === null ? null : [...scope.accessibleTaskIds],
      from,
      to,
      scope.seesAll,
      scope.providerUserId,
    ],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Who is viewing
// ---------------------------------------------------------------------------------------------

export interface ConnectionRow {
  clickup_user_id: string;
  clickup_username: string | null;
  clickup_email: string | null;
  provider_username: string | null;
  profile_picture: string | null;
  has_token: boolean;
}

/** The person's active ClickUp connection in the workspace, with their ClickUp username. */
export async function selectConnection(
  database: Database,
  organizationId: string,
  userId: string,
): Promise<ConnectionRow | null> {
  const { rows } = await database.raw.query<ConnectionRow>(
    `select c.clickup_user_id, c.clickup_username, c.clickup_email,
            pu.username as provider_username, pu.profile_picture,
            (c.access_token_enc is not null) as has_token
     from user_clickup_connections c
     left join provider_users pu on pu.organization_id = c.organization_id and pu.id = c.clickup_user_id
     where c.organization_id = $1 and c.user_id = $2 and c.is_active
     limit 1`,
    [organizationId, userId],
  );
  return rows[0] ?? null;
}

export interface MemberRow {
  user_id: string;
  role: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
}

/** A member of the workspace with their role and profile; `null` when not a member. */
export async function selectMember(
  database: Database,
  organizationId: string,
  userId: string,
): Promise<MemberRow | null> {
  const { rows } = await database.raw.query<MemberRow>(
    `select uo.user_id, uo.role, p.email, p.first_name, p.last_name, p.name
     from user_organizations uo join profiles p on p.id = uo.user_id
     where uo.organization_id = $1 and uo.user_id = $2`,
    [organizationId, userId],
  );
  return rows[0] ?? null;
}

/** The ClickUp team (workspace) id of the workspace's connection, for links to folders. */
export async function selectClickupTeamId(
  database: Database,
  organizationId: string,
): Promise<string | null> {
  const { rows } = await database.raw.query<{ clickup_team_id: string | null }>(
    `select clickup_team_id from clickup_workspace_connections where organization_id = $1`,
    [organizationId],
  );
  return rows[0]?.clickup_team_id ?? null;
}
