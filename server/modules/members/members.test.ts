import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, signUp } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { readOutbox } from "../../mail/mailer";
import { flushSecurityEvents } from "../audit/record-security-event";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Members = { members: { userId: string; role: string; displayName: string }[] };

describe("members", () => {
  it("lets owners and admins list and change members; members, strangers and signed-out callers get 403/401", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Olive", lastName: "Owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    const stranger = await createUserInWorkspace(ctx, { role: "owner" });

    const list = await owner.client.get<Members>("/api/members");
    expect(list.status).toBe(200);
    expect(list.body.members.map((m) => m.role)).toEqual(["owner", "admin", "member"]);
    expect(list.body.members[0]?.displayName).toBe("Olive Owner");
    expect((await admin.client.get("/api/members")).status).toBe(200);
    expect((await member.client.get("/api/members")).status).toBe(403);
    expect((await ctx.client().get("/api/members")).status).toBe(401);
    // A stranger sees their own workspace only, never this one's members.
    const strangers = await stranger.client.get<Members>("/api/members");
    expect(strangers.body.members.map((m) => m.userId)).toEqual([stranger.userId]);
    expect((await stranger.client.patch(`/api/members/${member.userId}`, { role: "admin" })).status).toBe(
      404,
    );
    expect((await stranger.client.delete(`/api/members/${member.userId}`)).status).toBe(404);

    expect((await member.client.patch(`/api/members/${admin.userId}`, { role: "member" })).status).toBe(403);
    // Admins cannot touch owners or create owners.
    expect((await admin.client.patch(`/api/members/${owner.userId}`, { role: "member" })).status).toBe(403);
    expect((await admin.client.patch(`/api/members/${member.userId}`, { role: "owner" })).status).toBe(403);
    expect((await admin.client.patch(`/api/members/${member.userId}`, { role: "admin" })).status).toBe(204);
    const bad = await owner.client.patch<{ error: { fields: { field: string }[] } }>(
      `/api/members/${member.userId}`,
      {
        role: "superuser",
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]?.field).toBe("role");
  });

  it("never removes or demotes the last owner", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const res = await owner.client.patch<{ error: { code: string } }>(`/api/members/${owner.userId}`, {
      role: "admin",
    });
    expect(res.status).toBe(409);
    expect((await owner.client.delete(`/api/members/${owner.userId}`)).status).toBe(409);
    const second = await createUserInWorkspace(ctx, { role: "owner", organizationId: owner.organizationId });
    // Both owners stepping down at once: the owner rows are locked, so exactly one succeeds.
    const results = await Promise.all([
      owner.client.patch(`/api/members/${owner.userId}`, { role: "member" }),
      second.client.patch(`/api/members/${second.userId}`, { role: "member" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409].sort());
    const { rows } = await ctx.database.raw.query(
      `select 1 from user_organizations where organization_id = $1 and role = 'owner'`,
      [owner.organizationId],
    );
    expect(rows).toHaveLength(1);
  });

  it("removes a member, who then has no access to the workspace", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    expect((await owner.client.delete(`/api/members/${member.userId}`)).status).toBe(204);
    const me = await member.client.get<{ organizations: unknown[]; currentOrganizationId: string | null }>(
      "/api/me",
    );
    expect(me.body.organizations).toEqual([]);
    expect(me.body.currentOrganizationId).toBeNull();
  });
});

describe("invitations", () => {
  function tokenFrom(email: string): string {
    const mail = readOutbox(ctx.deps.mailer.outboxDir!, email).at(-1);
    const m = mail?.raw.replace(/=\r?\n/g, "").match(/\/invite\/([A-Za-z0-9_-]+)/);
    if (!m?.[1]) throw new Error(`no invitation mail for ${email}`);
    return m[1];
  }

  it("invites by e-mail with a role; the invitee signs up, accepts and becomes a member", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const email = `invitee-${Date.now()}@example.test`;
    const sent = await owner.client.post<{ id: string; status: string }>("/api/invitations", {
      email,
      role: "member",
    });
    expect(sent.status).toBe(201);
    const token = tokenFrom(email);
    const view = await ctx
      .client()
      .get<{ workspaceName: string; status: string; role: string }>(`/api/invitations/token/${token}`);
    expect(view.body).toMatchObject({ workspaceName: "Test Agency", status: "pending", role: "member" });
    const listed = await owner.client.get<{ invitations: { email: string }[] }>("/api/invitations");
    expect(listed.body.invitations.map((i) => i.email)).toContain(email);

    const wrongUser = await signUp(ctx);
    expect((await wrongUser.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(403);
    const invitee = await signUp(ctx, { email });
    const accepted = await invitee.client.post<{ organizationId: string }>(
      `/api/invitations/token/${token}/accept`,
      {},
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.organizationId).toBe(owner.organizationId);
    // Idempotent for the same user.
    expect((await invitee.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(200);
    const me = await invitee.client.get<{
      currentOrganizationId: string;
      permissions: Record<string, boolean>;
    }>("/api/me");
    expect(me.body.currentOrganizationId).toBe(owner.organizationId);
    expect(me.body.permissions.canManageUsers).toBe(false);
    expect((await invitee.client.get("/api/members")).status).toBe(403);
    await flushSecurityEvents(ctx.deps);
    const { rows } = await ctx.database.raw.query<{ event_data: { action: string } }>(
      `select event_data from security_audit_log where event_type = 'team_invitation' and organization_id = $1 order by id`,
      [owner.organizationId],
    );
    expect(rows.map((r) => r.event_data.action)).toEqual(["sent", "accepted"]);
  });

  it("revokes, expires, and refuses admins granting owner or members inviting at all", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    expect(
      (await member.client.post("/api/invitations", { email: "x@example.test", role: "member" })).status,
    ).toBe(403);
    expect((await member.client.get("/api/invitations")).status).toBe(403);
    expect(
      (await admin.client.post("/api/invitations", { email: "x@example.test", role: "owner" })).status,
    ).toBe(403);
    const dup = await owner.client.post("/api/invitations", { email: member.email, role: "member" });
    expect(dup.status).toBe(409);
    const bad = await owner.client.post<{ error: { fields: { field: string }[] } }>("/api/invitations", {
      email: "not-an-email",
      role: "member",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]?.field).toBe("email");

    const email = `revoked-${Date.now()}@example.test`;
    const sent = await admin.client.post<{ id: string }>("/api/invitations", { email, role: "admin" });
    const token = tokenFrom(email);
    const stranger = await createUserInWorkspace(ctx, { role: "owner" });
    expect((await stranger.client.delete(`/api/invitations/${sent.body.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/invitations/${sent.body.id}`)).status).toBe(204);
    const invitee = await signUp(ctx, { email });
    expect((await invitee.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(409);

    const email2 = `expired-${Date.now()}@example.test`;
    await owner.client.post("/api/invitations", { email: email2, role: "member" });
    const token2 = tokenFrom(email2);
    await ctx.database.raw.query(
      `update invitations set expires_at = now() - interval '1 minute' where email = $1`,
      [email2],
    );
    const late = await signUp(ctx, { email: email2 });
    const res = await late.client.post<{ error: { message: string } }>(
      `/api/invitations/token/${token2}/accept`,
      {},
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("This invitation is expired");
    expect((await ctx.client().get(`/api/invitations/token/${"x".repeat(40)}`)).status).toBe(404);
  });
});
