import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PurchaseOrderUserAction } from "@domain/purchase-orders";
import { budgetKeys, budgetPath, useBudgetList } from "@/features/budgets/api";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import { budgetDetailSchema } from "../../../../server/modules/budgets/contract";
import {
  purchaseOrderApprovalsResponseSchema,
  purchaseOrderDetailSchema,
  purchaseOrderListResponseSchema,
  type CreatePurchaseOrder,
  type SendPurchaseOrder,
  type UpdatePurchaseOrder,
} from "../../../../server/modules/purchase-orders/contract";
import {
  vendorListResponseSchema,
  vendorSchema,
  type CreateVendor,
  type UpdateVendor,
} from "../../../../server/modules/vendors/contract";

export type * from "../../../../server/modules/purchase-orders/contract";
export type { CreateVendor, UpdateVendor, Vendor } from "../../../../server/modules/vendors/contract";

/** Query keys carry the workspace, so switching workspaces never shows the previous one's POs. */
export const purchaseOrderKeys = {
  all: (org: string | undefined) => ["purchase-orders", org] as const,
  list: (org: string | undefined, qs: string) => ["purchase-orders", org, "list", qs] as const,
  detail: (org: string | undefined, id: string) => ["purchase-orders", org, "detail", id] as const,
};
export const vendorKeys = {
  all: (org: string | undefined) => ["vendors", org] as const,
  list: (org: string | undefined, qs: string) => ["vendors", org, "list", qs] as const,
};

export const purchaseOrderPath = (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}`;
export const purchaseOrderHref = (id: string) => `/finance/purchase-orders/${encodeURIComponent(id)}`;
const vendorPath = (id: string) => `/api/vendors/${encodeURIComponent(id)}`;

const noRetryOnRefusal = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** GET /api/purchase-orders?… (the list's URL search, as is). */
export function usePurchaseOrderList(qs: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: purchaseOrderKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/purchase-orders${qs ? `?${qs}` : ""}`, purchaseOrderListResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/purchase-orders/:id */
export function usePurchaseOrder(id: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: purchaseOrderKeys.detail(org, id),
    queryFn: () => apiFetch(purchaseOrderPath(id), purchaseOrderDetailSchema),
    enabled: Boolean(org) && Boolean(id),
    retry: noRetryOnRefusal,
  });
}

/**
 * Every PO write: the PO's own cache takes the answer, and the lists, the budgets (their
 * Committed column reads approved POs) and the vendors refresh.
 */
function usePurchaseOrderRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return (po?: { id: string }) => {
    if (po) client.setQueryData(purchaseOrderKeys.detail(org, po.id), po);
    return Promise.all([
      client.invalidateQueries({ queryKey: ["purchase-orders", org, "list"] }),
      client.invalidateQueries({ queryKey: budgetKeys.all(org) }),
    ]);
  };
}

export function useCreatePurchaseOrder() {
  const refresh = usePurchaseOrderRefresh();
  return useMutation({
    mutationFn: (body: CreatePurchaseOrder) =>
      apiFetch("/api/purchase-orders", purchaseOrderDetailSchema, { method: "POST", json: body }),
    onSuccess: (po) => refresh(po),
  });
}

export function useUpdatePurchaseOrder(id: string) {
  const refresh = usePurchaseOrderRefresh();
  return useMutation({
    mutationFn: (body: UpdatePurchaseOrder) =>
      apiFetch(purchaseOrderPath(id), purchaseOrderDetailSchema, { method: "PATCH", json: body }),
    onSuccess: (po) => refresh(po),
  });
}

/** The actions a PO page offers; each is one POST of its own route. */
export type PoStep =
  | { action: PurchaseOrderUserAction; reason?: string }
  | { action: "approve" }
  | ({ action: "send" } & Omit<SendPurchaseOrder, "baseVersion">);

