import { useState } from "react";
import { formatHours, formatListDay } from "@domain/index";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/features/app-shell/page";
import { cn } from "@/lib/cn";
import { useProjectTimeReport, type TimeReportRow } from "./api";
import { hoursScopeCaption } from "./format";

/** Time report: hours per person or task per week, against estimates (spec §6 scope). */
export function ProjectTimeReport({ projectId }: { projectId: string }) {
  const report = useProjectTimeReport(projectId);
  const [by, setBy] = useState<"people" | "tasks">("people");
  if (report.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (report.isError)
    return <EmptyState title="Could not load the time report">{report.error.message}</EmptyState>;
  const data = report.data;
  if (data.people.length === 0 && data.tasks.length === 0) {
    return (
      <EmptyState title="No time logged yet">
        Time entries on this project&apos;s tasks appear here by week.
      </EmptyState>
    );
  }
  const rows: TimeReportRow[] = data[by];
  const today = Date.now();
  return (
    <section aria-label="Time report" className="rounded-xl border bg-card">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b p-4">
        <div>
          <h2 className="font-semibold">Hours per week</h2>
          <p className="text-xs text-muted-foreground">{hoursScopeCaption(data)} · weeks start Monday</p>
        </div>
        <div role="group" aria-label="Group by" className="flex rounded-md bg-muted p-0.5 text-xs">
          {(
            [
              ["people", "By person"],
              ["tasks", "By task"],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={by === value}
              onClick={() => setBy(value)}
              className={cn(
                "rounded px-2.5 py-1 text-muted-foreground",
                by === value && "bg-background font-medium text-foreground shadow-xs",
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </header>
      <ScrollRegion label="Time report">
        <table className="w-full text-sm">
          <thead className="bg-muted/40 text-xs text-muted-foreground">
            <tr>
              <th className="sticky left-0 bg-muted px-3 py-2 text-left font-medium">
                {by === "people" ? "Person" : "Task"}
              </th>
              {data.weeks.map((w) => (
                <th key={w} className="px-3 py-2 text-right font-medium whitespace-nowrap">
                  {formatListDay(w, today)}
                </th>
              ))}
              <th className="px-3 py-2 text-right font-medium">Logged</th>
              <th className="px-3 py-2 text-right font-medium">Estimated</th>
              <th className="px-3 py-2 text-right font-medium">Remaining</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t" data-testid="time-row">
                <td className="sticky left-0 max-w-56 truncate bg-card px-3 py-2 font-medium">{r.name}</td>
                {data.weeks.map((w) => (
                  <td key={w} className="px-3 py-2 text-right text-muted-foreground tabular-nums">
                    {r.weeks[w] ? formatHours(r.weeks[w]) : "·"}
                  </td>
                ))}
                <td className="px-3 py-2 text-right font-medium tabular-nums">
                  {formatHours(r.loggedHours)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatHours(r.estimatedHours)}</td>
                <Remaining logged={r.loggedHours} estimated={r.estimatedHours} />
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t bg-muted/30 font-medium">
            <tr>
              <td className="sticky left-0 bg-muted px-3 py-2">Total</td>
              {data.weeks.map((w) => (
                <td key={w} className="px-3 py-2 text-right tabular-nums">
                  {formatHours(data.totals.weeks[w] ?? 0)}
                </td>
              ))}
              <td className="px-3 py-2 text-right tabular-nums" data-testid="time-total">
                {formatHours(data.totals.loggedHours)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatHours(data.totals.estimatedHours)}</td>
              <Remaining logged={data.totals.loggedHours} estimated={data.totals.estimatedHours} />
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </section>
  );
}

function Remaining({ logged, estimated }: { logged: number; estimated: number }) {
  const left = estimated - logged;
  return (
    <td
      className={cn(
        "px-3 py-2 text-right tabular-nums",
        left < 0 ? "text-destructive" : "text-muted-foreground",
      )}
    >
      {left < 0 ? `${formatHours(-left)} over` : formatHours(left)}
    </td>
  );
}
