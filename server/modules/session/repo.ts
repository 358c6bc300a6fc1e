import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { profiles, userOrganizations } from "../../db/schema";

/*
 * All SQL of the signed-in user's own profile.
 */

export async function updateProfileNames(
  executor: Executor,
  userId: string,
  input: { firstName: string | null; lastName: string | null; name: string },
): Promise<void> {
  await executor
    .update(profiles)
    .set({ firstName: input.firstName, lastName: input.lastName, name: input.name, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/** Whether the user belongs to the workspace (used before remembering it as current). */
export async function isMember(executor: Executor, userId: string, organizationId: string): Promise<boolean> {
  const found = await executor
    .select({ userId: userOrganizations.userId })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.userId, userId)))
    .limit(1);
  return found.length > 0;
}
