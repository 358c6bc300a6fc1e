import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { daysOfRange, defaultTimeSyncRange, timeSyncChunks, timeSyncRangeDays } from "@domain/time-sync";
import { formatDetailDay } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Page } from "@/features/app-shell/page";
import { apiFetch, ApiError } from "@/lib/api";
import {
  timeSyncCheckResponseSchema,
  timeSyncResyncResponseSchema,
  type TimeSyncRow,
} from "../../../../server/modules/reports/time-sync-contract";
import { LockedChanges } from "@/features/timesheet/locked-changes";
import { EmptyReport } from "./report-table";
import { TimeSyncTable } from "./time-sync-table";
import { TimeSyncWriteBacks, useTimeSyncWriteBacks } from "./time-sync-write-backs";

/*
 * Time-sync validation (issue 16 point 8): for a range (default the last 14 days of the
 * workspace), the browser asks the server chunk by chunk (7 days) to read ClickUp live and compare
 * it with the time here, with a progress bar and Cancel. Discrepancies are highlighted and open
 * the entries on each side; days ClickUp could not be read for are listed, never counted as
 * matching. "Re-sync this range" repairs the range from ClickUp and checks it again.
 */

/** The longest range the page checks at once (chunked; each call covers at most 7 days). */
const MAX_RANGE_DAYS = 92;

interface Unchecked {
  day: string;
  reason: string;
}

interface CheckRun {
  status: "running" | "done" | "cancelled" | "failed";
  phase: "check" | "resync";
  done: number;
  total: number;
  from: string;
  to: string;
  rows: TimeSyncRow[];
  unchecked: Unchecked[];
  unresolved: Set<string>;
  timeZone: string;
  error: string | null;
}

function aborted(err: unknown): boolean {
  return err instanceof DOMException && err.name === "AbortError";
}

function rangeError(from: string, to: string): string | null {
  if (!from || !to) return "Choose both days.";
  const days = timeSyncRangeDays(from, to);
  if (days < 1) return "The last day must be on or after the first.";
  if (days > MAX_RANGE_DAYS) return `Check at most ${MAX_RANGE_DAYS} days at a time.`;
  return null;
}

