import { useState } from "react";
import { Figure } from "@/components/document-parts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDetailDay, formatHours, TIMESHEET_WEEK_STATUS_LABELS } from "@domain/index";
import { heatWeekStatus, weekStatusMap } from "@/features/timesheet/approval";
import { WeekStatusIcon } from "@/features/timesheet/week-status-badge";
import { cn } from "@/lib/cn";
import {
  useUtilizationDays,
  useUtilizationReport,
  type UtilizationCell,
  type UtilizationResponse,
  type UtilizationRow,
} from "./api";
import { EntriesDialog, useEntriesTarget } from "./entries-dialog";
import { FigureButton, hoursText, percentText, weekLabel } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, ReportTable, REPORT_CELL, TimeFigures, useReportSort } from "./report-table";
import { useReportUrlState, withParams } from "./url-state";

/*
 * Utilization (issue 16 point 5): per person and for the team, capacity (working days × hours per
 * day − time off − holidays), logged, billable, utilization (billable ÷ capacity) against the
 * person's target, and a heat map by week. Logged and billable figures open their time entries;
 * capacity opens its days.
 */

type SortKey =
  "name" | "capacityMinutes" | "loggedMs" | "billableMs" | "loggedBp" | "utilizationBp" | "targetBp";
const SORT_KEYS: readonly SortKey[] = [
  "name",
  "capacityMinutes",
  "loggedMs",
  "billableMs",
  "loggedBp",
  "utilizationBp",
  "targetBp",
];

const minutesText = (minutes: number) => formatHours(minutes / 60);

/** Heat map colour of a week's utilization (basis points): none, light to strong, over 100 %. */
function heat(bp: number | null): string {
  if (bp === null) return "bg-muted/40 text-muted-foreground";
  if (bp === 0) return "bg-background";
  if (bp < 2500) return "bg-primary/10";
  if (bp < 5000) return "bg-primary/20";
  if (bp < 7500) return "bg-primary/35";
  if (bp <= 10000) return "bg-primary text-primary-foreground";
  return "bg-destructive text-white";
}

/** The corner mark of a heat-map week whose timesheet is not open. */
const STATUS_MARK = {
  approved: "bg-green-600 text-white",
  submitted: "bg-amber-500 text-white",
  rejected: "bg-red-600 text-white",
} as const;

interface DaysTarget {
  title: string;
  query: string;
}

export function UtilizationReport() {
  const state = useReportUrlState();
  const report = useUtilizationReport(state.filterQuery);
  const entries = useEntriesTarget(state.filterQuery);
  const [days, setDays] = useState<DaysTarget | null>(null);
  const openDays = (title: string, more: Record<string, string | undefined>) =>
    setDays({ title, query: withParams(state.filterQuery, more) });
  return (
    <ReportFrame
      title="Utilization Report"
      description="Capacity, time logged and billable utilization per person and for the team."
      state={state}
      shown={report.data?.period}
      csvHref={`/api/reports/utilization.csv?${state.filterQuery}`}
      query={report}
    >
      {report.data ? (
        <UtilizationBody
          data={report.data}
          state={state}
          openEntries={entries.open}
          openDays={openDays}
          dimmed={report.isPlaceholderData}
        />
      ) : null}
      <EntriesDialog target={entries.target} onClose={entries.close} />
      <DaysDialog target={days} onClose={() => setDays(null)} />
    </ReportFrame>
  );
}

