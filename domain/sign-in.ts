import { MAX_SIGN_IN_ATTEMPTS, SIGN_IN_BACKOFF_BASE_MS, SIGN_IN_BACKOFF_MAX_MS } from "./constants";
import { MESSAGES } from "./messages";

export { MAX_SIGN_IN_ATTEMPTS };

/**
 * Delay before sign-in retry `attempt` (0-based), spec §9: min(1000 × 2^attempt, 5000) ms —
 * 1000, 2000, 4000, then 5000 from attempt 3 on. Negative attempts count as 0.
 */
export function signInBackoffMs(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(SIGN_IN_BACKOFF_BASE_MS * 2 ** n, SIGN_IN_BACKOFF_MAX_MS);
}

/** Whole seconds shown in 'Retrying in N seconds...' for a backoff in ms (rounded up). */
export function backoffSeconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** Network effective types that count as slow (spec §9). */
export const SLOW_CONNECTION_TYPES = ["slow-2g", "2g", "3g"] as const;

/** True for a slow `navigator.connection.effectiveType` (2g, slow-2g, 3g; case-insensitive). */
export function isSlowConnection(effectiveType: string | null | undefined): boolean {
  const type = (effectiveType ?? "").trim().toLowerCase();
  return (SLOW_CONNECTION_TYPES as readonly string[]).includes(type);
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error !== null && typeof error === "object") {
    const record = error as Record<string, unknown>;
    return [record.name, record.message, record.status, record.code]
      .filter((part) => part !== undefined && part !== null)
      .map(String)
      .join(" ");
  }
  return "";
}

/**
 * Sign-in failure message after retries (spec §8), first match wins: the error mentions
 * 'timeout' or '522' → timed-out message; it mentions 'network' or the user is offline →
 * network message; otherwise 'Authentication failed after multiple attempts.'. Matching is
 * case-insensitive over the error's name, message, status and code.
 */
export function signInErrorMessage(error: unknown, online = true): string {
  const text = errorText(error).toLowerCase();
  if (text.includes("timeout") || text.includes("522")) return MESSAGES.signIn.timedOut;
  if (text.includes("network") || !online) return MESSAGES.signIn.networkError;
  return MESSAGES.signIn.failedAfterRetries;
}

/** Sign-in flow states (spec §4). */
export type SignInFlowState = "idle" | "connecting" | "retrying" | "connected" | "failed";

/**
 * The mobile connection status line (spec §2): 'Offline' whenever offline, else Connecting,
 * 'Retrying (n/3)', Connection Failed, Connected; idle shows nothing (`null`).
 * `attempt` is the 1-based retry number shown as n.
 */
export function connectionStatusLabel(state: SignInFlowState, online: boolean, attempt = 0): string | null {
  if (!online) return "Offline";
  switch (state) {
    case "connecting":
      return "Connecting";
    case "retrying":
      return `Retrying (${Math.min(Math.max(attempt, 1), MAX_SIGN_IN_ATTEMPTS)}/${MAX_SIGN_IN_ATTEMPTS})`;
    case "failed":
      return "Connection Failed";
    case "connected":
      return "Connected";
    default:
      return null;
  }
}

/**
 * E-mail/password form check (spec §5): both required (whitespace-only counts as empty);
 * returns 'Please enter both email and password' when either is missing, else `null`.
 */
export function credentialsError(
  email: string | null | undefined,
  password: string | null | undefined,
): string | null {
  if (!email?.trim() || !password) return MESSAGES.signIn.missingCredentials;
  return null;
}
