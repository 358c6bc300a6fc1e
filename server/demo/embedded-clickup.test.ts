import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClickUpSimulator } from "../../simulator/clickup/index";
import { createWorkspace, randomTestIp, signUp } from "../../tests/api/fixtures";
import { createTestContext, TestClient, type TestContext } from "../../tests/api/harness";
import { createApp, type App } from "../app";
import { firstRow } from "../db/executor";
import type { WeekQueueResponse } from "../modules/timesheet/contract";
import { bootDemo, DEMO_PASSWORD, DEMO_WORKSPACE_NAME } from "./demo-boot";
import { prepareEmbeddedClickUp } from "./embedded-clickup";

/*
 * Issue 11 item 2: with no CLICKUP_CLIENT_ID the in-process simulator stands in for ClickUp. A
 * freshly signed-up workspace picked the demo owner's simulated ClickUp user on the consent page
 * and received a full copy of the Demo Agency. These tests attack that path the same way.
 */

let ctx: TestContext;
let app: App;
let sim: ClickUpSimulator;
let demoOrgId: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await firstRow<{ n: number | string }>(ctx.deps.database.db, query))?.n ?? 0);

async function waitForFirstSync(orgId: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const done = await count(
      sql`select count(*) n from sync_state where organization_id = ${orgId} and status = 'idle' and last_full_sync_at is not null`,
    );
    if (done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the demo's first full sync did not finish");
}

/** A browser: cookies kept, same origin, talking to the app with the simulator mounted. */
async function signIn(email: string, password: string): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email, password },
    headers: { "x-forwarded-for": randomTestIp() },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
  return client;
}

/** The consent page as a browser opens it (GET, relative to the app's origin). */
async function openConsentPage(url: string, extra: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url);
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  return app.request(u.toString());
}

