import { describe, expect, it } from "vitest";
import { AUTH_CODE_TTL_MS } from "./auth";
import type { ConsentPolicy } from "./consent";
import {
  approve,
  call,
  CLIENT_ID,
  CLIENT_SECRET,
  codeFrom,
  exchange,
  install,
  NOTIFIER_SCOPES,
  REDIRECT,
  testClock,
  testSlack,
} from "./test-support";
import { DEMO_CHANNELS, DEMO_TEAM, DEMO_USERS, OTHER_TEAM } from "./workspace";

const authorizeUrl = (params: Record<string, string>) =>
  `/oauth/v2/authorize?${new URLSearchParams({ client_id: CLIENT_ID, scope: NOTIFIER_SCOPES, redirect_uri: REDIRECT, state: "st-1", ...params }).toString()}`;

describe("consent page", () => {
  it("offers the simulated workspaces and the requested scopes, preselecting `team`", async () => {
    const sim = testSlack();
    const res = await sim.app.request(authorizeUrl({ team: OTHER_TEAM.id }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Agency Hub is requesting permission");
    expect(html).toContain(`value="${DEMO_TEAM.id}"> Demo Agency`);
    expect(html).toContain(`value="${OTHER_TEAM.id}" checked> Northwind Studio`);
    expect(html).toContain("<code>chat:write</code>");
    expect(html).not.toContain('name="channel_id"');
  });

  it("asks for a channel when incoming-webhook is requested, offering no archived or hidden private channel", async () => {
    const sim = testSlack();
    const html = await (await sim.app.request(authorizeUrl({ scope: "incoming-webhook,chat:write" }))).text();
    expect(html).toContain('name="channel_id"');
    expect(html).toContain(`value="${DEMO_CHANNELS.finance}"`);
    // The installer (Olivia) is in #approvals and #leadership; archived channels are not offered.
    expect(html).toContain(`value="${DEMO_CHANNELS.leadership}"`);
    expect(html).not.toContain(`value="${DEMO_CHANNELS.archived}"`);
    expect(html).not.toContain(`value="${DEMO_CHANNELS.oldAnnouncements}"`);
  });

  it.each([
    ["unknown client_id", { client_id: "nope" }, "invalid_client_id"],
    [
      "a redirect_uri on another origin",
      { redirect_uri: "http://evil.test/auth/slack/callback" },
      "bad_redirect_uri",
    ],
    [
      "a redirect_uri outside the registered path",
      { redirect_uri: "http://localhost:3000/other" },
      "bad_redirect_uri",
    ],
    ["a redirect_uri with a fragment", { redirect_uri: `${REDIRECT}#x` }, "bad_redirect_uri"],
    ["an unknown scope", { scope: "chat:write,admin" }, "invalid_scope"],
    ["no scope at all", { scope: "" }, "invalid_scope"],
  ])("shows %s as an error page with its code, no redirect", async (_name, params, code) => {
    const sim = testSlack();
    const res = await sim.app.request(authorizeUrl(params));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`<code>${code}</code>`);
  });

  it("accepts a sub-path of a registered redirect URL", async () => {
    const sim = testSlack();
    const res = await approve(sim, { redirectUri: `${REDIRECT}/extra` });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(
      /^http:\/\/localhost:3000\/auth\/slack\/callback\/extra\?code=/,
    );
  });

  it("redirects back with code and state on Allow, with error=access_denied and state on Cancel", async () => {
    const sim = testSlack();
    const allowed = new URL((await approve(sim, { state: "s t&1" })).headers.get("location") ?? "");
    expect(`${allowed.origin}${allowed.pathname}`).toBe(REDIRECT);
    expect(allowed.searchParams.get("code")).toMatch(/^\d{12}\.\d{12}\.[0-9a-f]{32}$/);
    expect(allowed.searchParams.get("state")).toBe("s t&1");

    const denied = await approve(sim, { decision: "deny", state: "st-9" });
    expect(denied.status).toBe(302);
    const back = new URL(denied.headers.get("location") ?? "");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-9");
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("re-renders with an error when no workspace or no webhook channel was picked", async () => {
    const sim = testSlack();
    const noTeam = await approve(sim, { teamId: "T0NOPE" });
    expect(noTeam.status).toBe(400);
    expect(await noTeam.text()).toContain("Pick a workspace.");
    const noChannel = await approve(sim, { scope: "incoming-webhook" });
    expect(noChannel.status).toBe(400);
    expect(await noChannel.text()).toContain("Pick a channel in Demo Agency");
    const archived = await approve(sim, { scope: "incoming-webhook", channelId: DEMO_CHANNELS.archived });
    expect(archived.status).toBe(400);
  });

  it("follows the consent policy: refused requests get no code, `only` limits the workspaces", async () => {
    const refuse: ConsentPolicy = () => ({ kind: "refuse", message: "Start again from Settings → Slack." });
    const refused = testSlack({ consentPolicy: refuse });
    const page = await refused.app.request(authorizeUrl({}));
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Start again from Settings → Slack.");
    expect((await approve(refused)).status).toBe(403);

    const only = testSlack({ consentPolicy: () => ({ kind: "only", teamIds: [OTHER_TEAM.id] }) });
    const html = await (await only.app.request(authorizeUrl({}))).text();
    expect(html).toContain("Northwind Studio");
    expect(html).not.toContain("Demo Agency");
    expect((await approve(only, { teamId: DEMO_TEAM.id })).status).toBe(400);
    expect((await approve(only, { teamId: OTHER_TEAM.id })).status).toBe(302);

    // A host may set the policy after mounting; it applies from the next request.
    const later = testSlack();
    expect((await approve(later)).status).toBe(302);
    later.setConsentPolicy(refuse);
    expect((await approve(later)).status).toBe(403);
  });
});

describe("oauth.v2.access", () => {
  it("answers the documented shape with a bot token", async () => {
    const sim = testSlack();
    const res = await exchange(sim, codeFrom(await approve(sim)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      access_token: expect.stringMatching(/^xoxb-\d{11}-\d{13}-[A-Za-z0-9]{24}$/),
      token_type: "bot",
      scope: "chat:write,channels:read,groups:read",
      bot_user_id: expect.stringMatching(/^U[A-Z0-9]{10}$/),
      app_id: expect.stringMatching(/^A[A-Z0-9]{10}$/),
      team: { name: "Demo Agency", id: DEMO_TEAM.id },
      enterprise: null,
      is_enterprise_install: false,
      authed_user: { id: DEMO_USERS.owner.id },
    });
  });

  it("is deterministic for a seed", async () => {
    const a = await install(testSlack());
    const b = await install(testSlack());
    expect(a.token).toBe(b.token);
    expect(a.body["bot_user_id"]).toBe(b.body["bot_user_id"]);
  });

  it("adds incoming_webhook when it was requested, with a URL under the simulator", async () => {
    const sim = testSlack();
    const { body } = await install(sim, {
      scope: "incoming-webhook,chat:write",
      channelId: DEMO_CHANNELS.finance,
    });
    expect(body["incoming_webhook"]).toEqual({
      channel: "#finance",
      channel_id: DEMO_CHANNELS.finance,
      configuration_url: expect.stringMatching(
        /^https:\/\/demo-agency\.slack\.com\/services\/B[A-Z0-9]{10}$/,
      ),
      url: expect.stringMatching(
        /^http:\/\/localhost\/services\/T0DEMOAGCY\/B[A-Z0-9]{10}\/[A-Za-z0-9]{24}$/,
      ),
    });
  });

  it("gives authed_user a user token when user_scope was requested", async () => {
    const sim = testSlack();
    const { body } = await install(sim, { userScope: "chat:write" });
    expect(body["authed_user"]).toEqual({
      id: DEMO_USERS.owner.id,
      scope: "chat:write",
      access_token: expect.stringMatching(/^xoxp-/),
      token_type: "user",
    });
    const token = String((body["authed_user"] as Record<string, unknown>)["access_token"]);
    const who = await call(sim, "auth.test", {}, { token });
    expect(who.body["user_id"]).toBe(DEMO_USERS.owner.id);
    expect(who.body["bot_id"]).toBeUndefined();
  });

  it("takes a code once", async () => {
    const sim = testSlack();
    const code = codeFrom(await approve(sim));
    expect((await exchange(sim, code)).body["ok"]).toBe(true);
    expect((await exchange(sim, code)).body).toEqual({ ok: false, error: "invalid_code" });
    expect((await exchange(sim, "123.456.abc")).body).toEqual({ ok: false, error: "invalid_code" });
  });

  it("refuses a code after 10 minutes", async () => {
    const clock = testClock();
    const sim = testSlack({ now: clock.now });
    const code = codeFrom(await approve(sim));
    clock.advance(AUTH_CODE_TTL_MS);
    expect((await exchange(sim, code)).body).toEqual({ ok: false, error: "invalid_code" });
  });

  it("checks the client: wrong secret, unknown client, credentials by HTTP Basic", async () => {
    const sim = testSlack();
    const code = codeFrom(await approve(sim));
    expect((await exchange(sim, code, { client_secret: "wrong" })).body).toEqual({
      ok: false,
      error: "bad_client_secret",
    });
    expect((await exchange(sim, code, { client_id: "9.9" })).body).toEqual({
      ok: false,
      error: "invalid_client_id",
    });
    // A refused attempt does not use the code up; Basic credentials work.
    const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64");
    const res = await call(
      sim,
      "oauth.v2.access",
      { code, redirect_uri: REDIRECT },
      { headers: { authorization: `Basic ${basic}` } },
    );
    expect(res.body["ok"]).toBe(true);
  });

  it("wants the same redirect_uri as the authorize request, and a known grant_type", async () => {
    const sim = testSlack();
    const code = codeFrom(await approve(sim));
    expect((await exchange(sim, code, { redirect_uri: `${REDIRECT}/x` })).body["error"]).toBe(
      "bad_redirect_uri",
    );
    expect((await exchange(sim, code, { grant_type: "password" })).body["error"]).toBe("invalid_grant_type");
    expect((await exchange(sim, code, { grant_type: "refresh_token" })).body["error"]).toBe(
      "invalid_refresh_token",
    );
    // Without redirect_uri on the authorize request, none is needed on the exchange.
    const bare = codeFrom(await approve(sim, { redirectUri: null }));
    const res = await call(sim, "oauth.v2.access", {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code: bare,
    });
    expect(res.body["ok"]).toBe(true);
  });

  it("keeps one bot token per workspace and accumulates scopes across re-installs", async () => {
    const sim = testSlack();
    const first = await install(sim, { scope: "chat:write" });
    const second = await install(sim, { scope: "channels:read" });
    expect(second.token).toBe(first.token);
    expect(second.body["scope"]).toBe("chat:write,channels:read");
    const other = await install(sim, { teamId: OTHER_TEAM.id });
    expect(other.token).not.toBe(first.token);
    expect(other.body["team"]).toEqual({ name: "Northwind Studio", id: OTHER_TEAM.id });
  });
});

describe("auth.test and auth.revoke", () => {
  it("auth.test answers the bot's identity", async () => {
    const sim = testSlack();
    const { token, body } = await install(sim);
    const res = await call(sim, "auth.test", {}, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      url: "https://demo-agency.slack.com/",
      team: "Demo Agency",
      user: "agency_hub",
      team_id: DEMO_TEAM.id,
      user_id: body["bot_user_id"],
      bot_id: expect.stringMatching(/^B[A-Z0-9]{10}$/),
      is_enterprise_install: false,
    });
    expect(res.headers.get("x-oauth-scopes")).toBe(NOTIFIER_SCOPES);
  });

  it("answers not_authed without a token and invalid_auth for an unknown one", async () => {
    const sim = testSlack();
    expect((await call(sim, "auth.test")).body).toEqual({ ok: false, error: "not_authed" });
    expect((await call(sim, "auth.test", {}, { token: "xoxb-1-2-nope" })).body).toEqual({
      ok: false,
      error: "invalid_auth",
    });
  });

  it("takes a form `token`, but not a token inside a JSON body", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    expect((await call(sim, "auth.test", { token })).body["ok"]).toBe(true);
    expect((await call(sim, "auth.test", { token }, { json: true })).body).toEqual({
      ok: false,
      error: "not_authed",
    });
  });

  it("revokes: the token then answers token_revoked everywhere; test=true revokes nothing", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    expect((await call(sim, "auth.revoke", { test: "true" }, { token })).body).toEqual({
      ok: true,
      revoked: false,
    });
    expect((await call(sim, "auth.test", {}, { token })).body["ok"]).toBe(true);
    expect((await call(sim, "auth.revoke", {}, { token })).body).toEqual({ ok: true, revoked: true });
    for (const [method, args] of [
      ["auth.test", {}],
      ["conversations.list", {}],
      ["chat.postMessage", { channel: DEMO_CHANNELS.general, text: "hi" }],
      ["auth.revoke", {}],
    ] as const)
      expect((await call(sim, method, args, { token })).body, method).toEqual({
        ok: false,
        error: "token_revoked",
      });
    // Installing again issues a new token.
    const again = await install(sim);
    expect(again.token).not.toBe(token);
    expect((await call(sim, "auth.test", {}, { token: again.token })).body["ok"]).toBe(true);
  });

  it("sim.revokeToken acts like an uninstall", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.revokeToken(token);
    expect((await call(sim, "auth.test", {}, { token })).body["error"]).toBe("token_revoked");
  });
});
