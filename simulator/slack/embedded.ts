import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { SlackEnv } from "./context";
import { createSlackSimulator, type SlackSimulator, type SlackSimulatorOptions } from "./index";

/** Where the app mounts the simulator when no Slack app is configured (server/app.ts). */
export const SLACK_SIM_MOUNT = "/__sim/slack";
export const EMBEDDED_SLACK_CLIENT_ID = "agency-hub-embedded.slack";

/** What the embedded simulator needs from the app (a subset of AppDeps). */
export interface EmbeddedSlackHost {
  config: { NODE_ENV: string; publicUrl: string } & SlackEnvVars;
  now: () => Date;
}

export type SlackEnvVars = Partial<Record<"SLACK_CLIENT_ID" | "SLACK_SIMULATOR", string>>;

/** The host's parsed configuration (server/config.ts) decides, not process.env. */
function hostEnv(host: EmbeddedSlackHost): SlackEnvVars {
  return { SLACK_CLIENT_ID: host.config.SLACK_CLIENT_ID, SLACK_SIMULATOR: host.config.SLACK_SIMULATOR };
}

/**
 * The in-process simulator and the OAuth app registered in it: what the app-side Slack
 * connection uses instead of slack.com when `simulated` (same code path, over HTTP).
 */
export interface EmbeddedSlack {
  simulator: SlackSimulator;
  clientId: string;
  clientSecret: string;
  /** Web API base: `${PUBLIC_URL}/__sim/slack/api` (methods are `${apiUrl}/chat.postMessage`). */
  apiUrl: string;
  /** Consent page: `${PUBLIC_URL}/__sim/slack/oauth/v2/authorize`. */
  authorizeUrl: string;
  /** The posted-messages page, for people and browser tests. */
  messagesUrl: string;
}

const instances = new WeakMap<object, EmbeddedSlack | null>();

/** Whether the built-in simulator stands in for Slack: no SLACK_CLIENT_ID, and not switched off. */
export function slackSimulatorEnabled(host: EmbeddedSlackHost, env: SlackEnvVars): boolean {
  if (env.SLACK_CLIENT_ID) return false;
  if (env.SLACK_SIMULATOR === "off") return false;
  // Production only with an explicit SLACK_SIMULATOR=on (like CLICKUP_SIMULATOR).
  if (host.config.NODE_ENV === "production") return env.SLACK_SIMULATOR === "on";
  return true;
}

/**
 * The embedded Slack simulator of this app (one per `host`, created on first use), or null when
 * a real Slack app is configured. Credentials are unguessable (the seed is public); redirect URLs
 * are anything under PUBLIC_URL; messages are timed by the app's clock, rate limits by real time.
 */
export function embeddedSlack(
  host: EmbeddedSlackHost,
  env: SlackEnvVars = hostEnv(host),
  options: Partial<SlackSimulatorOptions> = {},
): EmbeddedSlack | null {
  if (instances.has(host)) return instances.get(host) ?? null;
  if (!slackSimulatorEnabled(host, env)) {
    instances.set(host, null);
    return null;
  }
  const simulator = createSlackSimulator({
    seed: 42,
    now: () => host.now().getTime(),
    rateLimitClock: Date.now,
    ...options,
    unguessableSecrets: true,
  });
  const clientSecret = randomBytes(24).toString("hex");
  const base = host.config.publicUrl;
  simulator.registerOAuthApp({
    clientId: EMBEDDED_SLACK_CLIENT_ID,
    clientSecret,
    redirectUris: [base],
    name: "Agency Hub",
  });
  const embedded: EmbeddedSlack = {
    simulator,
    clientId: EMBEDDED_SLACK_CLIENT_ID,
    clientSecret,
    apiUrl: `${base}${SLACK_SIM_MOUNT}/api`,
    authorizeUrl: `${base}${SLACK_SIM_MOUNT}/oauth/v2/authorize`,
    messagesUrl: `${base}${SLACK_SIM_MOUNT}/messages`,
  };
  instances.set(host, embedded);
  return embedded;
}

/** server/app.ts: mount the embedded simulator at /__sim/slack when it stands in for Slack. */
export function mountEmbeddedSlack(
  app: { route(path: string, app: Hono<SlackEnv>): unknown },
  host: EmbeddedSlackHost,
  env: SlackEnvVars = hostEnv(host),
): void {
  const embedded = embeddedSlack(host, env);
  if (embedded) app.route(SLACK_SIM_MOUNT, embedded.simulator.app);
}
