import type { Database } from "../../db/client";

export async function updateProfileNames(
  database: Database,
  userId: string,
  input: { firstName: string | null; lastName: string | null; name: string },
): Promise<void> {
  await database.raw.query(
    `update profiles set first_name = $2, last_name = $3, name = $4, updated_at = now() where id = $1`,
    [userId, input.firstName, input.lastName, input.name],
  );
}

/** Whether the user belongs to the workspace (used before remembering it as current). */
export async function isMember(database: Database, userId: string, organizationId: string): Promise<boolean> {
  const { rows } = await database.raw.query(
    `select 1 from user_organizations where organization_id = $1 and user_id = $2`,
    [organizationId, userId],
  );
  return rows.length > 0;
}
