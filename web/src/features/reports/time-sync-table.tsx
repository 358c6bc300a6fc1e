import { Fragment, useState } from "react";
import { ChevronDown, ChevronRight } from "lucide-react";
import { formatDetailDay } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { cn } from "@/lib/cn";
import type { TimeSyncEntry, TimeSyncRow } from "../../../../server/modules/reports/time-sync-contract";
import { REPORT_CELL } from "./report-table";
import { dateTimeFormat } from "@domain/intl";

/** Minutes as h:mm ("7:05"). */
export function minutesText(minutes: number): string {
  const sign = minutes < 0 ? "−" : "";
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}

function timeOf(iso: string, timeZone: string): string {
  return dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

function EntryList({
  title,
  entries,
  timeZone,
}: {
  title: string;
  entries: TimeSyncEntry[];
  timeZone: string;
}) {
  return (
    <div className="min-w-0 flex-1">
      <p className="mb-1 text-xs font-medium text-muted-foreground">{title}</p>
      {entries.length === 0 ? (
        <p className="text-xs text-muted-foreground">None</p>
      ) : (
        <ul className="space-y-1 text-xs">
          {entries.map((e) => (
            <li key={e.id} className="break-words">
              <span className="tabular-nums">{timeOf(e.start, timeZone)}</span> ·{" "}
              <span className="tabular-nums">{minutesText(Math.round(e.durationMs / 60_000))}</span> ·{" "}
              {e.taskName ?? e.taskId ?? "No task"} <span className="text-muted-foreground">(#{e.id})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One row per person and day: minutes in ClickUp and here, the difference; a discrepancy is
 * highlighted and opens the entries that differ on each side.
 */
export function TimeSyncTable({ rows, timeZone }: { rows: TimeSyncRow[]; timeZone: string }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <ScrollRegion
      label="Hours per person and day"
      className="relative rounded-xl border bg-card [contain:inline-size]"
    >
      <table className="w-full text-sm" aria-label="Hours per person and day, ClickUp against here">
        <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Person
            </th>
            <th scope="col" className="px-3 py-2">
              Day
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              ClickUp (h:mm)
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Here (h:mm)
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Difference
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const key = `${r.userId}|${r.day}`;
            const expanded = open.has(key);
            const detailId = `time-sync-detail-${r.userId}-${r.day}`;
            return (
              <Fragment key={key}>
                <tr
                  className={cn("border-t", r.discrepancy && "bg-destructive/10")}
                  data-testid="time-sync-row"
                  data-discrepancy={r.discrepancy ? "true" : "false"}
                >
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {r.name}
                    {!r.resolved && (
                      <Badge variant="warning" className="ml-2">
                        Unresolved
                      </Badge>
                    )}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDetailDay(r.day)}</td>
                  <td className={REPORT_CELL}>{minutesText(r.clickupMinutes)}</td>
                  <td className={REPORT_CELL}>{minutesText(r.hereMinutes)}</td>
                  <td className={REPORT_CELL}>{minutesText(r.hereMinutes - r.clickupMinutes)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {r.discrepancy ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-expanded={expanded}
                        aria-controls={detailId}
                        onClick={() => toggle(key)}
                        className="text-destructive"
                      >
                        {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                        Discrepancy
                      </Button>
                    ) : (
                      <span className="text-muted-foreground">Matches</span>
                    )}
                  </td>
                </tr>
                {r.discrepancy && expanded && (
                  <tr id={detailId} className="bg-destructive/5">
                    <td colSpan={6} className="px-3 py-2">
                      <div className="flex flex-col gap-3 sm:flex-row">
                        <EntryList title="In ClickUp" entries={r.clickupEntries} timeZone={timeZone} />
                        <EntryList title="Here" entries={r.hereEntries} timeZone={timeZone} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
