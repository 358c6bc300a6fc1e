import { displayName, initials } from "@domain/format";
import { permissionsFor } from "@domain/permissions";
import type { UserContext } from "../../request-context";
import { currentMembership } from "../workspaces/repo";
import type { MeResponse } from "./contract";

export type { MeResponse } from "./contract";

/** GET /api/me: who is signed in, their workspaces (by membership creation) and the current one. */
export async function getMe(ctx: UserContext): Promise<MeResponse> {
  const { user } = ctx;
  const { memberships, current } = await currentMembership(ctx.db, ctx.userId);
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
