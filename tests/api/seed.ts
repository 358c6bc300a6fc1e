import { nonBlank } from "@domain/index";
import type { Db } from "../../server/db/client";
import * as s from "../../server/db/schema";

/**
 * Direct inserts of synced ClickUp data for API tests that do not need the sync engine.
 * Ids are strings as in ClickUp; organization_id is filled in for every row.
 */
export interface SeedData {
  spaces?: Omit<typeof s.spaces.$inferInsert, "organizationId">[];
  folders?: Omit<typeof s.folders.$inferInsert, "organizationId">[];
  lists?: Omit<typeof s.lists.$inferInsert, "organizationId">[];
  tasks?: Omit<typeof s.tasks.$inferInsert, "organizationId">[];
  providerUsers?: Omit<typeof s.providerUsers.$inferInsert, "organizationId">[];
  timeEntries?: Omit<typeof s.timeEntries.$inferInsert, "organizationId">[];
  customFields?: Omit<typeof s.customFields.$inferInsert, "organizationId">[];
  customFieldValues?: Omit<typeof s.customFieldValues.$inferInsert, "organizationId">[];
}

export async function seedClickupData(db: Db, organizationId: string, data: SeedData): Promise<void> {
  const withOrg = <T extends object>(rows: T[] | undefined) =>
    (rows ?? []).map((r) => ({ ...r, organizationId }));
  await db.transaction(async (tx) => {
    if (data.spaces?.length) await tx.insert(s.spaces).values(withOrg(data.spaces));
    if (data.folders?.length) await tx.insert(s.folders).values(withOrg(data.folders));
    if (data.lists?.length) await tx.insert(s.lists).values(withOrg(data.lists));
    if (data.tasks?.length) {
      await tx.insert(s.tasks).values(withOrg(data.tasks));
      const assignees = data.tasks.flatMap((t) =>
        (t.assigneesArray ?? []).map((a) => ({
          organizationId,
          taskId: t.id,
          userId: String(a.id),
          // As the sync keeps them: the entry's name trimmed, null when blank (spec §8).
          username: nonBlank(a.username),
          email: nonBlank(a.email),
        })),
      );
      if (assignees.length) await tx.insert(s.taskAssignees).values(assignees).onConflictDoNothing();
    }
    if (data.providerUsers?.length) await tx.insert(s.providerUsers).values(withOrg(data.providerUsers));
    if (data.timeEntries?.length) await tx.insert(s.timeEntries).values(withOrg(data.timeEntries));
    if (data.customFields?.length) await tx.insert(s.customFields).values(withOrg(data.customFields));
    if (data.customFieldValues?.length)
      await tx.insert(s.customFieldValues).values(withOrg(data.customFieldValues));
  });
}
