import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { budgetKeys } from "@/features/budgets/api";
import { useOrgId } from "@/features/dashboard/api";
import { purchaseOrderKeys } from "@/features/purchase-orders/api";
import { ApiError, apiFetch } from "@/lib/api";
import {
  vendorBillDetailSchema,
  vendorBillListResponseSchema,
  type CreateVendorBill,
} from "../../../../server/modules/vendor-bills/contract";

export type * from "../../../../server/modules/vendor-bills/contract";

/** Query keys carry the workspace, so switching workspaces never shows the previous one's bills. */
export const vendorBillKeys = {
  all: (org: string | undefined) => ["vendor-bills", org] as const,
  list: (org: string | undefined, qs: string) => ["vendor-bills", org, "list", qs] as const,
  detail: (org: string | undefined, id: string) => ["vendor-bills", org, "detail", id] as const,
};

export const vendorBillPath = (id: string) => `/api/vendor-bills/${encodeURIComponent(id)}`;
export const vendorBillHref = (id: string) => `/finance/bills/${encodeURIComponent(id)}`;

const noRetryOnRefusal = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** GET /api/vendor-bills?… (the list's URL search, as is). */
export function useVendorBillList(qs: string, enabled = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: vendorBillKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/vendor-bills${qs ? `?${qs}` : ""}`, vendorBillListResponseSchema),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** Today in the workspace's time zone by the app's clock: the list's `asOf` (one row asked for). */
export function useAppToday(): string | undefined {
  return useVendorBillList("pageSize=1").data?.asOf;
}

/** GET /api/vendor-bills/:id */
export function useVendorBill(id: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: vendorBillKeys.detail(org, id),
    queryFn: () => apiFetch(vendorBillPath(id), vendorBillDetailSchema),
    enabled: Boolean(org) && Boolean(id),
    retry: noRetryOnRefusal,
  });
}

/**
 * Every bill write: the bill's own cache takes the answer, and the bill lists, the POs (their
 * billed and committed figures) and the budgets (committed and actual) refresh.
 */
function useVendorBillRefresh() {
  const org = useOrgId();
  const client = useQueryClient();
  return (bill?: { id: string }) => {
    if (bill) client.setQueryData(vendorBillKeys.detail(org, bill.id), bill);
    return Promise.all([
      client.invalidateQueries({ queryKey: ["vendor-bills", org, "list"] }),
      client.invalidateQueries({ queryKey: purchaseOrderKeys.all(org) }),
      client.invalidateQueries({ queryKey: budgetKeys.all(org) }),
    ]);
  };
}

export function useCreateVendorBill() {
  const refresh = useVendorBillRefresh();
  return useMutation({
    mutationFn: (body: CreateVendorBill) =>
      apiFetch("/api/vendor-bills", vendorBillDetailSchema, { method: "POST", json: body }),
    onSuccess: (bill) => refresh(bill),
  });
}

/** The actions a bill page offers; each is one POST of its own route. */
export type BillStep =
  { action: "approve" } | { action: "pay"; paymentDate: string } | { action: "void"; reason?: string };

export function useVendorBillStep(id: string) {
  const refresh = useVendorBillRefresh();
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ step, baseVersion }: { step: BillStep; baseVersion: number }) => {
      const { action, ...rest } = step;
      return apiFetch(`${vendorBillPath(id)}/${action}`, vendorBillDetailSchema, {
        method: "POST",
        json: { ...rest, baseVersion },
      });
    },
    onSuccess: (bill) => refresh(bill),
    // Refused (someone else moved it first): the page shows the bill as it is now.
    onError: () => client.invalidateQueries({ queryKey: vendorBillKeys.detail(org, id) }),
  });
}

/** The list's CSV: exactly what is filtered and sorted (the server's export of the same query). */
export function vendorBillExportHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ["page", "pageSize"]) next.delete(key);
  return `/api/vendor-bills/export.csv${next.size ? `?${next}` : ""}`;
}
