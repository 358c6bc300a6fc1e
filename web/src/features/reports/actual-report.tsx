import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { msToHours } from "@domain/index";
import { Figure } from "@/components/document-parts";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { ACTUAL_GROUPS, useActualReport, type ActualGroup, type ActualResponse, type ActualRow } from "./api";
import { EntriesDialog, useEntriesTarget } from "./entries-dialog";
import { FigureButton, hoursText, MoneyCell, weekLabel } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, ReportTable, REPORT_CELL, TimeFigures, useReportSort } from "./report-table";
import { useReportUrlState, type ReportUrlState } from "./url-state";

/*
 * The Actual report (issue 16 point 3): hours, internal cost and client revenue actually incurred
 * in the period, by project, person or client; billable vs non-billable; a chart by week. Every
 * figure opens the time entries behind it.
 */

const GROUP_LABELS: Record<ActualGroup, string> = { project: "Project", person: "Person", client: "Client" };

type SortKey = "label" | "ms" | "billableMs" | "nonBillableMs" | "cost" | "revenue";
const SORT_KEYS: readonly SortKey[] = ["label", "ms", "billableMs", "nonBillableMs", "cost", "revenue"];

export function ActualReport() {
  const state = useReportUrlState(["groupBy"]);
  const { params, update } = state;
  const groupBy = (ACTUAL_GROUPS as readonly string[]).includes(params.get("groupBy") ?? "")
    ? (params.get("groupBy") as ActualGroup)
    : "project";
  const report = useActualReport(state.filterQuery);
  const entries = useEntriesTarget(state.filterQuery);
  return (
    <ReportFrame
      title="Actuals Report"
      description="Hours, internal cost and client revenue actually incurred, billable and not."
      state={state}
      shown={report.data?.period}
      csvHref={`/api/reports/actual.csv?${state.filterQuery}`}
      query={report}
      controls={
        <select
          aria-label="Group by"
          className={SELECT_CLASS}
          value={groupBy}
          onChange={(e) => update({ groupBy: e.target.value === "project" ? null : e.target.value }, false)}
        >
          {ACTUAL_GROUPS.map((g) => (
            <option key={g} value={g}>
              By {GROUP_LABELS[g].toLowerCase()}
            </option>
          ))}
        </select>
      }
    >
      {report.data ? (
        <ActualBody data={report.data} state={state} open={entries.open} dimmed={report.isPlaceholderData} />
      ) : null}
      <EntriesDialog target={entries.target} onClose={entries.close} />
    </ReportFrame>
  );
}

function ActualBody({
  data,
  state,
  open,
  dimmed,
}: {
  data: ActualResponse;
  state: ReportUrlState;
  open: (title: string, more: Record<string, string | undefined>) => void;
  dimmed: boolean;
}) {
  const { currency, totals, groupBy } = data;
  const { rows, header } = useReportSort<ActualRow, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "ms", dir: "desc" },
    value: (r, k) => (k === "label" ? r.label : r[k]),
    label: (r) => r.label,
    rows: data.rows,
  });
  const chart = data.weeks.map((w) => ({
    week: weekLabel(w.week),
    Billable: Number(msToHours(w.billableMs).toFixed(1)),
    "Non-billable": Number(msToHours(w.nonBillableMs).toFixed(1)),
  }));
  const row = (r: ActualRow) => ({ groupBy, key: r.key });
  const cell = REPORT_CELL;

  if (totals.entries === 0) {
    return (
      <EmptyReport>
        No time was logged in this period under these filters. Try another period or clear the filters; time
        logged in ClickUp appears after the next sync.
      </EmptyReport>
    );
  }
  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        <TimeFigures label="Hours" ms={totals.ms} billableMs={totals.billableMs} open={open} />
        <Figure
          label="Cost"
          value={<MoneyCell value={totals.cost} unpricedMs={totals.unpricedCostMs} currency={currency} />}
        />
        <Figure
          label="Revenue"
          value={
            <MoneyCell value={totals.revenue} unpricedMs={totals.unpricedRevenueMs} currency={currency} />
          }
        />
      </div>

      <figure className="mb-4 rounded-xl border bg-card p-3" data-testid="report-chart">
        <figcaption className="mb-2 text-sm font-medium">Hours by week</figcaption>
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="week" fontSize={12} tickLine={false} />
              <YAxis fontSize={12} tickLine={false} unit="h" />
              <Tooltip formatter={(v) => `${String(v)}h`} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                dataKey="Billable"
                stackId="h"
                fill="var(--color-primary)"
                cursor="pointer"
                onClick={(_, i) => {
                  const w = data.weeks[i];
                  if (w)
                    open(`Billable time, week of ${weekLabel(w.week)}`, { week: w.week, billable: "true" });
                }}
              />
              <Bar
                dataKey="Non-billable"
                stackId="h"
                fill="var(--color-muted-foreground)"
                cursor="pointer"
                onClick={(_, i) => {
                  const w = data.weeks[i];
                  if (w)
                    open(`Non-billable time, week of ${weekLabel(w.week)}`, {
                      week: w.week,
                      billable: "false",
                    });
                }}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>

      <ReportTable
        label={`Actuals by ${groupBy}`}
        head={
          <>
            {header(GROUP_LABELS[groupBy], "label", false)}
            {header("Hours", "ms")}
            {header("Billable", "billableMs")}
            {header("Non-billable", "nonBillableMs")}
            {header("Cost", "cost")}
            {header("Revenue", "revenue")}
          </>
        }
        totalLabel="Total"
        totals={
          <>
            <td className={cell}>{hoursText(totals.ms)}</td>
            <td className={cell}>{hoursText(totals.billableMs)}</td>
            <td className={cell}>{hoursText(totals.nonBillableMs)}</td>
            <td className={cell}>
              <MoneyCell value={totals.cost} unpricedMs={totals.unpricedCostMs} currency={currency} />
            </td>
            <td className={cell}>
              <MoneyCell value={totals.revenue} unpricedMs={totals.unpricedRevenueMs} currency={currency} />
            </td>
          </>
        }
      >
        {rows.map((r) => (
          <tr key={r.key} className="border-t" data-testid="report-row">
            <th scope="row" className="max-w-64 truncate px-3 py-2 text-left font-medium">
              {r.label}
            </th>
            <td className={cell}>
              <FigureButton label={`Time entries of ${r.label}`} onOpen={() => open(r.label, row(r))}>
                {hoursText(r.ms)}
              </FigureButton>
            </td>
            <td className={cell}>
              <FigureButton
                label={`Billable time entries of ${r.label}`}
                onOpen={() => open(`${r.label}: billable`, { ...row(r), billable: "true" })}
              >
                {hoursText(r.billableMs)}
              </FigureButton>
            </td>
            <td className={cell}>
              <FigureButton
                label={`Non-billable time entries of ${r.label}`}
                onOpen={() => open(`${r.label}: non-billable`, { ...row(r), billable: "false" })}
              >
                {hoursText(r.nonBillableMs)}
              </FigureButton>
            </td>
            <td className={cell}>
              <MoneyCell value={r.cost} unpricedMs={r.unpricedCostMs} currency={currency} />
            </td>
            <td className={cell}>
              <MoneyCell value={r.revenue} unpricedMs={r.unpricedRevenueMs} currency={currency} />
            </td>
          </tr>
        ))}
      </ReportTable>
      <p className="mt-2 text-xs text-muted-foreground">
        Cost at internal rates, revenue at client rates ({currency}), each hour at the rate in force on its
        day. Hours without a rate are shown as unpriced, never as 0.
      </p>
    </div>
  );
}
