import { ClickUpApiError } from "../../integrations/clickup/client";
import { clientForToken } from "../../integrations/clickup/runtime";
import type { CuTeam } from "../../integrations/clickup/types";
import { AppError, badRequest } from "../../lib/errors";
import type { ClickupTeamChoice } from "./contract";
import type { WorkspaceConnection } from "./repo";

export const teamChoice = (t: CuTeam): ClickupTeamChoice => ({
  id: t.id,
  name: t.name,
  members: t.members.length,
});

/**
 * Who a token belongs to and which ClickUp workspaces it sees, with ClickUp's refusals
 * turned into answers the person can act on.
 */
export async function readClickupAccount(deps: Parameters<typeof clientForToken>[0], token: string) {
  const client = clientForToken(deps, token, { maxRetries: 2 });
  try {
    const [user, teams] = await Promise.all([client.getUser(), client.getTeams()]);
    return { user, teams };
  } catch (err) {
    if (err instanceof ClickUpApiError && err.isAuth)
      throw badRequest("ClickUp refused this token. Check it and try again.");
    if (err instanceof ClickUpApiError)
      throw new AppError(
        503,
        "service_unavailable",
        "ClickUp is not answering right now. Please try again in a moment.",
      );
    throw err;
  }
}

/** What the audit trail keeps of a workspace connection: never its token or webhook secret. */
export function auditedConnection(
  c: Pick<WorkspaceConnection, "status" | "clickupTeamId" | "clickupTeamName" | "authType">,
) {
  return { status: c.status, teamId: c.clickupTeamId, teamName: c.clickupTeamName, authType: c.authType };
}
