import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDateTime } from "@domain/index";
import { Figure } from "@/components/document-parts";
import { ENTRY_TD, EntriesDialog, PagedEntriesTable } from "@/components/entries-dialog";
import {
  useWebhookActivity,
  useWebhookDeliveries,
  type WebhookActivityResponse,
  type WebhookActivityRow,
} from "./api";
import { FigureButton, weekLabel } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, ReportTable, REPORT_CELL, useReportSort } from "./report-table";
import { useReportUrlState, withParams, type ReportUrlState } from "./url-state";

/*
 * Webhook activity (issue 16 point 7): ClickUp's deliveries in the period per event type and week
 * by outcome, the processing latency, and the changes the 5-minute poll found that no webhook had
 * brought. Only the period applies (a delivery names no client, project or person). Every count
 * opens its deliveries. Figures the app does not record are shown as "—" with the reason.
 */

type Outcome = "processed" | "failed" | "duplicate" | "bad_signature" | "pending" | "rejected";
const OUTCOMES: readonly {
  key: Outcome;
  field: "processed" | "failed" | "duplicate" | "badSignature" | "pending" | "rejected";
  label: string;
  fill: string;
}[] = [
  { key: "processed", field: "processed", label: "Processed", fill: "var(--color-primary)" },
  { key: "failed", field: "failed", label: "Failed", fill: "var(--color-destructive)" },
  { key: "duplicate", field: "duplicate", label: "Duplicate", fill: "var(--color-muted-foreground)" },
  { key: "bad_signature", field: "badSignature", label: "Bad signature", fill: "#b45309" },
  { key: "pending", field: "pending", label: "Pending", fill: "#0e7490" },
  { key: "rejected", field: "rejected", label: "Rejected", fill: "#6b21a8" },
];

type SortKey =
  "event" | "total" | "processed" | "failed" | "duplicate" | "badSignature" | "avgLatencyMs" | "p95LatencyMs";
const SORT_KEYS: readonly SortKey[] = [
  "event",
  "total",
  "processed",
  "failed",
  "duplicate",
  "badSignature",
  "avgLatencyMs",
  "p95LatencyMs",
];

const ms = (v: number | null) => (v === null ? "—" : v < 1000 ? `${v} ms` : `${(v / 1000).toFixed(1)} s`);
const eventName = (e: string) => e || "(no event)";

interface Target {
  title: string;
  query: string;
}

export function WebhookActivityReport() {
  const url = useReportUrlState();
  // Only the period applies: the shared client/project/person filters are left out of the query.
  const only = new URLSearchParams(url.filterQuery);
  for (const key of ["client", "project", "person"]) only.delete(key);
  const state = { ...url, filterQuery: only.toString() };
  const report = useWebhookActivity(state.filterQuery);
  const [target, setTarget] = useState<Target | null>(null);
  const open = (title: string, more: Record<string, string | undefined>) =>
    setTarget({ title, query: withParams(state.filterQuery, more) });
  return (
    <ReportFrame
      title="Webhook Activity"
      description="ClickUp's webhook deliveries by event and outcome, latency, and what the poll caught."
      state={state}
      shown={report.data?.period}
      csvHref={`/api/reports/webhook-activity.csv?${state.filterQuery}`}
      query={report}
    >
      {report.data ? (
        <WebhookBody data={report.data} state={state} open={open} dimmed={report.isPlaceholderData} />
      ) : null}
      <EntriesDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target?.title ?? "Deliveries"}
        description="The webhook deliveries behind this figure, newest first."
        className="sm:max-w-3xl"
      >
        {target ? <DeliveriesTable query={target.query} /> : null}
      </EntriesDialog>
    </ReportFrame>
  );
}

