import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import type {
  WebhookActivityQuery,
  WebhookActivityResponse,
  WebhookActivityRow,
  WebhookDeliveriesQuery,
  WebhookDeliveriesResponse,
  WebhookOutcome,
} from "./contract";
import { periodWeeks } from "./period";
import { int, intOrNull, reportSetup } from "./setup";
import {
  selectPollCatches,
  selectWebhookCounts,
  selectWebhookDeliveries,
  type WebhookCountsSqlRow,
} from "./webhook-activity-repo";

/** What the report would show but the app does not record (shown as "—" with the reason). */
export const WEBHOOK_NOT_RECORDED = [
  {
    figure: "Retries",
    reason:
      "Not recorded: a delivery ClickUp sends again is stored as a new delivery (counted as duplicate when its body repeats one), and the job queue does not keep how many attempts applying a delivery took.",
  },
  {
    figure: "Time entries changed behind the webhooks",
    reason:
      "Not recorded: the poll re-reads the last 14 days of time entries without noting which of them had changed; only the deleted ones are counted.",
  },
];

function counts(r: WebhookCountsSqlRow | undefined) {
  return {
    total: int(r?.total),
    processed: int(r?.processed),
    failed: int(r?.failed),
    duplicate: int(r?.duplicate),
    badSignature: int(r?.bad_signature),
    pending: int(r?.pending),
    rejected: int(r?.rejected),
  };
}

function figures(r: WebhookCountsSqlRow | undefined) {
  return {
    ...counts(r),
    avgLatencyMs: intOrNull(r?.avg_latency_ms),
    p95LatencyMs: intOrNull(r?.p95_latency_ms),
  };
}

/**
 * Webhook activity (issue 16 point 7): the period's deliveries per event type and per week by
 * outcome, the processing latency (receipt → applied), and what the reconciliation polls found
 * that no webhook had brought; counted in SQL (webhook-activity-repo.ts).
 */
export async function getWebhookActivity(
  ctx: RequestContext,
  query: WebhookActivityQuery,
): Promise<WebhookActivityResponse> {
  const setup = await reportSetup(ctx, query);
  const window = { organizationId: ctx.organizationId, from: setup.period.from, to: setup.period.to };
  const [found, polls] = await Promise.all([
    selectWebhookCounts(ctx.db, window),
    selectPollCatches(ctx.db, window),
  ]);
  const byWeek = new Map(found.filter((r) => r.kind === "week").map((r) => [r.week, r]));
  const pollByWeek = new Map(polls.filter((p) => p.week !== null).map((p) => [p.week, p]));
  const allPolls = polls.find((p) => p.week === null);
  return {
    period: setup.period,
    rows: found
      .filter((r) => r.kind === "event")
      .map((r) => ({ event: r.event ?? "", ...figures(r) }))
      .sort((a, b) => b.total - a.total || a.event.localeCompare(b.event)),
    totals: figures(found.find((r) => r.kind === "total")),
    weeks: periodWeeks(setup.period, setup.weekStart).map((week) => {
      const p = pollByWeek.get(week);
      return {
        week,
        ...counts(byWeek.get(week)),
        pollRuns: int(p?.runs),
        pollTasksCaught: int(p?.tasks),
        pollDeletedEntriesCaught: int(p?.deleted),
      };
    }),
    poll: {
      runs: int(allPolls?.runs),
      failedRuns: int(allPolls?.failed_runs),
      tasksCaught: int(allPolls?.tasks),
      deletedEntriesCaught: int(allPolls?.deleted),
    },
    notRecorded: WEBHOOK_NOT_RECORDED,
  };
}

/** The deliveries behind a figure (an event type, an outcome, a week), newest first, paged. */
export async function listWebhookDeliveries(
  ctx: RequestContext,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveriesResponse> {
  const setup = await reportSetup(ctx, query);
  const found = await selectWebhookDeliveries(
    ctx.db,
    { organizationId: ctx.organizationId, from: setup.period.from, to: setup.period.to },
    query,
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    total: int(found[0]?.full_count),
    page: query.page,
    pageSize: query.pageSize,
    items: found.map((r) => ({
      id: Number(r.id),
      receivedAt: new Date(r.received_at).toISOString(),
      event: r.event,
      taskId: r.task_id,
      outcome: r.outcome as WebhookOutcome,
      latencyMs: intOrNull(r.latency_ms),
      error: r.error,
    })),
  };
}

/** The CSV of the table: one line per event type, then the totals ("Total"). */
export const WEBHOOK_ACTIVITY_CSV_COLUMNS: readonly CsvColumn<WebhookActivityRow>[] = [
  { header: "Event", value: (r) => r.event || "(none)" },
  { header: "Deliveries", value: (r) => r.total },
  { header: "Processed", value: (r) => r.processed },
  { header: "Failed", value: (r) => r.failed },
  { header: "Duplicate", value: (r) => r.duplicate },
  { header: "Bad Signature", value: (r) => r.badSignature },
  { header: "Pending", value: (r) => r.pending },
  { header: "Rejected", value: (r) => r.rejected },
  { header: "Avg Latency ms", value: (r) => r.avgLatencyMs },
  { header: "P95 Latency ms", value: (r) => r.p95LatencyMs },
];

export async function* exportWebhookActivityCsv(
  ctx: RequestContext,
  query: WebhookActivityQuery,
): AsyncGenerator<WebhookActivityRow[], void, undefined> {
  const report = await getWebhookActivity(ctx, query);
  yield [...report.rows, { event: "Total", ...report.totals }];
}
