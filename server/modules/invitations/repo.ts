import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import type { Database } from "../../db/client";
import { invitations, organizations, profiles, userOrganizations } from "../../db/schema";

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface InvitationRow {
  id: string;
  organizationId: string;
  email: string;
  role: Role;
  status: "pending" | "accepted" | "revoked";
  expiresAt: Date;
  createdAt: Date;
  invitedByName: string | null;
}

export async function listPendingInvitations(
  database: Database,
  organizationId: string,
): Promise<InvitationRow[]> {
  const rows = await database.db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      email: invitations.email,
      role: invitations.role,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
      invitedByName: profiles.name,
    })
    .from(invitations)
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, "pending")))
    .orderBy(sql`${invitations.createdAt} desc`);
  return rows;
}

export async function isMemberByEmail(
  database: Database,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const { rows } = await database.raw.query(
    `select 1 from user_organizations uo join profiles p on p.id = uo.user_id
      where uo.organization_id = $1 and lower(p.email) = lower($2)`,
    [organizationId, email],
  );
  return rows.length > 0;
}

/** Revoke earlier pending invitations to the same address and insert the new one, atomically. */
export async function insertInvitation(
  database: Database,
  input: {
    id: string;
    organizationId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ status: "revoked" })
      .where(
        and(
          eq(invitations.organizationId, input.organizationId),
          eq(invitations.email, input.email),
          eq(invitations.status, "pending"),
        ),
      );
    await tx.insert(invitations).values(input);
  });
}

/** Revoke a pending invitation of this workspace; false when there is none. */
export async function revokeInvitation(
  database: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await database.db
    .update(invitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        eq(invitations.status, "pending"),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export interface InvitationByToken {
  id: string;
  organizationId: string;
  workspaceName: string;
  email: string;
  role: Role;
  status: "pending" | "accepted" | "revoked";
  expiresAt: Date;
  acceptedBy: string | null;
  invitedByName: string | null;
}

export async function findInvitationByToken(
  database: Database,
  tokenHash: string,
): Promise<InvitationByToken | null> {
  const rows = await database.db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      workspaceName: organizations.name,
      email: invitations.email,
      role: invitations.role,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      acceptedBy: invitations.acceptedBy,
      invitedByName: profiles.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Accept: the invitation turns accepted only while still pending (guards double clicks and races),
 * the membership is added (an existing one keeps its role) and the workspace becomes current.
 */
export async function acceptInvitation(
  database: Database,
  input: { organizationId: string; id: string; userId: string; role: Role; now: Date },
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const updated = await tx
      .update(invitations)
      .set({ status: "accepted", acceptedBy: input.userId, acceptedAt: input.now })
      .where(
        and(
          eq(invitations.organizationId, input.organizationId),
          eq(invitations.id, input.id),
          eq(invitations.status, "pending"),
        ),
      )
      .returning({ id: invitations.id });
    if (!updated.length) return false;
    await tx
      .insert(userOrganizations)
      .values({ organizationId: input.organizationId, userId: input.userId, role: input.role })
      .onConflictDoNothing();
    await tx
      .update(profiles)
      .set({ currentOrganizationId: input.organizationId })
      .where(eq(profiles.id, input.userId));
    return true;
  });
}

export async function workspaceName(database: Database, organizationId: string): Promise<string> {
  const rows = await database.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return rows[0]?.name ?? "a workspace";
}
