import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { formatDateTime, securityEventLabel } from "@domain/format";
import { AUDIT_EVENT_TYPES, type AuditEventType } from "@domain/security";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { apiFetch } from "@/lib/api";
import { securityEventsResponseSchema } from "./api";

function describe(data: Record<string, unknown>): string {
  return Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

/** Security audit log of the workspace (owners and admins), newest first, paged, filterable by event type. */
export function SecurityLogPanel() {
  const workspace = currentWorkspace(useSession().data);
  const [type, setType] = useState<AuditEventType | "all">("all");
  const log = useInfiniteQuery({
    queryKey: ["audit", "security", workspace?.id, type],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: "25" });
      if (type !== "all") q.set("eventType", type);
      if (pageParam) q.set("before", String(pageParam));
      return apiFetch(`/api/audit/security?${q}`, securityEventsResponseSchema);
    },
    getNextPageParam: (last) => last.nextBefore,
    enabled: Boolean(workspace),
  });
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Security log</CardTitle>
          <CardDescription>
            Sign-ins, failed attempts, rate limits, invitations and blocked submissions.
          </CardDescription>
        </div>
        <Select value={type} onValueChange={(v) => setType(v as AuditEventType | "all")}>
          <SelectTrigger className="w-56" aria-label="Event type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All events</SelectItem>
            {AUDIT_EVENT_TYPES.map((t) => (
              <SelectItem key={t} value={t}>
                {securityEventLabel(t)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-40" />
        ) : log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load the security log
          </p>
        ) : events.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No events yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table aria-label="Security events">
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Event</TableHead>
                  <TableHead>User</TableHead>
                  <TableHead>Details</TableHead>
                  <TableHead>IP</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {events.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="whitespace-nowrap text-xs">
                      <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                    </TableCell>
                    <TableCell>
                      <Badge
                        variant={
                          e.eventType === "user_login" || e.eventType === "team_invitation"
                            ? "secondary"
                            : "destructive"
                        }
                      >
                        <span title={e.eventType}>{securityEventLabel(e.eventType)}</span>
                      </Badge>
                    </TableCell>
                    <TableCell className="text-xs">{e.userEmail ?? "—"}</TableCell>
                    <TableCell className="max-w-md truncate text-xs" title={e.userAgent ?? undefined}>
                      {describe(e.eventData)}
                    </TableCell>
                    <TableCell className="text-xs">{e.ipAddress ?? "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {log.hasNextPage ? (
          <Button
            variant="outline"
            className="mt-3"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
