import { useState } from "react";
import { ExternalLink } from "lucide-react";
import type { AicpSectionLetter } from "@domain/aicp";
import { formatListDay } from "@domain/index";
import { formatMoney, formatRate, UNPRICED_LABEL } from "@domain/money";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { useLabourEntries, type BudgetDetail } from "./api";
import { minutesToHoursText } from "./figures";

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
  const [page, setPage] = useState(1);
  const entries = useLabourEntries(budget.id, section, page);
  const totals = budget.labour.sections.find((s) => s.section === section);
  const name = budget.totals.estimate.sections.find((s) => s.letter === section)?.name ?? "";
  return (
    <Dialog
      open={section !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            Labour in {section} · {name}
          </DialogTitle>
          <DialogDescription>
            {minutesToHoursText(totals?.minutes ?? 0)} logged in ClickUp on this project,{" "}
            {formatMoney(totals?.amountMinor ?? 0, budget.currency)} at internal rates (before P&W)
            {totals && totals.unpricedMinutes > 0
              ? `; ${minutesToHoursText(totals.unpricedMinutes)} ${UNPRICED_LABEL.toLowerCase()} (no internal rate)`
              : ""}
            .
          </DialogDescription>
        </DialogHeader>
        {entries.isPending ? (
          <Skeleton className="h-40" />
        ) : entries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {entries.error.message}
          </p>
        ) : entries.data.total === 0 ? (
          <p className="text-sm text-muted-foreground">
            No time entries count in this section yet. Time logged in ClickUp on the project appears here
            after the next sync; map role tags to sections under Labour mapping.
          </p>
        ) : (
          <>
            <div className="relative overflow-x-auto rounded-md border [contain:inline-size]">
              <table className="w-full text-sm" aria-label={`Time entries of section ${section}`}>
                <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      Day
                    </th>
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      Person
                    </th>
                    <th scope="col" className="px-2 py-1.5 font-medium">
                      Task
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right font-medium">
                      Hours
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right font-medium">
                      Rate
                    </th>
                    <th scope="col" className="px-2 py-1.5 text-right font-medium">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.data.items.map((e) => (
                    <tr key={e.id} className="border-t">
                      <td className="px-2 py-1.5 whitespace-nowrap">{formatListDay(e.day, Date.now())}</td>
                      <td className="px-2 py-1.5">{e.personName ?? `User ${e.personId}`}</td>
                      <td className="max-w-64 px-2 py-1.5">
                        {e.taskUrl ? (
                          <a
                            href={e.taskUrl}
                            target="_blank"
                            rel="noreferrer"
                            className="inline-flex items-center gap-1 hover:underline"
                          >
                            <span className="truncate">{e.taskName ?? e.taskId}</span>
                            <ExternalLink aria-hidden className="size-3 shrink-0" />
                            <span className="sr-only">(opens in ClickUp)</span>
                          </a>
                        ) : (
                          (e.taskName ?? <span className="text-muted-foreground">No task</span>)
                        )}
                      </td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{minutesToHoursText(e.minutes)}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                        {e.rateMinor === null ? (
                          <span className="font-medium text-warning-foreground">{UNPRICED_LABEL}</span>
                        ) : (
                          formatRate(e.rateMinor, budget.currency)
                        )}
                      </td>
                      <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                        {e.amountMinor === null
                          ? UNPRICED_LABEL
                          : formatMoney(e.amountMinor, budget.currency)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={entries.data.page}
              pageSize={entries.data.pageSize}
              total={entries.data.total}
              onPage={setPage}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
