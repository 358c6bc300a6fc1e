import type { Config } from "../config";

/*
 * Which browser origins may send writes (CSRF defence) — one rule for our middleware, the
 * sign-out guard and better-auth's trusted origins.
 *
 * - No PUBLIC_URL (the default, `npm start` on a laptop or a LAN box): a same-origin request is
 *   accepted from whatever address the server answers on (localhost, 127.0.0.1, the machine's LAN
 *   address), so opening http://127.0.0.1:3000 signs in like http://localhost:3000 does.
 * - PUBLIC_URL set (a deployment): only that origin; a browser on another address gets a message
 *   naming the public address and the variable to change.
 */

type OriginConfig = Pick<Config, "publicUrl" | "PUBLIC_URL">;

/** The origin (scheme://host[:port]) the request was addressed to. */
export function originOf(requestUrl: string): string {
  return new URL(requestUrl).origin;
}

/** The origins a write from a browser may come from, for a request addressed to `requestUrl`. */
export function trustedOrigins(config: OriginConfig, requestUrl?: string): string[] {
  if (config.PUBLIC_URL !== undefined || requestUrl === undefined) return [config.publicUrl];
  const own = originOf(requestUrl);
  return own === config.publicUrl ? [own] : [config.publicUrl, own];
}

/**
 * Why a write with this Origin header is refused, or null when it is allowed. `origin` is the
 * header's value; a request without one (not a browser) is the caller's decision.
 */
export function originRefusal(config: OriginConfig, requestUrl: string, origin: string): string | null {
  if (trustedOrigins(config, requestUrl).includes(origin)) return null;
  if (config.PUBLIC_URL !== undefined && origin === originOf(requestUrl)) {
    return (
      `This server's address is ${config.publicUrl} (PUBLIC_URL). Open the app there, ` +
      `or set PUBLIC_URL=${origin} if this is the address people use.`
    );
  }
  return "Cross-site request refused";
}
