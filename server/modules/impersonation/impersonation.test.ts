import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import type { DashboardSummary, WeekResponse } from "../dashboard/contract";
import type { ImpersonationState, WorkspaceUsersResponse } from "./contract";

const NOW = new Date("2026-11-18T10:00:00Z");
let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let other: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Olive", lastName: "Owner" });
  const org = owner.organizationId;
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: org, firstName: "Ada" });
  member = await createUserInWorkspace(ctx, {
    role: "member",
    organizationId: org,
    firstName: "Mia",
    lastName: "Member",
  });
  other = await createUserInWorkspace(ctx, { role: "member" }); // another workspace
  for (const [u, cu, name] of [
    [admin, "cu-admin", "ada"],
    [member, "cu-mia", "mia"],
  ] as const) {
    await ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username) values ($1, $2, $3, $4)`,
      [org, u.userId, cu, name],
    );
  }
  await seedClickupData(ctx.deps.database.db, org, {
    tasks: [
      {
        id: "mine",
        name: "Mia's edit",
        status: "open",
        dueDate: new Date("2026-11-19T12:00:00Z"),
        assigneesArray: [{ id: "cu-mia" }],
        customFields: [{ id: "h", name: "H/D est", value: "6" }],
      },
      {
        id: "ada",
        name: "Ada's review",
        status: "open",
        dueDate: new Date("2026-11-19T12:00:00Z"),
        assigneesArray: [{ id: "cu-admin" }],
      },
    ],
  });
});
afterAll(() => ctx.close());

async function auditRows() {
  return (
    await ctx.database.raw.query<{
      event_type: string;
      user_id: string;
      event_data: Record<string, unknown>;
    }>(
      `select event_type, user_id, event_data from security_audit_log where event_type like 'impersonation_%' order by id`,
    )
  ).rows;
}

async function auditEvents() {
  return (
    await ctx.database.raw.query<{
      actor_user_id: string;
      impersonator_user_id: string | null;
      object_id: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      `select actor_user_id, impersonator_user_id, object_id, action, before, after from audit_events
       where organization_id = $1 and object_type = 'impersonation'`,
      [owner.organizationId],
    )
  ).rows;
}

describe("impersonation", () => {
  it("lists workspace users for admins only, ordered by username, members impersonable", async () => {
    expect((await member.client.get("/api/impersonation/users")).status).toBe(403);
    const res = await admin.client.get<WorkspaceUsersResponse>("/api/impersonation/users");
    expect(res.status).toBe(200);
    expect(res.body.users.map((u) => u.username ?? u.displayName)).toEqual(["ada", "mia", "Olive Owner"]);
    expect(res.body.users.filter((u) => u.canImpersonate).map((u) => u.id)).toEqual([member.userId]);
  });

  it("refuses members, admin/owner targets, outsiders and oneself", async () => {
    expect((await member.client.post("/api/impersonation", { userId: admin.userId })).status).toBe(403);
    expect((await admin.client.post("/api/impersonation", { userId: owner.userId })).status).toBe(403);
    expect((await owner.client.post("/api/impersonation", { userId: admin.userId })).status).toBe(403);
    expect((await admin.client.post("/api/impersonation", { userId: other.userId })).status).toBe(404);
    expect((await admin.client.post("/api/impersonation", { userId: admin.userId })).status).toBe(400);
    expect((await admin.client.post("/api/impersonation", {})).status).toBe(400);
  });

  it("shows the member's dashboard as non-admin, refuses time logging, and audits start and stop", async () => {
    const start = await admin.client.post<ImpersonationState>("/api/impersonation", {
      userId: member.userId,
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      active: true,
      user: { id: member.userId, displayName: "Mia Member" },
    });

    const summary = await admin.client.get<DashboardSummary>("/api/dashboard");
    expect(summary.body).toMatchObject({
      username: "mia",
      canLogTime: false,
      impersonation: { active: true },
    });
    expect(summary.body.bookedToday.percent).toBe(75); // 6 h of 8
    const week = await admin.client.get<WeekResponse>("/api/dashboard/week");
    expect(week.body.tasks.map((t) => t.id)).toEqual(["mine"]);

    expect((await admin.client.get("/api/timesheet")).status).toBe(403);
    expect((await admin.client.put("/api/timesheet", { weekStart: "2026-11-16", cells: {} })).status).toBe(
      403,
    );

    // the member's own session is unaffected
    const own = await member.client.get<DashboardSummary>("/api/dashboard");
    expect(own.body.impersonation.active).toBe(false);

    const stop = await admin.client.delete<ImpersonationState>("/api/impersonation");
    expect(stop.body).toEqual({ active: false, user: null });
    const back = await admin.client.get<WeekResponse>("/api/dashboard/week");
    expect(back.body.tasks.map((t) => t.id)).toEqual(["ada"]);

    const audit = await auditRows();
    expect(audit.map((a) => a.event_type)).toEqual(["impersonation_started", "impersonation_stopped"]);
    for (const a of audit) {
      expect(a.user_id).toBe(admin.userId);
      expect(a.event_data).toMatchObject({ actorUserId: admin.userId, targetUserId: member.userId });
    }
    // stopping again is harmless and not audited twice
    await admin.client.delete("/api/impersonation");
    expect(await auditRows()).toHaveLength(2);
  });

  it("ends an impersonation whose target became an admin", async () => {
    await admin.client.post("/api/impersonation", { userId: member.userId });
    await ctx.database.raw.query(`update user_organizations set role = 'admin' where user_id = $1`, [
      member.userId,
    ]);
    const state = await admin.client.get<ImpersonationState>("/api/impersonation");
    expect(state.body.active).toBe(false);
    await ctx.database.raw.query(`update user_organizations set role = 'member' where user_id = $1`, [
      member.userId,
    ]);
  });

  it("appends start and stop to audit_events with both identities", async () => {
    const events = await auditEvents();
    // the start and stop of the test above, and the start of the one before; the stale
    // impersonation ended while resolving the request is not a change anyone made
    const started = events.filter((e) => e.action === "started");
    const stopped = events.filter((e) => e.action === "stopped");
    expect(events).toHaveLength(3);
    expect(started).toHaveLength(2);
    for (const e of started) {
      expect(e).toMatchObject({
        object_id: member.userId,
        actor_user_id: admin.userId,
        impersonator_user_id: null,
        before: null,
        after: { targetUserId: member.userId },
      });
    }
    // stopped while viewing as the member: the member is the actor, the admin the impersonator
    expect(stopped).toEqual([
      {
        object_id: member.userId,
        action: "stopped",
        actor_user_id: member.userId,
        impersonator_user_id: admin.userId,
        before: { targetUserId: member.userId },
        after: null,
      },
    ]);
  });

  it("keeps neither the impersonation nor its audit row when the transaction fails", async () => {
    const before = (await auditEvents()).length;
    const securityBefore = (await auditRows()).length;
    await failAuditInserts(ctx, true);
    try {
      const start = await admin.client.post("/api/impersonation", { userId: member.userId });
      expect(start.status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    expect((await admin.client.get<ImpersonationState>("/api/impersonation")).body.active).toBe(false);
    expect(await auditEvents()).toHaveLength(before);
    expect(await auditRows()).toHaveLength(securityBefore);

    // and a stop that fails leaves the impersonation running
    expect((await admin.client.post("/api/impersonation", { userId: member.userId })).status).toBe(200);
    await failAuditInserts(ctx, true);
    try {
      expect((await admin.client.delete("/api/impersonation")).status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    expect((await admin.client.get<ImpersonationState>("/api/impersonation")).body.active).toBe(true);
    expect(await auditEvents()).toHaveLength(before + 1);
    await admin.client.delete("/api/impersonation");
    expect(await auditEvents()).toHaveLength(before + 2);
  });
});
