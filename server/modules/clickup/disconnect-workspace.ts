import { transaction } from "../../db/executor";
import { clientForToken } from "../../integrations/clickup/runtime";
import { decryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { resetSyncState } from "../sync/sync-state-repo";
import { auditedConnection } from "./read-clickup-account";
import { deleteWorkspaceConnection, getWorkspaceConnection } from "./repo";

/**
 * Remove the workspace's link to ClickUp (and ClickUp's webhook, best effort, before). Synced
 * data stays until reconnected; the sync state is forgotten. No connection: nothing to do.
 */
export async function disconnectWorkspace(ctx: RequestContext): Promise<void> {
  const { deps, organizationId } = ctx;
  const conn = await getWorkspaceConnection(ctx.db, organizationId);
  if (!conn) return;
  if (conn.webhookId) {
    try {
      const client = clientForToken(deps, decryptSecret(conn.accessTokenEnc, deps.secrets.encryptionKey), {
        maxRetries: 1,
      });
      await client.deleteWebhook(conn.webhookId);
    } catch (err) {
      ctx.log.warn(
        { organizationId, err: err instanceof Error ? err.message : String(err) },
        "could not delete the clickup webhook",
      );
    }
  }
  await transaction(deps.database, async (tx) => {
    await deleteWorkspaceConnection(tx, organizationId);
    await resetSyncState(tx, organizationId);
    await recordChange(ctx, tx, {
      object: "clickup_connection",
      id: organizationId,
      action: "disconnected",
      before: auditedConnection(conn),
    });
  });
  ctx.log.info({ organizationId }, "clickup workspace disconnected");
}
