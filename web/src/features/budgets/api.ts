import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BudgetAction } from "@domain/budget-lifecycle";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch, apiSend, type ApiErrorBody } from "@/lib/api";
import {
  budgetDetailSchema,
  budgetLabourEntriesResponseSchema,
  budgetLineConflictSchema,
  budgetLineSchema,
  budgetListResponseSchema,
  budgetRevisionDiffSchema,
  budgetSummarySchema,
  type BudgetDetail,
  type BudgetLabourSettings,
  type BudgetLineView,
  type CreateBudget,
  type CreateBudgetLine,
  type UpdateBudget,
  type UpdateBudgetLine,
} from "../../../../server/modules/budgets/contract";
import {
  budgetLineImportPreviewSchema,
  budgetLineImportRefusalSchema,
  type BudgetLineImportPreview,
} from "../../../../server/modules/budgets/files-contract";

export type * from "../../../../server/modules/budgets/contract";
export type { BudgetLineImportPreview };

/** Query keys carry the workspace, so switching workspaces never shows the previous one's budgets. */
export const budgetKeys = {
  all: (org: string | undefined) => ["budgets", org] as const,
  list: (org: string | undefined, qs: string) => ["budgets", org, "list", qs] as const,
  summary: (org: string | undefined) => ["budgets", org, "summary"] as const,
  detail: (org: string | undefined, id: string, revision: number | null) =>
    ["budgets", org, "detail", id, revision] as const,
  one: (org: string | undefined, id: string) => ["budgets", org, "detail", id] as const,
  diff: (org: string | undefined, id: string, revision: number) =>
    ["budgets", org, "diff", id, revision] as const,
  labour: (org: string | undefined, id: string, section: string, page: number) =>
    ["budgets", org, "labour", id, section, page] as const,
};

export const budgetPath = (id: string) => `/api/budgets/${encodeURIComponent(id)}`;

