import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Signed, expiring OAuth `state` values: bind a callback to the workspace, the user and a purpose
 * (HMAC-SHA256 over the payload, keyed with the auth secret and a realm per integration, so a
 * ClickUp state never passes as a Slack one). ClickUp (server/modules/clickup/oauth-state.ts) and
 * Slack (server/modules/slack/) sign theirs here; Slack also spends each nonce once.
 */

interface StatePayload {
  o: string;
  u: string;
  p: string;
  e: number;
  n: string;
}

export interface SignedStateInput<P extends string> {
  organizationId: string;
  userId: string;
  purpose: P;
  now: number;
  nonce: string;
}

export interface VerifiedState<P extends string> {
  organizationId: string;
  userId: string;
  purpose: P;
  nonce: string;
  expiresAt: number;
}

function mac(secret: string, realm: string, data: string): string {
  return createHmac("sha256", secret).update(`${realm}:${data}`).digest("base64url");
}

export function signState<P extends string>(
  secret: string,
  realm: string,
  ttlMs: number,
  p: SignedStateInput<P>,
): string {
  const payload: StatePayload = {
    o: p.organizationId,
    u: p.userId,
    p: p.purpose,
    e: p.now + ttlMs,
    n: p.nonce,
  };
  const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${data}.${mac(secret, realm, data)}`;
}

/** The state's claims, or null when it is forged, malformed, expired or of another purpose. */
export function verifyState<P extends string>(
  secret: string,
  realm: string,
  state: string,
  now: number,
  purposes: readonly P[],
): VerifiedState<P> | null {
  const [data, sig] = state.split(".");
  if (!data || !sig) return null;
  const expected = Buffer.from(mac(secret, realm, data));
  const got = Buffer.from(sig);
  if (expected.length !== got.length || !timingSafeEqual(expected, got)) return null;
  try {
    const p = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as StatePayload;
    if (typeof p.e !== "number" || p.e < now) return null;
    if (!purposes.includes(p.p as P)) return null;
    if (typeof p.o !== "string" || typeof p.u !== "string") return null;
    return { organizationId: p.o, userId: p.u, purpose: p.p as P, nonce: String(p.n), expiresAt: p.e };
  } catch {
    return null;
  }
}
