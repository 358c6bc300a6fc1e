import { sql, type SQL } from "drizzle-orm";
import type { TimesheetWeekStatus } from "@domain/timesheet-approval";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { listPage, type ListPage } from "../../lib/list-query";
import { clickupUserNameSql, profileNameSql } from "../../lib/sql-names";

/* All SQL of timesheet approval: weeks (timesheet_weeks) and ClickUp-side changes to approved weeks. */

export interface WeekRow {
  clickup_user_id: string;
  week_start: string;
  status: TimesheetWeekStatus;
  version: number;
  submitted_at: string | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  decided_at: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  comment: string | null;
}

const weekColumns = sql`w.clickup_user_id, to_char(w.week_start, 'YYYY-MM-DD') as week_start, w.status, w.version,
  w.submitted_at, w.submitted_by, ${profileNameSql("ps")} as submitted_by_name,
  w.decided_at, w.decided_by, ${profileNameSql("pd")} as decided_by_name, w.comment`;
const weekJoins = sql`left join profiles ps on ps.id = w.submitted_by
  left join profiles pd on pd.id = w.decided_by`;

/** One week, or undefined when it was never acted on (open). `lock` holds it until the transaction ends. */
export async function selectWeek(
  ex: Executor,
  orgId: string,
  clickupUserId: string,
  weekStart: string,
  lock: "none" | "share" | "update" = "none",
): Promise<WeekRow | undefined> {
  // A lock cannot reach the outer-joined profiles: lock the week's row first, then read it whole.
  if (lock !== "none") {
    await run(
      ex,
      sql`select 1 from timesheet_weeks
          where organization_id = ${orgId} and clickup_user_id = ${clickupUserId} and week_start = ${weekStart}::date
          ${lock === "update" ? sql`for update` : sql`for share`}`,
    );
  }
  return firstRow<WeekRow>(
    ex,
    sql`select ${weekColumns} from timesheet_weeks w ${weekJoins}
        where w.organization_id = ${orgId} and w.clickup_user_id = ${clickupUserId}
          and w.week_start = ${weekStart}::date`,
  );
}

/** A week's status alone (the dashboard's My Week badge); undefined when it was never acted on (open). */
export async function selectWeekStatus(
  ex: Executor,
  orgId: string,
  clickupUserId: string,
  weekStart: string,
): Promise<TimesheetWeekStatus | undefined> {
  const row = await firstRow<{ status: TimesheetWeekStatus }>(
    ex,
    sql`select status from timesheet_weeks
        where organization_id = ${orgId} and clickup_user_id = ${clickupUserId} and week_start = ${weekStart}::date`,
  );
  return row?.status;
}

/** Write a week's new state (a first action inserts it). */
export async function saveWeek(
  ex: Executor,
  orgId: string,
  week: {
    clickupUserId: string;
    weekStart: string;
    status: TimesheetWeekStatus;
    submittedBy?: string;
    decidedBy?: string;
    comment?: string | null;
    now: Date;
  },
): Promise<void> {
  const at = week.now.toISOString();
  const submitted = week.submittedBy !== undefined;
  const decided = week.decidedBy !== undefined;
  await run(
    ex,
    sql`insert into timesheet_weeks (organization_id, clickup_user_id, week_start, status, version,
          submitted_at, submitted_by, decided_at, decided_by, comment, updated_at)
        values (${orgId}, ${week.clickupUserId}, ${week.weekStart}::date, ${week.status}, 1,
          ${submitted ? at : null}::timestamptz, ${week.submittedBy ?? null},
          ${decided ? at : null}::timestamptz, ${week.decidedBy ?? null}, ${week.comment ?? null}, ${at}::timestamptz)
        on conflict (organization_id, clickup_user_id, week_start) do update set
          status = excluded.status, version = timesheet_weeks.version + 1,
          submitted_at = ${submitted ? sql`excluded.submitted_at` : sql`timesheet_weeks.submitted_at`},
          submitted_by = ${submitted ? sql`excluded.submitted_by` : sql`timesheet_weeks.submitted_by`},
          decided_at = ${decided ? sql`excluded.decided_at` : sql`timesheet_weeks.decided_at`},
          decided_by = ${decided ? sql`excluded.decided_by` : sql`timesheet_weeks.decided_by`},
          comment = ${week.comment === undefined ? sql`timesheet_weeks.comment` : sql`excluded.comment`},
          updated_at = excluded.updated_at`,
  );
}

