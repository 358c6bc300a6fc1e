import type { Role } from "@domain/permissions";
import type { Database } from "../../db/client";
import { eq } from "drizzle-orm";
import { organizations, profiles, userOrganizations } from "../../db/schema";
import { newId } from "../../lib/ids";

export interface MembershipRow {
  organizationId: string;
  name: string;
  role: Role;
  /** Membership creation (the fallback workspace is the earliest). */
  createdAt: Date;
}

/** The user's workspaces with role, ordered by membership creation (spec §4). */
export async function listMemberships(database: Database, userId: string): Promise<MembershipRow[]> {
  const { rows } = await database.raw.query<{
    organization_id: string;
    name: string;
    role: Role;
    created_at: Date | string;
  }>(
    `select uo.organization_id, o.name, uo.role, uo.created_at
       from user_organizations uo
       join organizations o on o.id = uo.organization_id
      where uo.user_id = $1
      order by uo.created_at, o.created_at, o.id`,
    [userId],
  );
  return rows.map((r) => ({
    organizationId: r.organization_id,
    name: r.name,
    role: r.role,
    createdAt: new Date(r.created_at),
  }));
}

export async function getRememberedWorkspaceId(database: Database, userId: string): Promise<string | null> {
  const { rows } = await database.raw.query<{ current_organization_id: string | null }>(
    `select current_organization_id from profiles where id = $1`,
    [userId],
  );
  return rows[0]?.current_organization_id ?? null;
}

export async function setRememberedWorkspaceId(
  database: Database,
  userId: string,
  organizationId: string | null,
): Promise<void> {
  await database.raw.query(
    `update profiles set current_organization_id = $2, updated_at = now() where id = $1`,
    [userId, organizationId],
  );
}

/**
 * Create a workspace and the creator's owner membership in one transaction (spec §7
 * create_organization_with_membership), and make it the user's current workspace.
 */
export async function createOrganizationWithMembership(
  database: Database,
  input: { name: string; userId: string; role: Role },
): Promise<{ id: string; name: string; createdAt: Date }> {
  const id = newId();
  return database.db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ id, name: input.name, createdBy: input.userId })
      .returning({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt });
    await tx.insert(userOrganizations).values({ organizationId: id, userId: input.userId, role: input.role });
    await tx
      .update(profiles)
      .set({ currentOrganizationId: id, updatedAt: new Date() })
      .where(eq(profiles.id, input.userId));
    return org!;
  });
}

export async function renameOrganization(
  database: Database,
  organizationId: string,
  name: string,
): Promise<void> {
  await database.raw.query(`update organizations set name = $2 where id = $1`, [organizationId, name]);
}
