import { createSlackSimulator, type SlackSimulator, type SlackSimulatorOptions } from "./index";
import { DEMO_CHANNELS, DEMO_TEAM } from "./workspace";

/** Friday 20 November 2026, 09:00 UTC: a fixed clock, so ts and expiry never depend on today. */
export const TEST_NOW = Date.UTC(2026, 10, 20, 9, 0);

export const CLIENT_ID = "1111.2222";
export const CLIENT_SECRET = "test-secret";
export const REDIRECT = "http://localhost:3000/auth/slack/callback";
export const NOTIFIER_SCOPES = "chat:write,channels:read,groups:read";

export interface TestClock {
  now: () => number;
  advance(ms: number): void;
}

export function testClock(start = TEST_NOW): TestClock {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

/** A simulator with the test app registered, on a fixed clock, without rate limits unless asked. */
export function testSlack(options: SlackSimulatorOptions = {}): SlackSimulator {
  const sim = createSlackSimulator({ seed: 7, now: () => TEST_NOW, rateLimits: false, ...options });
  sim.registerOAuthApp({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [REDIRECT] });
  return sim;
}

export interface ApproveInput {
  scope?: string;
  userScope?: string;
  teamId?: string;
  channelId?: string;
  state?: string;
  redirectUri?: string | null;
  decision?: "allow" | "deny";
}

/** Submit the consent form as a person would; returns the redirect Location (or the response). */
export async function approve(sim: SlackSimulator, input: ApproveInput = {}): Promise<Response> {
  const form = new URLSearchParams({
    client_id: CLIENT_ID,
    scope: input.scope ?? NOTIFIER_SCOPES,
    user_scope: input.userScope ?? "",
    redirect_uri: input.redirectUri === null ? "" : (input.redirectUri ?? REDIRECT),
    state: input.state ?? "st-1",
    team_id: input.teamId ?? DEMO_TEAM.id,
    channel_id: input.channelId ?? "",
    decision: input.decision ?? "allow",
  });
  return sim.app.request("/oauth/v2/authorize", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
}

export function codeFrom(res: Response): string {
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`expected a redirect, got ${res.status}`);
  const code = new URL(location).searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

/** POST a Web API method: form body by default, JSON with `json: true`. */
export async function call(
  sim: SlackSimulator,
  method: string,
  args: Record<string, unknown> = {},
  opts: { token?: string; json?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers["authorization"] = `Bearer ${opts.token}`;
  let body: string;
  if (opts.json) {
    headers["content-type"] = "application/json; charset=utf-8";
    body = JSON.stringify(args);
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(
      Object.entries(args).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    ).toString();
  }
  const res = await sim.app.request(`/api/${method}`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

export function exchange(sim: SlackSimulator, code: string, extra: Record<string, string> = {}) {
  return call(sim, "oauth.v2.access", {
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    code,
    redirect_uri: REDIRECT,
    ...extra,
  });
}

/** Install the test app into the demo workspace; returns the bot token and the whole answer. */
export async function install(
  sim: SlackSimulator,
  input: ApproveInput = {},
): Promise<{ token: string; body: Record<string, unknown> }> {
  const res = await exchange(sim, codeFrom(await approve(sim, input)));
  if (res.body["ok"] !== true) throw new Error(`install failed: ${JSON.stringify(res.body)}`);
  return { token: String(res.body["access_token"]), body: res.body };
}

export { DEMO_CHANNELS, DEMO_TEAM };
