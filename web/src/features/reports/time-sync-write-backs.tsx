import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDetailDay } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Pager } from "@/components/ui/pager";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import { timeSyncWriteBacksResponseSchema } from "../../../../server/modules/reports/time-sync-contract";
import { minutesText } from "./time-sync-table";

const PAGE_SIZE = 20;

/** GET /api/reports/time-sync/write-backs (its `today` also gives the page its default range). */
export function useTimeSyncWriteBacks(page: number) {
  const org = useOrgId();
  return useQuery({
    queryKey: ["reports", org, "time-sync", "write-backs", page],
    queryFn: () =>
      apiFetch(
        `/api/reports/time-sync/write-backs?page=${page}&pageSize=${PAGE_SIZE}`,
        timeSyncWriteBacksResponseSchema,
      ),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** Timesheet entries whose write-back to ClickUp is pending or failed. */
export function TimeSyncWriteBacks() {
  const [page, setPage] = useState(1);
  const list = useTimeSyncWriteBacks(page);
  const data = list.data;
  return (
    <section aria-labelledby="time-sync-write-backs" className="mt-8">
      <h2 id="time-sync-write-backs" className="mb-3 text-base font-semibold">
        Timesheet write-backs pending or failed
      </h2>
      {list.isError ? (
        <p className="text-sm text-destructive">Could not load the write-backs: {list.error.message}</p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : data.total === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="time-sync-no-write-backs">
          Every timesheet entry has been written back to ClickUp.
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-xl border bg-card text-sm">
            {data.items.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <Badge variant={w.status === "failed" ? "destructive" : "warning"}>
                  {w.status === "failed" ? "Failed" : "Pending"}
                </Badge>
                <span className="font-medium">{w.name}</span>
                <span>{formatDetailDay(w.day)}</span>
                <span className="tabular-nums">{minutesText(Math.round(w.durationMs / 60_000))}</span>
                <span className="min-w-0 break-words text-muted-foreground">
                  {w.taskName ?? w.taskId ?? "No task"}
                </span>
                {w.error && <span className="w-full break-words text-xs text-destructive">{w.error}</span>}
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
