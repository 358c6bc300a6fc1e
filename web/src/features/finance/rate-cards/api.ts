import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { workloadKeys } from "@/features/workload/api";
import { apiFetch, apiSend } from "@/lib/api";
import {
  projectCardSchema,
  rateCardSchema,
  rateCardsResponseSchema,
  rateLineSchema,
  type CreateRateCard,
  type CreateRateLine,
  type UpdateRateCard,
  type UpdateRateLine,
} from "../../../../../server/modules/rate-cards/contract";

export type * from "../../../../../server/modules/rate-cards/contract";

/** Query keys carry the workspace; every write refreshes the cards and Workload's money. */
export const rateCardKeys = {
  all: (org: string | undefined) => ["rate-cards", org] as const,
};

/** GET /api/rate-cards. A failure goes to the route's error fallback (spec §2). */
export function useRateCards() {
  const org = useOrgId();
  return useQuery({
    queryKey: rateCardKeys.all(org),
    queryFn: () => apiFetch("/api/rate-cards", rateCardsResponseSchema),
    enabled: Boolean(org),
    throwOnError: true,
  });
}

function useInvalidate() {
  const org = useOrgId();
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: rateCardKeys.all(org) }),
      client.invalidateQueries({ queryKey: workloadKeys.all(org) }),
    ]);
}

const cardPath = (cardId: string) => `/api/rate-cards/${encodeURIComponent(cardId)}`;

export function useSaveRateCard() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateRateCard } | { id?: undefined; body: CreateRateCard }) =>
      input.id === undefined
        ? apiFetch("/api/rate-cards", rateCardSchema, { method: "POST", json: input.body })
        : apiFetch(cardPath(input.id), rateCardSchema, { method: "PATCH", json: input.body }),
    onSuccess,
  });
}

export function useDeleteRateCard() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (cardId: string) => apiSend(cardPath(cardId), { method: "DELETE" }),
    onSuccess,
  });
}

export function useSaveRateLine() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (
      input:
        | { cardId: string; lineId: string; body: UpdateRateLine }
        | { cardId: string; lineId?: undefined; body: CreateRateLine },
    ) =>
      input.lineId === undefined
        ? apiFetch(`${cardPath(input.cardId)}/lines`, rateLineSchema, { method: "POST", json: input.body })
        : apiFetch(`${cardPath(input.cardId)}/lines/${encodeURIComponent(input.lineId)}`, rateLineSchema, {
            method: "PATCH",
            json: input.body,
          }),
    onSuccess,
  });
}

export function useDeleteRateLine() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ cardId, lineId }: { cardId: string; lineId: string }) =>
      apiSend(`${cardPath(cardId)}/lines/${encodeURIComponent(lineId)}`, { method: "DELETE" }),
    onSuccess,
  });
}

const projectPath = (folderId: string) => `/api/rate-cards/projects/${encodeURIComponent(folderId)}`;

export function useAssignProjectCard() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ folderId, cardId }: { folderId: string; cardId: string }) =>
      apiFetch(projectPath(folderId), projectCardSchema, { method: "PUT", json: { cardId } }),
    onSuccess,
  });
}

export function useUnassignProjectCard() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (folderId: string) => apiSend(projectPath(folderId), { method: "DELETE" }),
    onSuccess,
  });
}
