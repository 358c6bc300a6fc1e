import type { ReactNode } from "react";
import { Figure } from "@/components/document-parts";
import { SortHeader } from "@/components/sort-header";
import { listSort } from "@/lib/list-url-state";
import { FigureButton, hoursText } from "./figures";
import { sortRows } from "./sort";
import type { ReportUrlState } from "./url-state";

/*
 * The parts every report body shares: the sort kept in the URL with its headers, the table with
 * its totals row, the empty message, and the time figures that open their entries.
 */

/** A numeric figure cell of a report table. */
export const REPORT_CELL = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

/**
 * The report's rows sorted by the URL's sort (a key outside `keys` falls back to `initial`), and
 * `header(label, key)` for a sortable column heading.
 */
export function useReportSort<T, K extends string>({
  state,
  keys,
  initial,
  value,
  label,
  rows,
}: {
  state: Pick<ReportUrlState, "params" | "update">;
  keys: readonly K[];
  initial: { sort: K; dir: "asc" | "desc" };
  value: (row: T, key: K) => number | string | null;
  label: (row: T) => string;
  rows: readonly T[];
}) {
  const { sort: raw, dir, toggleSort } = listSort<K>(state.params, state.update, initial, initial.dir);
  const sort = keys.includes(raw) ? raw : initial.sort;
  return {
    rows: sortRows<T, K>(rows, sort, dir, value, label),
    header: (text: string, col: K, numeric = true) => (
      <SortHeader label={text} col={col} sort={sort} dir={dir} onSort={toggleSort} numeric={numeric} />
    ),
  };
}

/** A report's table: headings, one row per item, and the totals row (labelled `totalLabel`). */
export function ReportTable({
  label,
  head,
  totalLabel,
  totals,
  children,
}: {
  label: string;
  head: ReactNode;
  totalLabel: string;
  totals: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border bg-card [contain:inline-size]">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        <tfoot className="border-t-2 bg-muted/30 font-medium">
          <tr data-testid="report-totals">
            <th scope="row" className="px-3 py-2 text-left">
              {totalLabel}
            </th>
            {totals}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** What a report says when nothing falls under its filters. */
export function EmptyReport({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** The time logged and the billable part of it, each opening its entries. */
export function TimeFigures({
  label,
  ms,
  billableMs,
  open,
}: {
  label: string;
  ms: number;
  billableMs: number;
  open: (title: string, more: Record<string, string | undefined>) => void;
}) {
  return (
    <>
      <Figure
        label={label}
        value={
          <FigureButton label="Every time entry" onOpen={() => open("Every time entry", {})}>
            {hoursText(ms)}
          </FigureButton>
        }
      />
      <Figure
        label="Billable"
        value={
          <FigureButton
            label="Billable time entries"
            onOpen={() => open("Billable time", { billable: "true" })}
          >
            {hoursText(billableMs)}
          </FigureButton>
        }
      />
    </>
  );
}
