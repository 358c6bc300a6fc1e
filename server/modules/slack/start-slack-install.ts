import { AppError } from "../../lib/errors";
import { newToken } from "../../lib/ids";
import { signState } from "../../lib/signed-state";
import type { RequestContext } from "../../request-context";
import { SLACK_BOT_SCOPES, slackRedirectUri, slackRuntime } from "./runtime";

/** Signed states of the Slack install: its own realm, one purpose, 10 minutes (Slack's code lives as long). */
export const SLACK_STATE_REALM = "slack-oauth";
export const SLACK_STATE_PURPOSES = ["install"] as const;
export const SLACK_STATE_TTL_MS = 10 * 60_000;

/**
 * The consent page URL for installing the app into a Slack workspace, with a signed, expiring,
 * single-use state bound to this user and workspace (spent by finishSlackInstall).
 */
export function startSlackInstall(ctx: RequestContext): string {
  const { deps } = ctx;
  const rt = slackRuntime(deps);
  if (!rt) throw new AppError(503, "service_unavailable", "Slack is not configured on this server");
  const state = signState(deps.secrets.authSecret, SLACK_STATE_REALM, SLACK_STATE_TTL_MS, {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    purpose: "install" as const,
    now: deps.now().getTime(),
    nonce: newToken(12),
  });
  const url = new URL(rt.authorizeUrl);
  url.searchParams.set("client_id", rt.clientId);
  url.searchParams.set("scope", SLACK_BOT_SCOPES.join(","));
  url.searchParams.set("redirect_uri", slackRedirectUri(deps));
  url.searchParams.set("state", state);
  return url.toString();
}
