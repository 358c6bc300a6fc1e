import { eq, sql } from "drizzle-orm";
import { firstRow, type Executor } from "../db/executor";
import { authRateLimits, profiles } from "../db/schema";
import { newId } from "../lib/ids";

/*
 * The SQL of our wrapper around better-auth: per-account limits and sign-out housekeeping.
 */

/**
 * One step of a per-account limit in auth_rate_limits (shared with better-auth's per-IP rows;
 * our keys start with "account:"). Sliding: the count restarts after `windowS` without attempts.
 * Returns the attempt count including this one.
 */
export async function consumeAccountLimit(
  executor: Executor,
  key: string,
  windowS: number,
  nowMs: number,
): Promise<number> {
  const windowMs = windowS * 1000;
  const row = await firstRow<{ count: number | string }>(
    executor,
    sql`insert into auth_rate_limits (id, key, count, last_request) values (${newId()}, ${key}, 1, ${nowMs})
        on conflict (key) do update set
          count = case when auth_rate_limits.last_request <= ${nowMs}::bigint - ${windowMs}::bigint
                       then 1 else auth_rate_limits.count + 1 end,
          last_request = ${nowMs}
        returning count`,
  );
  return Number(row?.count ?? 1);
}

export async function resetAccountLimit(executor: Executor, key: string): Promise<void> {
  await executor.delete(authRateLimits).where(eq(authRateLimits.key, key));
}

export async function clearCurrentWorkspace(executor: Executor, userId: string): Promise<void> {
  await executor.update(profiles).set({ currentOrganizationId: null }).where(eq(profiles.id, userId));
}
