import { transaction } from "../../db/executor";
import { conflict } from "../../lib/errors";
import { decryptSecret } from "../../lib/secrets";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { SlackApiError, SlackClient, TOKEN_DEAD_ERRORS } from "./client";
import { getSlackConnection, markSlackDisconnected, type SlackConnectionRow } from "./repo";
import { slackRuntime, type SlackRuntime } from "./runtime";
import { slackReason } from "./slack-errors";
import type { AppDeps } from "../../context";

/** The workspace's live Slack install: its row, a client with its token, and the runtime. */
export interface ActiveSlack {
  row: SlackConnectionRow & { token_enc: string };
  client: SlackClient;
  rt: SlackRuntime;
}

export async function activeSlack(
  deps: Pick<AppDeps, "config" | "now" | "secrets" | "database">,
  organizationId: string,
): Promise<ActiveSlack | null> {
  const rt = slackRuntime(deps);
  const row = await getSlackConnection(deps.database.db, organizationId);
  if (!rt || !row || row.status !== "active" || !row.token_enc) return null;
  const token = decryptSecret(row.token_enc, deps.secrets.encryptionKey);
  return { row: { ...row, token_enc: row.token_enc }, client: new SlackClient(rt, token), rt };
}

/** 409 unless Slack is installed and its token works. */
export async function requireActiveSlack(ctx: RequestContext): Promise<ActiveSlack> {
  const slack = await activeSlack(ctx.deps, ctx.organizationId);
  if (!slack) throw conflict("Slack is not connected. Install the Slack app first.");
  return slack;
}

/**
 * Slack refused the token (revoked, uninstalled, deactivated installer): the install is shown as
 * disconnected with the reason and the token is forgotten. Returns whether that was the case.
 */
export async function forgetDeadToken(
  deps: Pick<AppDeps, "database" | "now" | "logger">,
  organizationId: string,
  err: unknown,
  record?: { ctx: RequestContext },
): Promise<boolean> {
  if (!(err instanceof SlackApiError) || !TOKEN_DEAD_ERRORS.has(err.code)) return false;
  const reason = slackReason(err.code);
  await transaction(deps.database, async (tx) => {
    const before = await getSlackConnection(tx, organizationId, { forUpdate: true });
    if (!before || before.status !== "active") return;
    await markSlackDisconnected(tx, organizationId, reason, deps.now());
    if (record)
      await recordChange(record.ctx, tx, {
        object: "slack_connection",
        id: organizationId,
        action: "token_refused",
        before: { status: "active", teamId: before.team_id },
        after: { status: "disconnected", reason: err.code },
      });
  });
  deps.logger.warn({ organizationId, code: err.code }, "slack token refused; shown as disconnected");
  return true;
}