/** A hand-made POST to the consent endpoint, as an attacker would send it. */
async function postConsent(
  url: string,
  fields: { userId: number; teamIds: string[]; state?: string },
): Promise<Response> {
  const u = new URL(url);
  const form = new URLSearchParams({
    client_id: u.searchParams.get("client_id")!,
    redirect_uri: u.searchParams.get("redirect_uri")!,
    state: fields.state ?? u.searchParams.get("state")!,
    user_id: String(fields.userId),
    decision: "allow",
  });
  for (const t of fields.teamIds) form.append("team_ids", t);
  return app.request(`${u.origin}${u.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
}

const simUser = (email: string) => sim.state.findUserByEmail(email)!;

beforeAll(async () => {
  ctx = await createTestContext({ DEMO: "on" });
  sim = prepareEmbeddedClickUp(ctx.deps, {
    simulator: {
      rateLimitPerMinute: null,
      webhookRetryDelayMs: 5,
      webhookFetch: (input, init) =>
        Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
    },
  })!;
  // The simulator is mounted when the app is built: build it once deps.clickup exists.
  app = createApp(ctx.deps);
  ctx.deps.clickup!.fetch = (input, init) =>
    Promise.resolve(app.request(input instanceof Request ? input : String(input), init));
  ctx.deps.clickup!.clientOptions = { backoffMs: 5, concurrency: 4 };
  await bootDemo(ctx.deps, sim);
  const demo = await firstRow<{ id: string }>(
    ctx.deps.database.db,
    sql`select id from organizations where name = ${DEMO_WORKSPACE_NAME}`,
  );
  demoOrgId = demo!.id;
  await waitForFirstSync(demoOrgId);
}, 120_000);

afterAll(async () => {
  sim?.close();
  await ctx?.close();
});

describe("the embedded ClickUp simulator and other workspaces (issue 11 item 2)", () => {
  it("the demo workspace still connects through the consent page and syncs as before", async () => {
    expect(
      await count(sql`select count(*) n from tasks where organization_id = ${demoOrgId} and not deleted`),
    ).toBeGreaterThan(1000);
    expect(
      await count(
        sql`select count(*) n from clickup_workspace_connections where organization_id = ${demoOrgId} and status = 'active' and auth_type = 'oauth'`,
      ),
    ).toBe(1);
    // The demo member reconnects their own account through the page (tests/e2e/clickup.e2e.ts).
    const member = await signIn("member@demo.test", DEMO_PASSWORD);
    const start = await member.post<{ url: string }>("/api/clickup/me/oauth/start", {});
    expect(start.status).toBe(200);
    const page = await openConsentPage(start.body.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<option value="member@demo.test" selected>/);
    const allow = await postConsent(start.body.url, {
      userId: simUser("member@demo.test").id,
      teamIds: [sim.demo.teamId],
    });
    expect(allow.status).toBe(302);
    const back = new URL(allow.headers.get("location")!);
    const linked = await member.post<{ clickupEmail: string }>("/api/clickup/me/oauth/callback", {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    });
    expect(linked.status).toBe(200);
    const status = await member.get<{ me: { clickupEmail: string } | null }>("/api/clickup/status");
    expect(status.body.me?.clickupEmail).toBe("member@demo.test");
  });

  it("the demo has timesheet weeks to review: submitted, one rejected, approved; the demo admin's own stay open", async () => {
    const admin = await signIn("admin@demo.test", DEMO_PASSWORD);
    const queue = await admin.get<WeekQueueResponse>(
      "/api/timesheet/weeks?status=submitted,rejected,approved&pageSize=100",
    );
    expect(queue.status, queue.text).toBe(200);
    const statuses = new Set(queue.body.items.map((w) => w.status));
    expect([...statuses].sort()).toEqual(["approved", "rejected", "submitted"]);
    const submitted = queue.body.items.filter((w) => w.status === "submitted");
    expect(submitted.length).toBeGreaterThan(2);
    expect(submitted.every((w) => w.actions.includes("approve") && w.personName.length > 0)).toBe(true);
    expect(queue.body.items.find((w) => w.status === "rejected")?.comment).toMatch(/split the edit hours/);
    const adminCu = String(sim.demo.adminUserId);
    expect(queue.body.items.some((w) => w.clickupUserId === adminCu)).toBe(false);
    // Seeded after the first sync: the synced entries of approved weeks are not changes after approval.
    const changes = await admin.get<{ total: number }>("/api/timesheet/locked-changes");
    expect(changes.status, changes.text).toBe(200);
    expect(changes.body.total).toBe(0);
    expect(queue.body.items.every((w) => w.openChanges === 0)).toBe(true);
    expect(queue.body.items.some((w) => w.status === "approved" && w.totalMs > 0)).toBe(true);
  });

  it("a demo member cannot authorise as the demo owner's simulated ClickUp user", async () => {
    const member = await signIn("member@demo.test", DEMO_PASSWORD);
    const start = await member.post<{ url: string }>("/api/clickup/me/oauth/start", {});
    // The page offers the member's own account only, whatever the link asks for.
    const page = await openConsentPage(start.body.url, { email: "owner@demo.test" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<option value="member@demo.test" selected>/);
    expect(html).not.toContain("owner@demo.test");
    const forged = await postConsent(start.body.url, {
      userId: simUser("owner@demo.test").id,
      teamIds: [sim.demo.teamId],
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("location")).toBeNull();
  });

  it("a signed-up workspace's consent page refuses the demo owner's simulated ClickUp user", async () => {
    const attacker = await signUp(ctx);
    const orgId = await createWorkspace(attacker.client, "Not The Demo");
    const client = await signIn(attacker.email, attacker.password);
    const start = await client.post<{ url: string }>("/api/clickup/workspace/oauth/start", {});
    expect(start.status).toBe(200);
    const page = await openConsentPage(start.body.url, {
      email: "owner@demo.test",
      login_hint: "owner@demo.test",
    });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).not.toContain("owner@demo.test");
    expect(html).not.toContain('name="user_id"');
    expect(html).toContain("CLICKUP_CLIENT_ID");
    expect(
      await count(sql`select count(*) n from clickup_workspace_connections where organization_id = ${orgId}`),
    ).toBe(0);
  });

  it("a forged consent POST from a signed-up workspace gets no code and no demo data", async () => {
    const attacker = await signUp(ctx);
    const orgId = await createWorkspace(attacker.client, "Forgery Inc");
    const client = await signIn(attacker.email, attacker.password);
    const start = await client.post<{ url: string }>("/api/clickup/workspace/oauth/start", {});
    const owner = simUser("owner@demo.test");
    const attempts = [
      await postConsent(start.body.url, { userId: owner.id, teamIds: [sim.demo.teamId] }),
      // No state, or one the app never signed, is refused the same way.
      await postConsent(start.body.url, { userId: owner.id, teamIds: [sim.demo.teamId], state: "" }),
      await postConsent(start.body.url, {
        userId: owner.id,
        teamIds: [sim.demo.teamId],
        state: `${new URL(start.body.url).searchParams.get("state")}x`,
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.headers.get("location")).toBeNull();
    }
    // Whatever the attacker then sends to the callback, the workspace gets nothing.
    const callback = await client.post("/api/clickup/workspace/oauth/callback", {
      code: "guessed",
      state: new URL(start.body.url).searchParams.get("state"),
    });
    expect(callback.status).toBe(400);
    expect(await count(sql`select count(*) n from tasks where organization_id = ${orgId}`)).toBe(0);
    expect(await count(sql`select count(*) n from time_entries where organization_id = ${orgId}`)).toBe(0);
    expect(
      await count(sql`select count(*) n from clickup_workspace_connections where organization_id = ${orgId}`),
    ).toBe(0);
  });

  it("the simulator's codes, tokens and webhook secrets do not follow from its public seed", () => {
    // The demo is generated from seed 42, which anyone can read in the source: were its secrets
    // seeded too, an attacker could compute the demo owner's token and paste it instead of consenting.
    const fresh = () =>
      prepareEmbeddedClickUp(
        { ...ctx.deps, config: { ...ctx.deps.config, DEMO: "off" }, clickup: undefined },
        { simulator: { rateLimitPerMinute: null } },
      )!;
    const a = fresh();
    const b = fresh();
    try {
      expect(a.state.ids.secret(32)).not.toBe(b.state.ids.secret(32));
    } finally {
      a.close();
      b.close();
    }
  });
});

describe("production mode and the simulator", () => {
  it("refuses to start in production with the simulator unless CLICKUP_SIMULATOR=on", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-sim-prod-"));
    try {
      const r = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      const lines = r.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: CLICKUP_SIMULATOR /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
