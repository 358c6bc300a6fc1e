import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toaster";
import { ApiError, apiFetch } from "@/lib/api";
import {
  PHASE_LABEL,
  syncQueuedResponseSchema,
  syncStatusKey,
  useClickupStatus,
  useSyncStatus,
  type SyncRun,
} from "./api";

const ago = (iso: string | null) => (iso ? formatDistanceToNow(new Date(iso), { addSuffix: true }) : "never");

const KIND_LABEL: Record<SyncRun["kind"], string> = {
  full: "Full sync",
  incremental: "Update",
  poll: "Check for changes",
  write_back: "Write-back",
};

function runSummary(run: SyncRun): string {
  const s = run.stats;
  const parts: string[] = [];
  if (s.tasks !== undefined) parts.push(`${s.tasks.toLocaleString()} tasks`);
  if (s.timeEntries !== undefined) parts.push(`${s.timeEntries.toLocaleString()} time entries`);
  if (s.ms !== undefined) parts.push(`${(s.ms / 1000).toFixed(1)} s`);
  return parts.join(" · ");
}

/** Settings → Sync (canViewTimeSyncReports): progress, last result, recent runs and 'Sync now'. */
export function SyncPanel() {
  const clickup = useClickupStatus();
  const connected = clickup.data?.workspace?.status === "active";
  const sync = useSyncStatus(Boolean(clickup.data?.canViewSync));
  const qc = useQueryClient();
  const syncNow = useMutation({
    mutationFn: () => apiFetch("/api/clickup/sync", syncQueuedResponseSchema, { method: "POST", json: {} }),
    onSuccess: (r) => {
      toast.success(r.queued ? "Sync started" : "A sync is already on its way");
      void qc.invalidateQueries({ queryKey: syncStatusKey });
    },
    onError: (err) =>
      toast.error("Could not start a sync", {
        description: err instanceof ApiError ? err.message : "Please try again.",
      }),
  });
  if (!clickup.data?.canViewSync) return null;
  const data = sync.data;
  const busy = data?.status === "running" || data?.status === "queued";
  const lastFull = data?.runs.find((r) => r.kind === "full" && r.status !== "running");

  return (
    <Card id="sync">
      <CardHeader>
        <CardTitle>ClickUp sync</CardTitle>
        <CardDescription>
          Full syncs copy everything; webhooks and a check every 5 minutes keep it current.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {sync.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sync.isError || !data ? (
          <p className="text-sm text-destructive">Could not load the sync status.</p>
        ) : (
          <>
            <div className="grid gap-2" aria-live="polite">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex items-center gap-2 text-sm">
                  {data.status === "running" ? (
                    <Badge variant="warning">Syncing</Badge>
                  ) : data.status === "queued" ? (
                    <Badge variant="secondary">Queued</Badge>
                  ) : data.status === "failed" ? (
                    <Badge variant="destructive">Last sync failed</Badge>
                  ) : (
                    <Badge variant="success">Up to date</Badge>
                  )}
                  <span className="text-muted-foreground">
                    {busy
                      ? (PHASE_LABEL[data.phase ?? ""] ?? "Waiting for a worker")
                      : `Last full sync ${ago(data.lastFullSyncAt)}`}
                  </span>
                </div>
                <Button onClick={() => syncNow.mutate()} disabled={!connected || busy || syncNow.isPending}>
                  <RefreshCw className={busy ? "animate-spin" : undefined} aria-hidden="true" /> Sync now
                </Button>
              </div>
              {busy ? <Progress value={data.progress} aria-label="Sync progress" /> : null}
              {data.lastError && data.status === "failed" ? (
                <p className="text-sm text-destructive">{data.lastError}</p>
              ) : null}
              {!connected ? (
                <p className="text-sm text-muted-foreground">Connect the workspace to ClickUp to sync.</p>
              ) : null}
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">Last result</dt>
                <dd>
                  {lastFull
                    ? `${lastFull.status === "succeeded" ? "Succeeded" : "Failed"} ${ago(lastFull.finishedAt)}`
                    : "—"}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Last change applied</dt>
                <dd>{ago(data.lastIncrementalAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Webhooks (7 days)</dt>
                <dd>{data.webhooks.receivedLast7Days.toLocaleString()}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Refused (7 days)</dt>
                <dd>{data.webhooks.rejectedLast7Days.toLocaleString()}</dd>
              </div>
            </dl>
            {data.runs.length ? (
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Run</TableHead>
                      <TableHead>Started</TableHead>
                      <TableHead>Result</TableHead>
                      <TableHead className="hidden sm:table-cell">Details</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.runs.map((run) => (
                      <TableRow key={run.id}>
                        <TableCell>{KIND_LABEL[run.kind]}</TableCell>
                        <TableCell>{ago(run.startedAt)}</TableCell>
                        <TableCell>
                          <Badge
                            variant={
                              run.status === "succeeded"
                                ? "success"
                                : run.status === "failed"
                                  ? "destructive"
                                  : "secondary"
                            }
                          >
                            {run.status === "succeeded"
                              ? "Succeeded"
                              : run.status === "failed"
                                ? "Failed"
                                : run.status === "running"
                                  ? "Running"
                                  : "Cancelled"}
                          </Badge>
                        </TableCell>
                        <TableCell
                          className="hidden max-w-72 truncate text-muted-foreground sm:table-cell"
                          title={run.error ?? undefined}
                        >
                          {run.error ?? runSummary(run)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
