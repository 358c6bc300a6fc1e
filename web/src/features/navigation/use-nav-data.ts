import { useQuery } from "@tanstack/react-query";
import { permissionsFor, type Permission } from "@domain/permissions";
import { currentWorkspace, useSession, type MeResponse } from "@/features/session/use-session";
import { apiFetch } from "@/lib/api";
import { navProjectsResponseSchema } from "../../../../server/modules/projects/contract";

/** Spec §6 permissions of the current workspace: the server's map, else derived from the role. */
export function sessionPermissions(session: MeResponse | null | undefined): Record<Permission, boolean> {
  if (session?.permissions) return session.permissions;
  return permissionsFor(currentWorkspace(session)?.role);
}

export function usePermissions(): Record<Permission, boolean> {
  return sessionPermissions(useSession().data);
}

export const navProjectsKey = (organizationId: string | undefined) =>
  ["projects", "nav", organizationId] as const;

/** The workspace's projects for the menus (spec §2, §7); keyed by workspace so a switch refetches. */
export function useNavProjects() {
  const session = useSession();
  const organizationId = currentWorkspace(session.data)?.id;
  return useQuery({
    queryKey: navProjectsKey(organizationId),
    queryFn: () => apiFetch("/api/projects/nav", navProjectsResponseSchema),
    enabled: Boolean(organizationId),
  });
}