export function TimeSyncReport() {
  const [params, setParams] = useSearchParams();
  const writeBacks = useTimeSyncWriteBacks(1);
  const today = writeBacks.data?.today;
  const fallback = today ? defaultTimeSyncRange(today) : null;
  const from = params.get("from") ?? fallback?.from ?? "";
  const to = params.get("to") ?? fallback?.to ?? "";
  const setDay = (key: "from" | "to", value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("from", from);
        next.set("to", to);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const invalid = from && to ? rangeError(from, to) : null;

  const [run, setRun] = useState<CheckRun | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function check(range: { from: string; to: string }, signal: AbortSignal) {
    const chunks = timeSyncChunks(range.from, range.to);
    const base: CheckRun = {
      status: "running",
      phase: "check",
      done: 0,
      total: chunks.length,
      from: range.from,
      to: range.to,
      rows: [],
      unchecked: [],
      unresolved: new Set(),
      timeZone: "UTC",
      error: null,
    };
    let state = base;
    setRun(state);
    for (const chunk of chunks) {
      try {
        const res = await apiFetch(
          `/api/reports/time-sync/check?from=${chunk.from}&to=${chunk.to}`,
          timeSyncCheckResponseSchema,
          { signal },
        );
        state = {
          ...state,
          done: state.done + 1,
          rows: [...state.rows, ...res.rows],
          unchecked: [
            ...state.unchecked,
            ...res.uncheckedDays.map((day) => ({ day, reason: res.uncheckedReason ?? "Not checked" })),
          ],
          unresolved: new Set([...state.unresolved, ...res.unresolvedUserIds]),
          timeZone: res.timeZone,
        };
      } catch (err) {
        if (aborted(err)) {
          setRun({ ...state, status: "cancelled" });
          return;
        }
        if (err instanceof ApiError && err.status < 500) {
          setRun({ ...state, status: "failed", error: err.message });
          return;
        }
        // A server or network failure for this chunk: its days were not checked.
        const reason = err instanceof Error ? err.message : "The check failed";
        state = {
          ...state,
          done: state.done + 1,
          unchecked: [
            ...state.unchecked,
            ...daysOfRange(chunk.from, chunk.to).map((day) => ({ day, reason })),
          ],
        };
      }
      setRun(state);
    }
    setRun({ ...state, status: "done" });
  }

  function start(resync: boolean) {
    if (!from || !to || invalid) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const range = { from, to };
    void (async () => {
      if (resync) {
        const chunks = timeSyncChunks(range.from, range.to);
        for (let i = 0; i < chunks.length; i++) {
          setRun((prev) => ({
            ...(prev ?? {
              from,
              to,
              rows: [],
              unchecked: [],
              unresolved: new Set<string>(),
              timeZone: "UTC",
              error: null,
            }),
            status: "running",
            phase: "resync",
            done: i,
            total: chunks.length,
          }));
          try {
            await apiFetch("/api/reports/time-sync/resync", timeSyncResyncResponseSchema, {
              method: "POST",
              json: chunks[i],
              signal: controller.signal,
            });
          } catch (err) {
            setRun((prev) =>
              prev
                ? {
                    ...prev,
                    status: aborted(err) ? "cancelled" : "failed",
                    error: aborted(err) ? null : err instanceof Error ? err.message : "Re-sync failed",
                  }
                : prev,
            );
            return;
          }
        }
        void writeBacks.refetch();
      }
      await check(range, controller.signal);
    })();
  }

  const running = run?.status === "running";
  const discrepancies = useMemo(() => run?.rows.filter((r) => r.discrepancy).length ?? 0, [run]);
  const [onlyDiscrepancies, setOnlyDiscrepancies] = useState(false);
  const shownRows = run ? (onlyDiscrepancies ? run.rows.filter((r) => r.discrepancy) : run.rows) : [];
  const sortedRows = [...shownRows].sort(
    (a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId) || a.day.localeCompare(b.day),
  );
  const complete = run?.status === "done" && run.phase === "check";

  return (
    <Page title="Time Sync Validation" description="Compare time logged here with time in ClickUp.">
      <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm text-muted-foreground">
        <Link to="/reporting" className="hover:underline">
          Reports
        </Link>{" "}
        / Time Sync Validation
      </nav>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          start(false);
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor="time-sync-from">From</Label>
          <Input
            id="time-sync-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setDay("from", e.target.value)}
            className="w-40"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="time-sync-to">To</Label>
          <Input
            id="time-sync-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setDay("to", e.target.value)}
            className="w-40"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={running || !from || !to || Boolean(invalid)}>
            Check
          </Button>
          {running && (
            <Button type="button" variant="outline" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={running || !from || !to || Boolean(invalid)}
            onClick={() => start(true)}
          >
            Re-sync this range
          </Button>
        </div>
      </form>
      {invalid && (
        <p className="mt-2 text-sm text-destructive" role="alert">
          {invalid}
        </p>
      )}

      <div className="mt-4 space-y-3" aria-live="polite">
        {run && running && (
          <div data-testid="time-sync-progress">
            <p className="mb-1 text-sm text-muted-foreground">
              {run.phase === "resync" ? "Re-syncing from ClickUp" : "Checking against ClickUp"}: {run.done} of{" "}
              {run.total} {run.total === 1 ? "part" : "parts"}
            </p>
            <Progress
              value={run.done}
              max={run.total}
              aria-label={run.phase === "resync" ? "Re-sync progress" : "Check progress"}
            />
          </div>
        )}
        {run?.status === "cancelled" && (
          <p className="text-sm text-muted-foreground">Cancelled: only the parts already read are shown.</p>
        )}
        {run?.status === "failed" && (
          <p className="text-sm text-destructive" role="alert">
            {run.error}
          </p>
        )}
        {run && run.rows.length + run.unchecked.length > 0 && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">
              {formatDetailDay(run.from)} – {formatDetailDay(run.to)}
            </span>
            {complete && discrepancies === 0 && run.unchecked.length === 0 ? (
              <Badge variant="success" data-testid="time-sync-clean">
                0 discrepancies
              </Badge>
            ) : discrepancies > 0 ? (
              <Badge variant="destructive" data-testid="time-sync-discrepancies">
                {discrepancies} {discrepancies === 1 ? "discrepancy" : "discrepancies"}
              </Badge>
            ) : null}
            <Badge variant={run.unresolved.size ? "warning" : "outline"} data-testid="time-sync-unresolved">
              {run.unresolved.size} unresolved {run.unresolved.size === 1 ? "user" : "users"}
            </Badge>
          </div>
        )}
      </div>

      {run && run.unchecked.length > 0 && (
        <section
          aria-labelledby="time-sync-unchecked"
          className="mt-4 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
          data-testid="time-sync-unchecked"
        >
          <h2 id="time-sync-unchecked" className="font-semibold">
            Days that could not be checked ({run.unchecked.length})
          </h2>
          <p className="mb-1">{run.unchecked[0]?.reason}</p>
          <p className="break-words">{run.unchecked.map((u) => formatDetailDay(u.day)).join(", ")}</p>
        </section>
      )}

      {run && (
        <div className="mt-4">
          {run.rows.length > 0 && (
            <label className="mb-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={onlyDiscrepancies}
                onChange={(e) => setOnlyDiscrepancies(e.target.checked)}
              />
              Only discrepancies
            </label>
          )}
          {sortedRows.length > 0 ? (
            <TimeSyncTable rows={sortedRows} timeZone={run.timeZone} />
          ) : run.status !== "running" && run.unchecked.length === 0 ? (
            <EmptyReport>
              {onlyDiscrepancies
                ? "No discrepancies in this range."
                : "No time logged in this range, here or in ClickUp."}
            </EmptyReport>
          ) : null}
        </div>
      )}
      {!run && (
        <EmptyReport>
          Choose a range and press Check to compare the hours here with ClickUp&apos;s.
        </EmptyReport>
      )}

      <TimeSyncWriteBacks />
      <LockedChanges />
    </Page>
  );
}
