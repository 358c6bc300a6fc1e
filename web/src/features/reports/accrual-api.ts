import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch, apiSend } from "@/lib/api";
import {
  accrualResponseSchema,
  datasetListResponseSchema,
  datasetSummarySchema,
  type AccrualData,
  type DatasetForm,
} from "../../../../server/modules/reports/contract";
import { reportKeys } from "./api";

/*
 * The Accrual report's calls (issue 16 point 2): the report (live, an opened dataset, or what
 * spec §4 picks) and its datasets (list, save, delete).
 */

export const datasetKeys = {
  list: (org: string | undefined) => ["reports", org, "datasets"] as const,
};

/** GET /api/reports/accrual for the filters (and `dataset`) in `query`. */
export function useAccrualReport(query: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: reportKeys.report(org, "accrual", query),
    queryFn: () => apiFetch(`/api/reports/accrual?${query}`, accrualResponseSchema),
    enabled: Boolean(org),
    placeholderData: keepPreviousData,
  });
}

/** The saved datasets, newest first. */
export function useDatasets() {
  const org = useOrgId();
  return useQuery({
    queryKey: datasetKeys.list(org),
    queryFn: () => apiFetch("/api/reports/datasets", datasetListResponseSchema),
    enabled: Boolean(org),
  });
}

/** Save the report on screen as a dataset. */
export function useSaveDataset() {
  const org = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DatasetForm & { data: AccrualData }) =>
      apiFetch("/api/reports/datasets", datasetSummarySchema, { method: "POST", json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(org) }),
  });
}

/** Delete a dataset. */
export function useDeleteDataset() {
  const org = useOrgId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/reports/datasets/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // Not awaited, and never the report opened on the deleted dataset (it would answer 404 and
    // take the page down before the caller moves back to live figures).
    onSuccess: (_: void, id: string) => {
      void queryClient.invalidateQueries({
        queryKey: reportKeys.all(org),
        predicate: (q) =>
          !q.queryKey.some((part) => typeof part === "string" && part.includes(`dataset=${id}`)),
      });
    },
  });
}
