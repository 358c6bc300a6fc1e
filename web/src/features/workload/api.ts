import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import {
  workloadEntriesResponseSchema,
  workloadResponseSchema,
} from "../../../../server/modules/workload/contract";
import { peopleResponseSchema, workspaceSettingsSchema } from "../../../../server/modules/capacity/contract";

export type * from "../../../../server/modules/workload/contract";
export { UNASSIGNED } from "../../../../server/modules/workload/contract";
export type { CapacityPerson } from "../../../../server/modules/capacity/contract";

/** Query keys carry the workspace so a switch never shows the previous workspace's load. */
export const workloadKeys = {
  all: (org: string | undefined) => ["workload", org] as const,
  grid: (org: string | undefined, query: string) => ["workload", org, "grid", query] as const,
  entries: (org: string | undefined, query: string) => ["workload", org, "entries", query] as const,
  settings: (org: string | undefined) => ["capacity", org, "settings"] as const,
  people: (org: string | undefined) => ["capacity", org, "people"] as const,
};

/** GET /api/workload for the window and filters in `query`. */
export function useWorkload(query: URLSearchParams, enabled: boolean) {
  const org = useOrgId();
  const qs = query.toString();
  return useQuery({
    queryKey: workloadKeys.grid(org, qs),
    queryFn: () => apiFetch(`/api/workload?${qs}`, workloadResponseSchema),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** The spec §3 Workload entries of a cell (person + day) under the screen's filters. */
export function useWorkloadEntries(query: URLSearchParams | null) {
  const org = useOrgId();
  const qs = query?.toString() ?? "";
  return useQuery({
    queryKey: workloadKeys.entries(org, qs),
    queryFn: () => apiFetch(`/api/workload/entries?${qs}`, workloadEntriesResponseSchema),
    enabled: Boolean(org) && query !== null,
  });
}

/** Settings → Organization (week start); the screen falls back to Monday while it is missing. */
export function useWorkspaceSettings() {
  const org = useOrgId();
  return useQuery({
    queryKey: workloadKeys.settings(org),
    queryFn: () => apiFetch("/api/capacity/settings", workspaceSettingsSchema),
    enabled: Boolean(org),
    retry: false,
  });
}

/** ClickUp users of the workspace with their role tags (filters and the time-off form). */
export function useCapacityPeople(enabled: boolean) {
  const org = useOrgId();
  return useQuery({
    queryKey: workloadKeys.people(org),
    queryFn: () => apiFetch("/api/capacity/people", peopleResponseSchema),
    enabled: Boolean(org) && enabled,
    retry: false,
  });
}
