import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { budgetKeys } from "@/features/budgets/api";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import {
  clientListResponseSchema,
  invoiceDetailSchema,
  invoiceListResponseSchema,
  invoiceProposalSchema,
  type CreateInvoice,
  type ProposeInvoice,
} from "../../../../server/modules/client-invoices/contract";

export type * from "../../../../server/modules/client-invoices/contract";

/** Query keys carry the workspace, so switching workspaces never shows the previous one's invoices. */
export const invoiceKeys = {
  all: (org: string | undefined) => ["client-invoices", org] as const,
  list: (org: string | undefined, qs: string) => ["client-invoices", org, "list", qs] as const,
  detail: (org: string | undefined, id: string) => ["client-invoices", org, "detail", id] as const,
  propose: (org: string | undefined, body: string) => ["client-invoices", org, "propose", body] as const,
};
export const clientKeys = {
  list: (org: string | undefined, qs: string) => ["clients", org, "list", qs] as const,
};

export const invoicePath = (id: string) => `/api/client-invoices/${encodeURIComponent(id)}`;
export const invoiceHref = (id: string) => `/finance/invoices/${encodeURIComponent(id)}`;
export const invoicePdfHref = (id: string) => `${invoicePath(id)}/export.pdf`;

const noRetryOnRefusal = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** GET /api/client-invoices?… (the list's URL search, as is). */
export function useInvoiceList(qs: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: invoiceKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/client-invoices${qs ? `?${qs}` : ""}`, invoiceListResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/client-invoices/:id */
export function useInvoice(id: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: invoiceKeys.detail(org, id),
    queryFn: () => apiFetch(invoicePath(id), invoiceDetailSchema),
    enabled: Boolean(org) && Boolean(id),
    retry: noRetryOnRefusal,
  });
}

/** GET /api/clients?… (every client, archived too, for the list's filter). */
export function useClientList(qs: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: clientKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/clients${qs ? `?${qs}` : ""}`, clientListResponseSchema),
    enabled: Boolean(org),
  });
}

/** POST /api/client-invoices/propose: what the invoice would bill (nothing saved); null = not asked. */
export function useInvoiceProposal(body: ProposeInvoice | null) {
  const org = useOrgId();
  const key = body ? JSON.stringify(body) : "";
  return useQuery({
    queryKey: invoiceKeys.propose(org, key),
    queryFn: () =>
      apiFetch("/api/client-invoices/propose", invoiceProposalSchema, { method: "POST", json: body }),
    enabled: Boolean(org) && body !== null,
    retry: noRetryOnRefusal,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every invoice write: the invoice's own cache takes the answer, and the invoice lists and the
 * budgets (their client actual reads invoiced amounts) refresh.
 */
function useInvoiceRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return (invoice?: { id: string }) => {
    if (invoice) client.setQueryData(invoiceKeys.detail(org, invoice.id), invoice);
    return Promise.all([
      client.invalidateQueries({ queryKey: ["client-invoices", org, "list"] }),
      client.invalidateQueries({ queryKey: ["client-invoices", org, "propose"] }),
      client.invalidateQueries({ queryKey: budgetKeys.all(org) }),
    ]);
  };
}

export function useCreateInvoice() {
  const refresh = useInvoiceRefresh();
  return useMutation({
    mutationFn: (body: CreateInvoice) =>
      apiFetch("/api/client-invoices", invoiceDetailSchema, { method: "POST", json: body }),
    onSuccess: (invoice) => refresh(invoice),
  });
}

/** The actions an invoice page offers; each is one POST of its own route. */
export type InvoiceStep =
  | { action: "send"; to?: string; baseVersion: number }
  | { action: "pay"; amountMinor: number; paidOn: string }
  | { action: "void"; reason: string; baseVersion: number };

export function useInvoiceStep(id: string) {
  const refresh = useInvoiceRefresh();
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    // A refusal (someone else sent, paid or voided it first) reloads the invoice as it now is.
    onError: () => client.invalidateQueries({ queryKey: invoiceKeys.detail(org, id) }),
    mutationFn: (step: InvoiceStep) => {
      const { action, ...body } = step;
      const route = action === "pay" ? "payments" : action;
      return apiFetch(`${invoicePath(id)}/${route}`, invoiceDetailSchema, { method: "POST", json: body });
    },
    onSuccess: (invoice) => refresh(invoice),
  });
}

/** The list's CSV: exactly what is filtered and sorted (the server's export of the same query). */
export function invoiceExportHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ["page", "pageSize"]) next.delete(key);
  return `/api/client-invoices/export.csv${next.size ? `?${next}` : ""}`;
}