/** The name of a ClickUp user of this workspace (synced or connected), or undefined for a stranger. */
export async function selectClickupUserName(
  ex: Executor,
  orgId: string,
  clickupUserId: string,
): Promise<string | undefined> {
  const row = await firstRow<{ name: string }>(
    ex,
    sql`select ${clickupUserNameSql(sql`pu`, sql`k.id`)} as name
          from (select ${clickupUserId}::text as id) k
          left join provider_users pu on pu.organization_id = ${orgId} and pu.id = k.id
         where pu.id is not null
            or exists (select 1 from user_clickup_connections c
                        where c.organization_id = ${orgId} and c.clickup_user_id = k.id)`,
  );
  return row?.name;
}

/**
 * The weeks acted on (not open) that touch [from, to], of one person or everyone: the week
 * status the utilization report shows.
 */
export async function selectWeekStatuses(
  ex: Executor,
  orgId: string,
  range: { from: string; to: string; person?: string | undefined },
) {
  return rows<{ clickup_user_id: string; week_start: string; status: TimesheetWeekStatus }>(
    ex,
    sql`select clickup_user_id, to_char(week_start, 'YYYY-MM-DD') as week_start, status
          from timesheet_weeks
         where organization_id = ${orgId} and status <> 'open'
           and week_start between ${range.from}::date - 6 and ${range.to}::date
           ${range.person ? sql`and clickup_user_id = ${range.person}` : sql``}
         order by clickup_user_id, week_start`,
  );
}

// ---------------------------------------------------------------------------------------------
// The approval queue
// ---------------------------------------------------------------------------------------------

export interface QueueRow extends WeekRow {
  person_name: string;
  total_ms: string | number;
  billable_ms: string | number;
  open_changes: string | number;
}

