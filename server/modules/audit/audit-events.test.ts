import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, signUp } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { readOutbox } from "../../mail/mailer";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

interface AuditRow {
  organization_id: string;
  actor_user_id: string;
  impersonator_user_id: string | null;
  object_type: string;
  object_id: string;
  action: string;
  before: unknown;
  after: unknown;
  request_id: string | null;
}

/** The workspace's audit_events rows of one object type, oldest first. */
async function auditRows(organizationId: string, objectType: string): Promise<AuditRow[]> {
  const { rows } = await ctx.database.raw.query<AuditRow>(
    `select organization_id, actor_user_id, impersonator_user_id, object_type, object_id, action, before, after, request_id
       from audit_events where organization_id = $1 and object_type = $2
      order by occurred_at, id`,
    [organizationId, objectType],
  );
  return rows;
}

function tokenFrom(email: string): string {
  const mail = readOutbox(ctx.deps.mailer.outboxDir!, email).at(-1);
  const m = mail?.raw.replace(/=\r?\n/g, "").match(/\/invite\/([A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error(`no invitation mail for ${email}`);
  return m[1];
}

describe("audit_events for accounts changes", () => {
  it("records a workspace's creation, by its creator", async () => {
    const { client, userId } = await signUp(ctx);
    const res = await client.post<{ id: string }>("/api/workspaces", { name: "  Audited Agency " });
    expect(res.status).toBe(201);
    const rows = await auditRows(res.body.id, "workspace");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      organization_id: res.body.id,
      actor_user_id: userId,
      impersonator_user_id: null,
      object_id: res.body.id,
      action: "created",
      before: null,
      after: { name: "Audited Agency" },
    });
    expect(rows[0]?.request_id).toBeTruthy();
  });

  it("records a role change and a removal with the role before and after; refusals record nothing", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });

    // Refused writes: the last owner stepping down, an admin demoting the owner, an unknown member.
    expect((await owner.client.patch(`/api/members/${owner.userId}`, { role: "admin" })).status).toBe(409);
    expect((await owner.client.delete(`/api/members/${owner.userId}`)).status).toBe(409);
    expect((await admin.client.patch(`/api/members/${owner.userId}`, { role: "member" })).status).toBe(403);
    expect((await owner.client.delete(`/api/members/nobody-here`)).status).toBe(404);
    expect(await auditRows(owner.organizationId, "member")).toEqual([]);

    expect((await owner.client.patch(`/api/members/${member.userId}`, { role: "admin" })).status).toBe(204);
    let rows = await auditRows(owner.organizationId, "member");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: owner.userId,
      impersonator_user_id: null,
      object_id: member.userId,
      action: "updated",
      before: { role: "member" },
      after: { role: "admin" },
    });

    expect((await admin.client.delete(`/api/members/${member.userId}`)).status).toBe(204);
    rows = await auditRows(owner.organizationId, "member");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor_user_id: admin.userId,
      object_id: member.userId,
      action: "deleted",
      before: { role: "admin" },
      after: null,
    });
  });

  it("records an invitation's creation, revocation and acceptance", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });

    // Refused: a member inviting, an admin granting owner, inviting someone already in.
    expect(
      (await member.client.post("/api/invitations", { email: "x@example.test", role: "member" })).status,
    ).toBe(403);
    expect(
      (await admin.client.post("/api/invitations", { email: "x@example.test", role: "owner" })).status,
    ).toBe(403);
    expect(
      (await owner.client.post("/api/invitations", { email: member.email, role: "member" })).status,
    ).toBe(409);
    expect(await auditRows(owner.organizationId, "invitation")).toEqual([]);

    const revokedEmail = `revoked-${Date.now()}@example.test`;
    const first = await admin.client.post<{ id: string }>("/api/invitations", {
      email: revokedEmail,
      role: "admin",
    });
    expect(first.status).toBe(201);
    let rows = await auditRows(owner.organizationId, "invitation");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: admin.userId,
      object_id: first.body.id,
      action: "created",
      before: null,
      after: { email: revokedEmail, role: "admin", status: "pending" },
    });

    expect((await owner.client.delete(`/api/invitations/${first.body.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/invitations/${first.body.id}`)).status).toBe(404);
    rows = await auditRows(owner.organizationId, "invitation");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor_user_id: owner.userId,
      object_id: first.body.id,
      action: "revoked",
      before: { status: "pending" },
      after: { status: "revoked" },
    });

    const email = `accepted-${Date.now()}@example.test`;
    const sent = await owner.client.post<{ id: string }>("/api/invitations", { email, role: "member" });
    const token = tokenFrom(email);
    expect(await auditRows(owner.organizationId, "invitation")).toHaveLength(3);
    const wrongUser = await signUp(ctx);
    expect((await wrongUser.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(403);
    expect(await auditRows(owner.organizationId, "invitation")).toHaveLength(3);
    const invitee = await signUp(ctx, { email });
    expect((await invitee.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(200);
    // Accepting again is a no-op and records nothing.
    expect((await invitee.client.post(`/api/invitations/token/${token}/accept`, {})).status).toBe(200);
    rows = await auditRows(owner.organizationId, "invitation");
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({
      actor_user_id: invitee.userId,
      object_id: sent.body.id,
      action: "accepted",
      before: { status: "pending" },
      after: { status: "accepted", acceptedBy: invitee.userId },
    });
  });

  it("refuses to update or delete audit_events rows (append-only trigger)", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const [row] = await auditRows(owner.organizationId, "workspace");
    expect(row).toBeDefined();
    await expect(
      ctx.database.raw.query(`update audit_events set action = 'tampered' where organization_id = $1`, [
        owner.organizationId,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.database.raw.query(`delete from audit_events where organization_id = $1`, [owner.organizationId]),
    ).rejects.toThrow(/append-only/);
    expect(await auditRows(owner.organizationId, "workspace")).toEqual([row]);
  });
});
