import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { navProjectsKey } from "@/features/navigation/use-nav-data";
import { projectKeys } from "@/features/projects/api";
import { apiFetch, apiSend } from "@/lib/api";
import {
  templateDetailSchema,
  templateListResponseSchema,
  templateVersionSchema,
  type CreateTemplate,
  type TemplateFromProject,
  type UpdateTemplate,
} from "../../../../server/modules/templates/contract";
import {
  templateRunSchema,
  type TemplateRun,
  type TemplateRunCreate,
} from "../../../../server/modules/template-runs/contract";

export type * from "../../../../server/modules/templates/contract";
export type { TemplateRun, TemplateRunCreate } from "../../../../server/modules/template-runs/contract";

/** Query keys carry the workspace, so a switch never shows the previous workspace's templates. */
export const templateKeys = {
  all: (org: string | undefined) => ["templates", org] as const,
  list: (org: string | undefined, query: string) => ["templates", org, "list", query] as const,
  detail: (org: string | undefined, id: string) => ["templates", org, "detail", id] as const,
  version: (org: string | undefined, id: string, version: number) =>
    ["templates", org, "detail", id, "version", version] as const,
  run: (org: string | undefined, id: string) => ["template-runs", org, id] as const,
};

const templatePath = (id: string) => `/api/templates/${encodeURIComponent(id)}`;
const runPath = (id: string) => `/api/template-runs/${encodeURIComponent(id)}`;

/** GET /api/templates?search&page (the list screen's URL query). */
export function useTemplates(query: URLSearchParams) {
  const org = useOrgId();
  const qs = query.toString();
  return useQuery({
    queryKey: templateKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/templates${qs ? `?${qs}` : ""}`, templateListResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/templates/{id}: the current version's tree, versions and projects made from it. */
export function useTemplate(id: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: templateKeys.detail(org, id ?? ""),
    queryFn: () => apiFetch(templatePath(id ?? ""), templateDetailSchema),
    enabled: Boolean(org) && id !== null,
    retry: false,
    // Someone else's save reaches the editor through the 409 and Reload, never under open edits.
    refetchOnWindowFocus: false,
  });
}

/** GET /api/templates/{id}/versions/{version} (an older version, read only). */
export function useTemplateVersion(id: string, version: number | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: templateKeys.version(org, id, version ?? 0),
    queryFn: () => apiFetch(`${templatePath(id)}/versions/${version}`, templateVersionSchema),
    enabled: Boolean(org) && version !== null,
    staleTime: Infinity, // a version never changes
  });
}

function useInvalidateTemplates() {
  const org = useOrgId();
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all(org) });
}

/** POST /api/templates (a new template) or PUT /api/templates/{id} (a new version from baseVersion). */
export function useSaveTemplate() {
  const invalidate = useInvalidateTemplates();
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateTemplate } | { id?: undefined; body: CreateTemplate }) =>
      input.id === undefined
        ? apiFetch("/api/templates", templateDetailSchema, { method: "POST", json: input.body })
        : apiFetch(templatePath(input.id), templateDetailSchema, { method: "PUT", json: input.body }),
    onSuccess: async (saved) => {
      client.setQueryData(templateKeys.detail(org, saved.id), saved);
      await invalidate();
    },
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) => apiSend(templatePath(id), { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

export function useDuplicateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${templatePath(id)}/duplicate`, templateDetailSchema, { method: "POST", json: {} }),
    onSuccess: invalidate,
  });
}

/** POST /api/templates/from-project: a synced project's lists and tasks as a new template. */
export function useTemplateFromProject() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (body: TemplateFromProject) =>
      apiFetch("/api/templates/from-project", templateDetailSchema, { method: "POST", json: body }),
    onSuccess: invalidate,
  });
}

/** POST /api/template-runs → 202, the run queued. */
export function useStartRun() {
  return useMutation({
    mutationFn: (body: TemplateRunCreate) =>
      apiFetch("/api/template-runs", templateRunSchema, { method: "POST", json: body }),
  });
}

export function useRetryRun() {
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${runPath(id)}/retry`, templateRunSchema, { method: "POST" }),
    onSuccess: (run) => client.setQueryData(templateKeys.run(org, run.id), run),
  });
}

export const RUN_POLL_MS = 500;
export const isFinished = (run: TemplateRun | undefined) =>
  run?.status === "succeeded" || run?.status === "failed";

/**
 * GET /api/template-runs/{id}, polled while the run is queued or running. When it succeeds the
 * new project is in the database, so the Projects menu, the project lists and the templates
 * (last used) are refreshed.
 */
export function useRun(id: string | null) {
  const org = useOrgId();
  const client = useQueryClient();
  return useQuery({
    queryKey: templateKeys.run(org, id ?? ""),
    queryFn: async () => {
      const run = await apiFetch(runPath(id ?? ""), templateRunSchema);
      if (run.status === "succeeded") {
        await Promise.all([
          client.invalidateQueries({ queryKey: navProjectsKey(org) }),
          client.invalidateQueries({ queryKey: projectKeys.all(org) }),
          client.invalidateQueries({ queryKey: templateKeys.all(org) }),
        ]);
      }
      return run;
    },
    enabled: Boolean(org) && id !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : RUN_POLL_MS),
  });
}
