import { useState } from "react";
import { ArrowRight } from "lucide-react";
import { formatDateTime } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { useAcknowledgeLockedChange, useLockedChanges, type LockedChange } from "./api";
import { LOCKED_CHANGE_LABELS, lockedEntryText, weekRangeText } from "./approval";

/** The empty state of the list (PRODUCT.md → Timesheet approval). */
export const NO_LOCKED_CHANGES = "No changes in ClickUp to approved weeks.";

const PAGE_SIZE = 10;

const CHANGE_VARIANT = { added: "success", changed: "warning", deleted: "destructive" } as const;

/**
 * Changes in ClickUp to approved weeks: time entries added, changed or deleted in ClickUp inside
 * a locked week (kept, never deleted here), each with what it was and is now, until an admin
 * acknowledges it; the acknowledged ones on request. On the approval queue and the time-sync report.
 */
export function LockedChanges() {
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const list = useLockedChanges(`state=${showAll ? "all" : "open"}&page=${page}&pageSize=${PAGE_SIZE}`);
  const acknowledge = useAcknowledgeLockedChange();
  const data = list.data;

  return (
    // No aria-labelledby: the heading's words ("… to …") would answer label lookups meant for the
    // time-sync report's From / To fields.
    <section className="mt-6 rounded-xl border bg-card p-3 md:p-4" data-testid="locked-changes">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Changes in ClickUp to approved weeks</h2>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={showAll}
            onChange={(e) => {
              setShowAll(e.target.checked);
              setPage(1);
            }}
          />
          Show acknowledged
        </label>
      </div>
      {list.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the changes: {list.error.message}
        </p>
      ) : !data || data.total === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{NO_LOCKED_CHANGES}</p>
      ) : (
        <>
          <ul className={list.isPlaceholderData ? "divide-y opacity-60" : "divide-y"} aria-label="Changes">
            {data.items.map((c) => (
              <ChangeItem
                key={c.id}
                change={c}
                busy={acknowledge.isPending && acknowledge.variables === c.id}
                onAcknowledge={() =>
                  acknowledge.mutate(c.id, {
                    onSuccess: () =>
                      toast.success("Change acknowledged", {
                        description: `${c.personName}, ${weekRangeText(c.weekStart)}`,
                      }),
                    onError: (error) =>
                      toast.error("Could not acknowledge the change", { description: error.message }),
                  })
                }
              />
            ))}
          </ul>
          {data.total > data.pageSize ? (
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          ) : null}
        </>
      )}
    </section>
  );
}

function ChangeItem({
  change: c,
  busy,
  onAcknowledge,
}: {
  change: LockedChange;
  busy: boolean;
  onAcknowledge: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-2 py-2.5 md:flex-row md:items-start md:gap-4"
      data-testid="locked-change"
      data-change={c.change}
    >
      <div className="min-w-0 md:w-48 md:shrink-0">
        <p className="truncate text-sm font-medium">{c.personName}</p>
        <p className="text-xs text-muted-foreground">Week of {weekRangeText(c.weekStart)}</p>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={CHANGE_VARIANT[c.change]}>{LOCKED_CHANGE_LABELS[c.change]}</Badge>
          <span className="text-xs text-muted-foreground" title={`ClickUp time entry ${c.timeEntryId}`}>
            Detected {formatDateTime(c.detectedAt)}
          </span>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 [overflow-wrap:anywhere]">
          {c.before ? (
            <span className={c.after ? "text-muted-foreground" : "text-muted-foreground line-through"}>
              <span className="sr-only">{c.after ? "Before: " : "Was: "}</span>
              {lockedEntryText(c.before)}
            </span>
          ) : null}
          {c.before && c.after ? (
            <ArrowRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
          ) : null}
          {c.after ? (
            <span>
              <span className="sr-only">{c.before ? "After: " : "Now: "}</span>
              {lockedEntryText(c.after)}
            </span>
          ) : null}
        </p>
      </div>
      <div className="md:shrink-0">
        {c.acknowledgedAt ? (
          <p className="text-xs text-muted-foreground">
            Acknowledged{c.acknowledgedByName ? ` by ${c.acknowledgedByName}` : ""}
            <span className="block">{formatDateTime(c.acknowledgedAt)}</span>
          </p>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={onAcknowledge}>
            Acknowledge
          </Button>
        )}
      </div>
    </li>
  );
}
