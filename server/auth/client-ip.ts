import { isIP } from "node:net";
import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppEnv } from "../context";

/**
 * The caller's IP. Behind trusted proxies (TRUST_PROXY=true) it is the X-Forwarded-For entry
 * the outermost trusted proxy appended: the TRUST_PROXY_HOPS-th from the right (default 1, the
 * rightmost). Entries left of it come from the client and are never believed. Otherwise, or
 * when that entry is not an IP address, the socket's address; null in-process (API tests
 * without a socket).
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.var.deps.config;
  if (TRUST_PROXY) {
    const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"), TRUST_PROXY_HOPS);
    if (forwarded) return forwarded;
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? address.replace(/^::ffff:/, "") : null;
  } catch {
    return null;
  }
}

/**
 * The address `hops` trusted proxies vouch for in an X-Forwarded-For value (several headers
 * arrive joined by commas, in order): the `hops`-th entry from the right, or the leftmost when
 * there are fewer. Null unless it is an IP address (a port or IPv6 brackets are dropped).
 */
export function forwardedClientIp(header: string | undefined, hops = 1): string | null {
  if (!header) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const entry = entries[Math.max(0, entries.length - Math.max(1, hops))];
  return entry ? ipAddressOf(entry) : null;
}

function ipAddressOf(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)?.[1];
  const candidate =
    bracketed ?? (/^[\d.]+:\d+$/.test(entry) ? entry.slice(0, entry.lastIndexOf(":")) : entry);
  return isIP(candidate) ? candidate.replace(/^::ffff:/i, "") : null;
}

export function userAgentOf(c: Context<AppEnv>): string | null {
  return c.req.header("user-agent")?.slice(0, 500) ?? null;
}

/** Header the auth mount sets (after dropping any client-sent one) so better-auth keys rate limits by our IP. */
export const CLIENT_IP_HEADER = "x-agency-hub-client-ip";
