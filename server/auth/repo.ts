import { and, eq, gt, sql } from "drizzle-orm";
import { firstRow, type Executor } from "../db/executor";
import { authRateLimits, authVerifications, profiles } from "../db/schema";
import { newId } from "../lib/ids";

/*
 * The SQL of our wrapper around better-auth: per-account limits, sign-out housekeeping and the
 * account a password is being chosen for.
 */

/**
 * One attempt against a per-account limit in auth_rate_limits (shared with better-auth's per-IP
 * rows; our keys start with "account:"), with better-auth's own rule: `last_request` is the
 * last attempt that was let through, the count restarts `windowS` after it, and an attempt
 * over the limit is refused without moving `last_request` — so a lockout ends `windowS` after
 * it began, however often anyone (the owner included) tries meanwhile.
 * Returns the attempt count including this one; above `max` means refused.
 */
export async function consumeAccountLimit(
  executor: Executor,
  key: string,
  limit: { window: number; max: number },
  nowMs: number,
): Promise<number> {
  const windowMs = limit.window * 1000;
  const row = await firstRow<{ count: number | string }>(
    executor,
    sql`insert into auth_rate_limits (id, key, count, last_request) values (${newId()}, ${key}, 1, ${nowMs})
        on conflict (key) do update set
          count = case when auth_rate_limits.last_request <= ${nowMs}::bigint - ${windowMs}::bigint
                       then 1 else auth_rate_limits.count + 1 end,
          last_request = case when auth_rate_limits.last_request <= ${nowMs}::bigint - ${windowMs}::bigint
                                or auth_rate_limits.count < ${limit.max}
                              then ${nowMs}::bigint else auth_rate_limits.last_request end
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

export interface PasswordAccount {
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
}

/** The account a still-valid password-reset token belongs to (better-auth's `reset-password:<token>` row). */
export async function accountOfResetToken(
  executor: Executor,
  token: string,
  now: Date,
): Promise<PasswordAccount | null> {
  const [found] = await executor
    .select({
      email: profiles.email,
      name: profiles.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(authVerifications)
    .innerJoin(profiles, eq(profiles.id, authVerifications.value))
    .where(
      and(eq(authVerifications.identifier, `reset-password:${token}`), gt(authVerifications.expiresAt, now)),
    )
    .limit(1);
  return found ?? null;
}
