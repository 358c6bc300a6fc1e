import { sql, type SQL } from "drizzle-orm";
import { firstRow, run, type Executor } from "../../db/executor";
import { FINISHED, hoursPerDayEstimate, normStatus } from "../dashboard/repo";

/*
 * workload_bookings (migration 0032): what the workload grid spreads, one row per open, dated task
 * and assignee ('' when it has none), derived here from the synced tables for the tasks the
 * triggers marked in workload_bookings_dirty ('*' marks every task of the workspace). The §9
 * range and the `h/d est` rule are the domain's (effectiveTaskRange, hoursPerDayEstimate), in SQL.
 */

/**
 * A cheap first cut of the custom fields that may be a task's `h/d est` (a name containing one of
 * the fragments, any case); the exact rule (domain hoursPerDayEstimate, in SQL from the dashboard
 * repo) then runs on those fields' values only, read from custom_field_values (the synced
 * relational copy, one row per task and field).
 */
const HOURS_PER_DAY_NAME_PATTERN = "h/d est|hours/day|hrs/day";

/**
 * The days each booking of `changes` books (CTEs cal and spread; `changes` gives person,
 * folder_id, space_id, rs, re, est_ms, n_asg, hpd and sign): spec §9 via PRODUCT.md → Workload —
 * the working days of its range under the workspace's working days and holidays (every day of the
 * range when none is), each booking its `h/d est` hours, else the estimate split between the
 * assignees and over those days in whole milliseconds: day k (from 0) of d books
 * ⌊(k+1)·E/(n·d)⌋ − ⌊k·E/(n·d)⌋, so the days sum to ⌊E/n⌋ exactly.
 */
function spreadCtes(org: string): SQL {
  // The calendar as arrays indexed by day (1 = the first day any change books): whether a day is
  // worked, and the running count of worked days — a booking reads them by subscript, since
  // joins on the days make the planner (no statistics on CTEs) cross the calendar with itself.
  return sql`cal as (
        select min(x.day) as d0, array_agg(x.w order by x.day) as w, array_agg(x.c order by x.day) as c
          from (
            select y.day, y.w, sum(case when y.w then 1 else 0 end) over (order by y.day)::int as c
              from (
                select g::date as day, (extract(isodow from g)::int = any (o.working_days) and h.day is null) as w
                  from organizations o
                 cross join generate_series((select min(rs) from changes)::timestamp,
                                            (select max(re) from changes)::timestamp, interval '1 day') g
                  left join workspace_holidays h on h.organization_id = o.id and h.day = g::date
                 where o.id = ${org}
              ) y
          ) x
      ),
      spread as (
        select c.person, coalesce(c.folder_id, '') as folder_id, coalesce(c.space_id, '') as space_id,
               cal.d0 + (i.i - 1) as day, c.sign,
               c.sign * case when c.hpd > 0 then round(c.hpd * 3600000)::bigint
                             else (div((n.k + 1) * c.est_ms::numeric, c.n_asg * n.days)
                                   - div(n.k * c.est_ms::numeric, c.n_asg * n.days))::bigint end as ms
          from changes c
         cross join cal
         cross join lateral (select c.rs - cal.d0 + 1 as s, c.re - cal.d0 + 1 as e) x
         cross join lateral (select cal.c[x.e] - cal.c[x.s] + (case when cal.w[x.s] then 1 else 0 end) as nw) w
         cross join lateral generate_series(x.s, x.e) i(i)
         cross join lateral (
           select case when w.nw > 0 then w.nw else c.re - c.rs + 1 end as days,
                  case when w.nw > 0 then cal.c[i.i] - cal.c[x.s] + (case when cal.w[x.s] then 1 else 0 end) - 1
                       else i.i - x.s end as k
         ) n
         where w.nw = 0 or cal.w[i.i]
      )`;
}

/**
 * Derives again the bookings of the workspace's marked tasks, in one statement: the marks are
 * taken (a concurrent refresh waits for them and then finds them gone), the tasks' bookings
 * upserted, and those no longer booked (finished, undated, unassigned from) deleted; their spread
 * in workload_days follows in the same statement. Returns how many marks it took.
 */
