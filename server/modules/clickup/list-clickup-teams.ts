import { conflict } from "../../lib/errors";
import { decryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import type { ClickupTeamsResponse } from "./contract";
import { readClickupAccount, teamChoice } from "./read-clickup-account";
import { getWorkspaceConnection } from "./repo";

/** The ClickUp workspaces the stored token can see (the owner's picker). */
export async function listClickupTeams(ctx: RequestContext): Promise<ClickupTeamsResponse> {
  const conn = await getWorkspaceConnection(ctx.db, ctx.organizationId);
  if (!conn) throw conflict("Connect this workspace to ClickUp first");
  const { teams } = await readClickupAccount(
    ctx.deps,
    decryptSecret(conn.accessTokenEnc, ctx.deps.secrets.encryptionKey),
  );
  return { teams: teams.map(teamChoice) };
}