/** GET /api/budgets?… (the list's URL search, as is). */
export function useBudgetList(qs: string, enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/budgets${qs ? `?${qs}` : ""}`, budgetListResponseSchema),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/budgets/summary: the /finance overview's figures, summed on the server. */
export function useBudgetSummary() {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.summary(org),
    queryFn: () => apiFetch("/api/budgets/summary", budgetSummarySchema),
    enabled: Boolean(org),
  });
}

/** GET /api/budgets/:id (?revision=n; null = the latest). */
export function useBudget(id: string, revision: number | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.detail(org, id, revision),
    queryFn: () =>
      apiFetch(`${budgetPath(id)}${revision === null ? "" : `?revision=${revision}`}`, budgetDetailSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useRevisionDiff(id: string, revision: number, enabled: boolean) {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.diff(org, id, revision),
    queryFn: () => apiFetch(`${budgetPath(id)}/revisions/${revision}/diff`, budgetRevisionDiffSchema),
    enabled: Boolean(org) && enabled,
  });
}

export function useLabourEntries(id: string, section: string | null, page: number) {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.labour(org, id, section ?? "", page),
    queryFn: () =>
      apiFetch(
        `${budgetPath(id)}/labour-entries?section=${encodeURIComponent(section ?? "")}&page=${page}&pageSize=50`,
        budgetLabourEntriesResponseSchema,
      ),
    enabled: Boolean(org) && section !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every write that answers the budget: the detail caches of it refresh, and the lists. */
function useBudgetRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return (budgetId: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: budgetKeys.one(org, budgetId) }),
      client.invalidateQueries({ queryKey: ["budgets", org, "list"] }),
      client.invalidateQueries({ queryKey: ["budgets", org, "diff", budgetId] }),
    ]);
}

export function useCreateBudget() {
  const client = useQueryClient();
  const org = useOrgId();
  return useMutation({
    mutationFn: (body: CreateBudget) =>
      apiFetch("/api/budgets", budgetDetailSchema, { method: "POST", json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["budgets", org, "list"] }),
  });
}

export function useUpdateBudget(budgetId: string) {
  const refresh = useBudgetRefresh();
  return useMutation({
    mutationFn: (body: UpdateBudget) =>
      apiFetch(budgetPath(budgetId), budgetDetailSchema, { method: "PATCH", json: body }),
    onSuccess: () => refresh(budgetId),
  });
}

export function useTransitionBudget(budgetId: string) {
  const refresh = useBudgetRefresh();
  return useMutation({
    mutationFn: (body: { action: BudgetAction; baseVersion?: number }) =>
      apiFetch(`${budgetPath(budgetId)}/transitions`, budgetDetailSchema, { method: "POST", json: body }),
    onSuccess: () => refresh(budgetId),
  });
}

export function useSetLabour(budgetId: string) {
  const refresh = useBudgetRefresh();
  return useMutation({
    mutationFn: (body: BudgetLabourSettings) =>
      apiFetch(`${budgetPath(budgetId)}/labour`, budgetDetailSchema, { method: "PUT", json: body }),
    onSuccess: () => refresh(budgetId),
  });
}

/** Refreshes the figures after a line write (totals are the server's). */
export function useRefreshBudget() {
  return useBudgetRefresh();
}

export function createLine(budgetId: string, body: CreateBudgetLine): Promise<BudgetLineView> {
  return apiFetch(`${budgetPath(budgetId)}/lines`, budgetLineSchema, { method: "POST", json: body });
}

export async function deleteLine(budgetId: string, lineId: string): Promise<void> {
  await apiSend(`${budgetPath(budgetId)}/lines/${encodeURIComponent(lineId)}`, { method: "DELETE" });
}

/** A line change's outcome: saved, or refused because someone changed the line first (409). */
export type LineSaveResult = { ok: true; line: BudgetLineView } | { ok: false; current: BudgetLineView };

/**
 * PATCH a line from the version seen. A 409 answers the line as it is now (`current`): that is
 * returned, never swallowed, so the screen shows it and lets the user re-apply.
 */
export async function updateLine(
  budgetId: string,
  lineId: string,
  body: UpdateBudgetLine,
): Promise<LineSaveResult> {
  const res = await fetch(`${budgetPath(budgetId)}/lines/${encodeURIComponent(lineId)}`, {
    method: "PATCH",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (res.status === 409) {
    const conflict = budgetLineConflictSchema.safeParse(json);
    if (conflict.success) return { ok: false, current: conflict.data.current };
  }
  if (!res.ok) throw toApiError(res.status, json);
  return { ok: true, line: budgetLineSchema.parse(json) };
}

function toApiError(status: number, json: unknown): ApiError {
  const err = (json as ApiErrorBody | undefined)?.error;
  return new ApiError(
    status,
    err?.code ?? "http_error",
    err?.message ?? `Request failed (${status})`,
    err?.fields,
  );
}

export type ImportOutcome =
  | { kind: "preview"; preview: BudgetLineImportPreview }
  | { kind: "imported"; budget: BudgetDetail }
  | { kind: "refused"; message: string; rejected: BudgetLineImportPreview["rejected"] };

/**
 * POST /lines/import with the file as text/csv: a dry run previews, an import is all or nothing.
 * `baseVersion` is the revision's version seen, so a retried import never adds its lines twice.
 */
export async function importLines(
  budgetId: string,
  csv: string,
  dryRun: boolean,
  baseVersion?: number,
): Promise<ImportOutcome> {
  const version = baseVersion === undefined ? "" : `&baseVersion=${baseVersion}`;
  const res = await fetch(`${budgetPath(budgetId)}/lines/import?dryRun=${dryRun}${version}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "text/csv" },
    body: csv,
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    if (dryRun) return { kind: "preview", preview: budgetLineImportPreviewSchema.parse(json) };
    return { kind: "imported", budget: budgetDetailSchema.parse(json) };
  }
  const refusal = budgetLineImportRefusalSchema.safeParse(json);
  if (refusal.success)
    return { kind: "refused", message: refusal.data.error.message, rejected: refusal.data.rejected };
  throw toApiError(res.status, json);
}
