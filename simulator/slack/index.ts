import type { Hono } from "hono";
import { createSlackSimApp } from "./app";
import { SlackAuth, type RegisterSlackAppInput } from "./auth";
import { OPEN_CONSENT, type ConsentPolicy } from "./consent";
import type { SlackEnv } from "./context";
import { SlackFaults } from "./faults";
import type { SlackOAuthApp } from "./model";
import { SlackRateLimiter, type BucketLimit, type LimitName } from "./rate-limit";
import { listMessages, messageJson, type MessageFilter } from "./routes/pages";
import { SlackState } from "./state";
import { SlackStats } from "./stats";
import { seedWorkspaces } from "./workspace";

export interface SlackSimulatorOptions {
  /** Seed of tokens, codes, secrets and fault decisions. Default 42. */
  seed?: number;
  /** Clock (ms): message ts, code expiry, the posted-messages page. Default `Date.now`. */
  now?: () => number;
  /**
   * Clock of the rate-limit buckets. Default `now`. A host whose `now` stands still (a test
   * clock) passes `Date.now` so buckets refill.
   */
  rateLimitClock?: () => number;
  /** Per-limit overrides (`null` = unlimited), or `false` for no rate limits at all. */
  rateLimits?: Partial<Record<LimitName, BucketLimit | null>> | false;
  /** Which workspaces the consent page offers per request. Default: any. */
  consentPolicy?: ConsentPolicy;
  /** Codes, tokens and webhook secrets from the OS's random source instead of the (public) seed. */
  unguessableSecrets?: boolean;
}

/** A fetch-compatible function; relative URLs ("/api/auth.test") resolve against http://slack.sim. */
export type SlackSimFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface SlackSimulator {
  /** Hono app; mount it anywhere (`host.route("/__sim/slack", sim.app)`). */
  app: Hono<SlackEnv>;
  fetch: SlackSimFetch;
  state: SlackState;
  faults: SlackFaults;
  stats: SlackStats;
  rateLimits: SlackRateLimiter;
  seed: number;
  registerOAuthApp(input: RegisterSlackAppInput): SlackOAuthApp;
  /** Replace the consent policy (a host binding installs to its own accounts after mounting). */
  setConsentPolicy(policy: ConsentPolicy): void;
  /** Revoke a token as if the workspace uninstalled the app (its webhooks go too). */
  revokeToken(token: string): void;
  /** Posted messages (chat.postMessage and webhooks), newest first, in the JSON shape of /messages.json. */
  messages(filter?: MessageFilter): ReturnType<typeof messageJson>[];
  clearMessages(): void;
  /** Put the app's bot user in (or out of) a channel, as /invite would. */
  setBotMembership(clientId: string, channelId: string, member: boolean): void;
  /** Archive (or unarchive) a channel. */
  archiveChannel(channelId: string, archived?: boolean): void;
  /** Delete a channel: it answers channel_not_found from then on. */
  deleteChannel(channelId: string): void;
}

export function createSlackSimulator(options: SlackSimulatorOptions = {}): SlackSimulator {
  const seed = options.seed ?? 42;
  const now = options.now ?? Date.now;
  const state = new SlackState({ seed, now, unguessableSecrets: options.unguessableSecrets ?? false });
  seedWorkspaces(state);
  const auth = new SlackAuth(state);
  const faults = new SlackFaults(seed);
  const stats = new SlackStats();
  const rateLimiter = new SlackRateLimiter(options.rateLimits ?? {}, options.rateLimitClock ?? now);
  const services = {
    state,
    auth,
    consent: options.consentPolicy ?? OPEN_CONSENT,
    faults,
    stats,
    rateLimiter,
  };
  const app = createSlackSimApp(services);
  const channel = (id: string) => {
    const c = state.channels.get(id);
    if (!c) throw new Error(`unknown channel ${id}`);
    return c;
  };
  return {
    app,
    fetch: (input, init) =>
      Promise.resolve(
        app.fetch(
          typeof input === "string" && input.startsWith("/")
            ? new Request(`http://slack.sim${input}`, init)
            : new Request(input, init),
        ),
      ),
    state,
    faults,
    stats,
    rateLimits: rateLimiter,
    seed,
    registerOAuthApp: (input) => auth.registerApp(input),
    setConsentPolicy: (policy) => {
      services.consent = policy;
    },
    revokeToken: (token) => {
      auth.revoke(token);
    },
    messages: (filter = {}) => listMessages(state.messages, filter).map(messageJson),
    clearMessages: () => {
      state.messages.length = 0;
    },
    setBotMembership: (clientId, channelId, member) => {
      const c = channel(channelId);
      const install = state.installs.get(`${clientId}:${c.teamId}`);
      if (!install) throw new Error(`app ${clientId} is not installed in ${c.teamId}`);
      if (member) c.members.add(install.botUserId);
      else c.members.delete(install.botUserId);
    },
    archiveChannel: (channelId, archived = true) => {
      channel(channelId).isArchived = archived;
    },
    deleteChannel: (channelId) => {
      channel(channelId).deleted = true;
    },
  };
}

export type { RegisterSlackAppInput } from "./auth";
export { AUTH_CODE_TTL_MS, KNOWN_SCOPES } from "./auth";
export type { ConsentDecision, ConsentPolicy, ConsentRequest } from "./consent";
export { OPEN_CONSENT } from "./consent";
export type { SlackFaultRule } from "./faults";
export type { BucketLimit, LimitName } from "./rate-limit";
export { DEFAULT_LIMITS } from "./rate-limit";
export type { SlackEnv } from "./context";
export type { MessageFilter } from "./routes/pages";
export { DEMO_CHANNELS, DEMO_TEAM, DEMO_USERS, OTHER_CHANNELS, OTHER_TEAM } from "./workspace";
export { SIMULATED_METHODS } from "./routes/web-api";