export function usePurchaseOrderStep(id: string) {
  const refresh = usePurchaseOrderRefresh();
  return useMutation({
    mutationFn: ({ step, baseVersion }: { step: PoStep; baseVersion: number }) => {
      const { action, ...rest } = step;
      if (action === "approve") {
        return apiFetch(`${purchaseOrderPath(id)}/approve`, purchaseOrderDetailSchema, {
          method: "POST",
          json: { baseVersion },
        });
      }
      if (action === "send") {
        return apiFetch(`${purchaseOrderPath(id)}/send`, purchaseOrderDetailSchema, {
          method: "POST",
          json: { ...rest, baseVersion },
        });
      }
      return apiFetch(`${purchaseOrderPath(id)}/transitions`, purchaseOrderDetailSchema, {
        method: "POST",
        json: { action, ...rest, baseVersion },
      });
    },
    onSuccess: (po) => refresh(po),
  });
}

/**
 * GET /api/purchase-orders/approvals: the POs waiting for approval and whether the caller may
 * approve each. Owners, admins and people with a purchasing limit; anyone else gets an empty
 * inbox. Kept under the lists' key, so every PO write refreshes it.
 */
export function usePurchaseOrderApprovals(page = 1) {
  const org = useOrgId();
  return useQuery({
    queryKey: purchaseOrderKeys.list(org, `approvals:${page}`),
    queryFn: () =>
      apiFetch(
        `/api/purchase-orders/approvals?page=${page}&pageSize=10`,
        purchaseOrderApprovalsResponseSchema,
      ),
    enabled: Boolean(org),
    retry: noRetryOnRefusal,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/purchase-orders/:id/approve from the approvals inbox (no version seen: the PO as it is). */
export function useApprovePurchaseOrder() {
  const refresh = usePurchaseOrderRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${purchaseOrderPath(id)}/approve`, purchaseOrderDetailSchema, { method: "POST", json: {} }),
    onSuccess: (po) => refresh(po),
  });
}

/** The list's CSV: exactly what is filtered and sorted (the server's export of the same query). */
export function purchaseOrderExportHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ["page", "pageSize", "tab"]) next.delete(key);
  return `/api/purchase-orders/export.csv${next.size ? `?${next}` : ""}`;
}

// ---------------------------------------------------------------------------------------------
// Budgets a PO is raised from
// ---------------------------------------------------------------------------------------------

/**
 * The budgets a PO can be raised from: those with an approved (working) revision that are not
 * closed — an approved budget, or one whose change order is still a draft or submitted.
 */
export function useOrderableBudgets() {
  const list = useBudgetList("orderable=true&sort=name&dir=asc&pageSize=200");
  const budgets = list.data?.items ?? [];
  return { ...list, budgets, more: (list.data?.total ?? 0) > budgets.length };
}

/** A budget at one revision (null: the latest); nothing is fetched without a budget. */
export function useBudgetRevision(budgetId: string, revision: number | null, enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: budgetKeys.detail(org, budgetId, revision),
    queryFn: () =>
      apiFetch(
        `${budgetPath(budgetId)}${revision === null ? "" : `?revision=${revision}`}`,
        budgetDetailSchema,
      ),
    enabled: Boolean(org) && Boolean(budgetId) && enabled,
    retry: noRetryOnRefusal,
  });
}

// ---------------------------------------------------------------------------------------------
// Vendors
// ---------------------------------------------------------------------------------------------

/** GET /api/vendors?… */
export function useVendorList(qs: string, enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: vendorKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/vendors${qs ? `?${qs}` : ""}`, vendorListResponseSchema),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Vendors a PO can be made out to (active ones, by name). */
export const ACTIVE_VENDORS_QS = "archived=active&sort=name&dir=asc&pageSize=200";

function useVendorRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: vendorKeys.all(org) }),
      // A PO shows its vendor's name and contact.
      client.invalidateQueries({ queryKey: purchaseOrderKeys.all(org) }),
    ]);
}

export function useCreateVendor() {
  const refresh = useVendorRefresh();
  return useMutation({
    mutationFn: (body: CreateVendor) =>
      apiFetch("/api/vendors", vendorSchema, { method: "POST", json: body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateVendor() {
  const refresh = useVendorRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateVendor }) =>
      apiFetch(vendorPath(id), vendorSchema, { method: "PATCH", json: body }),
    onSuccess: () => refresh(),
  });
}
