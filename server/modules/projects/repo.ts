import { COMPLETED_JOBS_SPACE_NAME, ITEM_TYPE } from "@domain/index";
import type { Database } from "../../db/client";

/*
 * All SQL of the projects area. Every query filters organization_id first, then the folder or
 * task. A project is a folder's meta task (custom_item_id 1001); its id is the meta task id.
 *
 * Task scope (spec §6): `seesAll` (admins and owners) counts every task of the folder; otherwise
 * only tasks assigned to the caller's ClickUp user id or in their permitted task-id list.
 * Hours come from the rolled-up totals (estimated_time_total / time_logged_total include the
 * subtasks'), so a task is summed only when its parent is not itself summed — no double count.
 */

/** Who is asking and which tasks they may count (spec §6). */
export interface TaskScope {
  seesAll: boolean;
  /** The caller's ClickUp user id in this workspace, or null when not connected. */
  clickupUserId: string | null;
  /** Task ids the caller may see besides their own assignments. */
  allowedTaskIds: readonly string[];
}

const PROJECT = ITEM_TYPE.project;

/** `visible(alias)`: the §6 filter, reading $scopeAll, $scopeUser and $scopeAllowed. */
function visible(alias: string, all: string, user: string, allowed: string): string {
  return `(${all}::boolean
    or (${user}::text is not null and exists (
      select 1 from task_assignees ta
      where ta.organization_id = ${alias}.organization_id and ta.task_id = ${alias}.id and ta.user_id = ${user}::text))
    or ${alias}.id = any(${allowed}::text[]))`;
}

function scopeParams(scope: TaskScope): [boolean, string | null, string[]] {
  return [scope.seesAll, scope.clickupUserId, [...scope.allowedTaskIds]];
}

/** Rows of the folder that count for hours: visible, and not under a visible parent. */
function countedTasks(org: string, folder: string, all: string, user: string, allowed: string): string {
  return `select t.id, t.estimated_time_total, t.time_logged_total
    from tasks t
    where t.organization_id = ${org} and t.folder_id = ${folder} and not t.deleted
      and ${visible("t", all, user, allowed)}
      and not exists (
        select 1 from tasks p
        where p.organization_id = t.organization_id and p.id = t.parent_task_id and not p.deleted
          and p.folder_id = t.folder_id and ${visible("p", all, user, allowed)})`;
}

export interface NavProjectRow {
  id: string;
  name: string;
  status: string | null;
  folder_id: string | null;
  space_id: string | null;
  space_name: string | null;
}

/** Client text of a custom-field jsonb value: {text}, {value}, {name} or a plain scalar. */
const JSON_TEXT = (v: string) => `nullif(btrim(coalesce(
  ${v}->>'text', ${v}->>'value', ${v}->>'name',
  case when jsonb_typeof(${v}) in ('string', 'number', 'boolean') then ${v} #>> '{}' end)), '')`;

const PROJECT_FROM = `
  from tasks m
  left join folders f on f.organization_id = m.organization_id and f.id = m.folder_id
  left join spaces s on s.organization_id = m.organization_id and s.id = coalesce(f.space_id, m.space_id)`;
const PROJECT_WHERE = `
  where m.organization_id = $1 and m.custom_item_id = ${PROJECT} and not m.deleted and not m.archived
    and upper(btrim(coalesce(s.name, m.space_name, ''))) <> '${COMPLETED_JOBS_SPACE_NAME}'`;

/** Client of every project at once: the first non-empty field whose name has 'client' (not the folder id). */
const CLIENTS = `client as materialized (
  select distinct on (v.task_id) v.task_id, ${JSON_TEXT("v.value")} as text
  from custom_field_values v
  join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
  where v.organization_id = $1
    and lower(cf.name) like '%client%'
    and not (lower(cf.name) like '%clickup%' and lower(cf.name) like '%folder%')
    and ${JSON_TEXT("v.value")} is not null
  order by v.task_id, cf.name, cf.id
)`;

/** Admin folder sums: every task, a subtask only when its parent is not in the same folder. */
const ADMIN_SUMS = `sums as materialized (
  select t.folder_id, sum(t.estimated_time_total) as estimated, sum(t.time_logged_total) as logged
  from tasks t
  where t.organization_id = $1 and t.folder_id is not null and not t.deleted
    and not exists (
      select 1 from tasks p
      where p.organization_id = t.organization_id and p.id = t.parent_task_id and not p.deleted
        and p.folder_id = t.folder_id)
  group by t.folder_id
), ${CLIENTS}`;