export async function refreshWorkloadBookings(executor: Executor, organizationId: string): Promise<number> {
  const org = organizationId;
  const live = sql`t.organization_id = ${org} and not t.deleted and not t.archived
      and (t.start_date is not null or t.due_date is not null)
      and ${sql.raw(normStatus("t.status"))} !~ ${sql.raw(FINISHED)}`;
  const columns = sql`t.id, t.space_id, t.folder_id, t.start_date, t.due_date, t.time_estimate_ms`;
  // The usual case, nothing marked, in one index probe (the statement below takes ~10 ms to plan).
  const marked = await firstRow<{ yes: boolean }>(
    executor,
    sql`select exists (select 1 from workload_bookings_dirty where organization_id = ${org}) as yes`,
  );
  if (!marked?.yes) return 0;
  const row = await firstRow<{ marks: number; every: boolean }>(
    executor,
    sql`with
      d as (delete from workload_bookings_dirty where organization_id = ${org} returning task_id),
      every as (select coalesce(bool_or(d.task_id = '*'), false) as yes from d),
      touched as (select distinct d.task_id from d where d.task_id <> '*' and not (select yes from every)),
      src as materialized (
        select ${columns} from tasks t where ${live} and t.id in (select task_id from touched)
        union all
        select ${columns} from tasks t where ${live} and (select yes from every)
      ),
      ranged as materialized (
        select s.id, s.space_id, s.folder_id, r.rs, r.re, x.dd, coalesce(s.time_estimate_ms, 0) as est_ms
          from src s
         cross join lateral (select (s.start_date at time zone 'UTC')::date as sd,
                                    (s.due_date at time zone 'UTC')::date as dd) x
         cross join lateral (select coalesce(x.sd, x.dd - 7) as rs, coalesce(x.dd, x.sd + 7) as re) r
         where r.rs <= r.re
      ),
      hpd_values as (
        select v.task_id,
               jsonb_agg(jsonb_build_object('name', cf.name, 'value', v.value) order by cf.name, cf.id) as fields
          from custom_fields cf
          join custom_field_values v on v.organization_id = cf.organization_id and v.custom_field_id = cf.id
          join ranged c on c.id = v.task_id
         where cf.organization_id = ${org} and cf.name ~* ${HOURS_PER_DAY_NAME_PATTERN}
         group by v.task_id
      ),
      hpd as (select task_id, ${sql.raw(hoursPerDayEstimate("fields"))} as h from hpd_values),
      assignees as (
        select ta.task_id, array_agg(ta.user_id) as users
          from task_assignees ta join ranged c on c.id = ta.task_id
         where ta.organization_id = ${org}
         group by ta.task_id
      ),
      fresh as (
        select c.id as task_id, coalesce(u.person, '') as person, c.space_id, c.folder_id, c.rs, c.re, c.dd,
               c.est_ms, coalesce(cardinality(a.users), 1) as n_asg, h.h as hpd
          from ranged c
          left join assignees a on a.task_id = c.id
          left join lateral unnest(a.users) u(person) on true
          left join hpd h on h.task_id = c.id
      ),
      -- The old bookings of the marked tasks: their spread leaves workload_days.
      old as (
        select b.person, b.folder_id, b.space_id, b.range_start as rs, b.range_end as re, b.estimate_ms as est_ms,
               b.assignees as n_asg, b.hours_per_day as hpd
          from workload_bookings b
         where b.organization_id = ${org} and b.task_id = any (array(select task_id from touched))
      ),
      changes as (
        select f.person, f.folder_id, f.space_id, f.rs, f.re, f.est_ms, f.n_asg, f.hpd, 1 as sign from fresh f
        union all
        select o.person, o.folder_id, o.space_id, o.rs, o.re, o.est_ms, o.n_asg, o.hpd, -1 from old o
      ),
      ${spreadCtes(org)},
      -- What workload_days gains: the new spread, less the old one (every row, when every task is
      -- derived again: the calendar may have changed under them).
      delta as (
        select x.person, x.day, x.folder_id, x.space_id, sum(x.ms)::bigint as ms, sum(x.n)::int as n
          from (
            select p.person, p.day, p.folder_id, p.space_id, p.ms, p.sign as n from spread p
            union all
            select w.person, w.day, w.folder_id, w.space_id, -w.booked_ms, -w.bookings
              from workload_days w where w.organization_id = ${org} and (select yes from every)
          ) x
         group by x.person, x.day, x.folder_id, x.space_id
        having sum(x.ms) <> 0 or sum(x.n) <> 0
      ),
      days_up as (
        insert into workload_days as w (organization_id, day, person, folder_id, space_id, booked_ms, bookings)
        select ${org}, d.day, d.person, d.folder_id, d.space_id, d.ms, d.n from delta d
         order by d.day, d.person, d.folder_id, d.space_id
        on conflict (organization_id, day, person, folder_id, space_id) do update set
          booked_ms = w.booked_ms + excluded.booked_ms, bookings = w.bookings + excluded.bookings
      ),
      up as (
        insert into workload_bookings as b (organization_id, task_id, person, space_id, folder_id, range_start,
                                            range_end, due_day, estimate_ms, assignees, hours_per_day)
        select ${org}, f.task_id, f.person, f.space_id, f.folder_id, f.rs, f.re, f.dd, f.est_ms, f.n_asg, f.hpd
          from fresh f
        on conflict (organization_id, task_id, person) do update set
          space_id = excluded.space_id, folder_id = excluded.folder_id, range_start = excluded.range_start,
          range_end = excluded.range_end, due_day = excluded.due_day, estimate_ms = excluded.estimate_ms,
          assignees = excluded.assignees, hours_per_day = excluded.hours_per_day
        where (b.space_id, b.folder_id, b.range_start, b.range_end, b.due_day, b.estimate_ms, b.assignees, b.hours_per_day)
              is distinct from
              (excluded.space_id, excluded.folder_id, excluded.range_start, excluded.range_end, excluded.due_day,
               excluded.estimate_ms, excluded.assignees, excluded.hours_per_day)
      ),
      -- The marked tasks' bookings that are no longer booked (finished, undated, unassigned from).
      stale as (
        select b.task_id, b.person from workload_bookings b
         where b.organization_id = ${org} and b.task_id = any (array(select task_id from touched))
        union all
        select b.task_id, b.person from workload_bookings b
         where b.organization_id = ${org} and (select yes from every)
        except
        select f.task_id, f.person from fresh f
      ),
      gone as (
        delete from workload_bookings b
         where b.organization_id = ${org} and b.task_id = any (array(select s.task_id from stale s))
           and (b.task_id, b.person) in (select s.task_id, s.person from stale s)
      )
      select count(*)::int as marks, (select yes from every) as every from d`,
  );
  // Every task derived again (the first time, or the calendar changed): the planner's statistics
  // of both tables go stale at once, and PGlite never gathers them itself.
  if (row?.every) await run(executor, sql`analyze workload_bookings, workload_days`);
  return row?.marks ?? 0;
}

/** Removes the workspace's workload_days rows left at no booking (the end of each sync). */
export async function pruneWorkloadDays(executor: Executor, organizationId: string): Promise<void> {
  await run(
    executor,
    sql`delete from workload_days where organization_id = ${organizationId} and bookings <= 0`,
  );
}
