import { useState } from "react";
import { ExternalLink } from "lucide-react";
import { formatDetailDay } from "@domain/index";
import { formatMoney, formatRate, UNPRICED_LABEL } from "@domain/money";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { useReportEntries } from "./api";
import { hoursText } from "./figures";
import { withParams } from "./url-state";

/** What a drill-down shows: its title and the entries query (the report's filters narrowed). */
export interface EntriesTarget {
  title: string;
  query: string;
}

const TH = "px-2 py-1.5 font-medium whitespace-nowrap";
const TD = "px-2 py-1.5";

function Unpriced() {
  return <span className="font-medium text-amber-800 dark:text-amber-300">{UNPRICED_LABEL}</span>;
}

/**
 * The time entries behind a report figure, each with the day, person, project, task (linking
 * out to ClickUp), hours, billable, and the rates it was priced at; paged on the server.
 */
export function EntriesDialog({ target, onClose }: { target: EntriesTarget | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const entries = useReportEntries(target ? withParams(target.query, { page: String(page) }) : null);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{target?.title ?? "Time entries"}</DialogTitle>
          <DialogDescription>
            The time entries behind this figure, each priced at the rates in force on its day.
          </DialogDescription>
        </DialogHeader>
        {entries.isPending ? (
          <Skeleton className="h-40" />
        ) : entries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {entries.error.message}
          </p>
        ) : entries.data.total === 0 ? (
          <p className="text-sm text-muted-foreground">No time entries make this figure.</p>
        ) : (
          <>
            <div className="relative max-h-[60vh] overflow-auto rounded-md border [contain:inline-size]">
              <table className="w-full text-sm" aria-label="Time entries">
                <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className={TH}>
                      Day
                    </th>
                    <th scope="col" className={TH}>
                      Person
                    </th>
                    <th scope="col" className={TH}>
                      Project / task
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Hours
                    </th>
                    <th scope="col" className={TH}>
                      Billable
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Cost
                    </th>
                    <th scope="col" className={`${TH} text-right`}>
                      Revenue
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {entries.data.items.map((e) => {
                    const currency = entries.data.currency;
                    return (
                      <tr key={e.id} className="border-t" data-testid="report-entry">
                        <td className={`${TD} whitespace-nowrap`}>{formatDetailDay(e.day)}</td>
                        <td className={TD}>{e.personName}</td>
                        <td className={`${TD} max-w-72`}>
                          <span className="block truncate text-xs text-muted-foreground">
                            {e.projectName ?? "No project"}
                          </span>
                          {e.taskUrl ? (
                            <a
                              href={e.taskUrl}
                              target="_blank"
                              rel="noreferrer"
                              className="inline-flex max-w-full items-center gap-1 hover:underline"
                            >
                              <span className="truncate">{e.taskName ?? e.taskId}</span>
                              <ExternalLink aria-hidden className="size-3 shrink-0" />
                              <span className="sr-only">(opens in ClickUp)</span>
                            </a>
                          ) : (
                            <span className="block truncate">{e.taskName ?? "No task"}</span>
                          )}
                        </td>
                        <td className={`${TD} text-right tabular-nums`}>{hoursText(e.durationMs)}</td>
                        <td className={TD}>{e.billable ? "Billable" : "Non-billable"}</td>
                        <td className={`${TD} text-right tabular-nums whitespace-nowrap`}>
                          {e.cost === null ? (
                            <Unpriced />
                          ) : (
                            <>
                              {formatMoney(e.cost, currency)}
                              <span className="block text-xs text-muted-foreground">
                                {formatRate(e.internalRate, currency)}
                              </span>
                            </>
                          )}
                        </td>
                        <td className={`${TD} text-right tabular-nums whitespace-nowrap`}>
                          {e.revenue === null ? (
                            <Unpriced />
                          ) : (
                            <>
                              {formatMoney(e.revenue, currency)}
                              <span className="block text-xs text-muted-foreground">
                                {formatRate(e.clientRate, currency)}
                              </span>
                            </>
                          )}
                        </td>
                      </tr>
                    );
                  })}
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