/**
 * Scoped folder sums (§6): start from the caller's tasks (assigned to $2 or in $3) rather than
 * filtering every task of the workspace; a subtask is skipped when its parent is also counted.
 */
const SCOPED_SUMS = `vis as (
  select ta.task_id as id from task_assignees ta
  where ta.organization_id = $1 and ta.user_id = $2::text
  union
  select unnest($3::text[])
), sums as materialized (
  select t.folder_id, sum(t.estimated_time_total) as estimated, sum(t.time_logged_total) as logged
  from vis join tasks t on t.organization_id = $1 and t.id = vis.id
  where t.folder_id is not null and not t.deleted
    and not (t.parent_task_id in (select id from vis) and exists (
      select 1 from tasks p
      where p.organization_id = t.organization_id and p.id = t.parent_task_id and not p.deleted
        and p.folder_id = t.folder_id))
  group by t.folder_id
), ${CLIENTS}`;

export function projectsRepo(database: Database) {
  const q = database.raw.query.bind(database.raw);

  return {
    /** Every project of the workspace for the navigation menus (COMPLETED JOBS left out). */
    async listNavProjects(organizationId: string): Promise<NavProjectRow[]> {
      const { rows } = await q<NavProjectRow>(
        `select m.id, m.name, m.status, m.folder_id,
                coalesce(f.space_id, m.space_id) as space_id,
                coalesce(s.name, m.space_name) as space_name
         ${PROJECT_FROM}
         ${PROJECT_WHERE}
         order by lower(m.name), m.id`,
        [organizationId],
      );
      return rows;
    },

    /**
     * Every project with the All Projects columns and its §6-scoped hour totals, in one query:
     * one grouped pass over the workspace's counted tasks, one lateral lookup of the client field.
     */
    async listProjectRows(organizationId: string, scope: TaskScope): Promise<ProjectListRow[]> {
      const { rows } = await q<ProjectListRow>(
        `with ${scope.seesAll ? ADMIN_SUMS : SCOPED_SUMS}
         select m.id, m.name, m.status, m.custom_id, m.folder_id, m.start_date, m.due_date,
                m.assignees_array,
                coalesce(f.space_id, m.space_id) as space_id,
                coalesce(s.name, m.space_name) as space_name,
                coalesce(f.name, m.folder_name) as folder_name,
                client.text as client,
                coalesce(sums.estimated, 0)::float8 as estimated_hours,
                coalesce(sums.logged, 0)::float8 as logged_hours
         ${PROJECT_FROM}
         left join sums on sums.folder_id = m.folder_id
         left join client on client.task_id = m.id
         ${PROJECT_WHERE}
         order by lower(m.name), m.id`,
        scope.seesAll ? [organizationId] : [organizationId, scope.clickupUserId, [...scope.allowedTaskIds]],
      );
      return rows;
    },

    /** The meta task of a project (spec §7: id and custom_item_id 1001), or undefined. */
    async findMetaTask(organizationId: string, projectId: string): Promise<MetaTaskRow | undefined> {
      const { rows } = await q<MetaTaskRow>(
        `select m.id, m.name, m.status, m.start_date, m.due_date, m.folder_id, m.assignee_name,
                m.assignee_id, m.assignees_array, m.estimated_time_total, m.time_logged_total,
                m.custom_id, m.url,
                coalesce(f.space_id, m.space_id) as space_id,
                coalesce(s.name, m.space_name) as space_name,
                coalesce(f.name, m.folder_name) as folder_name
         from tasks m
         left join folders f on f.organization_id = m.organization_id and f.id = m.folder_id
         left join spaces s on s.organization_id = m.organization_id and s.id = coalesce(f.space_id, m.space_id)
         where m.organization_id = $1 and m.id = $2 and m.custom_item_id = ${PROJECT} and not m.deleted`,
        [organizationId, projectId],
      );
      return rows[0];
    },

    /** Custom field values of one task with the field's name and type (spec §7). */
    async customFieldValues(organizationId: string, taskId: string): Promise<CustomFieldValueRow[]> {
      const { rows } = await q<CustomFieldValueRow>(
        `select v.custom_field_id as id, cf.name, cf.field_type, v.value
         from custom_field_values v
         join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
         where v.organization_id = $1 and v.task_id = $2
         order by cf.name, cf.id`,
        [organizationId, taskId],
      );
      return rows;
    },

    /** Folder sums of estimated and logged hours under the §6 scope. */
    async folderHours(
      organizationId: string,
      folderId: string,
      scope: TaskScope,
    ): Promise<{ estimated: number; logged: number }> {
      const { rows } = await q<{ estimated: number; logged: number }>(
        `select coalesce(sum(estimated_time_total), 0)::float8 as estimated,
                coalesce(sum(time_logged_total), 0)::float8 as logged
         from (${countedTasks("$1", "$2", "$3", "$4", "$5")}) c`,
        [organizationId, folderId, ...scopeParams(scope)],
      );
      return { estimated: Number(rows[0]?.estimated ?? 0), logged: Number(rows[0]?.logged ?? 0) };
    },

    /** Task-summary rows (spec §7): the folder's tasks except closed ones and the meta task. */
    async summaryTasks(organizationId: string, folderId: string): Promise<SummaryTaskRow[]> {
      const { rows } = await q<SummaryTaskRow>(
        `select id, name, status, due_date, custom_item_id
         from tasks
         where organization_id = $1 and folder_id = $2 and not deleted and not archived
           and custom_item_id is distinct from ${PROJECT}
           and lower(coalesce(status, '')) not like '%closed%'
         order by due_date nulls last, id`,
        [organizationId, folderId],
      );
      return rows;
    },

    /**
     * Team rows (spec §7): one per task and assignee of the folder's tasks (meta task aside),
     * with every name source the §8 fallback order reads.
     */
    async teamTaskRows(organizationId: string, folderId: string): Promise<TeamRow[]> {
      const { rows } = await q<TeamRow>(
        `select t.id as task_id, t.status, t.due_date, ta.user_id as assignee_id,
                (select nullif(btrim(a->>'username'), '') from jsonb_array_elements(
                   case when jsonb_typeof(t.assignees_array) = 'array' then t.assignees_array else '[]'::jsonb end) a
                 where a->>'id' = ta.user_id limit 1) as username,
                (select nullif(btrim(a->>'email'), '') from jsonb_array_elements(
                   case when jsonb_typeof(t.assignees_array) = 'array' then t.assignees_array else '[]'::jsonb end) a
                 where a->>'id' = ta.user_id limit 1) as email,
                pu.username as user_username, pu.email as user_email
         from tasks t
         join task_assignees ta on ta.organization_id = t.organization_id and ta.task_id = t.id
         left join provider_users pu on pu.organization_id = t.organization_id and pu.id = ta.user_id
         where t.organization_id = $1 and t.folder_id = $2 and not t.deleted and not t.archived
           and t.custom_item_id is distinct from ${PROJECT}
         order by t.id, ta.user_id`,
        [organizationId, folderId],
      );
      return rows;
    },

    /** Open tasks of one assignee in the folder (spec §7 user tasks: not complete or closed). */
    async assigneeOpenTasks(
      organizationId: string,
      folderId: string,
      assigneeId: string,
    ): Promise<UserTaskRow[]> {
      const { rows } = await q<UserTaskRow>(
        `select t.id, t.name, t.status, t.due_date, t.custom_id
         from tasks t
         join task_assignees ta on ta.organization_id = t.organization_id and ta.task_id = t.id and ta.user_id = $3
         where t.organization_id = $1 and t.folder_id = $2 and not t.deleted and not t.archived
           and t.custom_item_id is distinct from ${PROJECT}
           and lower(coalesce(t.status, '')) not like '%complete%'
           and lower(coalesce(t.status, '')) not like '%closed%'
         order by t.due_date nulls last, t.id`,
        [organizationId, folderId, assigneeId],
      );
      return rows;
    },

    /** Dated tasks of the folder for the timeline, earliest first (meta task aside). */
    async timelineTasks(organizationId: string, folderId: string, limit: number): Promise<TimelineRow[]> {
      const { rows } = await q<TimelineRow>(
        `select t.id, t.name, t.status, t.custom_item_id, t.start_date, t.due_date, t.parent_task_id,
                t.assignees_array
         from tasks t
         where t.organization_id = $1 and t.folder_id = $2 and not t.deleted and not t.archived
           and t.custom_item_id is distinct from ${PROJECT}
           and (t.start_date is not null or t.due_date is not null)
         order by coalesce(t.start_date, t.due_date), t.id
         limit $3`,
        [organizationId, folderId, limit],
      );
      return rows;
    },

    /**
     * Time report cells: hours per person, task and ISO week (Monday, UTC) from non-deleted time
     * entries on the folder's tasks the caller may count.
     */
    async timeReportCells(
      organizationId: string,
      folderId: string,
      scope: TaskScope,
    ): Promise<TimeCellRow[]> {
      const { rows } = await q<TimeCellRow>(
        `select e.user_id, e.task_id,
                to_char(date_trunc('week', e.start_time at time zone 'UTC'), 'YYYY-MM-DD') as week,
                (sum(e.duration_ms) / 3600000.0)::float8 as hours
         from time_entries e
         join tasks t on t.organization_id = e.organization_id and t.id = e.task_id
         where e.organization_id = $1 and t.folder_id = $2 and not e.deleted and not t.deleted
           and ${visible("t", "$3", "$4", "$5")}
         group by e.user_id, e.task_id, week
         order by week, e.user_id, e.task_id`,
        [organizationId, folderId, ...scopeParams(scope)],
      );
      return rows;
    },

    /** The folder's visible tasks with their own estimate and assignees (time report, health). */
    async estimateRows(organizationId: string, folderId: string, scope: TaskScope): Promise<EstimateRow[]> {
      const { rows } = await q<EstimateRow>(
        `select t.id, t.name, t.custom_id, t.custom_item_id, t.status,
                (coalesce(t.time_estimate_ms, 0) / 3600000.0)::float8 as estimate_hours,
                coalesce((select array_agg(ta.user_id order by ta.user_id) from task_assignees ta
                          where ta.organization_id = t.organization_id and ta.task_id = t.id), '{}') as assignee_ids
         from tasks t
         where t.organization_id = $1 and t.folder_id = $2 and not t.deleted
           and ${visible("t", "$3", "$4", "$5")}
         order by t.id`,
        [organizationId, folderId, ...scopeParams(scope)],
      );
      return rows;
    },

    /** ClickUp users of the workspace by id (names for people rows). */
    async providerUsers(organizationId: string, ids: readonly string[]): Promise<ProviderUserRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await q<ProviderUserRow>(
        `select id, username, email, profile_picture from provider_users
         where organization_id = $1 and id = any($2::text[])`,
        [organizationId, [...ids]],
      );
      return rows;
    },

    /** Every ClickUp user of the workspace (at most 1000, spec §9), for producer names. */
    async allProviderUsers(organizationId: string): Promise<ProviderUserRow[]> {
      const { rows } = await q<ProviderUserRow>(
        `select id, username, email, profile_picture from provider_users
         where organization_id = $1 order by username nulls last, id limit 1000`,
        [organizationId],
      );
      return rows;
    },

    /** The caller's active ClickUp user id in this workspace (user_clickup_connections). */
    async clickupUserId(organizationId: string, userId: string): Promise<string | null> {
      const { rows } = await q<{ clickup_user_id: string }>(
        `select clickup_user_id from user_clickup_connections
         where organization_id = $1 and user_id = $2 and is_active`,
        [organizationId, userId],
      );
      return rows[0]?.clickup_user_id ?? null;
    },
  };
}

export type ProjectsRepo = ReturnType<typeof projectsRepo>;

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
  folder_name: string | null;
  client: string | null;
  estimated_hours: number;
  logged_hours: number;
}

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

export interface CustomFieldValueRow {
  id: string;
  name: string;
  field_type: string;
  value: unknown;
}

export interface SummaryTaskRow {
  id: string;
  name: string;
  status: string | null;
  due_date: Date | string | null;
  custom_item_id: number | null;
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

export interface UserTaskRow {
  id: string;
  name: string;
  status: string | null;
  due_date: Date | string | null;
  custom_id: string | null;
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

export interface TimeCellRow {
  user_id: string;
  task_id: string;
  week: string;
  hours: number;
}

export interface EstimateRow {
  id: string;
  name: string;
  custom_id: string | null;
  custom_item_id: number | null;
  status: string | null;
  estimate_hours: number;
  assignee_ids: string[];
}

export interface ProviderUserRow {
  id: string;
  username: string | null;
  email: string | null;
  profile_picture: string | null;
}
