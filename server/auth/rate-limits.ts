/**
 * Rate limits on the auth endpoints (per IP, enforced by better-auth on the database storage so
 * every instance shares them). Per-account limits on top are in account-limit.ts.
 * Windows are in seconds.
 */
export const AUTH_RATE_LIMIT_RULES = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/reset-password": { window: 60, max: 5 },
  "/send-verification-email": { window: 60, max: 3 },
  "/two-factor/*": { window: 60, max: 10 },
  // Never matches a request: it makes better-auth keep rows as long as our longest per-account
  // window (it prunes rows older than its longest configured window, and shares the table).
  "/__account-limits": { window: 15 * 60, max: 1 },
} as const;

/** Per-account: at most this many sign-in attempts for one e-mail per window, from any IP. */
export const ACCOUNT_SIGN_IN_LIMIT = { window: 15 * 60, max: 10 } as const;
/** Per-account: recovery mails for one e-mail per window. */
export const ACCOUNT_RECOVERY_LIMIT = { window: 15 * 60, max: 3 } as const;
