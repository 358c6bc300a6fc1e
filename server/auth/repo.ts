import type { Database } from "../db/client";
import { newId } from "../lib/ids";

/**
 * One step of a per-account limit in auth_rate_limits (shared with better-auth's per-IP rows;
 * our keys start with "account:"). Sliding: the count restarts after `windowS` without attempts.
 * Returns the attempt count including this one.
 */
export async function consumeAccountLimit(
  database: Database,
  key: string,
  windowS: number,
  nowMs: number,
): Promise<number> {
  const { rows } = await database.raw.query<{ count: number }>(
    `insert into auth_rate_limits (id, key, count, last_request) values ($1, $2, 1, $3)
     on conflict (key) do update set
       count = case when auth_rate_limits.last_request <= $3 - $4 then 1 else auth_rate_limits.count + 1 end,
       last_request = $3
     returning count`,
    [newId(), key, nowMs, windowS * 1000],
  );
  return Number(rows[0]?.count ?? 1);
}

export async function resetAccountLimit(database: Database, key: string): Promise<void> {
  await database.raw.query(`delete from auth_rate_limits where key = $1`, [key]);
}

export async function clearCurrentWorkspace(database: Database, userId: string): Promise<void> {
  await database.raw.query(`update profiles set current_organization_id = null where id = $1`, [userId]);
}