export async function selectWeekQueue(
  ex: Executor,
  orgId: string,
  filter: { statuses: TimesheetWeekStatus[]; person?: string; from?: string; to?: string },
  page: { page: number; pageSize: number },
): Promise<ListPage<QueueRow>> {
  const where: SQL[] = [
    sql`w.organization_id = ${orgId}`,
    sql`w.status in (${sql.join(
      filter.statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (filter.person) where.push(sql`w.clickup_user_id = ${filter.person}`);
  if (filter.from) where.push(sql`w.week_start >= ${filter.from}::date`);
  if (filter.to) where.push(sql`w.week_start <= ${filter.to}::date`);
  const personName = clickupUserNameSql(sql`pu`, sql`w.clickup_user_id`);
  // The page's rows are chosen on the week and the person's name; who submitted and decided, the
  // hours and the open changes are read for those rows only (late).
  return listPage<QueueRow, "week">(ex, {
    select: sql`w.clickup_user_id, to_char(w.week_start, 'YYYY-MM-DD') as week_start, w.status, w.version,
      w.submitted_at, w.submitted_by, w.decided_at, w.decided_by, w.comment, ${personName} as person_name`,
    from: sql`timesheet_weeks w
      left join provider_users pu on pu.organization_id = w.organization_id and pu.id = w.clickup_user_id`,
    where,
    sorts: { week: sql`w.week_start` },
    tiebreakers: [personName, sql`w.clickup_user_id`],
    sort: "week",
    dir: "desc",
    page: page.page,
    pageSize: page.pageSize,
    // The week's hours (one index range per week on time_entries_user_start_idx) and open flags.
    late: {
      select: sql`${profileNameSql("ps")} as submitted_by_name, ${profileNameSql("pd")} as decided_by_name,
        t.total_ms, t.billable_ms, c.open_changes`,
      from: sql`left join profiles ps on ps.id = list_page.submitted_by
        left join profiles pd on pd.id = list_page.decided_by
        cross join lateral (
          select coalesce(sum(e.duration_ms), 0) as total_ms,
                 coalesce(sum(e.duration_ms) filter (where e.billable), 0) as billable_ms
            from time_entries e
           where e.organization_id = ${orgId} and e.user_id = list_page.clickup_user_id and not e.deleted
             and e.start_time >= list_page.week_start::date::timestamp at time zone 'UTC'
             and e.start_time < (list_page.week_start::date + 7)::timestamp at time zone 'UTC') t
        cross join lateral (
          select count(*) as open_changes from locked_week_changes x
           where x.organization_id = ${orgId} and x.clickup_user_id = list_page.clickup_user_id
             and x.week_start = list_page.week_start::date and x.acknowledged_at is null) c`,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// ClickUp-side changes to approved weeks
// ---------------------------------------------------------------------------------------------

/*
 * The rows of locked_week_changes are written by the database itself: the statement-level
 * triggers of migration 0024 on time_entries compare each statement's rows before and after and
 * record every change to an approved week, whatever wrote it (full sync, poll, webhook, re-sync).
 */

export interface LockedChangeRow {
  id: string;
  clickup_user_id: string;
  person_name: string;
  week_start: string;
  time_entry_id: string;
  change: "added" | "changed" | "deleted";
  before: { taskId: string | null; start: string; durationMs: number | string; billable: boolean } | null;
  after: { taskId: string | null; start: string; durationMs: number | string; billable: boolean } | null;
  before_task_name: string | null;
  after_task_name: string | null;
  detected_at: string;
  acknowledged_at: string | null;
  acknowledged_by_name: string | null;
}

const changeColumns = sql`x.id, x.clickup_user_id, ${clickupUserNameSql(sql`pu`, sql`x.clickup_user_id`)} as person_name,
  to_char(x.week_start, 'YYYY-MM-DD') as week_start, x.time_entry_id, x.change, x.before, x.after,
  x.detected_at, x.acknowledged_at, ${profileNameSql("pa")} as acknowledged_by_name`;
const changeJoins = sql`left join provider_users pu on pu.organization_id = x.organization_id and pu.id = x.clickup_user_id
  left join profiles pa on pa.id = x.acknowledged_by`;

export async function selectLockedChanges(
  ex: Executor,
  orgId: string,
  filter: { state: "open" | "all" },
  page: { page: number; pageSize: number },
): Promise<ListPage<LockedChangeRow>> {
  return listPage<LockedChangeRow, "detected">(ex, {
    select: changeColumns,
    from: sql`locked_week_changes x ${changeJoins}`,
    where: [
      sql`x.organization_id = ${orgId}`,
      filter.state === "open" ? sql`x.acknowledged_at is null` : undefined,
    ],
    sorts: { detected: sql`x.detected_at` },
    tiebreakers: [sql`x.id`],
    sort: "detected",
    dir: "desc",
    page: page.page,
    pageSize: page.pageSize,
    late: {
      select: sql`tb.name as before_task_name, ta.name as after_task_name`,
      from: sql`left join tasks tb on tb.organization_id = ${orgId} and tb.id = list_page.before ->> 'taskId'
        left join tasks ta on ta.organization_id = ${orgId} and ta.id = list_page.after ->> 'taskId'`,
    },
  });
}

/** Acknowledge one change (idempotent: an acknowledged change keeps its first acknowledgement). */
export async function acknowledgeLockedChange(
  ex: Executor,
  orgId: string,
  id: string,
  userId: string,
  now: Date,
): Promise<{ row: LockedChangeRow | undefined; changed: boolean }> {
  const updated = await rows<{ id: string }>(
    ex,
    sql`update locked_week_changes set acknowledged_at = ${now.toISOString()}::timestamptz, acknowledged_by = ${userId}
        where organization_id = ${orgId} and id = ${id} and acknowledged_at is null
        returning id`,
  );
  const row = await firstRow<LockedChangeRow>(
    ex,
    sql`select ${changeColumns}, tb.name as before_task_name, ta.name as after_task_name
          from locked_week_changes x ${changeJoins}
          left join tasks tb on tb.organization_id = x.organization_id and tb.id = x.before ->> 'taskId'
          left join tasks ta on ta.organization_id = x.organization_id and ta.id = x.after ->> 'taskId'
         where x.organization_id = ${orgId} and x.id = ${id}`,
  );
  return { row, changed: updated.length > 0 };
}
