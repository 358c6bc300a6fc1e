import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../../db/executor";

/*
 * The SQL of the webhook-activity report (issue 16 point 7): webhook_events (every delivery,
 * verified or not) and sync_runs of kind 'poll' (the 5-minute reconciliation, whose stats hold
 * what it found that no webhook had brought), counted per event type and per week of the
 * period, in the workspace's time zone. Both reads go through the (organization_id, time)
 * indexes: webhook_events_org_idx and sync_runs_started_idx.
 */

export interface WebhookWindow {
  organizationId: string;
  from: string;
  to: string;
}

/** zone (tz, week_start) and the period's bounds as instants. */
function zoneCte(w: WebhookWindow): SQL {
  return sql`zone as (
      select o.time_zone as tz, o.week_start,
             (${w.from}::date::timestamp at time zone o.time_zone) as t0,
             ((${w.to}::date + 1)::timestamp at time zone o.time_zone) as t1
        from organizations o where o.id = ${w.organizationId})`;
}

const weekOf = (day: SQL) =>
  sql`(case when (select week_start from zone) = 'sunday'
            then ${day} - extract(dow from ${day})::int
            else ${day} - (extract(isodow from ${day})::int - 1) end)`;

/** One delivery of the window: event, outcome, day, week, latency (ms, when the job finished it). */
function deliveriesCte(w: WebhookWindow): SQL {
  return sql`${zoneCte(w)},
    ev as materialized (
      select e.id, e.received_at, coalesce(e.event, '') as event, e.task_id, e.error,
             case when not e.signature_valid then 'bad_signature'
                  when e.status = 'received' then 'pending'
                  else e.status end as outcome,
             (e.received_at at time zone z.tz)::date as day,
             case when e.status in ('processed', 'failed') and e.processed_at is not null
                  then round(extract(epoch from (e.processed_at - e.received_at)) * 1000) end as latency_ms
        from webhook_events e, zone z
       where e.organization_id = ${w.organizationId}
         and e.received_at >= z.t0 and e.received_at < z.t1),
    wk as (select ev.*, ${weekOf(sql`ev.day`)} as week from ev)`;
}

export interface WebhookCountsSqlRow {
  kind: "event" | "week" | "total";
  event: string | null;
  week: string | null;
  total: string | number;
  processed: string | number;
  failed: string | number;
  duplicate: string | number;
  bad_signature: string | number;
  pending: string | number;
  rejected: string | number;
  avg_latency_ms: string | number | null;
  p95_latency_ms: string | number | null;
}

/** Deliveries per event type, per week and in all, by outcome, with the latency figures. */
export function selectWebhookCounts(ex: Executor, w: WebhookWindow): Promise<WebhookCountsSqlRow[]> {
  return rows<WebhookCountsSqlRow>(
    ex,
    sql`with ${deliveriesCte(w)}
        select case when grouping(event) = 0 then 'event' when grouping(week) = 0 then 'week' else 'total' end as kind,
               event, to_char(week, 'YYYY-MM-DD') as week,
               count(*) as total,
               count(*) filter (where outcome = 'processed') as processed,
               count(*) filter (where outcome = 'failed') as failed,
               count(*) filter (where outcome = 'duplicate') as duplicate,
               count(*) filter (where outcome = 'bad_signature') as bad_signature,
               count(*) filter (where outcome = 'pending') as pending,
               count(*) filter (where outcome = 'rejected') as rejected,
               round(avg(latency_ms))::bigint as avg_latency_ms,
               round(percentile_cont(0.95) within group (order by latency_ms))::bigint as p95_latency_ms
          from wk
         group by grouping sets ((event), (week), ())`,
  );
}

export interface PollSqlRow {
  week: string | null;
  runs: string | number;
  failed_runs: string | number;
  tasks: string | number;
  deleted: string | number;
}

/** The reconciliation polls of the window per week (week null: all of them). */
export function selectPollCatches(ex: Executor, w: WebhookWindow): Promise<PollSqlRow[]> {
  return rows<PollSqlRow>(
    ex,
    sql`with ${zoneCte(w)},
        runs as (
          select r.status, r.stats, ${weekOf(sql`(r.started_at at time zone z.tz)::date`)} as week
            from sync_runs r, zone z
           where r.organization_id = ${w.organizationId} and r.kind = 'poll'
             and r.started_at >= z.t0 and r.started_at < z.t1)
        select to_char(week, 'YYYY-MM-DD') as week,
               count(*) as runs,
               count(*) filter (where status = 'failed') as failed_runs,
               coalesce(sum((stats ->> 'tasks')::bigint) filter (where status = 'succeeded'), 0) as tasks,
               coalesce(sum((stats ->> 'deletedTimeEntries')::bigint) filter (where status = 'succeeded'), 0) as deleted
          from runs
         group by grouping sets ((week), ())`,
  );
}

export interface WebhookDeliverySqlRow {
  id: string | number;
  received_at: string | Date;
  event: string;
  task_id: string | null;
  outcome: string;
  latency_ms: string | number | null;
  error: string | null;
  full_count: string | number;
}

/** One page of the deliveries behind a figure, newest first. */
export function selectWebhookDeliveries(
  ex: Executor,
  w: WebhookWindow,
  f: { event?: string | undefined; outcome?: string | undefined; week?: string | undefined },
  page: { limit: number; offset: number },
): Promise<WebhookDeliverySqlRow[]> {
  return rows<WebhookDeliverySqlRow>(
    ex,
    sql`with ${deliveriesCte(w)}
        select id, received_at, event, task_id, outcome, latency_ms::bigint as latency_ms, error,
               count(*) over () as full_count
          from wk
         where (${f.event ?? null}::text is null or event = ${f.event ?? null})
           and (${f.outcome ?? null}::text is null or outcome = ${f.outcome ?? null})
           and (${f.week ?? null}::date is null or week = ${f.week ?? null}::date)
         order by received_at desc, id desc
         limit ${page.limit} offset ${page.offset}`,
  );
}
