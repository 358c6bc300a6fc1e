import { displayName, initials } from "@domain/format";
import { permissionsFor, type Permission, type Role } from "@domain/permissions";
import { pickCurrentWorkspace } from "@domain/workspace";
import type { AuthUser } from "../../auth/middleware";
import type { Database } from "../../db/client";
import { getRememberedWorkspaceId, listMemberships } from "../workspaces/repo";

export interface MeResponse {
  user: {
    id: string;
    email: string;
    displayName: string;
    initials: string;
    firstName: string | null;
    lastName: string | null;
    image: string | null;
    twoFactorEnabled: boolean;
  };
  organizations: { id: string; name: string; role: Role; createdAt: string }[];
  currentOrganizationId: string | null;
  /** Spec §6 permissions in the current workspace (all false without one). */
  permissions: Record<Permission, boolean>;
}

/** GET /api/me: who is signed in, their workspaces (by membership creation) and the current one. */
export async function getMe(database: Database, user: AuthUser): Promise<MeResponse> {
  const [memberships, remembered] = await Promise.all([
    listMemberships(database, user.id),
    getRememberedWorkspaceId(database, user.id),
  ]);
  const current = pickCurrentWorkspace(memberships, remembered);
  return {
    user: {
      id: user.id,
      email: user.email,
      displayName: displayName(user),
      initials: initials(user),
      firstName: user.firstName,
      lastName: user.lastName,
      image: user.image,
      twoFactorEnabled: user.twoFactorEnabled,
    },
    organizations: memberships.map((m) => ({
      id: m.organizationId,
      name: m.name,
      role: m.role,
      createdAt: m.createdAt.toISOString(),
    })),
    currentOrganizationId: current?.organizationId ?? null,
    permissions: permissionsFor(current?.role ?? null),
  };
}
