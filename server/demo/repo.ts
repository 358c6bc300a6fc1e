import { sql } from "drizzle-orm";
import { firstRow, type Executor } from "../db/executor";

interface MemberEmailRow {
  email: string;
}

/** The e-mail of a user who is (still) a member of the workspace, else null. */
export async function memberEmail(
  ex: Executor,
  organizationId: string,
  userId: string,
): Promise<string | null> {
  const row = await firstRow<MemberEmailRow>(
    ex,
    sql`select p.email from profiles p
        join user_organizations m on m.user_id = p.id and m.organization_id = ${organizationId}
        where p.id = ${userId}`,
  );
  return row?.email ?? null;
}
