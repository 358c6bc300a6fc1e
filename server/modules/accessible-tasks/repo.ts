import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Executor = Pick<Db, "execute">;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function memberRole(db: Executor, orgId: string, userId: string): Promise<string | null> {
  const [r] = await rows<{ role: string }>(
    db,
    sql`select role from user_organizations where organization_id = ${orgId} and user_id = ${userId}`,
  );
  return r?.role ?? null;
}

export async function activeClickupUserId(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<string | null> {
  const [r] = await rows<{ id: string }>(
    db,
    sql`select clickup_user_id as id from user_clickup_connections
        where organization_id = ${orgId} and user_id = ${userId} and is_active`,
  );
  return r?.id ?? null;
}

/** Changes whenever a sync or webhook changed the workspace's data: the cache key. */
export async function syncGeneration(db: Executor, orgId: string): Promise<string> {
  const [r] = await rows<{ g: string | null }>(
    db,
    sql`select coalesce(last_full_sync_at::text, '') || '|' || coalesce(last_incremental_at::text, '') as g
        from sync_state where organization_id = ${orgId}`,
  );
  return r?.g ?? "never";
}

export async function allTaskIds(db: Executor, orgId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select id from tasks where organization_id = ${orgId} and not deleted order by id`,
  );
  return r.map((x) => x.id);
}

/**
 * What a ClickUp account can see: tasks assigned to it, tasks in lists it is an explicit member
 * of, and every task in a space that is not private (ClickUp shows those to all members).
 */
export async function visibleTaskIds(db: Executor, orgId: string, clickupUserId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select t.id from tasks t
        left join spaces s on s.organization_id = t.organization_id and s.id = t.space_id
        where t.organization_id = ${orgId} and not t.deleted and (
          (s.id is not null and not s.private)
          or exists (select 1 from task_assignees a where a.organization_id = t.organization_id and a.task_id = t.id and a.user_id = ${clickupUserId})
          or exists (select 1 from list_members m where m.organization_id = t.organization_id and m.list_id = t.list_id and m.user_id = ${clickupUserId})
        )
        order by t.id`,
  );
  return r.map((x) => x.id);
}
