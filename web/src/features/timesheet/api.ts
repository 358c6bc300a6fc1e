import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TimesheetWeekAction } from "@domain/index";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import {
  lockedChangeSchema,
  lockedChangesResponseSchema,
  ownWeekResponseSchema,
  timesheetWeekStateSchema,
  weekQueueResponseSchema,
  type QueuedWeek,
} from "../../../../server/modules/timesheet/contract";

export type * from "../../../../server/modules/timesheet/contract";

/** Query keys carry the workspace so a switch never shows the previous workspace's weeks. */
export const timesheetKeys = {
  week: (org: string | undefined, weekStart: string) => ["timesheet", org, weekStart] as const,
  queue: (org: string | undefined, query: string) => ["timesheet-approval", org, "queue", query] as const,
  lockedChanges: (org: string | undefined, query: string) =>
    ["timesheet-approval", org, "locked-changes", query] as const,
  approvalAll: (org: string | undefined) => ["timesheet-approval", org] as const,
};

/** Everything that shows a week's status: the timesheet, My Week, the queue, the reports. */
function useInvalidateWeekStatus() {
  const org = useOrgId();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ["timesheet", org] });
    void queryClient.invalidateQueries({ queryKey: ["dashboard", org] });
    void queryClient.invalidateQueries({ queryKey: timesheetKeys.approvalAll(org) });
    void queryClient.invalidateQueries({ queryKey: ["reports", org] });
  };
}

/** POST /api/timesheet/submit or /withdraw for the caller's own week. */
export function useOwnWeekAction() {
  const invalidate = useInvalidateWeekStatus();
  return useMutation({
    mutationFn: ({ action, weekStart }: { action: "submit" | "withdraw"; weekStart: string }) =>
      apiFetch(`/api/timesheet/${action}`, ownWeekResponseSchema, { method: "POST", json: { weekStart } }),
    onSettled: invalidate,
  });
}

/** GET /api/timesheet/weeks (owners and admins). */
export function useWeekQueue(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: timesheetKeys.queue(org, query),
    queryFn: () => apiFetch(`/api/timesheet/weeks?${query}`, weekQueueResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

export type ReviewAction = Extract<TimesheetWeekAction, "approve" | "reject" | "reopen">;

/** POST /api/timesheet/weeks/:person/:week/approve | reject | reopen with the version the reviewer saw. */
export function useReviewWeek() {
  const invalidate = useInvalidateWeekStatus();
  return useMutation({
    mutationFn: ({ week, action, comment }: { week: QueuedWeek; action: ReviewAction; comment?: string }) =>
      apiFetch(
        `/api/timesheet/weeks/${encodeURIComponent(week.clickupUserId)}/${week.weekStart}/${action}`,
        timesheetWeekStateSchema,
        { method: "POST", json: { version: week.version, ...(comment ? { comment } : {}) } },
      ),
    onSettled: invalidate,
  });
}

/** GET /api/timesheet/locked-changes (canViewTimeSyncReports). */
export function useLockedChanges(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: timesheetKeys.lockedChanges(org, query),
    queryFn: () => apiFetch(`/api/timesheet/locked-changes?${query}`, lockedChangesResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgeLockedChange() {
  const invalidate = useInvalidateWeekStatus();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/timesheet/locked-changes/${encodeURIComponent(id)}/acknowledge`, lockedChangeSchema, {
        method: "POST",
      }),
    onSettled: invalidate,
  });
}
