import type { Database } from "../../db/client";
import { createOrganizationWithMembership } from "./repo";

/**
 * Create a workspace with the creator as owner, atomically (spec §5, §7), and make it current.
 */
export async function createWorkspace(database: Database, userId: string, name: string) {
  const org = await createOrganizationWithMembership(database, { name, userId, role: "owner" });
  return { id: org.id, name: org.name, role: "owner" as const, createdAt: org.createdAt.toISOString() };
}
