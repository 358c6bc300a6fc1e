import { useState } from "react";
import type { AicpSectionLetter } from "@domain/aicp";
import { formatListDay } from "@domain/index";
import { formatMoney, formatRate, UNPRICED_LABEL } from "@domain/money";
import { ENTRY_TD, EntriesDialog, PagedEntriesTable, TaskLink } from "@/components/entries-dialog";
import { useLabourEntries, type BudgetDetail } from "./api";
import { minutesToHoursText } from "./figures";

const COLUMNS = [
  { label: "Day" },
  { label: "Person" },
  { label: "Task" },
  { label: "Hours", numeric: true },
  { label: "Rate", numeric: true },
  { label: "Amount", numeric: true },
] as const;

/** The synced time entries behind a section's labour actual, each priced at its day's internal rate. */
export function LabourEntriesDialog({
  budget,
  section,
  onClose,
}: {
  budget: BudgetDetail;
  section: AicpSectionLetter | null;
  onClose: () => void;
}) {
  const totals = budget.labour.sections.find((s) => s.section === section);
  const name = budget.totals.estimate.sections.find((s) => s.letter === section)?.name ?? "";
  return (
    <EntriesDialog
      open={section !== null}
      onClose={onClose}
      className="sm:max-w-3xl"
      title={
        <>
          Labour in {section} · {name}
        </>
      }
      description={
        <>
          {minutesToHoursText(totals?.minutes ?? 0)} logged in ClickUp on this project,{" "}
          {formatMoney(totals?.amountMinor ?? 0, budget.currency)} at internal rates (before P&W)
          {totals && totals.unpricedMinutes > 0
            ? `; ${minutesToHoursText(totals.unpricedMinutes)} ${UNPRICED_LABEL.toLowerCase()} (no internal rate)`
            : ""}
          .
        </>
      }
    >
      {section !== null ? <LabourEntriesTable budget={budget} section={section} /> : null}
    </EntriesDialog>
  );
}

function LabourEntriesTable({ budget, section }: { budget: BudgetDetail; section: AicpSectionLetter }) {
  const [page, setPage] = useState(1);
  const entries = useLabourEntries(budget.id, section, page);
  return (
    <PagedEntriesTable
      query={entries}
      onPage={setPage}
      label={`Time entries of section ${section}`}
      columns={COLUMNS}
      empty="No time entries count in this section yet. Time logged in ClickUp on the project appears here after the next sync; map role tags to sections under Labour mapping."
    >
      {(items) =>
        items.map((e) => (
          <tr key={e.id} className="border-t">
            <td className={`${ENTRY_TD} whitespace-nowrap`}>{formatListDay(e.day, Date.now())}</td>
            <td className={ENTRY_TD}>{e.personName ?? `User ${e.personId}`}</td>
            <td className={`${ENTRY_TD} max-w-64`}>
              <TaskLink
                url={e.taskUrl}
                name={e.taskName}
                id={e.taskId}
                fallback={e.taskName ?? <span className="text-muted-foreground">No task</span>}
              />
            </td>
            <td className={`${ENTRY_TD} text-right tabular-nums`}>{minutesToHoursText(e.minutes)}</td>
            <td className={`${ENTRY_TD} text-right tabular-nums whitespace-nowrap`}>
              {e.rateMinor === null ? (
                <span className="font-medium text-warning-foreground">{UNPRICED_LABEL}</span>
              ) : (
                formatRate(e.rateMinor, budget.currency)
              )}
            </td>
            <td className={`${ENTRY_TD} text-right tabular-nums whitespace-nowrap`}>
              {e.amountMinor === null ? UNPRICED_LABEL : formatMoney(e.amountMinor, budget.currency)}
            </td>
          </tr>
        ))
      }
    </PagedEntriesTable>
  );
}
