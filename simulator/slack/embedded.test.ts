import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { EMBEDDED_SLACK_CLIENT_ID, embeddedSlack, mountEmbeddedSlack, SLACK_SIM_MOUNT } from "./embedded";
import { TEST_NOW } from "./test-support";
import { DEMO_CHANNELS, DEMO_TEAM } from "./workspace";

const host = (NODE_ENV = "test") => ({
  config: { NODE_ENV, publicUrl: "http://app.test" },
  now: () => new Date(TEST_NOW),
});

describe("embedded Slack simulator", () => {
  it("is mounted at /__sim/slack without SLACK_CLIENT_ID, and one per app", async () => {
    const h = host();
    const app = new Hono();
    mountEmbeddedSlack(app, h, {});
    const embedded = embeddedSlack(h, {});
    expect(embedded).not.toBeNull();
    expect(embeddedSlack(h, {})).toBe(embedded);
    expect(embedded?.apiUrl).toBe(`http://app.test${SLACK_SIM_MOUNT}/api`);
    expect(embedded?.clientId).toBe(EMBEDDED_SLACK_CLIENT_ID);
    expect(embedded?.clientSecret).toMatch(/^[0-9a-f]{48}$/);

    // The whole install-and-post flow through the host app, over its URLs.
    const authorize = `${embedded?.authorizeUrl}?client_id=${EMBEDDED_SLACK_CLIENT_ID}&scope=chat:write&state=s1&redirect_uri=${encodeURIComponent("http://app.test/auth/slack/callback")}`;
    expect((await app.request(authorize)).status).toBe(200);
    const consent = await app.request(`http://app.test${SLACK_SIM_MOUNT}/oauth/v2/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: EMBEDDED_SLACK_CLIENT_ID,
        scope: "chat:write",
        state: "s1",
        redirect_uri: "http://app.test/auth/slack/callback",
        team_id: DEMO_TEAM.id,
        decision: "allow",
      }).toString(),
    });
    const code = new URL(consent.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tokenRes = await app.request(`${embedded?.apiUrl}/oauth.v2.access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: EMBEDDED_SLACK_CLIENT_ID,
        client_secret: embedded?.clientSecret ?? "",
        code,
        redirect_uri: "http://app.test/auth/slack/callback",
      }).toString(),
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const post = await app.request(`${embedded?.apiUrl}/chat.postMessage`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ channel: DEMO_CHANNELS.finance, text: "PO-1 waits for your approval" }),
    });
    expect(((await post.json()) as { ok: boolean }).ok).toBe(true);
    const page = await app.request(embedded?.messagesUrl ?? "");
    expect(await page.text()).toContain("PO-1 waits for your approval");
  });

  it("stays out with SLACK_CLIENT_ID, with SLACK_SIMULATOR=off, and in production unless SLACK_SIMULATOR=on", async () => {
    expect(embeddedSlack(host(), { SLACK_CLIENT_ID: "123.456" })).toBeNull();
    expect(embeddedSlack(host(), { SLACK_SIMULATOR: "off" })).toBeNull();
    expect(embeddedSlack(host("production"), {})).toBeNull();
    expect(embeddedSlack(host("production"), { SLACK_SIMULATOR: "on" })).not.toBeNull();
    const app = new Hono();
    mountEmbeddedSlack(app, host(), { SLACK_CLIENT_ID: "123.456" });
    expect((await app.request(`${SLACK_SIM_MOUNT}/messages`)).status).toBe(404);
  });
});
