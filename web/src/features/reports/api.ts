import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import {
  actualResponseSchema,
  clientReportResponseSchema,
  reportEntriesResponseSchema,
  reportOptionsResponseSchema,
  userDirectoryResponseSchema,
  utilizationDaysResponseSchema,
  utilizationResponseSchema,
  webhookActivityResponseSchema,
  webhookDeliveriesResponseSchema,
} from "../../../../server/modules/reports/contract";

export type * from "../../../../server/modules/reports/contract";
export { ACTUAL_GROUPS, REPORT_PERIODS, WEBHOOK_OUTCOMES } from "../../../../server/modules/reports/contract";

/** Query keys carry the workspace so a switch never shows the previous workspace's figures. */
export const reportKeys = {
  all: (org: string | undefined) => ["reports", org] as const,
  options: (org: string | undefined) => ["reports", org, "options"] as const,
  report: (org: string | undefined, name: string, query: string) => ["reports", org, name, query] as const,
};

/** Clients, projects and people for the filter bar. */
export function useReportOptions() {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.options(org),
    queryFn: () => apiFetch("/api/reports/options", reportOptionsResponseSchema),
    enabled: Boolean(org),
  });
}

/** GET /api/reports/actual for the filters in `query`. */
export function useActualReport(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "actual", query),
    queryFn: () => apiFetch(`/api/reports/actual?${query}`, actualResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/utilization for the filters in `query`. */
export function useUtilizationReport(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "utilization", query),
    queryFn: () => apiFetch(`/api/reports/utilization?${query}`, utilizationResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** The time entries behind a figure (null: no dialog open). */
export function useReportEntries(query: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "entries", query ?? ""),
    queryFn: () => apiFetch(`/api/reports/entries?${query ?? ""}`, reportEntriesResponseSchema),
    enabled: Boolean(org) && query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The days behind a person's capacity (null: no dialog open). */
export function useUtilizationDays(query: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "utilization-days", query ?? ""),
    queryFn: () => apiFetch(`/api/reports/utilization/days?${query ?? ""}`, utilizationDaysResponseSchema),
    enabled: Boolean(org) && query !== null,
  });
}

/** GET /api/reports/user-directory for the filters in `query`. */
export function useUserDirectory(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "user-directory", query),
    queryFn: () => apiFetch(`/api/reports/user-directory?${query}`, userDirectoryResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/webhook-activity for the period in `query`. */
export function useWebhookActivity(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "webhook-activity", query),
    queryFn: () => apiFetch(`/api/reports/webhook-activity?${query}`, webhookActivityResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** The webhook deliveries behind a figure (null: no dialog open). */
export function useWebhookDeliveries(query: string | null) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "webhook-deliveries", query ?? ""),
    queryFn: () =>
      apiFetch(`/api/reports/webhook-activity/deliveries?${query ?? ""}`, webhookDeliveriesResponseSchema),
    enabled: Boolean(org) && query !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/client for the filters in `query` (issue 16 point 4). */
export function useClientReport(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "client", query),
    queryFn: () => apiFetch(`/api/reports/client?${query}`, clientReportResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}
