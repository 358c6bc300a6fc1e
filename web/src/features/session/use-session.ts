import { useQuery } from "@tanstack/react-query";
import type { Permission } from "@domain/permissions";
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
  twoFactorEnabled: boolean;
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
  /** Spec §6 permissions in the current workspace (all false without one); hide what the server refuses. */
  permissions: Record<Permission, boolean>;
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
