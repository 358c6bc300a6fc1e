import { sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import type { Database } from "../../db/client";

export interface MemberRow {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  role: Role;
  joinedAt: Date;
}

/** The workspace's members, owners first, then by name. */
export async function listMembers(database: Database, organizationId: string): Promise<MemberRow[]> {
  const { rows } = await database.raw.query<{
    user_id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    image: string | null;
    role: Role;
    created_at: Date | string;
  }>(
    `select uo.user_id, p.email, p.first_name, p.last_name, p.image, uo.role, uo.created_at
       from user_organizations uo
       join profiles p on p.id = uo.user_id
      where uo.organization_id = $1
      order by case uo.role when 'owner' then 0 when 'admin' then 1 else 2 end, lower(p.name), p.email`,
    [organizationId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    image: r.image,
    role: r.role,
    joinedAt: new Date(r.created_at),
  }));
}

export type MembershipChange =
  { ok: true; fromRole: Role } | { ok: false; reason: "not_found" | "last_owner" | "not_allowed" };

/**
 * Change or remove (`toRole` null) one membership in a transaction that locks the workspace's
 * owner rows first, so two concurrent demotions can never leave it without an owner.
 * `decide(fromRole, ownerCount)` returns the refusal reason or null to go ahead.
 */
export async function changeMembership(
  database: Database,
  input: { organizationId: string; userId: string; toRole: Role | null },
  decide: (fromRole: Role, ownerCount: number) => "last_owner" | "not_allowed" | null,
): Promise<MembershipChange> {
  return database.db.transaction(async (tx) => {
    const owners = await tx.execute<{ user_id: string }>(
      sql`select user_id from user_organizations
           where organization_id = ${input.organizationId} and role = 'owner' for update`,
    );
    const target = await tx.execute<{ role: Role }>(
      sql`select role from user_organizations
           where organization_id = ${input.organizationId} and user_id = ${input.userId} for update`,
    );
    const fromRole = rowsOf<{ role: Role }>(target)[0]?.role;
    if (!fromRole) return { ok: false, reason: "not_found" } as const;
    const refusal = decide(fromRole, rowsOf(owners).length);
    if (refusal) return { ok: false, reason: refusal } as const;
    if (input.toRole === null) {
      await tx.execute(
        sql`delete from user_organizations where organization_id = ${input.organizationId} and user_id = ${input.userId}`,
      );
      await tx.execute(
        sql`update profiles set current_organization_id = null
             where id = ${input.userId} and current_organization_id = ${input.organizationId}`,
      );
    } else if (input.toRole !== fromRole) {
      await tx.execute(
        sql`update user_organizations set role = ${input.toRole}
             where organization_id = ${input.organizationId} and user_id = ${input.userId}`,
      );
    }
    return { ok: true, fromRole } as const;
  });
}

/** node-postgres answers {rows}, PGlite answers {rows} too, but typed differently. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
