import { useState } from "react";
import { formatDetailDay } from "@domain/index";
import { formatMoney, formatRate, UNPRICED_LABEL } from "@domain/money";
import {
  ENTRY_TD,
  EntriesDialog as RowsDialog,
  PagedEntriesTable,
  TaskLink,
} from "@/components/entries-dialog";
import { useReportEntries } from "./api";
import { hoursText } from "./figures";
import { withParams } from "./url-state";

/** What a drill-down shows: its title and the entries query (the report's filters narrowed). */
export interface EntriesTarget {
  title: string;
  query: string;
}

/** The drill-down a report opens: `open(title, narrowing)` on the report's filters, `close()`. */
export function useEntriesTarget(filterQuery: string) {
  const [target, setTarget] = useState<EntriesTarget | null>(null);
  return {
    target,
    open: (title: string, more: Record<string, string | undefined>) =>
      setTarget({ title, query: withParams(filterQuery, more) }),
    close: () => setTarget(null),
  };
}

const COLUMNS = [
  { label: "Day" },
  { label: "Person" },
  { label: "Project / task" },
  { label: "Hours", numeric: true },
  { label: "Billable" },
  { label: "Cost", numeric: true },
  { label: "Revenue", numeric: true },
] as const;

function Unpriced() {
  return <span className="font-medium text-amber-800 dark:text-amber-300">{UNPRICED_LABEL}</span>;
}

function Priced({
  amount,
  rate,
  currency,
}: {
  amount: number | null;
  rate: number | null;
  currency: string;
}) {
  if (amount === null) return <Unpriced />;
  return (
    <>
      {formatMoney(amount, currency)}
      <span className="block text-xs text-muted-foreground">{formatRate(rate, currency)}</span>
    </>
  );
}

/**
 * The time entries behind a report figure, each with the day, person, project, task (linking
 * out to ClickUp), hours, billable, and the rates it was priced at; paged on the server. Money is
 * rounded once per line (person × project × day) and shared out over its entries on the server.
 */
export function EntriesDialog({ target, onClose }: { target: EntriesTarget | null; onClose: () => void }) {
  return (
    <RowsDialog
      open={target !== null}
      onClose={onClose}
      title={target?.title ?? "Time entries"}
      description="The time entries behind this figure, priced at the rates in force on their day. A person's time on a project on one day is rounded once; its entries share that amount, so they add up to the figure."
      className="sm:max-w-4xl"
    >
      {target ? <EntriesTable query={target.query} /> : null}
    </RowsDialog>
  );
}

function EntriesTable({ query }: { query: string }) {
  const [page, setPage] = useState(1);
  const entries = useReportEntries(withParams(query, { page: String(page) }));
  const currency = entries.data?.currency ?? "";
  return (
    <PagedEntriesTable
      query={entries}
      onPage={setPage}
      label="Time entries"
      columns={COLUMNS}
      empty="No time entries make this figure."
      scrollClassName="max-h-[60vh] overflow-auto"
    >
      {(items) =>
        items.map((e) => (
          <tr key={e.id} className="border-t" data-testid="report-entry">
            <td className={`${ENTRY_TD} whitespace-nowrap`}>{formatDetailDay(e.day)}</td>
            <td className={ENTRY_TD}>{e.personName}</td>
            <td className={`${ENTRY_TD} max-w-72`}>
              <span className="block truncate text-xs text-muted-foreground">
                {e.projectName ?? "No project"}
              </span>
              <TaskLink
                url={e.taskUrl}
                name={e.taskName}
                id={e.taskId}
                fallback={<span className="block truncate">{e.taskName ?? "No task"}</span>}
              />
            </td>
            <td className={`${ENTRY_TD} text-right tabular-nums`}>{hoursText(e.durationMs)}</td>
            <td className={ENTRY_TD}>{e.billable ? "Billable" : "Non-billable"}</td>
            <td className={`${ENTRY_TD} text-right tabular-nums whitespace-nowrap`}>
              <Priced amount={e.cost} rate={e.internalRate} currency={currency} />
            </td>
            <td className={`${ENTRY_TD} text-right tabular-nums whitespace-nowrap`}>
              <Priced amount={e.revenue} rate={e.clientRate} currency={currency} />
            </td>
          </tr>
        ))
      }
    </PagedEntriesTable>
  );
}
