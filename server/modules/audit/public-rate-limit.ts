import type { MiddlewareHandler } from "hono";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import type { AppDeps, AppEnv } from "../../context";
import { rateLimited } from "../../lib/errors";
import { recordSecurityEvent } from "./record-security-event";
import { consumeFixedWindow, peekFixedWindow } from "./repo";

/**
 * Limits of the endpoints anybody may call without signing in (the blocked-form report, ClickUp's
 * webhook deliveries), per source address, on the database so every instance shares them.
 * A window starts with its first request and is never extended by later ones.
 */
export interface PublicLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

/** POST /api/audit/blocked-form: a person blocks a form now and then, never hundreds a minute. */
export const BLOCKED_FORM_LIMIT: PublicLimitRule = { window: 60, max: 10 };

type LimitDeps = Pick<AppDeps, "database" | "logger" | "now">;

const keyOf = (scope: string, source: string | null) => `public:${scope}:${source ?? "unknown"}`;

export interface PublicLimitVerdict {
  allowed: boolean;
  /** The request that first went over the limit in this window (log it once, not every time). */
  firstRefusal: boolean;
}

/** Count one request of `source` against `rule`. */
export async function consumePublicLimit(
  deps: LimitDeps,
  scope: string,
  source: string | null,
  rule: PublicLimitRule,
): Promise<PublicLimitVerdict> {
  const count = await consumeFixedWindow(
    deps.database.db,
    keyOf(scope, source),
    rule.window * 1000,
    deps.now().getTime(),
  );
  return { allowed: count <= rule.max, firstRefusal: count === rule.max + 1 };
}

/** Whether `source` already used up `rule` in the current window (nothing is counted). */
export async function publicLimitReached(
  deps: LimitDeps,
  scope: string,
  source: string | null,
  rule: PublicLimitRule,
): Promise<boolean> {
  const count = await peekFixedWindow(
    deps.database.db,
    keyOf(scope, source),
    rule.window * 1000,
    deps.now().getTime(),
  );
  return count >= rule.max;
}

/**
 * Middleware: refuse with 429 in our error shape once the caller's address made `rule.max`
 * requests in the window; the first refusal of a window is logged as rate_limit_exceeded.
 */
export function publicRateLimit(scope: string, rule: PublicLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { deps } = c.var;
    const ip = clientIp(c);
    const verdict = await consumePublicLimit(deps, scope, ip, rule);
    if (!verdict.allowed) {
      if (verdict.firstRefusal)
        await recordSecurityEvent(deps, {
          eventType: "rate_limit_exceeded",
          eventData: { scope: "ip", path: c.req.path },
          ipAddress: ip,
          userAgent: userAgentOf(c),
        });
      throw rateLimited();
    }
    await next();
  };
}
