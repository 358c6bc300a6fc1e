import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppEnv } from "../context";

/**
 * The caller's IP: the first X-Forwarded-For hop when TRUST_PROXY is on (behind a load
 * balancer), else the socket's address; null in-process (API tests without a socket).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? address.replace(/^::ffff:/, "") : null;
  } catch {
    return null;
  }
}

export function userAgentOf(c: Context<AppEnv>): string | null {
  return c.req.header("user-agent")?.slice(0, 500) ?? null;
}

/** Header the auth mount sets (after dropping any client-sent one) so better-auth keys rate limits by our IP. */
export const CLIENT_IP_HEADER = "x-agency-hub-client-ip";
