import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { invoiceKeys } from "@/features/invoices/api";
import { apiFetch } from "@/lib/api";
import {
  clientSchema,
  type CreateClient,
  type UpdateClient,
} from "../../../../server/modules/client-invoices/contract";

export type { Client, ClientSortKey, CreateClient, UpdateClient } from "@/features/invoices/api";
export { createClientSchema } from "../../../../server/modules/client-invoices/contract";
export { clientKeys, useClientList } from "@/features/invoices/api";

/*
 * /api/clients writes (the list query is the invoices feature's useClientList, same keys): every
 * write refreshes every client list and the invoices, which print the client's billing details.
 */

function useRefreshClients() {
  const org = useOrgId();
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["clients", org] }),
      client.invalidateQueries({ queryKey: invoiceKeys.all(org) }),
    ]);
}

/** POST /api/clients, or PATCH /api/clients/:id (with the version the form was opened on). */
export function useSaveClient() {
  const refresh = useRefreshClients();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateClient } | { id?: undefined; body: CreateClient }) =>
      input.id === undefined
        ? apiFetch("/api/clients", clientSchema, { method: "POST", json: input.body })
        : apiFetch(`/api/clients/${encodeURIComponent(input.id)}`, clientSchema, {
            method: "PATCH",
            json: input.body,
          }),
    onSuccess: refresh,
  });
}
