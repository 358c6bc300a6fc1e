import { and, eq, sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import { firstRow, rows, type Executor } from "../../db/executor";
import { profiles, userOrganizations } from "../../db/schema";

/*
 * All SQL of a workspace's memberships.
 */

export interface MemberRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  role: Role;
  created_at: Date | string;
}

/** The workspace's members, owners first, then by name. */
export async function selectMembers(executor: Executor, organizationId: string): Promise<MemberRow[]> {
  return rows<MemberRow>(
    executor,
    sql`select uo.user_id, p.email, p.first_name, p.last_name, p.image, uo.role, uo.created_at
          from user_organizations uo
          join profiles p on p.id = uo.user_id
         where uo.organization_id = ${organizationId}
         order by case uo.role when 'owner' then 0 when 'admin' then 1 else 2 end, lower(p.name), p.email`,
  );
}

/**
 * Lock the workspace's owner rows (so two concurrent demotions can never leave it without an
 * owner) and count them. Take this lock before lockMembership().
 */
export async function lockOwners(executor: Executor, organizationId: string): Promise<number> {
  const owners = await rows<{ user_id: string }>(
    executor,
    sql`select user_id from user_organizations
         where organization_id = ${organizationId} and role = 'owner' for update`,
  );
  return owners.length;
}

/** Lock one membership and read its role; undefined when the user is not in the workspace. */
export async function lockMembership(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<Role | undefined> {
  const row = await firstRow<{ role: Role }>(
    executor,
    sql`select role from user_organizations
         where organization_id = ${organizationId} and user_id = ${userId} for update`,
  );
  return row?.role;
}

export async function updateMembershipRole(
  executor: Executor,
  organizationId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await executor
    .update(userOrganizations)
    .set({ role })
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)));
}

/** Remove a membership; the workspace stops being the user's remembered current one. */
export async function deleteMembership(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await executor
    .delete(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)));
  await executor
    .update(profiles)
    .set({ currentOrganizationId: null })
    .where(and(eq(profiles.id, userId), eq(profiles.currentOrganizationId, organizationId)));
}
