import { createHmac, timingSafeEqual } from "node:crypto";

/** Signed, expiring OAuth `state`: binds the callback to the workspace, user and purpose. */
export type OAuthPurpose = "workspace" | "personal";

interface StatePayload {
  o: string;
  u: string;
  p: OAuthPurpose;
  e: number;
  n: string;
}

const TTL_MS = 15 * 60_000;

function mac(secret: string, data: string): string {
  return createHmac("sha256", secret).update(`clickup-oauth:${data}`).digest("base64url");
}

export function signOAuthState(
  secret: string,
  p: { organizationId: string; userId: string; purpose: OAuthPurpose; now: number; nonce: string },
): string {
  const payload: StatePayload = {
    o: p.organizationId,
    u: p.userId,
    p: p.purpose,
    e: p.now + TTL_MS,
    n: p.nonce,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${data}.${mac(secret, data)}`;
}

export function verifyOAuthState(
  secret: string,
  state: string,
  now: number,
): { organizationId: string; userId: string; purpose: OAuthPurpose } | null {
  const [data, sig] = state.split(".");
  if (!data || !sig) return null;
  const expected = Buffer.from(mac(secret, data));
  const got = Buffer.from(sig);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as StatePayload;
    if (typeof p.e !== "number" || p.e < now) return null;
    if (p.p !== "workspace" && p.p !== "personal") return null;
    return { organizationId: p.o, userId: p.u, purpose: p.p };
  } catch {
    return null;
  }
}
