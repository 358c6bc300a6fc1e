import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";
import { meResponseSchema, type MeResponse } from "../../../../server/modules/session/contract";

export type { MeResponse } from "../../../../server/modules/session/contract";

/** One of the signed-in user's workspaces, with their role in it. */
export type SessionWorkspace = MeResponse["organizations"][number];

export const sessionQueryKey = ["session"] as const;

/** The signed-in user and their workspaces; null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async (): Promise<MeResponse | null> => {
      try {
        return await apiFetch("/api/me", meResponseSchema);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 5 * 60 * 1000,
  });
}

export function currentWorkspace(session: MeResponse | null | undefined): SessionWorkspace | undefined {
  if (!session) return undefined;
  return (
    session.organizations.find((o) => o.id === session.currentOrganizationId) ?? session.organizations[0]
  );
}
