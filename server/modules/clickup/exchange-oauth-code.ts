import { exchangeOAuthCode } from "../../integrations/clickup/client";
import { clickupRuntime } from "../../integrations/clickup/runtime";
import { AppError, badRequest } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { ClickupOAuthCallbackRequest } from "./contract";
import { verifyOAuthState, type OAuthPurpose } from "./oauth-state";

export interface ExchangeOAuthCodeInput extends ClickupOAuthCallbackRequest {
  purpose: OAuthPurpose;
}

/**
 * Exchange the callback's code for a token, after checking the state was signed for this
 * caller, this workspace and this purpose. The first step of both OAuth connections.
 */
export async function exchangeOAuthCodeForToken(
  ctx: RequestContext,
  input: ExchangeOAuthCodeInput,
): Promise<string> {
  const { deps, organizationId } = ctx;
  const verified = verifyOAuthState(deps.secrets.authSecret, input.state, deps.now().getTime());
  if (!verified || verified.purpose !== input.purpose || verified.userId !== ctx.userId) {
    throw badRequest(
      "This ClickUp authorization link has expired or belongs to another session. Please connect again.",
    );
  }
  if (verified.organizationId !== organizationId) {
    throw badRequest(
      "This ClickUp authorization was started in another workspace. Switch back to it and try again.",
    );
  }
  const rt = clickupRuntime(deps);
  if (!rt.clientId || !rt.clientSecret)
    throw new AppError(503, "service_unavailable", "ClickUp OAuth is not configured on this server");
  try {
    return await exchangeOAuthCode({
      baseUrl: rt.apiUrl,
      clientId: rt.clientId,
      clientSecret: rt.clientSecret,
      code: input.code,
      fetch: rt.fetch,
    });
  } catch (err) {
    ctx.log.warn(
      { organizationId, err: err instanceof Error ? err.message : String(err) },
      "clickup code exchange failed",
    );
    throw badRequest("ClickUp did not accept the authorization code. Please connect again.");
  }
}
