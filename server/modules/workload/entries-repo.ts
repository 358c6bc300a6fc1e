import { sql, type SQL } from "drizzle-orm";
import { firstRow, type Executor } from "../../db/executor";
import { listPage, whereAll, type ListPage, type SortDirection } from "../../lib/list-query";
import { taskVisibleIn, type TaskScope } from "../accessible-tasks/task-scope";
import { FINISHED, hoursPerDayEstimate, normStatus } from "../dashboard/repo";
import type { WorkloadEntrySortKey, WorkloadTimeEntrySortKey } from "./contract";
import { priceSql, rateSql } from "../rate-cards/rates-sql";

/*
 * The rows behind the workload grid: spec §3 Workload entries (one per task and assignee) and
 * Detailed time entries, paged with listPage, under the caller's task visibility (spec §6) with
 * the count of rows it hides. Money is read only when the caller may see it.
 */

export interface EntriesFilter {
  organizationId: string;
  /** The window (inclusive yyyy-MM-dd); with one, only open tasks booked in it. */
  from?: string;
  to?: string;
  today: string;
  space?: string;
  project?: string;
  /** ClickUp user id, or "" for tasks without an assignee. */
  person?: string;
  role?: string;
  includeTentative: boolean;
  bidStatuses: string[];
  withMoney: boolean;
}

export interface WorkloadEntryRow {
  task_id: string;
  assignee_id: string | null;
  name: string;
  custom_id: string | null;
  job_code: string | null;
  status: string | null;
  start_day: string | null;
  due_day: string | null;
  space_id: string | null;
  folder_id: string | null;
  space_name: string | null;
  folder_name: string | null;
  time_estimate_ms: number | string | null;
  tags: unknown;
  url: string | null;
  tentative: boolean;
  overdue: boolean;
  hpd: number | null;
  task_username: string | null;
  task_email: string | null;
  pu_username: string | null;
  pu_email: string | null;
  known: boolean;
  logged_ms: number | string | null;
  assignee_rate: number | string | null;
  estimated_cost: number | string | null;
  actual_cost: number | string | null;
}

const bidFolders = (f: { organizationId: string; bidStatuses: string[] }) => sql`
  bid as (
    select distinct m.folder_id from tasks m
     where m.organization_id = ${f.organizationId} and m.custom_item_id = 1001 and not m.deleted
       and m.folder_id is not null
       and m.status in (select jsonb_array_elements_text(${JSON.stringify(f.bidStatuses)}::jsonb))
  )`;

const roleHolders = (
  organizationId: string,
  role: string,
) => sql`(select ps.clickup_user_id from person_settings ps
  where ps.organization_id = ${organizationId}
    and exists (select 1 from unnest(ps.role_tags) r where lower(r) = lower(${role})))`;

/** The assignee's name for sorting (spec §8 order; the page shows domain resolveAssigneeName's). */
const ASSIGNEE_SORT = sql`lower(coalesce(ta.username, nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''),
  ta.email, case when ta.user_id is null then null else 'User ' || ta.user_id end))`;

const ENTRY_SORTS: Record<WorkloadEntrySortKey, SQL> = {
  due_date: sql`x.dd`,
  start_date: sql`x.sd`,
  name: sql`lower(t.name)`,
  assignee_name: ASSIGNEE_SORT,
  folder_name: sql`lower(coalesce(f.name, t.folder_name))`,
  estimated_time_total: sql`t.time_estimate_ms`,
  total_time_logged_hours: sql`(select coalesce(sum(te.duration_ms), 0) from time_entries te
    where te.organization_id = t.organization_id and te.task_id = t.id and te.user_id = ta.user_id and not te.deleted)`,
};

function entryConditions(f: EntriesFilter): SQL[] {
  const out: SQL[] = [sql`t.organization_id = ${f.organizationId}`, sql`not t.deleted`];
  if (f.from !== undefined && f.to !== undefined) {
    out.push(
      sql`not t.archived`,
      sql`${sql.raw(normStatus("t.status"))} !~ ${sql.raw(FINISHED)}`,
      sql`r.rs is not null and r.rs <= r.re and r.rs <= ${f.to}::date and r.re >= ${f.from}::date`,
      // Only tasks that book time (an estimate or an h/d est figure), as the grid counts them: a
      // project's own task or an unestimated one books nothing and would list 0.0h under a cell.
      sql`(coalesce(t.time_estimate_ms, 0) > 0 or coalesce(${sql.raw(hoursPerDayEstimate("t.custom_fields"))}, 0) > 0)`,
    );
  }
  if (f.space) out.push(sql`t.space_id = ${f.space}`);
  if (f.project) out.push(sql`t.folder_id = ${f.project}`);
  if (f.person === "") out.push(sql`ta.user_id is null`);
  else if (f.person) out.push(sql`ta.user_id = ${f.person}`);
  if (f.role) out.push(sql`ta.user_id in ${roleHolders(f.organizationId, f.role)}`);
  if (!f.includeTentative)
    out.push(sql`(t.folder_id is null or t.folder_id not in (select folder_id from bid))`);
  return out;
}

