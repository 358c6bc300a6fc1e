import type { AppDeps } from "../../context";
import { authorizeUrl } from "../../integrations/clickup/client";
import { clickupRuntime } from "../../integrations/clickup/runtime";
import { AppError } from "../../lib/errors";
import { newToken } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import type { ClickupOAuthStartResponse } from "./contract";
import { signOAuthState, type OAuthPurpose } from "./oauth-state";

/** Where ClickUp sends the browser back: the web app's callback pages (spec §2). */
export const CALLBACK_PATHS: Record<OAuthPurpose, string> = {
  workspace: "/auth/clickup/callback",
  personal: "/auth/clickup/personal/callback",
};

export function redirectUri(deps: Pick<AppDeps, "config">, purpose: OAuthPurpose): string {
  return `${deps.config.publicUrl}${CALLBACK_PATHS[purpose]}`;
}

export interface StartClickupOAuthInput {
  purpose: OAuthPurpose;
  /** Pre-selects the account on the simulator's consent page (ignored by ClickUp itself). */
  loginHint?: string;
}

/**
 * The ClickUp consent page URL for the caller: the workspace connection (owners) or their own
 * account, with a signed, expiring state that binds the callback to this workspace and user.
 */
export function startClickupOAuth(
  ctx: RequestContext,
  input: StartClickupOAuthInput,
): ClickupOAuthStartResponse {
  const { deps } = ctx;
  const rt = clickupRuntime(deps);
  if (!rt.clientId)
    throw new AppError(
      503,
      "service_unavailable",
      "ClickUp OAuth is not configured on this server. Paste a personal API token instead.",
    );
  const state = signOAuthState(deps.secrets.authSecret, {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    purpose: input.purpose,
    now: deps.now().getTime(),
    nonce: newToken(8),
  });
  return {
    url: authorizeUrl(
      rt.apiUrl,
      rt.clientId,
      redirectUri(deps, input.purpose),
      state,
      rt.simulated ? input.loginHint : undefined,
    ),
  };
}
