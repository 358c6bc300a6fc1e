import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { apiFetch } from "@/lib/api";
import {
  dashboardSummarySchema,
  otherTasksResponseSchema,
  projectDetailResponseSchema,
  projectsResponseSchema,
  taskDetailResponseSchema,
  weekResponseSchema,
} from "../../../../server/modules/dashboard/contract";

export type * from "../../../../server/modules/dashboard/contract";

export function useOrgId(): string | undefined {
  return currentWorkspace(useSession().data)?.id;
}

/**
 * Query keys carry the workspace; everything under ["dashboard", org] is invalidated by live
 * refresh and by starting or stopping an impersonation.
 */
export const dashboardKeys = {
  all: (org: string | undefined) => ["dashboard", org] as const,
  summary: (org: string | undefined) => ["dashboard", org, "summary"] as const,
  week: (org: string | undefined, date: string) => ["dashboard", org, "week", date] as const,
  projects: (org: string | undefined) => ["dashboard", org, "projects"] as const,
  otherTasks: (org: string | undefined) => ["dashboard", org, "other-tasks"] as const,
  task: (org: string | undefined, id: string) => ["dashboard", org, "task", id] as const,
  project: (org: string | undefined, id: string) => ["dashboard", org, "project", id] as const,
};

export function useDashboardSummary() {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.summary(org),
    queryFn: () => apiFetch("/api/dashboard", dashboardSummarySchema),
    enabled: Boolean(org),
  });
}

export function useWeek(date: string, enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.week(org, date),
    queryFn: () => apiFetch(`/api/dashboard/week?date=${encodeURIComponent(date)}`, weekResponseSchema),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMyProjects(enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.projects(org),
    queryFn: () => apiFetch("/api/dashboard/projects", projectsResponseSchema),
    enabled: Boolean(org) && enabled,
  });
}

export function useOtherTasks(enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.otherTasks(org),
    queryFn: () => apiFetch("/api/dashboard/other-tasks", otherTasksResponseSchema),
    enabled: Boolean(org) && enabled,
  });
}

export function useTaskDetail(taskId: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.task(org, taskId ?? ""),
    queryFn: () =>
      apiFetch(`/api/dashboard/tasks/${encodeURIComponent(taskId ?? "")}`, taskDetailResponseSchema),
    enabled: Boolean(org) && Boolean(taskId),
  });
}

export function useProjectDetail(folderId: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: dashboardKeys.project(org, folderId ?? ""),
    queryFn: () =>
      apiFetch(`/api/dashboard/projects/${encodeURIComponent(folderId ?? "")}`, projectDetailResponseSchema),
    enabled: Boolean(org) && Boolean(folderId),
  });
}
