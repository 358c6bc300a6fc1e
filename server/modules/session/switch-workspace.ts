import type { Database } from "../../db/client";
import { notFound } from "../../lib/errors";
import { setRememberedWorkspaceId } from "../workspaces/repo";
import { isMember } from "./repo";

/** Remember the chosen workspace (spec §4). A workspace the user is not in answers 404. */
export async function switchWorkspace(
  database: Database,
  userId: string,
  organizationId: string,
): Promise<void> {
  if (!(await isMember(database, userId, organizationId))) throw notFound("Workspace not found");
  await setRememberedWorkspaceId(database, userId, organizationId);
}
