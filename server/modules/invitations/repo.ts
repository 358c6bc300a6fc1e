import { createHash } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import { firstRow, type Executor } from "../../db/executor";
import { invitations, organizations, profiles, userOrganizations } from "../../db/schema";

/*
 * All SQL of workspace invitations. Writes run in the caller's transaction.
 */

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
  executor: Executor,
  organizationId: string,
): Promise<InvitationRow[]> {
  return executor
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
    .orderBy(desc(invitations.createdAt));
}

export async function isMemberByEmail(
  executor: Executor,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const row = await firstRow<{ found: number }>(
    executor,
    sql`select 1 as found from user_organizations uo join profiles p on p.id = uo.user_id
         where uo.organization_id = ${organizationId} and lower(p.email) = lower(${email})`,
  );
  return row !== undefined;
}

/**
 * Revoke earlier pending invitations to the same address and insert the new one (atomic in the
 * caller's transaction). Returns the ids of the invitations it replaced.
 */
export async function insertInvitation(
  executor: Executor,
  input: {
    id: string;
    organizationId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<string[]> {
  const replaced = await executor
    .update(invitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(invitations.organizationId, input.organizationId),
        eq(invitations.email, input.email),
        eq(invitations.status, "pending"),
      ),
    )
    .returning({ id: invitations.id });
  await executor.insert(invitations).values(input);
  return replaced.map((r) => r.id);
}

/** A pending invitation of this workspace, its row locked until the caller's transaction ends. */
export async function lockPendingInvitation(
  executor: Executor,
  organizationId: string,
  id: string,
): Promise<{ id: string; role: Role } | undefined> {
  const [found] = await executor
    .select({ id: invitations.id, role: invitations.role })
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        eq(invitations.status, "pending"),
      ),
    )
    .for("update");
  return found;
}

/** Revoke a pending invitation of this workspace; undefined when there is none. */
export async function revokeInvitation(
  executor: Executor,
  organizationId: string,
  id: string,
): Promise<{ id: string; email: string; role: Role } | undefined> {
  const [revoked] = await executor
    .update(invitations)
    .set({ status: "revoked" })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        eq(invitations.status, "pending"),
      ),
    )
    .returning({ id: invitations.id, email: invitations.email, role: invitations.role });
  return revoked;
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
  executor: Executor,
  tokenHash: string,
): Promise<InvitationByToken | null> {
  const found = await executor
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
  return found[0] ?? null;
}

/**
 * Accept: the invitation turns accepted only while still pending (guards double clicks and races),
 * the membership is added (an existing one keeps its role) and the workspace becomes current.
 * False (and nothing written) when it was no longer pending. Run it in the caller's transaction.
 */
export async function acceptInvitation(
  executor: Executor,
  input: { organizationId: string; id: string; userId: string; role: Role; now: Date },
): Promise<boolean> {
  const updated = await executor
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
  await executor
    .insert(userOrganizations)
    .values({ organizationId: input.organizationId, userId: input.userId, role: input.role })
    .onConflictDoNothing();
  await executor
    .update(profiles)
    .set({ currentOrganizationId: input.organizationId })
    .where(eq(profiles.id, input.userId));
  return true;
}

export async function workspaceName(executor: Executor, organizationId: string): Promise<string> {
  const found = await executor
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return found[0]?.name ?? "a workspace";
}
