import { signState, verifyState } from "../../lib/signed-state";

/** Signed, expiring OAuth `state`: binds the callback to the workspace, user and purpose. */
export type OAuthPurpose = "workspace" | "personal";

const REALM = "clickup-oauth";
const TTL_MS = 15 * 60_000;
const PURPOSES: readonly OAuthPurpose[] = ["workspace", "personal"];

export function signOAuthState(
  secret: string,
  p: { organizationId: string; userId: string; purpose: OAuthPurpose; now: number; nonce: string },
): string {
  return signState(secret, REALM, TTL_MS, p);
}

export function verifyOAuthState(
  secret: string,
  state: string,
  now: number,
): { organizationId: string; userId: string; purpose: OAuthPurpose } | null {
  const v = verifyState(secret, REALM, state, now, PURPOSES);
  return v ? { organizationId: v.organizationId, userId: v.userId, purpose: v.purpose } : null;
}
