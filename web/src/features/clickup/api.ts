import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { MESSAGES } from "@domain/messages";
import { ApiError, apiFetch, UNEXPECTED_SHAPE_CODE } from "@/lib/api";
import {
  clickupStatusSchema,
  clickupTokenRequestSchema,
  syncStatusSchema,
} from "../../../../server/modules/clickup/contract";
import {
  accessibleTasksResponseSchema,
  type AccessibleTasksResponse,
} from "../../../../server/modules/accessible-tasks/contract";

export * from "../../../../server/modules/clickup/contract";
export type { ClickupTeamChoice as TeamChoice } from "../../../../server/modules/clickup/contract";

/** The token field: the contract's rule, said the way the form says it. */
export const tokenFormSchema = clickupTokenRequestSchema.extend({
  token: z
    .string()
    .refine((token) => token.trim().length >= 8, "Paste the whole token (it starts with pk_)."),
});

export const clickupStatusKey = ["clickup", "status"] as const;
export const syncStatusKey = ["clickup", "sync"] as const;

export function useClickupStatus() {
  return useQuery({
    queryKey: clickupStatusKey,
    queryFn: () => apiFetch("/api/clickup/status", clickupStatusSchema),
  });
}

export function useSyncStatus(enabled: boolean) {
  return useQuery({
    queryKey: syncStatusKey,
    queryFn: () => apiFetch("/api/clickup/sync", syncStatusSchema),
    enabled,
    // Follow a running sync closely; otherwise refresh now and then.
    refetchInterval: (q) =>
      q.state.data?.status === "running" || q.state.data?.status === "queued" ? 1500 : 30_000,
  });
}

export const PHASE_LABEL: Record<string, string> = {
  hierarchy: "Reading spaces, folders and lists",
  tasks: "Importing tasks",
  time_entries: "Importing time entries",
  finalize: "Finishing",
};

/**
 * The task ids the signed-in person may see (POST /api/accessible-tasks, spec §7). On a non-OK
 * answer the message of spec §8 is logged and the result is emptied silently, as the spec describes.
 */
export async function fetchAccessibleTasks(organizationId: string): Promise<AccessibleTasksResponse> {
  try {
    return await apiFetch("/api/accessible-tasks", accessibleTasksResponseSchema, {
      method: "POST",
      json: { organization_id: organizationId },
    });
  } catch (err) {
    if (!(err instanceof ApiError) || err.code === UNEXPECTED_SHAPE_CODE) throw err;
    console.warn(MESSAGES.accessibleTasksFailed(err.status));
    return { taskIds: [], clickupUserId: null };
  }
}

export function useAccessibleTasks(organizationId: string | undefined) {
  return useQuery({
    queryKey: ["accessible-tasks", organizationId],
    queryFn: () => fetchAccessibleTasks(organizationId!),
    enabled: Boolean(organizationId),
  });
}
