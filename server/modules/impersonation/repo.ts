import { and, eq, sql } from "drizzle-orm";
import type { Role } from "@domain/permissions";
import { firstRow, rows, type Executor } from "../../db/executor";
import { impersonations } from "../../db/schema";

/*
 * All SQL of dashboard impersonation ("view as"). One row per actor and workspace.
 */

export interface ImpersonationTargetRow {
  target_user_id: string;
  /** null when the target no longer belongs to the workspace. */
  role: Role | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** Start (or switch) an impersonation; returns the previous target, if any. */
export async function upsertImpersonation(
  executor: Executor,
  organizationId: string,
  actorUserId: string,
  targetUserId: string,
): Promise<string | null> {
  const row = await firstRow<{ previous: string | null }>(
    executor,
    sql`with previous as (
          select target_user_id from impersonations
          where organization_id = ${organizationId} and actor_user_id = ${actorUserId}
        ), upserted as (
          insert into impersonations (organization_id, actor_user_id, target_user_id, started_at)
          values (${organizationId}, ${actorUserId}, ${targetUserId}, now())
          on conflict (organization_id, actor_user_id)
          do update set target_user_id = excluded.target_user_id, started_at = excluded.started_at
          returning 1
        )
        select (select target_user_id from previous) as previous from upserted`,
  );
  return row?.previous ?? null;
}

/** End the actor's impersonation; returns the target it ended, or null when there was none. */
export async function deleteImpersonation(
  executor: Executor,
  organizationId: string,
  actorUserId: string,
): Promise<string | null> {
  const [ended] = await executor
    .delete(impersonations)
    .where(
      and(eq(impersonations.organizationId, organizationId), eq(impersonations.actorUserId, actorUserId)),
    )
    .returning({ targetUserId: impersonations.targetUserId });
  return ended?.targetUserId ?? null;
}

export interface WorkspaceUserRow {
  user_id: string;
  role: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  clickup_user_id: string | null;
  profile_picture: string | null;
}

/**
 * The workspace's people for the picker (spec §7 users: ordered by username, at most `limit`):
 * app members with their ClickUp username when connected.
 */
export async function selectWorkspaceUsers(
  executor: Executor,
  organizationId: string,
  limit: number,
): Promise<WorkspaceUserRow[]> {
  return rows<WorkspaceUserRow>(
    executor,
    sql`select uo.user_id, uo.role, p.email, p.first_name, p.last_name,
               coalesce(nullif(btrim(c.clickup_username), ''), nullif(btrim(pu.username), '')) as username,
               c.clickup_user_id, pu.profile_picture
        from user_organizations uo
        join profiles p on p.id = uo.user_id
        left join user_clickup_connections c
          on c.organization_id = uo.organization_id and c.user_id = uo.user_id and c.is_active
        left join provider_users pu on pu.organization_id = uo.organization_id and pu.id = c.clickup_user_id
        where uo.organization_id = ${organizationId}
        order by lower(coalesce(nullif(btrim(c.clickup_username), ''), nullif(btrim(pu.username), ''),
                                nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email)),
                 p.email
        limit ${limit}`,
  );
}

export interface MemberRow {
  user_id: string;
  role: Role;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** A member of the workspace with their role and profile; undefined when not a member. */
export async function selectMember(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return firstRow<MemberRow>(
    executor,
    sql`select uo.user_id, uo.role, p.email, p.first_name, p.last_name
        from user_organizations uo join profiles p on p.id = uo.user_id
        where uo.organization_id = ${organizationId} and uo.user_id = ${userId}`,
  );
}
