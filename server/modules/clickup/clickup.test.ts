import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { rows } from "../../db/executor";
import { syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";

interface Status {
  workspace: { status: string; teamId: string | null; authType: string; webhook: boolean } | null;
  me: { clickupUserId: string; clickupEmail: string | null } | null;
  canManage: boolean;
  oauthAvailable: boolean;
}

/** Walk the simulator's consent page like a browser: POST the form, read the redirect. */
async function consent(
  f: SyncFixture,
  authorizeUrl: string,
  clickupUserId: number,
): Promise<{ code: string; state: string }> {
  const u = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: u.searchParams.get("client_id")!,
    redirect_uri: u.searchParams.get("redirect_uri")!,
    state: u.searchParams.get("state")!,
    user_id: String(clickupUserId),
    team_ids: f.sim.demo.teamId,
    decision: "allow",
  });
  const res = await f.sim.fetch(`${u.origin}${u.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(back.pathname).toMatch(/^\/auth\/clickup(\/personal)?\/callback$/);
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

async function waitForSync(f: SyncFixture, orgId: string) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const done = await f.count(
      sql`select count(*) n from sync_state where organization_id = ${orgId} and status = 'idle' and last_full_sync_at is not null`,
    );
    if (done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("sync did not finish");
}

describe("ClickUp connections", () => {
  let f: SyncFixture;
  let owner: WorkspaceUser;
  let admin: WorkspaceUser;
  let member: WorkspaceUser;
  beforeAll(async () => {
    f = await syncFixture({}, { connect: false });
    f.sim.registerOAuthApp({
      clientId: "test-app",
      clientSecret: "test-secret",
      redirectUris: ["http://localhost:3000"],
    });
    f.deps.clickup!.clientId = "test-app";
    f.deps.clickup!.clientSecret = "test-secret";
    owner = await createUserInWorkspace(f.ctx, { role: "owner" });
    admin = await createUserInWorkspace(f.ctx, { role: "admin", organizationId: owner.organizationId });
    member = await createUserInWorkspace(f.ctx, { role: "member", organizationId: owner.organizationId });
  });
  afterAll(async () => {
    await f.close();
  });

  it("only the owner may connect the workspace; admins see sync status; members neither", async () => {
    expect((await member.client.post("/api/clickup/workspace/oauth/start", {})).status).toBe(403);
    expect((await admin.client.post("/api/clickup/workspace/token", { token: f.token })).status).toBe(403);
    expect((await member.client.get("/api/clickup/sync")).status).toBe(403);
    expect((await admin.client.get("/api/clickup/sync")).status).toBe(200);
    expect((await f.ctx.client().get("/api/clickup/status")).status).toBe(401);
    const bad = await owner.client.post<{ error: { fields: Array<{ field: string }> } }>(
      "/api/clickup/workspace/token",
      {},
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]!.field).toBe("token");
    const noSync = await admin.client.post("/api/clickup/sync", {});
    expect(noSync.status).toBe(409);
  });

  it("refuses a forged or foreign OAuth state", async () => {
    const start = await owner.client.post<{ url: string }>("/api/clickup/workspace/oauth/start", {});
    const { code, state } = await consent(f, start.body.url, f.sim.demo.ownerUserId);
    const forged = await owner.client.post("/api/clickup/workspace/oauth/callback", {
      code,
      state: `${state}x`,
    });
    expect(forged.status).toBe(400);
    const foreign = await admin.client.post("/api/clickup/me/oauth/callback", { code, state });
    expect(foreign.status).toBe(400);
  });

  it("owner connects through OAuth: token exchanged, workspace picked, first full sync run, own account linked", async () => {
    const start = await owner.client.post<{ url: string }>("/api/clickup/workspace/oauth/start", {});
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(authorize.pathname).toBe("/api");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/clickup/callback");
    const { code, state } = await consent(f, start.body.url, f.sim.demo.ownerUserId);
    const done = await owner.client.post<{ status: string; team: { id: string } }>(
      "/api/clickup/workspace/oauth/callback",
      { code, state },
    );
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("active");
    expect(done.body.team.id).toBe(f.sim.demo.teamId);
    await waitForSync(f, owner.organizationId);
    const status = await owner.client.get<Status>("/api/clickup/status");
    expect(status.body.workspace).toMatchObject({
      status: "active",
      teamId: f.sim.demo.teamId,
      authType: "oauth",
      webhook: true,
    });
    expect(status.body.me?.clickupUserId).toBe(String(f.sim.demo.ownerUserId));
    // The token is stored encrypted, never in clear.
    const stored = await rows<{ access_token_enc: string }>(
      f.deps.database.db,
      sql`select access_token_enc from clickup_workspace_connections where organization_id = ${owner.organizationId}`,
    );
    expect(stored[0]!.access_token_enc.startsWith("v1.")).toBe(true);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${owner.organizationId} and not deleted`,
      ),
    ).toBeGreaterThan(1000);
    const sync = await admin.client.get<{ status: string; runs: Array<{ kind: string; status: string }> }>(
      "/api/clickup/sync",
    );
    expect(sync.body.runs[0]).toMatchObject({ kind: "full", status: "succeeded" });
  });

  it("members link their own account with a personal token; a bad token is refused; disconnect works", async () => {
    const refused = await member.client.post<{ error: { message: string } }>("/api/clickup/me/token", {
      token: "pk_0_not_a_real_token",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/refused this token/);
    const token = f.sim.createPersonalToken(f.sim.demo.memberUserId);
    const linked = await member.client.post<{ me: { clickupEmail: string } }>("/api/clickup/me/token", {
      token,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.me.clickupEmail).toBe("member@demo.test");

    const accessible = await member.client.post<{ taskIds: string[]; clickupUserId: string }>(
      "/api/accessible-tasks",
      {},
    );
    expect(accessible.status).toBe(200);
    expect(accessible.body.clickupUserId).toBe(String(f.sim.demo.memberUserId));
    const all = await admin.client.post<{ taskIds: string[] }>("/api/accessible-tasks", {});
    expect(all.body.taskIds.length).toBe(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${owner.organizationId} and not deleted`,
      ),
    );
    // The private space the member is not in stays out of reach (unless assigned there).
    const privateSpace = f.sim.demo.privateSpaceId!;
    const hidden = f.sim.state.tasks.filter(
      (t) => t.spaceId === privateSpace && !t.deleted && !t.assignees.includes(f.sim.demo.memberUserId),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const visible = new Set(accessible.body.taskIds);
    expect(hidden.some((t) => visible.has(t.id))).toBe(false);
    expect(accessible.body.taskIds.length).toBeLessThan(all.body.taskIds.length);
    expect(
      (await member.client.post("/api/accessible-tasks", { organization_id: "someone-else" })).status,
    ).toBe(403);

    expect((await member.client.delete("/api/clickup/me")).status).toBe(200);
    const after = await member.client.get<Status>("/api/clickup/status");
    expect(after.body.me).toBeNull();
    const none = await member.client.post<{ taskIds: string[]; clickupUserId: string | null }>(
      "/api/accessible-tasks",
      {},
    );
    expect(none.body).toEqual({ taskIds: [], clickupUserId: null });
  });

  it("owner disconnects the workspace and ClickUp's webhook is removed", async () => {
    expect(f.sim.state.webhooks.size).toBe(1);
    expect((await owner.client.delete("/api/clickup/workspace")).status).toBe(200);
    expect(f.sim.state.webhooks.size).toBe(0);
    const status = await owner.client.get<Status>("/api/clickup/status");
    expect(status.body.workspace).toBeNull();
    expect((await admin.client.post("/api/clickup/sync", {})).status).toBe(409);
  });

  it("records connecting and disconnecting ClickUp in the audit trail, never a token", async () => {
    const trail = await rows<{ object_type: string; action: string; actor_user_id: string; changes: string }>(
      f.deps.database.db,
      sql`select object_type, action, actor_user_id, concat(before::text, ' ', after::text) as changes
          from audit_events where organization_id = ${owner.organizationId} and object_type like 'clickup%'
          order by occurred_at, id`,
    );
    const connection = trail.filter((r) => r.object_type === "clickup_connection");
    expect(connection.map((r) => r.action)).toEqual(["connected", "disconnected"]);
    expect(connection.every((r) => r.actor_user_id === owner.userId)).toBe(true);
    expect(connection[0]!.changes).toContain(f.sim.demo.teamId);
    const accounts = trail.filter((r) => r.object_type === "clickup_account");
    expect(accounts.map((r) => `${r.actor_user_id}:${r.action}`)).toEqual([
      `${owner.userId}:connected`,
      `${member.userId}:connected`,
      `${member.userId}:disconnected`,
    ]);
    for (const r of trail) {
      expect(r.changes).not.toContain(f.token);
      expect(r.changes).not.toMatch(/v1\.|pk_/);
    }
  });
});