function UtilizationBody({
  data,
  state,
  openEntries,
  openDays,
  dimmed,
}: {
  data: UtilizationResponse;
  state: ReturnType<typeof useReportUrlState>;
  openEntries: (title: string, more: Record<string, string | undefined>) => void;
  openDays: (title: string, more: Record<string, string | undefined>) => void;
  dimmed: boolean;
}) {
  const { rows, header } = useReportSort<UtilizationRow, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "name", dir: "asc" },
    value: (r, k) => r[k],
    label: (r) => r.name,
    rows: data.rows,
  });
  const cells = new Map<string, UtilizationCell>(data.cells.map((c) => [`${c.personId}|${c.week}`, c]));
  const statuses = weekStatusMap(data.timesheetWeeks);
  const { totals } = data;
  const td = REPORT_CELL;
  if (rows.length === 0) {
    return (
      <EmptyReport>
        Nobody to show under these filters. People appear once ClickUp users are synced; clear the filters to
        see everyone.
      </EmptyReport>
    );
  }
  const hasTargets = rows.some((r) => r.targetBp !== null);
  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        <Figure label="Team capacity" value={minutesText(totals.capacityMinutes)} />
        <TimeFigures label="Logged" ms={totals.loggedMs} billableMs={totals.billableMs} open={openEntries} />
        <Figure label="Team utilization" value={percentText(totals.utilizationBp)} />
      </div>

      <figure className="mb-4 rounded-xl border bg-card p-3" data-testid="report-chart">
        <figcaption className="mb-2 text-sm font-medium">
          Utilization by week (billable ÷ capacity)
        </figcaption>
        <div className="relative overflow-x-auto [contain:inline-size]">
          <table className="text-xs" aria-label="Utilization heat map">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 bg-card px-2 py-1 text-left font-medium">
                  Person
                </th>
                {data.weeks.map((w) => (
                  <th key={w} scope="col" className="px-1 py-1 font-medium whitespace-nowrap">
                    {weekLabel(w)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.personId}>
                  <th
                    scope="row"
                    className="sticky left-0 max-w-40 truncate bg-card px-2 py-1 text-left font-normal"
                  >
                    {r.name}
                  </th>
                  {data.weeks.map((w) => {
                    const c = cells.get(`${r.personId}|${w}`);
                    const bp = c?.utilizationBp ?? null;
                    const status = heatWeekStatus(statuses, r.personId, w);
                    return (
                      <td key={w} className="p-0.5">
                        <button
                          type="button"
                          data-testid="heat-cell"
                          data-person={r.personId}
                          data-week={w}
                          data-timesheet={status}
                          className={cn(
                            "relative h-8 w-14 rounded text-center tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                            heat(bp),
                          )}
                          onClick={() =>
                            openEntries(`${r.name}, week of ${weekLabel(w)}`, { person: r.personId, week: w })
                          }
                        >
                          {bp === null ? "—" : `${Math.round(bp / 100)}%`}
                          {status !== "open" ? (
                            <span
                              aria-hidden
                              className={cn(
                                "absolute top-0 right-0 flex size-3.5 items-center justify-center rounded-bl rounded-tr ring-1 ring-card",
                                STATUS_MARK[status],
                              )}
                            >
                              <WeekStatusIcon status={status} className="size-2.5" />
                            </span>
                          ) : null}
                          <span className="sr-only">
                            {` (${r.name}, week of ${weekLabel(w)}: ${hoursText(c?.billableMs ?? 0)} billable of ${minutesText(c?.capacityMinutes ?? 0)} capacity; timesheet ${TIMESHEET_WEEK_STATUS_LABELS[status].toLowerCase()})`}
                          </span>
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>Timesheet:</span>
          {(["approved", "submitted", "rejected"] as const).map((s) => (
            <span key={s} className="inline-flex items-center gap-1">
              <span
                aria-hidden
                className={cn("flex size-3.5 items-center justify-center rounded-sm", STATUS_MARK[s])}
              >
                <WeekStatusIcon status={s} className="size-2.5" />
              </span>
              {TIMESHEET_WEEK_STATUS_LABELS[s]}
            </span>
          ))}
          <span>no mark: {TIMESHEET_WEEK_STATUS_LABELS.open.toLowerCase()}</span>
        </p>
      </figure>

      <ReportTable
        label="Utilization by person"
        head={
          <>
            {header("Person", "name", false)}
            {header("Capacity", "capacityMinutes")}
            {header("Logged", "loggedMs")}
            {header("Billable", "billableMs")}
            {header("Logged %", "loggedBp")}
            {header("Utilization", "utilizationBp")}
            {header("Target", "targetBp")}
          </>
        }
        totalLabel="Team"
        totals={
          <>
            <td className={td}>{minutesText(totals.capacityMinutes)}</td>
            <td className={td}>{hoursText(totals.loggedMs)}</td>
            <td className={td}>{hoursText(totals.billableMs)}</td>
            <td className={td}>{percentText(totals.loggedBp)}</td>
            <td className={td}>{percentText(totals.utilizationBp)}</td>
            <td className={td} />
          </>
        }
      >
        {rows.map((r) => {
          const below = r.targetBp !== null && r.utilizationBp !== null && r.utilizationBp < r.targetBp;
          return (
            <tr key={r.personId} className="border-t" data-testid="report-row">
              <th scope="row" className="max-w-56 px-3 py-2 text-left font-medium">
                <span className="block truncate">{r.name}</span>
                {r.roles.length ? (
                  <span className="block truncate text-xs font-normal text-muted-foreground">
                    {r.roles.join(", ")}
                  </span>
                ) : null}
              </th>
              <td className={td}>
                <FigureButton
                  label={`Capacity days of ${r.name}`}
                  onOpen={() => openDays(`${r.name}: capacity`, { person: r.personId })}
                >
                  {minutesText(r.capacityMinutes)}
                </FigureButton>
                {r.timeOffMinutes > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {minutesText(r.timeOffMinutes)} off
                  </span>
                ) : null}
              </td>
              <td className={td}>
                <FigureButton
                  label={`Time entries of ${r.name}`}
                  onOpen={() => openEntries(r.name, { person: r.personId })}
                >
                  {hoursText(r.loggedMs)}
                </FigureButton>
              </td>
              <td className={td}>
                <FigureButton
                  label={`Billable time entries of ${r.name}`}
                  onOpen={() => openEntries(`${r.name}: billable`, { person: r.personId, billable: "true" })}
                >
                  {hoursText(r.billableMs)}
                </FigureButton>
              </td>
              <td className={td}>{percentText(r.loggedBp)}</td>
              <td className={cn(td, below && "font-medium text-destructive")}>
                {percentText(r.utilizationBp)}
                {below ? <span className="sr-only"> (below target)</span> : null}
              </td>
              <td className={td}>{r.targetBp === null ? "—" : percentText(r.targetBp)}</td>
            </tr>
          );
        })}
      </ReportTable>
      <p className="mt-2 text-xs text-muted-foreground">
        Capacity is working days × hours per day, less holidays and time off (Settings → People and
        Organization). Utilization is billable time ÷ capacity
        {hasTargets ? "; in red when below the person's target" : "; no one has a utilization target set yet"}
        .
      </p>
    </div>
  );
}

/** The days behind a person's capacity: capacity, time off, holidays, logged. */
function DaysDialog({ target, onClose }: { target: DaysTarget | null; onClose: () => void }) {
  const days = useUtilizationDays(target?.query ?? null);
  const th = "px-2 py-1.5 font-medium whitespace-nowrap";
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{target?.title ?? "Capacity"}</DialogTitle>
          <DialogDescription>
            Each day's capacity after holidays and time off, beside the time logged.
          </DialogDescription>
        </DialogHeader>
        {days.isPending ? (
          <Skeleton className="h-40" />
        ) : days.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {days.error.message}
          </p>
        ) : (
          <div className="relative max-h-[60vh] overflow-auto rounded-md border [contain:inline-size]">
            <table className="w-full text-sm" aria-label="Capacity days">
              <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Capacity
                  </th>
                  <th scope="col" className={th}>
                    Note
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Logged
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Billable
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.data.days.map((d) => (
                  <tr key={d.day} className="border-t" data-testid="capacity-day">
                    <td className="px-2 py-1.5 whitespace-nowrap">{formatDetailDay(d.day)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{minutesText(d.capacityMinutes)}</td>
                    <td className="px-2 py-1.5 text-muted-foreground">
                      {d.isHoliday
                        ? "Holiday"
                        : !d.isWorkingDay
                          ? "Not a working day"
                          : d.timeOffMinutes > 0
                            ? `${minutesText(d.timeOffMinutes)} off`
                            : ""}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{hoursText(d.loggedMs)}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{hoursText(d.billableMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
