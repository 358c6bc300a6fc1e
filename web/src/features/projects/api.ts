import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { apiFetch } from "@/lib/api";
import type {
  ProjectHeader,
  ProjectHealthResponse,
  ProjectListResponse,
  ProjectSummaryResponse,
  ProjectTeamResponse,
  ProjectTimelineResponse,
  ProjectTimeReportResponse,
  ProjectUserTasksResponse,
} from "../../../../server/modules/projects/contract";

export type * from "../../../../server/modules/projects/contract";

/** Query keys carry the workspace so switching workspaces never shows the previous one's data. */
function useOrgId(): string | undefined {
  return currentWorkspace(useSession().data)?.id;
}

export const projectKeys = {
  all: (org: string | undefined) => ["projects", org] as const,
  list: (org: string | undefined, params: string) => ["projects", org, "list", params] as const,
  project: (org: string | undefined, id: string) => ["projects", org, "project", id] as const,
};

export function useProjectList(params: URLSearchParams) {
  const org = useOrgId();
  const qs = params.toString();
  return useQuery({
    queryKey: projectKeys.list(org, qs),
    queryFn: () => apiFetch<ProjectListResponse>(`/api/projects${qs ? `?${qs}` : ""}`),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

function useProjectPart<T>(projectId: string, part: string, extra = "") {
  const org = useOrgId();
  const path = `/api/projects/${encodeURIComponent(projectId)}${part ? `/${part}` : ""}${extra}`;
  return useQuery({
    queryKey: [...projectKeys.project(org, projectId), part, extra],
    queryFn: () => apiFetch<T>(path),
    enabled: Boolean(org),
  });
}

export const useProject = (id: string) => useProjectPart<ProjectHeader>(id, "");
export const useProjectSummary = (id: string) => useProjectPart<ProjectSummaryResponse>(id, "summary");
export const useProjectTeam = (id: string) => useProjectPart<ProjectTeamResponse>(id, "team");
export const useProjectTimeline = (id: string) => useProjectPart<ProjectTimelineResponse>(id, "timeline");
export const useProjectTimeReport = (id: string) =>
  useProjectPart<ProjectTimeReportResponse>(id, "time-report");
export const useProjectHealth = (id: string) => useProjectPart<ProjectHealthResponse>(id, "health");
export const useProjectUserTasks = (id: string, assignee: string) =>
  useProjectPart<ProjectUserTasksResponse>(id, "tasks", `?assignee=${encodeURIComponent(assignee)}`);
