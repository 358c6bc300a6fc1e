import { eq, sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import { pickCurrentWorkspace } from "@domain/workspace";
import { firstRow, rows, type Executor } from "../../db/executor";
import { organizationLogos, organizations, profiles, userOrganizations } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Sender } from "../../lib/pdf";
import type { ImpersonationTargetRow } from "../impersonation/repo";

/*
 * All SQL of workspaces and the user's remembered current workspace.
 */

export interface MembershipRow {
  organizationId: string;
  name: string;
  role: Role;
  /** Membership creation (the fallback workspace is the earliest). */
  createdAt: Date;
}

interface MembershipSqlRow {
  organization_id: string;
  name: string;
  role: Role;
  created_at: Date | string;
}

/** The user's workspaces with role, ordered by membership creation (spec §4). */
export async function listMemberships(executor: Executor, userId: string): Promise<MembershipRow[]> {
  const found = await rows<MembershipSqlRow>(
    executor,
    sql`select uo.organization_id, o.name, uo.role, uo.created_at
          from user_organizations uo
          join organizations o on o.id = uo.organization_id
         where uo.user_id = ${userId}
         order by uo.created_at, o.created_at, o.id`,
  );
  return found.map((r) => ({
    organizationId: r.organization_id,
    name: r.name,
    role: r.role,
    createdAt: new Date(r.created_at),
  }));
}

export async function getRememberedWorkspaceId(executor: Executor, userId: string): Promise<string | null> {
  const row = await firstRow<{ current_organization_id: string | null }>(
    executor,
    sql`select current_organization_id from profiles where id = ${userId}`,
  );
  return row?.current_organization_id ?? null;
}

/**
 * The user's workspaces and their current one (spec §4): the remembered workspace while they
 * still belong to it, else the first by membership creation; null without any.
 */
export async function currentMembership(
  executor: Executor,
  userId: string,
): Promise<{ memberships: MembershipRow[]; current: MembershipRow | null }> {
  const [memberships, remembered] = await Promise.all([
    listMemberships(executor, userId),
    getRememberedWorkspaceId(executor, userId),
  ]);
  return { memberships, current: pickCurrentWorkspace(memberships, remembered) ?? null };
}

/**
 * The caller's current workspace and role (the rule of `pickCurrentWorkspace`: the remembered
 * workspace while they still belong to it, else the first by membership creation) with their
 * "view as" row there, in one statement — the request context of every API call reads this.
 */
export async function selectCallerWorkspace(
  executor: Executor,
  userId: string,
): Promise<{ organizationId: string; role: Role; impersonation: ImpersonationTargetRow | null } | null> {
  const row = await firstRow<{
    organization_id: string;
    role: Role;
    target_user_id: string | null;
    target_role: Role | null;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    executor,
    sql`with m as (
          select uo.organization_id, uo.role
            from user_organizations uo
            join organizations o on o.id = uo.organization_id
            join profiles me on me.id = uo.user_id
           where uo.user_id = ${userId}
           order by (uo.organization_id = me.current_organization_id) desc nulls last,
                    uo.created_at, o.created_at, o.id
           limit 1
        )
        select m.organization_id, m.role, i.target_user_id, tuo.role as target_role,
               p.email, p.first_name, p.last_name
          from m
          left join impersonations i
            on i.organization_id = m.organization_id and i.actor_user_id = ${userId}
          left join user_organizations tuo
            on tuo.organization_id = i.organization_id and tuo.user_id = i.target_user_id
          left join profiles p on p.id = tuo.user_id`,
  );
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    role: row.role,
    impersonation: row.target_user_id
      ? {
          target_user_id: row.target_user_id,
          role: row.target_role,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
        }
      : null,
  };
}

