import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import { financeAuditResponseSchema } from "../../../../../server/modules/audit/contract";

export type * from "../../../../../server/modules/audit/contract";
export { FINANCE_AUDIT_OBJECTS } from "../../../../../server/modules/audit/contract";

/** The URL parameters the list and the CSV understand (anything else in the URL is not sent). */
const LIST_KEYS = ["object", "personId", "from", "to", "page"] as const;

/** The filters of the URL as the API's query string; `withPage` false for the CSV. */
export function financeAuditQueryString(params: URLSearchParams, withPage = true): string {
  const out = new URLSearchParams();
  for (const key of LIST_KEYS) {
    if (key === "page" && !withPage) continue;
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  return out.toString();
}

export const financeAuditKeys = {
  all: (org: string | undefined) => ["finance-audit", org] as const,
  list: (org: string | undefined, qs: string) => ["finance-audit", org, qs] as const,
};

/** GET /api/audit/finance with the URL's filters and page (the previous page stays while the next loads). */
export function useFinanceAudit(params: URLSearchParams) {
  const org = useOrgId();
  const qs = financeAuditQueryString(params);
  return useQuery({
    queryKey: financeAuditKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/audit/finance${qs ? `?${qs}` : ""}`, financeAuditResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
    // The trail grows with every finance change made elsewhere in the app: read it fresh each visit.
    staleTime: 0,
  });
}
