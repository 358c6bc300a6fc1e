import type { Hono } from "hono";
import type { AppDeps } from "../../context";
import { decryptSecret } from "../../lib/secrets";
import { ClickUpClient, type ClickUpClientOptions } from "./client";
import { databaseSchedulerFor, type RateLimitClock } from "./rate-limit";

/** Where ClickUp is and how to reach it: the real service, or the simulator mounted in-process. */
export interface ClickUpRuntime {
  /** API base, e.g. https://api.clickup.com/api/v2 or ${PUBLIC_URL}/__sim/clickup/api/v2 */
  apiUrl: string;
  clientId: string | null;
  clientSecret: string | null;
  /** fetch used for API calls (tests route it to the in-process simulator). */
  fetch: typeof fetch;
  /** True when the built-in simulator stands in for ClickUp. */
  simulated: boolean;
  /** Client options for every client built from this runtime (tests shorten backoffs). */
  clientOptions?: Partial<ClickUpClientOptions>;
  /** The clock of the per-token rate budget (tests run the simulator's windows faster). */
  rateLimitClock?: RateLimitClock;
  /** The in-process simulator's HTTP app, mounted at SIM_MOUNT by server/app.ts. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  simulatorApp?: Hono<any>;
}

export const SIM_MOUNT = "/__sim/clickup";

/** The runtime from deps, or the default from configuration. */
export function clickupRuntime(deps: Pick<AppDeps, "config" | "clickup">): ClickUpRuntime {
  if (deps.clickup) return deps.clickup;
  const c = deps.config;
  if (!c.clickupSimulator) {
    // Real ClickUp: OAuth with the configured app, or personal API tokens only (CLICKUP_SIMULATOR=off).
    return {
      apiUrl: (c.CLICKUP_API_URL ?? "https://api.clickup.com/api/v2").replace(/\/+$/, ""),
      clientId: c.CLICKUP_CLIENT_ID ?? null,
      clientSecret: c.CLICKUP_CLIENT_SECRET ?? null,
      fetch,
      simulated: false,
    };
  }
  return {
    apiUrl: (c.CLICKUP_API_URL ?? `${c.publicUrl}${SIM_MOUNT}/api/v2`).replace(/\/+$/, ""),
    clientId: null,
    clientSecret: null,
    fetch,
    simulated: true,
  };
}

/**
 * A client for `token` whose rate budget lives in the database, so every instance sharing it
 * spends the token's requests per window once (server/integrations/clickup/rate-limit.ts).
 */
export function clientForToken(
  deps: Pick<AppDeps, "config" | "clickup" | "logger" | "database">,
  token: string,
  extra: Partial<ClickUpClientOptions> = {},
): ClickUpClient {
  const rt = clickupRuntime(deps);
  const options = { ...rt.clientOptions, ...extra };
  return new ClickUpClient({
    baseUrl: rt.apiUrl,
    token,
    fetch: rt.fetch,
    logger: deps.logger,
    scheduler: databaseSchedulerFor(deps.database, token, {
      maxConcurrency: options.concurrency ?? 4,
      clock: rt.rateLimitClock,
      onError: (err) => deps.logger.warn({ err }, "clickup rate budget not corrected"),
    }),
    ...options,
  });
}

export function clientForEncryptedToken(
  deps: Pick<AppDeps, "config" | "clickup" | "logger" | "secrets" | "database">,
  tokenEnc: string,
  extra: Partial<ClickUpClientOptions> = {},
): ClickUpClient {
  return clientForToken(deps, decryptSecret(tokenEnc, deps.secrets.encryptionKey), extra);
}
