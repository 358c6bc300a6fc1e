import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { jsonb } from "../sync/jsonb";

/*
 * SQL of the time-sync validation (issue 16 point 8): the range's instants in the workspace's
 * zone, the comparison of ClickUp's entries (one jsonb parameter) with ours in one statement,
 * and the timesheet write-backs still to send.
 */

export interface TimeSyncBoundsRow {
  time_zone: string;
  lo: string | Date;
  hi: string | Date;
}

/** The first instant of `from` and the first instant after `to`, in the workspace's zone. */
export function selectTimeSyncBounds(
  ex: Executor,
  org: string,
  from: string,
  to: string,
): Promise<TimeSyncBoundsRow | undefined> {
  return firstRow<TimeSyncBoundsRow>(
    ex,
    sql`select o.time_zone,
               (${from}::date::timestamp at time zone o.time_zone) as lo,
               ((${to}::date + 1)::timestamp at time zone o.time_zone) as hi
          from organizations o where o.id = ${org}`,
  );
}

/** A ClickUp entry as the comparison reads it. */
export interface ClickUpSideEntry {
  id: string;
  userId: string;
  taskId: string | null;
  /** ISO instant. */
  start: string;
  durationMs: number;
}

export interface TimeSyncSqlRow {
  user_id: string;
  name: string;
  resolved: boolean;
  day: string;
  clickup_ms: string | number;
  here_ms: string | number;
  discrepancy: boolean;
  clickup_entries: unknown;
  here_entries: unknown;
}

const isoInstant = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Per person and day of the range: ClickUp's and our time, whether any entry differs (missing on
 * one side, or another start, duration, task or person), and the differing entries of each side.
 * Entries are paired by ClickUp id; an entry logged here and not yet written back has none, so it
 * differs until ClickUp has it.
 */
export function compareTimeEntries(
  ex: Executor,
  org: string,
  range: { from: string; to: string },
  clickup: ClickUpSideEntry[],
): Promise<TimeSyncSqlRow[]> {
  const entry = (side: string) =>
    sql`coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'start', ${isoInstant(sql`s.start_time`)},
          'durationMs', s.ms, 'taskId', s.task_id, 'taskName', tk.name) order by s.start_time, s.id)
          filter (where s.side = ${side} and s.differs), '[]'::jsonb)`;
  return rows<TimeSyncSqlRow>(
    ex,
    sql`with b as (
          select o.time_zone as tz,
                 (${range.from}::date::timestamp at time zone o.time_zone) as lo,
                 ((${range.to}::date + 1)::timestamp at time zone o.time_zone) as hi
            from organizations o where o.id = ${org}),
        cu as (
          select r.id, r."userId" as user_id, r."taskId" as task_id, r.start as start_time, r."durationMs" as ms
            from jsonb_to_recordset(${jsonb(clickup)}) as r(id text, "userId" text, "taskId" text,
                   start timestamptz, "durationMs" bigint), b
           where r."durationMs" >= 0 and r.start >= b.lo and r.start < b.hi),
        here as (
          select te.id, te.clickup_id, te.user_id, te.task_id, te.start_time, te.duration_ms as ms
            from time_entries te, b
           where te.organization_id = ${org} and not te.deleted and te.duration_ms >= 0
             and te.start_time >= b.lo and te.start_time < b.hi),
        j as (
          select cu.id as c_id, cu.user_id as c_user, cu.task_id as c_task, cu.start_time as c_start, cu.ms as c_ms,
                 h.id as h_id, h.user_id as h_user, h.task_id as h_task, h.start_time as h_start, h.ms as h_ms,
                 (cu.id is null or h.id is null or cu.user_id <> h.user_id
                   or cu.task_id is distinct from h.task_id or cu.start_time <> h.start_time
                   or cu.ms <> h.ms) as differs
            from cu full join here h on h.clickup_id = cu.id),
        s as (
          select 'clickup' as side, j.c_user as user_id, (j.c_start at time zone b.tz)::date as day, j.c_id as id,
                 j.c_task as task_id, j.c_start as start_time, j.c_ms as ms, j.differs
            from j, b where j.c_id is not null
          union all
          select 'here', j.h_user, (j.h_start at time zone b.tz)::date, j.h_id, j.h_task, j.h_start, j.h_ms, j.differs
            from j, b where j.h_id is not null),
        g as (
          select s.user_id, s.day,
                 coalesce(sum(s.ms) filter (where s.side = 'clickup'), 0) as clickup_ms,
                 coalesce(sum(s.ms) filter (where s.side = 'here'), 0) as here_ms,
                 bool_or(s.differs) as discrepancy,
                 ${entry("clickup")} as clickup_entries,
                 ${entry("here")} as here_entries
            from s left join tasks tk on tk.organization_id = ${org} and tk.id = s.task_id
           group by s.user_id, s.day)
        select g.user_id,
               coalesce(nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''), 'User ' || g.user_id) as name,
               (nullif(btrim(pu.username), '') is not null or nullif(btrim(pu.email), '') is not null) as resolved,
               to_char(g.day, 'YYYY-MM-DD') as day, g.clickup_ms, g.here_ms, g.discrepancy,
               g.clickup_entries, g.here_entries
          from g left join provider_users pu on pu.organization_id = ${org} and pu.id = g.user_id
         order by name, g.user_id, g.day`,
  );
}

export interface WriteBackSqlRow {
  id: string;
  user_id: string;
  name: string;
  day: string;
  start: string;
  duration_ms: string | number;
  task_id: string | null;
  task_name: string | null;
  status: "pending" | "failed";
  error: string | null;
  updated_at: string;
  full_count: string | number;
}

/** Timesheet entries whose write-back to ClickUp is pending or failed, failed first, newest first. */
export function selectWriteBacks(
  ex: Executor,
  org: string,
  page: { limit: number; offset: number },
): Promise<WriteBackSqlRow[]> {
  return rows<WriteBackSqlRow>(
    ex,
    sql`select te.id, te.user_id,
               coalesce(nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''), 'User ' || te.user_id) as name,
               to_char((te.start_time at time zone o.time_zone)::date, 'YYYY-MM-DD') as day,
               ${isoInstant(sql`te.start_time`)} as start, te.duration_ms, te.task_id, tk.name as task_name,
               te.write_back_status as status, te.write_back_error as error,
               ${isoInstant(sql`te.updated_at`)} as updated_at,
               count(*) over () as full_count
          from time_entries te
          join organizations o on o.id = te.organization_id
          left join provider_users pu on pu.organization_id = te.organization_id and pu.id = te.user_id
          left join tasks tk on tk.organization_id = te.organization_id and tk.id = te.task_id
         where te.organization_id = ${org} and te.write_back_status in ('pending', 'failed')
         order by (te.write_back_status = 'failed') desc, te.updated_at desc, te.id
         limit ${page.limit} offset ${page.offset}`,
  );
}
