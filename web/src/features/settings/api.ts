import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useOrgId } from "@/features/dashboard/api";
import { workloadKeys } from "@/features/workload/api";
import { apiFetch, apiSend } from "@/lib/api";
import {
  holidaySchema,
  holidaysResponseSchema,
  personSchema,
  timeOffListSchema,
  timeOffSchema,
  workspaceSettingsSchema,
  type CreateTimeOff,
  type PersonSettingsBody,
  type UpdateTimeOff,
  type WorkspaceSettings,
} from "../../../../server/modules/capacity/contract";
import {
  billingProfileSchema,
  type BillingProfile,
  type BillingProfileRequest,
} from "../../../../server/modules/workspaces/contract";

export type * from "../../../../server/modules/capacity/contract";
export type { BillingProfile, BillingProfileRequest } from "../../../../server/modules/workspaces/contract";
export {
  billingProfileRequestSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
} from "../../../../server/modules/workspaces/contract";
export { useCapacityPeople, useWorkspaceSettings } from "@/features/workload/api";

/*
 * /api/capacity (Settings → Organization and People, time off). The settings and people queries
 * are the Workload screen's (same keys), so a change here shows on the grid at once: every write
 * invalidates ["capacity", org] and ["workload", org].
 */

export const capacityKeys = {
  all: (org: string | undefined) => ["capacity", org] as const,
  holidays: (org: string | undefined) => ["capacity", org, "holidays"] as const,
  timeOff: (org: string | undefined, query: string) => ["capacity", org, "time-off", query] as const,
};

function useInvalidateCapacity() {
  const org = useOrgId();
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: capacityKeys.all(org) }),
      client.invalidateQueries({ queryKey: workloadKeys.all(org) }),
    ]);
}

export function useHolidays() {
  const org = useOrgId();
  return useQuery({
    queryKey: capacityKeys.holidays(org),
    queryFn: () => apiFetch("/api/capacity/holidays", holidaysResponseSchema),
    enabled: Boolean(org),
  });
}

/** Time off overlapping the window (yyyy-MM-dd bounds), everyone's. */
export function useTimeOff(from: string) {
  const org = useOrgId();
  const query = new URLSearchParams({ from }).toString();
  return useQuery({
    queryKey: capacityKeys.timeOff(org, query),
    queryFn: () => apiFetch(`/api/capacity/time-off?${query}`, timeOffListSchema),
    enabled: Boolean(org),
  });
}

export function usePutWorkspaceSettings() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: (body: WorkspaceSettings) =>
      apiFetch("/api/capacity/settings", workspaceSettingsSchema, { method: "PUT", json: body }),
    onSuccess: invalidate,
  });
}

export function usePutHoliday() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: ({ day, name }: { day: string; name: string }) =>
      apiFetch(`/api/capacity/holidays/${encodeURIComponent(day)}`, holidaySchema, {
        method: "PUT",
        json: { name },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteHoliday() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: (day: string) =>
      apiSend(`/api/capacity/holidays/${encodeURIComponent(day)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

export function usePutPersonSettings() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: ({ clickupUserId, body }: { clickupUserId: string; body: PersonSettingsBody }) =>
      apiFetch(`/api/capacity/people/${encodeURIComponent(clickupUserId)}`, personSchema, {
        method: "PUT",
        json: body,
      }),
    onSuccess: invalidate,
  });
}

export function useSaveTimeOff() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateTimeOff } | { id?: undefined; body: CreateTimeOff }) =>
      input.id === undefined
        ? apiFetch("/api/capacity/time-off", timeOffSchema, { method: "POST", json: input.body })
        : apiFetch(`/api/capacity/time-off/${encodeURIComponent(input.id)}`, timeOffSchema, {
            method: "PATCH",
            json: input.body,
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteTimeOff() {
  const invalidate = useInvalidateCapacity();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/capacity/time-off/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/*
 * /api/workspaces/current/billing and /logo (Settings → Organization): the billing address, tax id
 * and logo printed as the sender on invoices, purchase orders and SOWs.
 */

export const billingProfileKeys = {
  all: (org: string | undefined) => ["billing-profile", org] as const,
};

export function useBillingProfile() {
  const org = useOrgId();
  return useQuery({
    queryKey: billingProfileKeys.all(org),
    queryFn: () => apiFetch("/api/workspaces/current/billing", billingProfileSchema),
    enabled: Boolean(org),
  });
}

/** The logo's URL (changes with its bytes, so a new logo is never shown from the cache). */
export function logoUrl(logo: { etag: string }): string {
  return `/api/workspaces/current/logo?v=${encodeURIComponent(logo.etag)}`;
}

function useSetBillingProfile() {
  const org = useOrgId();
  const client = useQueryClient();
  return (profile: BillingProfile | undefined) =>
    profile
      ? client.setQueryData(billingProfileKeys.all(org), profile)
      : client.invalidateQueries({ queryKey: billingProfileKeys.all(org) });
}

export function usePutBillingProfile() {
  const set = useSetBillingProfile();
  return useMutation({
    mutationFn: (body: BillingProfileRequest) =>
      apiFetch("/api/workspaces/current/billing", billingProfileSchema, { method: "PUT", json: body }),
    onSuccess: (profile) => set(profile),
  });
}

/** Upload a PNG or JPEG (multipart field "logo"). */
export function useUploadLogo() {
  const set = useSetBillingProfile();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set("logo", file, file.name);
      return apiFetch("/api/workspaces/current/logo", billingProfileSchema, { method: "PUT", body });
    },
    onSuccess: (profile) => set(profile),
  });
}

export function useDeleteLogo() {
  const set = useSetBillingProfile();
  return useMutation({
    mutationFn: () => apiSend("/api/workspaces/current/logo", { method: "DELETE" }),
    onSuccess: () => set(undefined),
  });
}
