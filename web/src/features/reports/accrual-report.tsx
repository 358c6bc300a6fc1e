import { Fragment, useState } from "react";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { msToHours } from "@domain/index";
import { formatMoney, UNPRICED_LABEL } from "@domain/money";
import { Figure } from "@/components/document-parts";
import { Badge } from "@/components/ui/badge";
import type {
  AccrualData,
  AccrualProject,
  AccrualResponse,
} from "../../../../server/modules/reports/contract";
import { useAccrualReport } from "./accrual-api";
import { DatasetsPanel } from "./datasets-panel";
import { EntriesDialog, useEntriesTarget } from "./entries-dialog";
import { FigureButton, hoursText, percentText } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, ReportTable, REPORT_CELL, useReportSort } from "./report-table";
import { useReportUrlState, type ReportUrlState } from "./url-state";

/*
 * The Accrual report (issue 16 point 2): per project, the estimate accrued by the elapsed share of
 * its schedule on the report date against what was actually logged and billed; a project opens
 * its assignee breakdown, an actual figure opens its time entries. Live figures by default; a
 * saved dataset opens its snapshot; a workspace without synced projects shows the §4 pick (the
 * first saved dataset, else the three built-in samples, marked).
 */

type SortKey =
  | "jobCode"
  | "totalEstimatedMs"
  | "totalAccruedEstimatedMs"
  | "totalActualMs"
  | "timeVarianceToAccruedMs"
  | "totalAccruedEstimatedRevenue"
  | "totalActualRevenue"
  | "revenueVarianceToAccrued";
const SORT_KEYS: readonly SortKey[] = [
  "jobCode",
  "totalEstimatedMs",
  "totalAccruedEstimatedMs",
  "totalActualMs",
  "timeVarianceToAccruedMs",
  "totalAccruedEstimatedRevenue",
  "totalActualRevenue",
  "revenueVarianceToAccrued",
];

const DAY = 86_400_000;

function money(value: number | null, currency: string) {
  return value === null ? (
    <span className="font-medium text-amber-800 dark:text-amber-300">{UNPRICED_LABEL}</span>
  ) : (
    formatMoney(value, currency)
  );
}

const hoursOrDash = (ms: number | null) => (ms === null ? "—" : hoursText(ms));

function signedHours(ms: number | null) {
  if (ms === null) return "—";
  return ms > 0 ? `+${hoursText(ms)}` : ms < 0 ? `−${hoursText(-ms)}` : hoursText(0);
}

function signedMoney(v: number | null, currency: string) {
  if (v === null) return "—";
  return v > 0
    ? `+${formatMoney(v, currency)}`
    : v < 0
      ? `−${formatMoney(-v, currency)}`
      : formatMoney(0, currency);
}

export function AccrualReport() {
  const state = useReportUrlState(["dataset"]);
  const report = useAccrualReport(state.filterQuery);
  const dataset = state.params.get("dataset");
  const data = report.data;
  const snapshot: AccrualData | undefined = data
    ? {
        period: data.period,
        reportDate: data.reportDate,
        currency: data.currency,
        projects: data.projects,
        totals: data.totals,
      }
    : undefined;
  const entries = useEntriesTarget(state.filterQuery);
  return (
    <ReportFrame
      title="Accrual Report"
      description="Estimated hours and revenue accrued to date against actuals, per project and assignee."
      state={state}
      shown={data?.period}
      csvHref={`/api/reports/accrual.csv?${state.filterQuery}`}
      query={report}
    >
      <DatasetsPanel
        activeId={data?.dataset?.id ?? dataset}
        onOpen={(id) => state.update({ dataset: id }, false)}
        data={snapshot}
      />
      {data ? (
        <AccrualBody data={data} state={state} open={entries.open} dimmed={report.isPlaceholderData} />
      ) : null}
      <EntriesDialog target={entries.target} onClose={entries.close} />
    </ReportFrame>
  );
}

function sourceNote(data: AccrualResponse): string | null {
  switch (data.source) {
    case "live":
      return null;
    case "active":
      return `Dataset “${data.dataset?.name ?? ""}”: the figures as saved; the filters do not change them.`;
    case "saved":
      return `No synced projects yet: showing the latest saved dataset, “${data.dataset?.name ?? ""}”.`;
    case "samples":
      return "No synced projects yet: showing three sample projects with placeholder figures.";
  }
}

