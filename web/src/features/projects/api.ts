import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { apiFetch } from "@/lib/api";
import type { z } from "zod";
import {
  projectHeaderSchema,
  projectHealthResponseSchema,
  projectListResponseSchema,
  projectSummaryResponseSchema,
  projectTeamResponseSchema,
  projectTimelineResponseSchema,
  projectTimeReportResponseSchema,
  projectUserTasksResponseSchema,
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
    queryFn: () => apiFetch(`/api/projects${qs ? `?${qs}` : ""}`, projectListResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

function useProjectPart<S extends z.ZodType>(projectId: string, schema: S, part: string, extra = "") {
  const org = useOrgId();
  const path = `/api/projects/${encodeURIComponent(projectId)}${part ? `/${part}` : ""}${extra}`;
  return useQuery({
    queryKey: [...projectKeys.project(org, projectId), part, extra],
    queryFn: () => apiFetch(path, schema),
    enabled: Boolean(org),
  });
}

export const useProject = (id: string) => useProjectPart(id, projectHeaderSchema, "");
export const useProjectSummary = (id: string) => useProjectPart(id, projectSummaryResponseSchema, "summary");
export const useProjectTeam = (id: string) => useProjectPart(id, projectTeamResponseSchema, "team");
export const useProjectTimeline = (id: string) =>
  useProjectPart(id, projectTimelineResponseSchema, "timeline");
export const useProjectTimeReport = (id: string) =>
  useProjectPart(id, projectTimeReportResponseSchema, "time-report");
export const useProjectHealth = (id: string) => useProjectPart(id, projectHealthResponseSchema, "health");
export const useProjectUserTasks = (id: string, assignee: string) =>
  useProjectPart(id, projectUserTasksResponseSchema, "tasks", `?assignee=${encodeURIComponent(assignee)}`);
