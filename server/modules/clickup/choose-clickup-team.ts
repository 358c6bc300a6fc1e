import { transaction } from "../../db/executor";
import { requestFullSync } from "../../jobs/index";
import { badRequest, conflict } from "../../lib/errors";
import { decryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { ClickupTeamRequest, WorkspaceConnectResult } from "./contract";
import { auditedConnection, readClickupAccount, teamChoice } from "./read-clickup-account";
import { getWorkspaceConnection, setWorkspaceTeam } from "./repo";

/**
 * The owner picks which ClickUp workspace this workspace syncs (when the token sees several, or
 * to switch): the connection becomes active and a full sync is queued.
 */
export async function chooseClickupTeam(
  ctx: RequestContext,
  input: ClickupTeamRequest,
): Promise<WorkspaceConnectResult> {
  const { deps, organizationId } = ctx;
  const conn = await getWorkspaceConnection(ctx.db, organizationId);
  if (!conn) throw conflict("Connect this workspace to ClickUp first");
  const { teams } = await readClickupAccount(
    deps,
    decryptSecret(conn.accessTokenEnc, deps.secrets.encryptionKey),
  );
  const team = teams.find((t) => t.id === input.teamId);
  if (!team)
    throw badRequest("This ClickUp workspace is not available to the connected account", [
      { field: "teamId", message: "Unknown workspace" },
    ]);
  if (conn.clickupTeamId !== team.id || conn.status !== "active") {
    await transaction(deps.database, async (tx) => {
      await setWorkspaceTeam(tx, organizationId, team.id, team.name);
      await recordChange(ctx, tx, {
        object: "clickup_connection",
        id: organizationId,
        action: "team_chosen",
        before: auditedConnection(conn),
        after: auditedConnection({
          ...conn,
          status: "active",
          clickupTeamId: team.id,
          clickupTeamName: team.name,
        }),
      });
    });
  }
  const syncQueued = await requestFullSync(deps, organizationId, "connect");
  return { status: "active", teams: teams.map(teamChoice), team: teamChoice(team), syncQueued };
}
