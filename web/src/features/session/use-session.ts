import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api";

export type Role = "owner" | "admin" | "member";

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  initials: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
}

export interface SessionWorkspace {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
}

export interface SessionInfo {
  user: SessionUser;
  organizations: SessionWorkspace[];
  currentOrganizationId: string | null;
}

export const sessionQueryKey = ["session"] as const;

/** The signed-in user and their workspaces; null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async (): Promise<SessionInfo | null> => {
      try {
        return await apiFetch<SessionInfo>("/api/me");
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 5 * 60 * 1000,
  });
}

export function currentWorkspace(session: SessionInfo | null | undefined): SessionWorkspace | undefined {
  if (!session) return undefined;
  return (
    session.organizations.find((o) => o.id === session.currentOrganizationId) ?? session.organizations[0]
  );
}
