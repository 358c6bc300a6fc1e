import { and, eq, sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { organizations, personSettings, timeOff, workspaceHolidays } from "../../db/schema";
import type { WorkspaceSettings } from "./contract";

/*
 * All SQL of capacity: workspace calendar settings, holidays, per-person settings and time off.
 * Capacity per person per day itself is the SQL function workload_capacity() (migration 0008).
 */

export interface SettingsRow {
  currency: string;
  time_zone: string;
  week_start: "monday" | "sunday";
  default_minutes_per_day: number;
  working_days: number[] | string;
  fiscal_year_start_month: number;
}

export async function selectSettings(
  executor: Executor,
  organizationId: string,
): Promise<SettingsRow | undefined> {
  return firstRow<SettingsRow>(
    executor,
    sql`select currency, time_zone, week_start, default_minutes_per_day, working_days, fiscal_year_start_month
          from organizations where id = ${organizationId}`,
  );
}

/** Lock the workspace row for a settings change. */
export async function lockSettings(
  executor: Executor,
  organizationId: string,
): Promise<SettingsRow | undefined> {
  return firstRow<SettingsRow>(
    executor,
    sql`select currency, time_zone, week_start, default_minutes_per_day, working_days, fiscal_year_start_month
          from organizations where id = ${organizationId} for update`,
  );
}

export async function updateSettings(
  executor: Executor,
  organizationId: string,
  s: WorkspaceSettings,
): Promise<void> {
  await executor
    .update(organizations)
    .set({
      currency: s.currency,
      timeZone: s.timeZone,
      weekStart: s.weekStart,
      defaultMinutesPerDay: s.defaultMinutesPerDay,
      workingDays: s.workingDays,
      fiscalYearStartMonth: s.fiscalYearStartMonth,
    })
    .where(eq(organizations.id, organizationId));
}

export async function selectHolidays(
  executor: Executor,
  organizationId: string,
  from?: string,
  to?: string,
): Promise<{ day: string; name: string }[]> {
  return rows<{ day: string; name: string }>(
    executor,
    sql`select to_char(day, 'YYYY-MM-DD') as day, name from workspace_holidays
         where organization_id = ${organizationId}
           ${from ? sql`and day >= ${from}::date` : sql``}
           ${to ? sql`and day <= ${to}::date` : sql``}
         order by day`,
  );
}

export async function selectHoliday(
  executor: Executor,
  organizationId: string,
  day: string,
): Promise<{ name: string } | undefined> {
  return firstRow<{ name: string }>(
    executor,
    sql`select name from workspace_holidays where organization_id = ${organizationId} and day = ${day}::date for update`,
  );
}

export async function upsertHoliday(executor: Executor, organizationId: string, day: string, name: string) {
  await executor
    .insert(workspaceHolidays)
    .values({ organizationId, day, name })
    .onConflictDoUpdate({ target: [workspaceHolidays.organizationId, workspaceHolidays.day], set: { name } });
}

export async function deleteHoliday(executor: Executor, organizationId: string, day: string): Promise<void> {
  await executor
    .delete(workspaceHolidays)
    .where(and(eq(workspaceHolidays.organizationId, organizationId), eq(workspaceHolidays.day, day)));
}

export interface PersonRow {
  clickup_user_id: string;
  username: string | null;
  email: string | null;
  minutes_per_day: number | null;
  minutes_effective_from: string | null;
  role_tags: string[] | null;
  /** bigint: text on node-postgres. */
  purchasing_limit_minor: string | number | null;
  utilization_target_bp: number | null;
}

/** The workspace's ClickUp users with their settings (one person, or all by name). */
export async function selectPeople(
  executor: Executor,
  organizationId: string,
  clickupUserId?: string,
): Promise<PersonRow[]> {
  return rows<PersonRow>(
    executor,
    sql`select u.id as clickup_user_id, u.username, u.email, ps.minutes_per_day,
               to_char(ps.minutes_effective_from, 'YYYY-MM-DD') as minutes_effective_from, ps.role_tags,
               ps.purchasing_limit_minor, ps.utilization_target_bp
          from provider_users u
          left join person_settings ps on ps.organization_id = u.organization_id and ps.clickup_user_id = u.id
         where u.organization_id = ${organizationId}
           ${clickupUserId === undefined ? sql`` : sql`and u.id = ${clickupUserId}`}
         order by lower(coalesce(nullif(btrim(u.username), ''), u.email, u.id)), u.id`,
  );
}

export async function upsertPersonSettings(
  executor: Executor,
  row: typeof personSettings.$inferInsert,
): Promise<void> {
  await executor
    .insert(personSettings)
    .values(row)
    .onConflictDoUpdate({
      target: [personSettings.organizationId, personSettings.clickupUserId],
      set: {
        minutesPerDay: row.minutesPerDay,
        minutesEffectiveFrom: row.minutesEffectiveFrom,
        roleTags: row.roleTags,
        purchasingLimitMinor: row.purchasingLimitMinor,
        utilizationTargetBp: row.utilizationTargetBp,
        updatedAt: row.updatedAt,
      },
    });
}

/**
 * Serialise time-off writes of one person (transaction-scoped advisory lock): the overlap check
 * and the write then happen as one step even for two concurrent requests.
 */
export async function lockPersonTimeOff(executor: Executor, organizationId: string, clickupUserId: string) {
  await run(
    executor,
    sql`select pg_advisory_xact_lock(hashtext('time_off:' || ${organizationId}), hashtext(${clickupUserId}))`,
  );
}

export interface TimeOffRow {
  id: string;
  clickup_user_id: string;
  person_name: string | null;
  start_date: string;
  end_date: string;
  half_day: boolean;
  type: "holiday" | "sick" | "other";
  note: string | null;
  created_by: string | null;
}

const timeOffColumns = sql`t.id, t.clickup_user_id,
  coalesce(nullif(btrim(u.username), ''), u.email) as person_name,
  to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(t.end_date, 'YYYY-MM-DD') as end_date,
  t.half_day, t.type, t.note, t.created_by`;

export async function selectTimeOff(
  executor: Executor,
  organizationId: string,
  filter: { from?: string; to?: string; person?: string; id?: string },
): Promise<TimeOffRow[]> {
  return rows<TimeOffRow>(
    executor,
    sql`select ${timeOffColumns}
          from time_off t
          left join provider_users u on u.organization_id = t.organization_id and u.id = t.clickup_user_id
         where t.organization_id = ${organizationId}
           ${filter.id ? sql`and t.id = ${filter.id}` : sql``}
           ${filter.person ? sql`and t.clickup_user_id = ${filter.person}` : sql``}
           ${filter.from ? sql`and t.end_date >= ${filter.from}::date` : sql``}
           ${filter.to ? sql`and t.start_date <= ${filter.to}::date` : sql``}
         order by t.start_date, t.clickup_user_id, t.id`,
  );
}

/** The first time off of the person that overlaps [start, end], other than `exceptId`. */
export async function overlappingTimeOff(
  executor: Executor,
  organizationId: string,
  clickupUserId: string,
  start: string,
  end: string,
  exceptId?: string,
): Promise<{ id: string; start_date: string; end_date: string } | undefined> {
  return firstRow(
    executor,
    sql`select id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
          from time_off
         where organization_id = ${organizationId} and clickup_user_id = ${clickupUserId}
           and start_date <= ${end}::date and end_date >= ${start}::date
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}
         order by start_date limit 1`,
  );
}

export async function insertTimeOff(executor: Executor, row: typeof timeOff.$inferInsert): Promise<void> {
  await executor.insert(timeOff).values(row);
}

export async function updateTimeOff(
  executor: Executor,
  organizationId: string,
  id: string,
  set: Partial<typeof timeOff.$inferInsert>,
): Promise<void> {
  await executor
    .update(timeOff)
    .set(set)
    .where(and(eq(timeOff.organizationId, organizationId), eq(timeOff.id, id)));
}

export async function deleteTimeOff(executor: Executor, organizationId: string, id: string): Promise<void> {
  await executor.delete(timeOff).where(and(eq(timeOff.organizationId, organizationId), eq(timeOff.id, id)));
}
