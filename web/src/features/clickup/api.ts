import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "@domain/messages";
import { apiFetch } from "@/lib/api";

/** GET /api/clickup/status */
export interface ClickupStatus {
  oauthAvailable: boolean;
  simulated: boolean;
  canManage: boolean;
  canViewSync: boolean;
  workspace: {
    status: "pending_team" | "active" | "error" | "disconnected";
    teamId: string | null;
    teamName: string | null;
    authType: "oauth" | "personal";
    connectedAt: string;
    lastError: string | null;
    webhook: boolean;
  } | null;
  me: {
    clickupUserId: string;
    clickupEmail: string | null;
    clickupUsername: string | null;
    connectedAt: string;
  } | null;
}

export interface TeamChoice {
  id: string;
  name: string;
  members: number;
}

/** POST /api/clickup/workspace/(token|oauth/callback|team) */
export interface WorkspaceConnectResult {
  status: "active" | "pending_team";
  teams: TeamChoice[];
  team: TeamChoice | null;
  syncQueued: boolean;
}

export interface SyncRun {
  id: string;
  kind: "full" | "incremental" | "poll" | "write_back";
  status: "running" | "succeeded" | "failed" | "cancelled";
  trigger: string | null;
  stats: Record<string, number>;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

/** GET /api/clickup/sync */
export interface SyncStatus {
  status: "idle" | "queued" | "running" | "failed";
  phase: string | null;
  progress: number;
  lastFullSyncAt: string | null;
  lastIncrementalAt: string | null;
  lastError: string | null;
  runs: SyncRun[];
  webhooks: {
    receivedLast7Days: number;
    rejectedLast7Days: number;
    failedLast7Days: number;
    lastReceivedAt: string | null;
  };
}

export const clickupStatusKey = ["clickup", "status"] as const;
export const syncStatusKey = ["clickup", "sync"] as const;

export function useClickupStatus() {
  return useQuery({
    queryKey: clickupStatusKey,
    queryFn: () => apiFetch<ClickupStatus>("/api/clickup/status"),
  });
}

export function useSyncStatus(enabled: boolean) {
  return useQuery({
    queryKey: syncStatusKey,
    queryFn: () => apiFetch<SyncStatus>("/api/clickup/sync"),
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

/** POST /api/accessible-tasks (spec §7 get-accessible-tasks). */
export interface AccessibleTasks {
  taskIds: string[];
  clickupUserId: string | null;
}

/**
 * The task ids the signed-in person may see. On a non-OK answer the message of spec §8 is
 * logged and the result is emptied silently, as the spec describes.
 */
export async function fetchAccessibleTasks(organizationId: string): Promise<AccessibleTasks> {
  const res = await fetch("/api/accessible-tasks", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ organization_id: organizationId }),
  });
  if (!res.ok) {
    console.warn(MESSAGES.accessibleTasksFailed(res.status));
    return { taskIds: [], clickupUserId: null };
  }
  return (await res.json()) as AccessibleTasks;
}

export function useAccessibleTasks(organizationId: string | undefined) {
  return useQuery({
    queryKey: ["accessible-tasks", organizationId],
    queryFn: () => fetchAccessibleTasks(organizationId!),
    enabled: Boolean(organizationId),
  });
}