function AccrualBody({
  data,
  state,
  open,
  dimmed,
}: {
  data: AccrualResponse;
  state: ReportUrlState;
  open: (title: string, more: Record<string, string | undefined>) => void;
  dimmed: boolean;
}) {
  const { currency, totals } = data;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { rows, header } = useReportSort<AccrualProject, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "jobCode", dir: "asc" },
    value: (r, k) => r[k],
    label: (r) => r.jobCode,
    rows: data.projects,
  });
  const live = data.source === "live";
  // The entries up to the report date (the drill-down reads at most two years back).
  const entriesRange = {
    period: "custom",
    from: new Date(Date.parse(`${data.reportDate}T00:00:00Z`) - 730 * DAY).toISOString().slice(0, 10),
    to: data.reportDate,
  };
  const openActual = (p: AccrualProject, person?: string, who?: string) =>
    open(who ? `${p.name}: ${who}` : p.name, {
      ...entriesRange,
      groupBy: "project",
      key: p.projectId,
      person,
    });
  const chart = data.projects.map((p) => ({
    project: p.jobCode,
    Accrued: p.totalAccruedEstimatedMs === null ? 0 : Number(msToHours(p.totalAccruedEstimatedMs).toFixed(1)),
    Actual: Number(msToHours(p.totalActualMs).toFixed(1)),
  }));
  const cell = REPORT_CELL;
  const note = sourceNote(data);
  const toggle = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      {note ? (
        <p
          className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          data-testid="accrual-source"
        >
          {note}
        </p>
      ) : null}
      {data.projects.length === 0 ? (
        <EmptyReport>
          No project has estimates or time logged under these filters. Try another period or clear the
          filters.
        </EmptyReport>
      ) : (
        <>
          <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4">
            <Figure label="Report date" value={data.reportDate} />
            <Figure label="Accrued estimate" value={hoursOrDash(totals.totalAccruedEstimatedMs)} />
            <Figure label="Actual" value={hoursText(totals.totalActualMs)} />
            <Figure label="Revenue variance" value={signedMoney(totals.revenueVarianceToAccrued, currency)} />
          </div>

          <figure className="mb-4 rounded-xl border bg-card p-3" data-testid="report-chart">
            <figcaption className="mb-2 text-sm font-medium">
              Accrued estimate vs actual hours by project
            </figcaption>
            <div className="h-64 w-full">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={chart} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="project" fontSize={12} tickLine={false} />
                  <YAxis fontSize={12} tickLine={false} unit="h" />
                  <Tooltip formatter={(v) => `${String(v)}h`} />
                  <Legend wrapperStyle={{ fontSize: 12 }} />
                  <Bar dataKey="Accrued" fill="var(--color-muted-foreground)" />
                  <Bar
                    dataKey="Actual"
                    fill="var(--color-primary)"
                    cursor={live ? "pointer" : undefined}
                    onClick={(_, i) => {
                      const p = data.projects[i];
                      if (p && live) openActual(p);
                    }}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>

          <ReportTable
            label="Accrual by project"
            head={
              <>
                {header("Project", "jobCode", false)}
                <th scope="col" className="px-3 py-2 whitespace-nowrap">
                  Schedule
                </th>
                {header("Estimate", "totalEstimatedMs")}
                {header("Accrued", "totalAccruedEstimatedMs")}
                {header("Actual", "totalActualMs")}
                {header("Time variance", "timeVarianceToAccruedMs")}
                {header("Accrued revenue", "totalAccruedEstimatedRevenue")}
                {header("Actual revenue", "totalActualRevenue")}
                {header("Revenue variance", "revenueVarianceToAccrued")}
              </>
            }
            totalLabel="Total"
            totals={
              <>
                <td className={cell} />
                <td className={cell}>{hoursText(totals.totalEstimatedMs)}</td>
                <td className={cell}>{hoursOrDash(totals.totalAccruedEstimatedMs)}</td>
                <td className={cell}>{hoursText(totals.totalActualMs)}</td>
                <td className={cell}>{signedHours(totals.timeVarianceToAccruedMs)}</td>
                <td className={cell}>{money(totals.totalAccruedEstimatedRevenue, currency)}</td>
                <td className={cell}>{money(totals.totalActualRevenue, currency)}</td>
                <td className={cell}>{signedMoney(totals.revenueVarianceToAccrued, currency)}</td>
              </>
            }
          >
            {rows.map((p) => {
              const isOpen = expanded.has(p.projectId);
              return (
                <Fragment key={p.projectId}>
                  <tr className="border-t" data-testid="report-row">
                    <th scope="row" className="max-w-72 px-3 py-2 text-left font-medium">
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        onClick={() => toggle(p.projectId)}
                        className="cursor-pointer rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        <span aria-hidden>{isOpen ? "▾ " : "▸ "}</span>
                        {p.jobCode}
                        <span className="block truncate text-xs font-normal text-muted-foreground">
                          {p.name}
                        </span>
                        <span className="sr-only">{isOpen ? " (hide assignees)" : " (show assignees)"}</span>
                      </button>
                      {p.sample ? (
                        <Badge variant="outline" className="ml-1">
                          Sample
                        </Badge>
                      ) : null}
                      {p.budgetURL ? (
                        <Link
                          to={p.budgetURL}
                          className="ml-1 text-xs text-primary underline-offset-4 hover:underline"
                        >
                          Budget<span className="sr-only"> of {p.name}</span>
                        </Link>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 text-xs whitespace-nowrap text-muted-foreground">
                      {p.projectStart ?? "—"} – {p.projectDue ?? "—"}
                      <span className="block">{percentText(p.elapsedBp)} elapsed</span>
                    </td>
                    <td className={cell}>{hoursText(p.totalEstimatedMs)}</td>
                    <td className={cell}>{hoursOrDash(p.totalAccruedEstimatedMs)}</td>
                    <td className={cell}>
                      {live ? (
                        <FigureButton label={`Time entries of ${p.name}`} onOpen={() => openActual(p)}>
                          {hoursText(p.totalActualMs)}
                        </FigureButton>
                      ) : (
                        hoursText(p.totalActualMs)
                      )}
                    </td>
                    <td className={cell}>{signedHours(p.timeVarianceToAccruedMs)}</td>
                    <td className={cell}>{money(p.totalAccruedEstimatedRevenue, currency)}</td>
                    <td className={cell}>{money(p.totalActualRevenue, currency)}</td>
                    <td className={cell}>{signedMoney(p.revenueVarianceToAccrued, currency)}</td>
                  </tr>
                  {isOpen
                    ? p.assigneeBreakdown.map((a) => (
                        <tr
                          key={`${p.projectId}:${a.assigneeId}`}
                          className="border-t bg-muted/20"
                          data-testid="assignee-row"
                        >
                          <th scope="row" className="px-3 py-2 pl-8 text-left font-normal">
                            {a.assigneeName}
                            {a.tags.length > 0 ? (
                              <span className="block text-xs text-muted-foreground">{a.tags.join(", ")}</span>
                            ) : null}
                          </th>
                          <td className="px-3 py-2" />
                          <td className={cell}>{hoursText(a.estimatedMs)}</td>
                          <td className={cell}>{hoursOrDash(a.accruedEstimatedMs)}</td>
                          <td className={cell}>
                            {live && a.assigneeId !== "" && a.actualMs > 0 ? (
                              <FigureButton
                                label={`Time entries of ${a.assigneeName} on ${p.name}`}
                                onOpen={() => openActual(p, a.assigneeId, a.assigneeName)}
                              >
                                {hoursText(a.actualMs)}
                              </FigureButton>
                            ) : (
                              hoursText(a.actualMs)
                            )}
                          </td>
                          <td className={cell}>{signedHours(a.timeVarianceMs)}</td>
                          <td className={cell}>{money(a.accruedEstimatedRevenue, currency)}</td>
                          <td className={cell}>{money(a.actualRevenue, currency)}</td>
                          <td className={cell}>{signedMoney(a.revenueVariance, currency)}</td>
                        </tr>
                      ))
                    : null}
                </Fragment>
              );
            })}
          </ReportTable>
          <p className="mt-2 text-xs text-muted-foreground">
            Report date {data.reportDate}: the period’s end, or today if sooner. Accrued = estimate × the
            elapsed share of the project’s schedule on that day; variance = actual − accrued. Estimates are
            priced at the assignee’s client rate on the report date, time at the rate on its day ({currency}).
          </p>
        </>
      )}
    </div>
  );
}