const ENTRY_FROM = sql`tasks t
  cross join lateral (select (t.start_date at time zone 'UTC')::date as sd, (t.due_date at time zone 'UTC')::date as dd) x
  cross join lateral (select coalesce(x.sd, x.dd - 7) as rs, coalesce(x.dd, x.sd + 7) as re) r
  left join task_assignees ta on ta.organization_id = t.organization_id and ta.task_id = t.id
  left join provider_users pu on pu.organization_id = t.organization_id and pu.id = ta.user_id
  left join folders f on f.organization_id = t.organization_id and f.id = t.folder_id
  left join spaces s on s.organization_id = t.organization_id and s.id = t.space_id`;

/** One page of Workload entries visible to the scope, and how many matching rows it hides. */
export async function selectWorkloadEntries(
  executor: Executor,
  f: EntriesFilter,
  scope: TaskScope,
  page: { sort: WorkloadEntrySortKey; dir: SortDirection; page: number; pageSize: number },
): Promise<{ page: ListPage<WorkloadEntryRow>; hidden: number }> {
  const org = f.organizationId;
  const conditions = entryConditions(f);
  const visible = taskVisibleIn(scope, "t");
  const money = f.withMoney;
  const rateDay = sql`coalesce(list_page.rs, ${f.today}::date)`;
  const subject = (person: SQL) => ({
    organizationId: org,
    person,
    roles: sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = ${person})`,
    folder: sql`list_page.folder_id`,
    day: rateDay,
  });
  const result = await listPage<WorkloadEntryRow, WorkloadEntrySortKey>(executor, {
    with: bidFolders(f),
    select: sql`t.id as task_id, ta.user_id as assignee_id, t.name, t.custom_id, t.job_code, t.status,
      to_char(x.sd, 'YYYY-MM-DD') as start_day, to_char(x.dd, 'YYYY-MM-DD') as due_day, r.rs,
      t.space_id, t.folder_id, coalesce(s.name, t.space_name) as space_name,
      coalesce(f.name, t.folder_name) as folder_name, t.time_estimate_ms, t.tags, t.url,
      (t.folder_id is not null and t.folder_id in (select folder_id from bid)) as tentative,
      (x.dd < ${f.today}::date and ${sql.raw(normStatus("t.status"))} !~ ${sql.raw(FINISHED)}) as overdue,
      ${sql.raw(hoursPerDayEstimate("t.custom_fields"))} as hpd,
      ta.username as task_username, ta.email as task_email, pu.username as pu_username, pu.email as pu_email,
      (pu.id is not null) as known`,
    from: ENTRY_FROM,
    where: [...conditions, visible],
    sorts: ENTRY_SORTS,
    tiebreakers: [sql`t.id`, sql`coalesce(ta.user_id, '')`],
    sort: page.sort,
    dir: page.dir,
    page: page.page,
    pageSize: page.pageSize,
    late: {
      select: sql`(select coalesce(sum(te.duration_ms), 0) from time_entries te
          where te.organization_id = ${org} and te.task_id = list_page.task_id
            and te.user_id = list_page.assignee_id and not te.deleted) as logged_ms,
        ${
          money
            ? sql`case when list_page.assignee_id is null then null else ${rateSql("internal", subject(sql`list_page.assignee_id`))} end as assignee_rate,
        case when list_page.assignee_id is null or list_page.time_estimate_ms is null then null
             else ${priceSql(sql`list_page.time_estimate_ms`, rateSql("client", subject(sql`list_page.assignee_id`)))} end
          as estimated_cost,
        (select case when count(*) > 0 and count(p.price) = 0 then null else coalesce(sum(p.price), 0) end
           from time_entries te
           cross join lateral (select ${priceSql(
             sql`te.duration_ms`,
             rateSql("client", {
               ...subject(sql`te.user_id`),
               day: sql`(te.start_time at time zone (select o.time_zone from organizations o where o.id = ${org}))::date`,
             }),
           )} as price) p
          where te.organization_id = ${org} and te.task_id = list_page.task_id
            and te.user_id = list_page.assignee_id and not te.deleted) as actual_cost`
            : sql`null::bigint as assignee_rate, null::bigint as estimated_cost, null::bigint as actual_cost`
        }`,
    },
  });
  const hidden = scope.seesAll
    ? 0
    : ((
        await firstRow<{ n: number }>(
          executor,
          sql`with ${bidFolders(f)} select count(*)::int as n from ${ENTRY_FROM}
               where ${whereAll(conditions)} and not ${visible}`,
        )
      )?.n ?? 0);
  return { page: result, hidden };
}

export interface TimeEntriesFilter {
  organizationId: string;
  from?: string;
  to?: string;
  space?: string;
  project?: string;
  person?: string;
  withMoney: boolean;
}

export interface WorkloadTimeEntryRow {
  id: string;
  task_id: string | null;
  task_name: string | null;
  user_id: string;
  pu_username: string | null;
  pu_email: string | null;
  task_username: string | null;
  task_email: string | null;
  duration_ms: number | string;
  start_time: Date | string;
  internal_rate: number | string | null;
  client_rate: number | string | null;
  actual_client_revenue: number | string | null;
}

const TIME_ENTRY_SORTS: Record<WorkloadTimeEntrySortKey, SQL> = {
  start_time: sql`te.start_time`,
  hours_logged: sql`te.duration_ms`,
  assignee_name: sql`lower(coalesce(nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''), 'User ' || te.user_id))`,
};

/** The workspace day of an entry (its start in the workspace time zone). */
const entryDay = (organizationId: string) =>
  sql`(te.start_time at time zone (select o.time_zone from organizations o where o.id = ${organizationId}))::date`;

function timeEntryConditions(f: TimeEntriesFilter): SQL[] {
  const out: SQL[] = [sql`te.organization_id = ${f.organizationId}`, sql`not te.deleted`];
  if (f.from !== undefined && f.to !== undefined) {
    out.push(sql`${entryDay(f.organizationId)} between ${f.from}::date and ${f.to}::date`);
  }
  if (f.person) out.push(sql`te.user_id = ${f.person}`);
  if (f.space) out.push(sql`t.space_id = ${f.space}`);
  if (f.project) out.push(sql`t.folder_id = ${f.project}`);
  return out;
}

/** Visible when its task is (spec §6); an entry without a task only to its own person or to see-all. */
function timeEntryVisible(scope: TaskScope): SQL {
  if (scope.seesAll) return sql`true`;
  return sql`(case when t.id is null then te.user_id = ${scope.clickupUserId ?? ""} else ${taskVisibleIn(scope, "t")} end)`;
}

const TIME_ENTRY_FROM = sql`time_entries te
  left join tasks t on t.organization_id = te.organization_id and t.id = te.task_id and not t.deleted
  left join provider_users pu on pu.organization_id = te.organization_id and pu.id = te.user_id`;

/** One page of Detailed time entries visible to the scope, and how many matching entries it hides. */
export async function selectWorkloadTimeEntries(
  executor: Executor,
  f: TimeEntriesFilter,
  scope: TaskScope,
  page: { sort: WorkloadTimeEntrySortKey; dir: SortDirection; page: number; pageSize: number },
): Promise<{ page: ListPage<WorkloadTimeEntryRow>; hidden: number }> {
  const org = f.organizationId;
  const conditions = timeEntryConditions(f);
  const visible = timeEntryVisible(scope);
  const subject = {
    organizationId: org,
    person: sql`list_page.user_id`,
    roles: sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = list_page.user_id)`,
    folder: sql`list_page.folder_id`,
    day: sql`list_page.day`,
  };
  const result = await listPage<WorkloadTimeEntryRow, WorkloadTimeEntrySortKey>(executor, {
    select: sql`te.id, te.task_id, t.name as task_name, te.user_id, te.duration_ms, te.start_time,
      t.folder_id, ${entryDay(org)} as day, pu.username as pu_username, pu.email as pu_email`,
    from: TIME_ENTRY_FROM,
    where: [...conditions, visible],
    sorts: TIME_ENTRY_SORTS,
    tiebreakers: [sql`te.id`],
    sort: page.sort,
    dir: page.dir,
    page: page.page,
    pageSize: page.pageSize,
    late: {
      select: sql`aa.username as task_username, aa.email as task_email,
        ${
          f.withMoney
            ? sql`${rateSql("internal", subject)} as internal_rate, cr.rate as client_rate,
                  ${priceSql(sql`list_page.duration_ms`, sql`cr.rate`)} as actual_client_revenue`
            : sql`null::bigint as internal_rate, null::bigint as client_rate, null::bigint as actual_client_revenue`
        }`,
      from: sql`left join task_assignees aa
          on aa.organization_id = ${org} and aa.task_id = list_page.task_id and aa.user_id = list_page.user_id
        ${f.withMoney ? sql`cross join lateral (select ${rateSql("client", subject)} as rate) cr` : sql``}`,
    },
  });
  const hidden = scope.seesAll
    ? 0
    : ((
        await firstRow<{ n: number }>(
          executor,
          sql`select count(*)::int as n from ${TIME_ENTRY_FROM} where ${whereAll(conditions)} and not ${visible}`,
        )
      )?.n ?? 0);
  return { page: result, hidden };
}
