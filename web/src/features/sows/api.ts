import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { budgetKeys } from "@/features/budgets/api";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import {
  proposedSowInvoiceSchema,
  sowDetailSchema,
  sowListResponseSchema,
  type CreateSow,
  type NewSowVersion,
  type ProposeSowInvoice,
  type SendSow,
  type SignSow,
  type UpdateSow,
} from "../../../../server/modules/sows/contract";

export type * from "../../../../server/modules/sows/contract";

/** Query keys carry the workspace, so switching workspaces never shows the previous one's SOWs. */
export const sowKeys = {
  all: (org: string | undefined) => ["sows", org] as const,
  list: (org: string | undefined, qs: string) => ["sows", org, "list", qs] as const,
  detail: (org: string | undefined, id: string) => ["sows", org, "detail", id] as const,
  version: (org: string | undefined, id: string, version: number | null) =>
    ["sows", org, "detail", id, version ?? "current"] as const,
};

export const sowPath = (id: string) => `/api/sows/${encodeURIComponent(id)}`;
export const sowHref = (id: string) => `/finance/sows/${encodeURIComponent(id)}`;
/** The PDF of a version (the current one when null). */
export const sowPdfHref = (id: string, version: number | null) =>
  `${sowPath(id)}/pdf${version !== null ? `?version=${version}` : ""}`;

const noRetryOnRefusal = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** GET /api/sows?… (the list's URL search, as is). */
export function useSowList(qs: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: sowKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/sows${qs ? `?${qs}` : ""}`, sowListResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/sows/:id (the current version), or ?version=n (an older one, read-only). */
export function useSow(id: string, version: number | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: sowKeys.version(org, id, version),
    queryFn: () =>
      apiFetch(`${sowPath(id)}${version !== null ? `?version=${version}` : ""}`, sowDetailSchema),
    enabled: Boolean(org) && Boolean(id),
    retry: noRetryOnRefusal,
    // Switching versions keeps the page (not another SOW's) until the other version arrives.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
  });
}

/**
 * Every SOW write: the current version's cache takes the answer; the SOW's other versions, the
 * SOW lists, and (an invoice proposed) the invoices and budgets refresh.
 */
function useSowRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return (sow?: { id: string }, invoiced = false) => {
    if (sow) client.setQueryData(sowKeys.version(org, sow.id, null), sow);
    return Promise.all([
      client.invalidateQueries({ queryKey: ["sows", org, "list"] }),
      sow
        ? client.invalidateQueries({
            queryKey: sowKeys.detail(org, sow.id),
            predicate: (q) => q.queryKey[4] !== "current",
          })
        : null,
      invoiced ? client.invalidateQueries({ queryKey: ["client-invoices", org] }) : null,
      invoiced ? client.invalidateQueries({ queryKey: budgetKeys.all(org) }) : null,
    ]);
  };
}

export function useCreateSow() {
  const refresh = useSowRefresh();
  return useMutation({
    mutationFn: (body: CreateSow) => apiFetch("/api/sows", sowDetailSchema, { method: "POST", json: body }),
    onSuccess: (sow) => refresh(sow),
  });
}

/** The writes of a SOW's page; each is one request of its own route. */
export type SowStep =
  | { action: "update"; body: UpdateSow }
  | { action: "refresh"; baseRowVersion: number }
  | { action: "send"; body: SendSow }
  | { action: "sign"; body: SignSow }
  | { action: "new_version"; body: NewSowVersion };

export function useSowStep(id: string) {
  const refresh = useSowRefresh();
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    // A refusal (someone else changed it first) reloads the SOW as it now is.
    onError: () => client.invalidateQueries({ queryKey: sowKeys.detail(org, id) }),
    mutationFn: (step: SowStep) => {
      const path = sowPath(id);
      switch (step.action) {
        case "update":
          return apiFetch(path, sowDetailSchema, { method: "PATCH", json: step.body });
        case "refresh":
          return apiFetch(`${path}/deliverables/refresh`, sowDetailSchema, {
            method: "POST",
            json: { baseRowVersion: step.baseRowVersion },
          });
        case "send":
          return apiFetch(`${path}/send`, sowDetailSchema, { method: "POST", json: step.body });
        case "sign":
          return apiFetch(`${path}/sign`, sowDetailSchema, { method: "POST", json: step.body });
        case "new_version":
          return apiFetch(`${path}/versions`, sowDetailSchema, { method: "POST", json: step.body });
      }
    },
    onSuccess: (sow) => refresh(sow),
  });
}

/** POST /api/sows/:id/schedule/:entryId/invoice: a draft client invoice for a payment of the schedule. */
export function useProposeSowInvoice(id: string) {
  const refresh = useSowRefresh();
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    onError: () => client.invalidateQueries({ queryKey: sowKeys.detail(org, id) }),
    mutationFn: ({ entryId, body }: { entryId: string; body: ProposeSowInvoice }) =>
      apiFetch(`${sowPath(id)}/schedule/${encodeURIComponent(entryId)}/invoice`, proposedSowInvoiceSchema, {
        method: "POST",
        json: body,
      }),
    onSuccess: (answer) => refresh(answer.sow, true),
  });
}

/** The list's CSV: exactly what is filtered and sorted (the server's export of the same query). */
export function sowExportHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ["page", "pageSize"]) next.delete(key);
  return `/api/sows/export.csv${next.size ? `?${next}` : ""}`;
}
