import { sql } from "drizzle-orm";
import { firstRow, type Executor } from "../../db/executor";
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
 * Derives again the bookings of the workspace's marked tasks, in one statement: the marks are
 * taken (a concurrent refresh waits for them and then finds them gone), the tasks' bookings
 * upserted, and those no longer booked (finished, undated, unassigned from) deleted. Returns how
 * many marks it took: 0, the usual case, costs one empty index probe.
 */
export async function refreshWorkloadBookings(executor: Executor, organizationId: string): Promise<number> {
  const org = organizationId;
  const live = sql`t.organization_id = ${org} and not t.deleted and not t.archived
      and (t.start_date is not null or t.due_date is not null)
      and ${sql.raw(normStatus("t.status"))} !~ ${sql.raw(FINISHED)}`;
  const columns = sql`t.id, t.space_id, t.folder_id, t.start_date, t.due_date, t.time_estimate_ms`;
  const row = await firstRow<{ marks: number }>(
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
      -- Two deletes on disjoint rows (touched is empty when every task is marked), each planned
      -- on its own: a few marked tasks are found by the primary key, never by a scan.
      gone_touched as (
        delete from workload_bookings b
         where b.organization_id = ${org} and b.task_id in (select task_id from touched)
           and not exists (select 1 from fresh f where f.task_id = b.task_id and f.person = b.person)
      ),
      gone_every as (
        delete from workload_bookings b
         where b.organization_id = ${org} and (select yes from every)
           and not exists (select 1 from fresh f where f.task_id = b.task_id and f.person = b.person)
      )
      select count(*)::int as marks from d`,
  );
  return row?.marks ?? 0;
}
