import type { ReactNode } from "react";
import { ExternalLink } from "lucide-react";
import { formatHours, formatListDay } from "@domain/index";
import { formatMoney, formatRate, UNPRICED_LABEL } from "@domain/money";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusPill } from "@/components/status-pill";
import { useWorkloadEntries, type WorkloadEntry } from "./api";
import { longDay, minutesToHours } from "./model";

/** What the grid knows about the opened cell. */
export interface OpenCell {
  person: string;
  name: string;
  day: string;
  booked: number;
  tentative: number;
  capacity: number | null;
  timeOff: number;
}

/**
 * The tasks behind a cell (spec §3 Workload entries of that person and day under the screen's
 * filters), each linking out to ClickUp; costs only for financial viewers.
 */
export function CellDialog({
  cell,
  filters,
  onClose,
}: {
  cell: OpenCell | null;
  /** The screen's API filters (space, project, role, tentative). */
  filters: URLSearchParams;
  onClose: () => void;
}) {
  const query = cell ? new URLSearchParams(filters) : null;
  if (query && cell) {
    query.delete("from");
    query.delete("to");
    query.set("person", cell.person);
    query.set("day", cell.day);
    query.set("pageSize", "100");
  }
  const entries = useWorkloadEntries(query);
  const data = entries.data;
  const summary = cell
    ? [
        `${formatHours(minutesToHours(cell.booked))} booked`,
        cell.tentative > 0 ? `${formatHours(minutesToHours(cell.tentative))} tentative` : null,
        cell.capacity !== null ? `capacity ${formatHours(minutesToHours(cell.capacity))}` : null,
        cell.timeOff > 0 ? `time off ${formatHours(minutesToHours(cell.timeOff))}` : null,
      ]
        .filter(Boolean)
        .join(" · ")
    : "";

  return (
    <Dialog open={cell !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl" data-testid="cell-dialog">
        <DialogHeader>
          <DialogTitle>
            {cell?.name} · {cell ? longDay(cell.day) : ""}
          </DialogTitle>
          <DialogDescription>{summary}</DialogDescription>
        </DialogHeader>
        {entries.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : entries.isError ? (
          <p className="text-sm text-destructive">Could not load the tasks of this day. Try again shortly.</p>
        ) : data && data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No tasks you can see book time on this day
            {data.hidden > 0 ? ` (${data.hidden} hidden by your access)` : ""}.
          </p>
        ) : data ? (
          <>
            <ul className="space-y-2" aria-label="Tasks of this day">
              {data.items.map((entry) => (
                <EntryItem
                  key={entry.id}
                  entry={entry}
                  day={cell?.day ?? null}
                  financial={data.canViewFinancials}
                  currency={data.currency}
                />
              ))}
            </ul>
            {data.total > data.items.length || data.hidden > 0 ? (
              <p className="text-xs text-muted-foreground">
                {data.total > data.items.length ? `Showing ${data.items.length} of ${data.total}. ` : ""}
                {data.hidden > 0 ? `${data.hidden} more you may not see.` : ""}
              </p>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EntryItem({
  entry,
  day,
  financial,
  currency,
}: {
  entry: WorkloadEntry;
  /** The cell's day: task dates in its year leave the year out. */
  day: string | null;
  financial: boolean;
  currency: string;
}) {
  const money = (amount: number | null) => (amount === null ? UNPRICED_LABEL : formatMoney(amount, currency));
  return (
    <li data-testid="cell-entry" className="rounded-lg border p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {entry.url ? (
            <a
              href={entry.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium hover:underline"
            >
              {entry.name}
              <ExternalLink aria-hidden className="size-3.5 shrink-0" />
              <span className="sr-only">(opens in ClickUp)</span>
            </a>
          ) : (
            <span className="font-medium">{entry.name}</span>
          )}
          <div className="truncate text-xs text-muted-foreground">
            {[entry.job_code, entry.folder_name ?? "No Project", entry.space_name]
              .filter(Boolean)
              .join(" · ")}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {entry.tentative ? (
            <Badge variant="outline" className="border-violet-300 text-violet-900">
              Tentative
            </Badge>
          ) : null}
          {entry.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <Fact label="Status">
          {entry.status ? <StatusPill status={entry.status} rule="dashboard" /> : "—"}
        </Fact>
        <Fact label="Dates">
          {entry.start_date && entry.due_date
            ? `${formatListDay(entry.start_date, day)} – ${formatListDay(entry.due_date, day)}`
            : entry.due_date
              ? `due ${formatListDay(entry.due_date, day)}`
              : entry.start_date
                ? `from ${formatListDay(entry.start_date, day)}`
                : "—"}
        </Fact>
        <Fact label="Estimate">
          {formatHours(entry.estimated_time_total)}
          {entry.hours_per_day_estimate !== null ? ` (${formatHours(entry.hours_per_day_estimate)}/day)` : ""}
        </Fact>
        <Fact label="Logged">{formatHours(entry.total_time_logged_hours)}</Fact>
        {financial ? (
          <>
            <Fact label="Rate">{formatRate(entry.assignee_rate, currency)}</Fact>
            <Fact label="Estimated cost">{money(entry.estimated_cost)}</Fact>
            <Fact label="Actual cost">{money(entry.actual_cost)}</Fact>
          </>
        ) : null}
      </dl>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}