export async function setRememberedWorkspaceId(
  executor: Executor,
  userId: string,
  organizationId: string | null,
): Promise<void> {
  await executor
    .update(profiles)
    .set({ currentOrganizationId: organizationId, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/**
 * Create a workspace and the creator's membership (spec §7 create_organization_with_membership),
 * and make it the user's current workspace. Run it inside the caller's transaction so the three
 * writes are atomic.
 */
export async function createOrganizationWithMembership(
  executor: Executor,
  input: { name: string; userId: string; role: Role },
): Promise<{ id: string; name: string; createdAt: Date }> {
  const id = newId();
  const [org] = await executor
    .insert(organizations)
    .values({ id, name: input.name, createdBy: input.userId })
    .returning({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt });
  await executor
    .insert(userOrganizations)
    .values({ organizationId: id, userId: input.userId, role: input.role });
  await executor
    .update(profiles)
    .set({ currentOrganizationId: id, updatedAt: new Date() })
    .where(eq(profiles.id, input.userId));
  return org!;
}

export async function renameOrganization(
  executor: Executor,
  organizationId: string,
  name: string,
): Promise<void> {
  await executor.update(organizations).set({ name }).where(eq(organizations.id, organizationId));
}

/** The workspace's billing profile, with its logo described (not its bytes); `for update` locks the row. */
export interface BillingProfileRow {
  name: string;
  billing_address: string;
  tax_id: string;
  logo_content_type: "image/png" | "image/jpeg" | null;
  logo_size: number | string | null;
  logo_etag: string | null;
  logo_updated_at: Date | string | null;
}

export async function selectBillingProfile(
  executor: Executor,
  organizationId: string,
  options: { lock?: boolean } = {},
): Promise<BillingProfileRow | undefined> {
  return firstRow<BillingProfileRow>(
    executor,
    sql`select o.name, o.billing_address, o.tax_id,
               l.content_type as logo_content_type, octet_length(l.data) as logo_size,
               md5(l.data) as logo_etag, l.updated_at as logo_updated_at
          from organizations o
          left join organization_logos l on l.organization_id = o.id
         where o.id = ${organizationId}
         ${options.lock ? sql`for update of o` : sql``}`,
  );
}

export async function updateBillingProfile(
  executor: Executor,
  organizationId: string,
  input: { billingAddress: string; taxId: string },
): Promise<void> {
  await executor
    .update(organizations)
    .set({ billingAddress: input.billingAddress, taxId: input.taxId })
    .where(eq(organizations.id, organizationId));
}

/** The logo's bytes and type, or null without one. */
export async function selectLogo(
  executor: Executor,
  organizationId: string,
): Promise<{ contentType: "image/png" | "image/jpeg"; data: Buffer; etag: string } | null> {
  const row = await firstRow<{
    content_type: "image/png" | "image/jpeg";
    data: Buffer | Uint8Array;
    etag: string;
  }>(
    executor,
    sql`select content_type, data, md5(data) as etag from organization_logos where organization_id = ${organizationId}`,
  );
  if (!row) return null;
  const data = Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data);
  return { contentType: row.content_type, data, etag: row.etag };
}

export async function upsertLogo(
  executor: Executor,
  organizationId: string,
  input: { contentType: "image/png" | "image/jpeg"; data: Buffer; updatedBy: string },
): Promise<void> {
  await executor
    .insert(organizationLogos)
    .values({ organizationId, contentType: input.contentType, data: input.data, updatedBy: input.updatedBy })
    .onConflictDoUpdate({
      target: organizationLogos.organizationId,
      set: {
        contentType: input.contentType,
        data: input.data,
        updatedBy: input.updatedBy,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteLogo(executor: Executor, organizationId: string): Promise<boolean> {
  const removed = await executor
    .delete(organizationLogos)
    .where(eq(organizationLogos.organizationId, organizationId))
    .returning({ id: organizationLogos.organizationId });
  return removed.length > 0;
}

/** Who a document is from (server/lib/pdf.ts drawSender): name, billing address, tax id and logo. */
export async function selectSender(executor: Executor, organizationId: string): Promise<Sender> {
  const row = await firstRow<{
    name: string;
    billing_address: string;
    tax_id: string;
    logo: Buffer | Uint8Array | null;
  }>(
    executor,
    sql`select o.name, o.billing_address, o.tax_id, l.data as logo
          from organizations o
          left join organization_logos l on l.organization_id = o.id
         where o.id = ${organizationId}`,
  );
  return {
    name: row?.name ?? "",
    address: row?.billing_address ?? "",
    taxId: row?.tax_id ?? "",
    logo: row?.logo ? (Buffer.isBuffer(row.logo) ? row.logo : Buffer.from(row.logo)) : null,
  };
}
