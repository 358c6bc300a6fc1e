import type { Hono } from "hono";
import { createSimApp } from "./app";
import { AuthService, type RegisterOAuthAppInput } from "./auth";
import { OPEN_CONSENT, type ConsentPolicy } from "./consent";
import type { SimEnv, SimServices } from "./context";
import { generateDemoAgency, type AgencySize, type DemoAgency } from "./demo-agency";
import { Faults } from "./faults";
import { HierarchyOperations } from "./hierarchy-operations";
import type { OAuthApp } from "./model";
import { createMutations, type SimMutations } from "./mutations";
import { SimOperations } from "./operations";
import { createPrng } from "./prng";
import { RateLimiter } from "./rate-limit";
import { SimState } from "./state";
import { SimStats } from "./stats";
import { TaskQueryCache } from "./task-query";
import { WebhookDispatcher, type DeliveryLogEntry } from "./webhooks";

export interface ClickUpSimulatorOptions {
  /** Seed of every random choice (demo data, ids, tokens, fault decisions). Default 42. */
  seed?: number;
  /** Demo agency to generate. Default "small". "none" = one workspace with the three demo logins only. */
  agency?: AgencySize;
  /** Requests per minute per token; `null` = unlimited. Default 100 (ClickUp's Free/Business plan). */
  rateLimitPerMinute?: number | null;
  /** Clock (ms). Demo dates are relative to the Monday of this time's week. Default `Date.now`. */
  now?: () => number;
  /** Used to deliver webhooks. Default: global fetch. */
  webhookFetch?: typeof fetch;
  /** Delay before the first retry of a failed delivery; doubles per retry. Default 1000 ms. */
  webhookRetryDelayMs?: number;
  /** A delivery slower than this fails. Default 7000 ms (ClickUp's limit). */
  webhookTimeoutMs?: number;
  /** Attempts per event before it is dropped. Default 5. */
  webhookMaxAttempts?: number;
  /**
   * Which simulated users the OAuth consent page offers for each request. Default: anyone (the
   * simulator has no login). A simulator other people can reach must bind requests to accounts.
   */
  consentPolicy?: ConsentPolicy;
  /**
   * Authorization codes, access tokens and webhook secrets from the OS's random source instead of
   * the seed (which is public). Default false: tests get the same credentials every run.
   */
  unguessableSecrets?: boolean;
}

/** A fetch-compatible function; relative URLs ("/api/v2/user") are resolved against http://clickup.sim. */
export type SimFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface ClickUpSimulator {
  /** Hono app; mount it anywhere (`host.route("/__sim/clickup", sim.app)`). */
  app: Hono<SimEnv>;
  fetch: SimFetch;
  state: SimState;
  faults: Faults;
  stats: SimStats;
  demo: DemoAgency;
  seed: number;
  registerOAuthApp(input: RegisterOAuthAppInput): OAuthApp;
  /** The user's `pk_…` token (stable per seed); `regenerate` invalidates the old one. */
  createPersonalToken(userId: number, opts?: { regenerate?: boolean }): string;
  revokeToken(token: string): void;
  setRateLimit(perMinute: number | null): void;
  /** Change state "as if a user did it in ClickUp"; fires the same webhooks as the API. */
  mutate: SimMutations;
  /** Recent webhook delivery attempts (bounded). */
  webhookLog: readonly DeliveryLogEntry[];
  /** Resolves when every queued webhook delivery, including retries, has finished. */
  flushWebhooks(): Promise<void>;
  /** Stop delivering webhooks and cancel pending retries. */
  close(): void;
}

export function createClickUpSimulator(options: ClickUpSimulatorOptions = {}): ClickUpSimulator {
  const seed = options.seed ?? 42;
  const now = options.now ?? Date.now;
  const prng = createPrng(seed);
  const unguessableSecrets = options.unguessableSecrets ?? false;
  const state = new SimState(prng, now, { unguessableSecrets });
  const faults = new Faults(seed);
  const stats = new SimStats();
  const rateLimiter = new RateLimiter(
    options.rateLimitPerMinute === undefined ? 100 : options.rateLimitPerMinute,
    now,
  );
  const webhooks = new WebhookDispatcher(state, faults, stats, {
    fetch: options.webhookFetch ?? ((input, init) => globalThis.fetch(input, init)),
    retryDelayMs: options.webhookRetryDelayMs ?? 1000,
    timeoutMs: options.webhookTimeoutMs ?? 7000,
    maxAttempts: options.webhookMaxAttempts ?? 5,
  });
  const ops = new SimOperations(state, webhooks);
  const hierarchy = new HierarchyOperations(state, webhooks);
  const auth = new AuthService(state, seed, unguessableSecrets);
  const demo = generateDemoAgency(state, { seed, size: options.agency ?? "small", now: now() });
  const services: SimServices = {
    state,
    ops,
    hierarchy,
    auth,
    consent: options.consentPolicy ?? OPEN_CONSENT,
    faults,
    stats,
    rateLimiter,
    webhooks,
    queryCache: new TaskQueryCache(),
  };
  const app = createSimApp(services);

  // Like fetch, rejects when the caller's signal aborts (a client timeout), while the simulator
  // may still be working on the request (see the "apply then fail" fault).
  const simFetch: SimFetch = (input, init) => {
    const request =
      typeof input === "string" && input.startsWith("/")
        ? new Request(`http://clickup.sim${input}`, init)
        : new Request(input, init);
    const { signal } = request;
    const aborted = () =>
      (signal.reason as unknown) ?? new DOMException("The operation was aborted.", "AbortError");
    if (signal.aborted) return Promise.reject(aborted());
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(aborted());
      signal.addEventListener("abort", onAbort, { once: true });
      Promise.resolve(app.fetch(request))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  };

  return {
    app,
    fetch: simFetch,
    state,
    faults,
    stats,
    demo,
    seed,
    registerOAuthApp: (input) => auth.registerOAuthApp(input),
    createPersonalToken: (userId, opts) => auth.createPersonalToken(userId, opts),
    revokeToken: (token) => auth.revokeToken(token),
    setRateLimit: (perMinute) => rateLimiter.setLimit(perMinute),
    mutate: createMutations(state, ops, hierarchy),
    webhookLog: webhooks.log,
    flushWebhooks: () => webhooks.flush(),
    close: () => webhooks.close(),
  };
}

export type { AgencySize, DemoAgency, DemoProject, DemoUser, MemberFixtures } from "./demo-agency";
export { AGENCY_PROFILES, generateDemoAgency, mondayOf } from "./demo-agency";
export type { FaultConfig } from "./faults";
export type { ConsentDecision, ConsentPolicy, ConsentRequest } from "./consent";
export type { RegisterOAuthAppInput } from "./auth";
export type { SimMutations, AddTimeEntryInput, CreateTaskInput, ActorOption } from "./mutations";
export type { TaskPatch, TimeEntryPatch } from "./operations";
export type { SimEnv } from "./context";
export type { DeliveryLogEntry, WebhookEventName } from "./webhooks";
export { WEBHOOK_EVENTS, signWebhookBody } from "./webhooks";
export { SimState } from "./state";
export { SimStats } from "./stats";
export { Faults } from "./faults";
export { ClickUpError } from "./errors";
