import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { call, testClock, testSim } from "./test-support";

const CLIENT = {
  clientId: "agency-hub-client",
  clientSecret: "s3cret",
  redirectUris: ["http://localhost:3000/auth/clickup/callback"],
  name: "Agency Hub",
};
const REDIRECT = "http://localhost:3000/auth/clickup/callback";

function authorizeUrl(params: Record<string, string>): string {
  return `/api?${new URLSearchParams(params).toString()}`;
}

async function consent(
  sim: ReturnType<typeof testSim>,
  form: Record<string, string | string[]>,
  path = "/api",
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form))
    for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return sim.app.request(path, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("OAuth authorization-code flow", () => {
  it("shows a consent page with the app, the user's workspaces and a user picker", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const res = await sim.app.request(
      authorizeUrl({
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        state: "xyz",
        login_hint: "member@demo.test",
      }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Agency Hub");
    expect(html).toContain(sim.demo.teamName.replace("&", "&amp;"));
    expect(html).toContain("Connect Workspace");
    expect(html).toMatch(/<option value="member@demo.test" selected>/);
    expect(html).toContain('<form method="post" action="/api"');
    expect(html).toContain('name="state" value="xyz"');
    expect(html).toContain(`name="user_id" value="${sim.demo.memberUserId}"`);
  });

  it("runs end to end: consent → redirect with code and state → token → API calls", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const res = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "st@te 1",
      user_id: String(sim.demo.memberUserId),
      team_ids: sim.demo.teamId,
      decision: "allow",
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("st@te 1");
    const code = location.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const token = await call<{ access_token: string }>(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code },
    });
    expect(token.status).toBe(200);
    expect(Object.keys(token.body)).toEqual(["access_token"]); // no refresh_token / expires_in
    const access = token.body.access_token;

    const me = await call<{ user: { email: string; id: number } }>(sim, "GET", "/api/v2/user", {
      auth: `Bearer ${access}`,
    });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe("member@demo.test");
    // The raw token (no Bearer) is accepted too.
    expect((await call(sim, "GET", "/api/v2/user", { auth: access })).status).toBe(200);

    // Codes are single-use.
    const again = await call(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code },
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ err: expect.any(String), ECODE: expect.any(String) });
  });

  it("accepts the exchange as form body or query string", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const codeFor = async () => {
      const res = await consent(sim, {
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        user_id: String(sim.demo.ownerUserId),
        team_ids: sim.demo.teamId,
      });
      return new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
    };
    const form = new URLSearchParams({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      code: await codeFor(),
    });
    const viaForm = await sim.app.request("/api/v2/oauth/token", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(viaForm.status).toBe(200);
    const q = new URLSearchParams({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      code: await codeFor(),
    });
    const viaQuery = await sim.app.request(`/api/v2/oauth/token?${q.toString()}`, { method: "POST" });
    expect(viaQuery.status).toBe(200);
    // Same user and app ⇒ same token.
    expect(((await viaForm.json()) as { access_token: string }).access_token).toBe(
      ((await viaQuery.json()) as { access_token: string }).access_token,
    );
  });

  it("rejects unknown clients, wrong secrets, expired codes and unregistered redirect URIs", async () => {
    const clock = testClock();
    const sim = testSim({ now: clock.now });
    sim.registerOAuthApp(CLIENT);
    const unknown = await call(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: "nope", client_secret: "x", code: "y" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ err: "Client not found", ECODE: "OAUTH_010" });

    const res = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      user_id: String(sim.demo.ownerUserId),
      team_ids: sim.demo.teamId,
    });
    const code = new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const wrongSecret = await call(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: CLIENT.clientId, client_secret: "wrong", code },
    });
    expect(wrongSecret.body).toMatchObject({ ECODE: "OAUTH_010" });
    clock.advance(11 * 60_000);
    const expired = await call(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code },
    });
    expect(expired.status).toBe(401);

    const badRedirect = await sim.app.request(
      authorizeUrl({ client_id: CLIENT.clientId, redirect_uri: "https://evil.example.com/cb" }),
    );
    expect(badRedirect.status).toBe(400);
    expect(await badRedirect.text()).toContain("OAUTH_007");
    const badClient = await sim.app.request(authorizeUrl({ client_id: "nope", redirect_uri: REDIRECT }));
    expect(await badClient.text()).toContain("OAUTH_010");
  });

  it("limits OAuth tokens to the authorized workspaces; re-running the flow keeps the token", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const other = sim.state.addTeam({ name: "Side Studio" });
    sim.state.addMember(other.id, sim.demo.ownerUserId, 1);
    const run = async (teamIds: string[]) => {
      const res = await consent(sim, {
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        user_id: String(sim.demo.ownerUserId),
        team_ids: teamIds,
      });
      const code = new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
      return (
        await call<{ access_token: string }>(sim, "POST", "/api/v2/oauth/token", {
          body: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code },
        })
      ).body.access_token;
    };
    const first = await run([sim.demo.teamId]);
    const teams = await call<{ teams: Array<{ id: string }> }>(sim, "GET", "/api/v2/team", {
      auth: `Bearer ${first}`,
    });
    expect(teams.body.teams.map((t) => t.id)).toEqual([sim.demo.teamId]);
    const denied = await call(sim, "GET", `/api/v2/team/${other.id}/space`, { auth: `Bearer ${first}` });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ err: "Team not authorized", ECODE: "OAUTH_027" });

    const second = await run([sim.demo.teamId, other.id]);
    expect(second).toBe(first);
    const both = await call<{ teams: Array<{ id: string }> }>(sim, "GET", "/api/v2/team", {
      auth: `Bearer ${first}`,
    });
    expect(both.body.teams.map((t) => t.id).sort()).toEqual([sim.demo.teamId, other.id].sort());
    // A personal token sees every workspace of its user.
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const viaPk = await call<{ teams: unknown[] }>(sim, "GET", "/api/v2/team", { auth: pk });
    expect(viaPk.body.teams).toHaveLength(2);
  });

  it("passes access_denied (with state) back on Cancel and re-renders when no workspace is picked", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const deny = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "s1",
      user_id: String(sim.demo.memberUserId),
      decision: "deny",
    });
    const loc = new URL(deny.headers.get("location") ?? "");
    expect(loc.searchParams.get("error")).toBe("access_denied");
    expect(loc.searchParams.get("state")).toBe("s1");
    const none = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      user_id: String(sim.demo.memberUserId),
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Select at least one Workspace");
  });

  it("works when mounted under a prefix (form action and URLs follow the mount point)", async () => {
    const sim = testSim();
    sim.registerOAuthApp(CLIENT);
    const host = new Hono();
    host.route("/__sim/clickup", sim.app);
    const page = await host.request(
      `/__sim/clickup${authorizeUrl({ client_id: CLIENT.clientId, redirect_uri: REDIRECT, email: "admin@demo.test" })}`,
    );
    const html = await page.text();
    expect(html).toContain('action="/__sim/clickup/api"');
    expect(html).toMatch(/<option value="admin@demo.test" selected>/);
    const body = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      user_id: String(sim.demo.adminUserId),
      team_ids: sim.demo.teamId,
    });
    const res = await host.request("/__sim/clickup/api", { method: "POST", body });
    const code = new URL(res.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const tok = await host.request("/__sim/clickup/api/v2/oauth/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code }),
    });
    const { access_token } = (await tok.json()) as { access_token: string };
    const task = await host.request(
      `/__sim/clickup/api/v2/task/${sim.demo.memberFixtures.currentWeekTaskIds[0]}`,
      { headers: { Authorization: `Bearer ${access_token}`, Host: "sim.local:8080" } },
    );
    const json = (await task.json()) as { url: string };
    expect(json.url).toMatch(/^http:\/\/[^/]+\/__sim\/clickup\/t\//);
  });

  it("a consent policy limits who may sign in and where, on the page and on a hand-made POST", async () => {
    const other = { userId: 0, teamId: "" };
    const sim = testSim({
      consentPolicy: (request) =>
        request.state === "member-only"
          ? { kind: "only", userIds: [sim.demo.memberUserId], teamIds: [other.teamId] }
          : { kind: "refuse", message: "Not for <you>." },
    });
    sim.registerOAuthApp(CLIENT);
    const side = sim.state.addTeam({ name: "Side Studio" });
    sim.state.addMember(side.id, sim.demo.memberUserId, 3);
    other.teamId = side.id;

    const page = await sim.app.request(
      authorizeUrl({
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT,
        state: "member-only",
        email: "owner@demo.test",
      }),
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<option value="member@demo.test" selected>/);
    expect(html).not.toContain("owner@demo.test");
    expect(html).toContain("Side Studio");
    expect(html).not.toContain(`value="${sim.demo.teamId}"`);

    // Another user, or a workspace outside the decision, gets no code.
    const asOwner = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "member-only",
      user_id: String(sim.demo.ownerUserId),
      team_ids: [sim.demo.teamId],
    });
    expect(asOwner.status).toBe(403);
    expect(asOwner.headers.get("location")).toBeNull();
    const demoTeam = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "member-only",
      user_id: String(sim.demo.memberUserId),
      team_ids: [sim.demo.teamId],
    });
    expect(demoTeam.status).toBe(400);
    expect(await demoTeam.text()).toContain("Select at least one Workspace");
    const ok = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "member-only",
      user_id: String(sim.demo.memberUserId),
      team_ids: [side.id, sim.demo.teamId],
    });
    expect(ok.status).toBe(302);
    const code = new URL(ok.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const token = await call<{ access_token: string }>(sim, "POST", "/api/v2/oauth/token", {
      body: { client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, code },
    });
    const teams = await call<{ teams: Array<{ id: string }> }>(sim, "GET", "/api/v2/team", {
      auth: token.body.access_token,
    });
    expect(teams.body.teams.map((t) => t.id)).toEqual([side.id]);

    // A refusal shows its (escaped) message and the way back, on the page and on the POST.
    const refused = await sim.app.request(
      authorizeUrl({ client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: "other" }),
    );
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toContain("Not for &lt;you&gt;.");
    expect(text).not.toContain('name="user_id"');
    expect(text).toContain("error=access_denied");
    const post = await consent(sim, {
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: "other",
      user_id: String(sim.demo.memberUserId),
      team_ids: [side.id],
    });
    expect(post.status).toBe(403);
    expect(post.headers.get("location")).toBeNull();
  });

  it("issues credentials from the seed by default and unguessable ones when asked", () => {
    const seeded = [testSim(), testSim()].map((sim) => sim.state.ids.secret(32));
    expect(seeded[0]).toBe(seeded[1]);
    const random = [testSim({ unguessableSecrets: true }), testSim({ unguessableSecrets: true })];
    const codes = random.map((sim) => sim.state.ids.secret(32));
    expect(codes[0]).not.toBe(codes[1]);
    expect(codes[0]).toMatch(/^[A-Z0-9]{32}$/);
    const tokens = random.map((sim) => sim.createPersonalToken(sim.demo.ownerUserId));
    expect(tokens[0]).not.toBe(tokens[1]);
    // The demo data stays the same world either way.
    expect(random[0]!.demo.teamId).toBe(testSim().demo.teamId);
  });
});