function WebhookBody({
  data,
  state,
  open,
  dimmed,
}: {
  data: WebhookActivityResponse;
  state: ReportUrlState;
  open: (title: string, more: Record<string, string | undefined>) => void;
  dimmed: boolean;
}) {
  const { totals, poll } = data;
  const { rows, header } = useReportSort<WebhookActivityRow, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "total", dir: "desc" },
    value: (r, k) => r[k],
    label: (r) => r.event,
    rows: data.rows,
  });
  const retries = data.notRecorded.find((n) => n.figure === "Retries");
  const chart = data.weeks.map((w) => ({
    week: weekLabel(w.week),
    ...Object.fromEntries(OUTCOMES.map((o) => [o.label, w[o.field]])),
    "Caught by poll": w.pollTasksCaught,
  }));
  const count = (r: WebhookActivityRow | null, o: (typeof OUTCOMES)[number] | null) => {
    const value = o ? (r ?? totals)[o.field] : (r ?? totals).total;
    const what = `${o ? `${o.label} deliveries` : "Deliveries"}${r ? ` of ${eventName(r.event)}` : ""}`;
    return (
      <FigureButton label={what} onOpen={() => open(what, { event: r?.event, outcome: o?.key })}>
        {String(value)}
      </FigureButton>
    );
  };
  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        <Figure label="Deliveries" value={count(null, null)} />
        <Figure label="Failed" value={count(null, OUTCOMES[1] ?? null)} alert={totals.failed > 0} />
        <Figure
          label="Latency (avg / p95)"
          value={`${ms(totals.avgLatencyMs)} / ${ms(totals.p95LatencyMs)}`}
        />
        <Figure label="Changes caught by the poll" value={String(poll.tasksCaught)} />
      </div>
      <figure className="mb-4 rounded-xl border bg-card p-3" data-testid="report-chart">
        <figcaption className="mb-2 text-sm font-medium">Deliveries by week and outcome</figcaption>
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" fontSize={12} tickLine={false} />
              <YAxis fontSize={12} tickLine={false} allowDecimals={false} />
              <Tooltip />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {OUTCOMES.map((o) => (
                <Bar
                  key={o.key}
                  dataKey={o.label}
                  stackId="d"
                  fill={o.fill}
                  cursor="pointer"
                  onClick={(_, i) => {
                    const w = data.weeks[i];
                    if (w)
                      open(`${o.label} deliveries, week of ${weekLabel(w.week)}`, {
                        week: w.week,
                        outcome: o.key,
                      });
                  }}
                />
              ))}
              <Bar dataKey="Caught by poll" fill="#ca8a04" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      {rows.length === 0 ? (
        <EmptyReport>
          No webhook deliveries in this period. ClickUp sends them once the workspace is connected (Settings →
          ClickUp); the poll still runs every 5 minutes.
        </EmptyReport>
      ) : (
        <ReportTable
          label="Webhook deliveries by event"
          head={
            <>
              {header("Event", "event", false)}
              {header("Deliveries", "total")}
              {header("Processed", "processed")}
              {header("Failed", "failed")}
              {header("Duplicate", "duplicate")}
              {header("Bad signature", "badSignature")}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Pending / rejected
              </th>
              {header("Avg latency", "avgLatencyMs")}
              {header("p95 latency", "p95LatencyMs")}
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Retries
              </th>
            </>
          }
          totalLabel="Total"
          totals={
            <>
              <td className={REPORT_CELL}>{count(null, null)}</td>
              {OUTCOMES.slice(0, 4).map((o) => (
                <td key={o.key} className={REPORT_CELL}>
                  {count(null, o)}
                </td>
              ))}
              <td className={REPORT_CELL}>
                {totals.pending} / {totals.rejected}
              </td>
              <td className={REPORT_CELL}>{ms(totals.avgLatencyMs)}</td>
              <td className={REPORT_CELL}>{ms(totals.p95LatencyMs)}</td>
              <td className={REPORT_CELL} title={retries?.reason}>
                —
              </td>
            </>
          }
        >
          {rows.map((r) => (
            <tr key={r.event} className="border-t" data-testid="report-row">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {eventName(r.event)}
              </th>
              <td className={REPORT_CELL}>{count(r, null)}</td>
              {OUTCOMES.slice(0, 4).map((o) => (
                <td key={o.key} className={REPORT_CELL}>
                  {count(r, o)}
                </td>
              ))}
              <td className={REPORT_CELL}>
                {r.pending} / {r.rejected}
              </td>
              <td className={REPORT_CELL}>{ms(r.avgLatencyMs)}</td>
              <td className={REPORT_CELL}>{ms(r.p95LatencyMs)}</td>
              <td className={REPORT_CELL} title={retries?.reason}>
                —
              </td>
            </tr>
          ))}
        </ReportTable>
      )}
      <p className="mt-2 text-xs text-muted-foreground">
        Latency is the time from receipt to the change being applied (or failing). The poll ran {poll.runs}{" "}
        times ({poll.failedRuns} failed) and found {poll.tasksCaught} tasks changed and{" "}
        {poll.deletedEntriesCaught} time entries deleted that no webhook had brought.
      </p>
      <ul className="mt-2 space-y-1 text-xs text-muted-foreground" data-testid="not-recorded">
        {data.notRecorded.map((n) => (
          <li key={n.figure}>
            <span className="font-medium">{n.figure}: —.</span> {n.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

const COLUMNS = [
  { label: "Received" },
  { label: "Event" },
  { label: "Task" },
  { label: "Outcome" },
  { label: "Latency", numeric: true },
] as const;

const OUTCOME_LABEL = Object.fromEntries(OUTCOMES.map((o) => [o.key, o.label])) as Record<Outcome, string>;

function DeliveriesTable({ query }: { query: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(withParams(query, { page: String(page) }));
  return (
    <PagedEntriesTable
      query={deliveries}
      onPage={setPage}
      label="Webhook deliveries"
      columns={COLUMNS}
      empty="No deliveries make this figure."
      scrollClassName="max-h-[60vh] overflow-auto"
    >
      {(items) =>
        items.map((d) => (
          <tr key={d.id} className="border-t" data-testid="report-entry">
            <td className={`${ENTRY_TD} whitespace-nowrap`}>{formatDateTime(d.receivedAt)}</td>
            <td className={ENTRY_TD}>{eventName(d.event)}</td>
            <td className={ENTRY_TD}>{d.taskId ?? "—"}</td>
            <td className={ENTRY_TD}>
              {OUTCOME_LABEL[d.outcome]}
              {d.error ? <span className="block text-xs text-muted-foreground">{d.error}</span> : null}
            </td>
            <td className={`${ENTRY_TD} text-right tabular-nums`}>{ms(d.latencyMs)}</td>
          </tr>
        ))
      }
    </PagedEntriesTable>
  );
}
