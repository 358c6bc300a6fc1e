import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { CapacityPerson, TimeOffView, WorkspaceSettings } from "./contract";

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

type ErrorBody = { error: { code: string; fields?: { field: string }[] } };

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  for (const [org, id] of [
    [owner.organizationId, "cu-member"],
    [owner.organizationId, "cu-other"],
    [stranger.organizationId, "cu-stranger"],
  ]) {
    await q(`insert into provider_users (organization_id, id, username) values ($1, $2, $2)`, [org, id]);
  }
  await q(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, 'cu-member')`,
    [owner.organizationId, member.userId],
  );
});
afterAll(async () => {
  await ctx.close();
});

async function capacityOf(who: string, from: string, to: string) {
  const { rows } = await ctx.database.raw.query<{ capacity_minutes: number }>(
    `select capacity_minutes from workload_capacity($1, $2::date, $3::date) where clickup_user_id = $4 order by day`,
    [owner.organizationId, from, to, who],
  );
  return rows.map((r) => r.capacity_minutes);
}

const settings: WorkspaceSettings = {
  currency: "EUR",
  timeZone: "Europe/Berlin",
  weekStart: "sunday",
  defaultMinutesPerDay: 450,
  workingDays: [1, 2, 3, 4, 5],
  fiscalYearStartMonth: 4,
};

describe("workspace settings", () => {
  it("defaults, read by every member, written by owners and admins with an audit row", async () => {
    const initial = await member.client.get<WorkspaceSettings>("/api/capacity/settings");
    expect(initial.body).toEqual({
      currency: "USD",
      timeZone: "UTC",
      weekStart: "monday",
      defaultMinutesPerDay: 480,
      workingDays: [1, 2, 3, 4, 5],
      fiscalYearStartMonth: 1,
    });
    expect((await member.client.put("/api/capacity/settings", settings)).status).toBe(403);
    const saved = await owner.client.put<WorkspaceSettings>("/api/capacity/settings", settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    const { rows } = await ctx.database.raw.query<{ category: string | null }>(
      `select category from audit_events where organization_id = $1 and object_type = 'workspace_settings'`,
      [owner.organizationId],
    );
    expect(rows).toEqual([{ category: "finance" }]); // the currency changed
    expect((await stranger.client.get<WorkspaceSettings>("/api/capacity/settings")).body.currency).toBe(
      "USD",
    );
    // Back to the default 8 h for the capacity checks below.
    await owner.client.put("/api/capacity/settings", { ...settings, defaultMinutesPerDay: 480 });
  });

  it("bad settings → 400 naming the field", async () => {
    for (const [patch, field] of [
      [{ defaultMinutesPerDay: 1441 }, "defaultMinutesPerDay"],
      [{ defaultMinutesPerDay: -1 }, "defaultMinutesPerDay"],
      [{ currency: "XYZ" }, "currency"],
      [{ timeZone: "Nowhere/Land" }, "timeZone"],
      [{ weekStart: "friday" }, "weekStart"],
      [{ workingDays: [1, 8] }, "workingDays.1"],
      [{ fiscalYearStartMonth: 13 }, "fiscalYearStartMonth"],
    ] as const) {
      const res = await owner.client.put<ErrorBody>("/api/capacity/settings", { ...settings, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields?.map((f) => f.field)).toContain(field);
    }
  });
});

describe("holidays and people", () => {
  it("admins add, rename and remove holidays; capacity follows", async () => {
    expect((await member.client.put("/api/capacity/holidays/2025-03-14", { name: "Nope" })).status).toBe(403);
    expect((await owner.client.put("/api/capacity/holidays/2025-03-14", { name: "Founders" })).status).toBe(
      200,
    );
    expect(
      (await owner.client.put("/api/capacity/holidays/2025-03-14", { name: "Founders Day" })).status,
    ).toBe(200);
    const list = await member.client.get<{ holidays: unknown[] }>(
      "/api/capacity/holidays?from=2025-03-01&to=2025-03-31",
    );
    expect(list.body.holidays).toEqual([{ day: "2025-03-14", name: "Founders Day" }]);
    expect(await capacityOf("cu-other", "2025-03-13", "2025-03-14")).toEqual([480, 0]);
    expect(
      (await owner.client.put<ErrorBody>("/api/capacity/holidays/2025-02-30", { name: "X" })).status,
    ).toBe(400);
    const inverted = await owner.client.get<ErrorBody>(
      "/api/capacity/holidays?from=2025-03-02&to=2025-03-01",
    );
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.fields?.[0]?.field).toBe("to");
    expect((await owner.client.put("/api/capacity/holidays/2025-03-21", { name: "Temp" })).status).toBe(200);
    expect((await owner.client.delete("/api/capacity/holidays/2025-03-21")).status).toBe(204);
    expect((await owner.client.delete("/api/capacity/holidays/2025-03-21")).status).toBe(404);
  });

  it("admins set a person's minutes per day (0–24 h) and role tags; another workspace's person is 404", async () => {
    const body = {
      minutesPerDay: 360,
      minutesEffectiveFrom: "2025-03-12",
      roleTags: ["Editor", "editor", "Colorist"],
    };
    expect((await member.client.put("/api/capacity/people/cu-other", body)).status).toBe(403);
    const res = await owner.client.put<CapacityPerson>("/api/capacity/people/cu-other", body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      minutesPerDay: 360,
      minutesEffectiveFrom: "2025-03-12",
      roleTags: ["editor", "colorist"],
    });
    expect(await capacityOf("cu-other", "2025-03-11", "2025-03-12")).toEqual([480, 360]);
    expect((await owner.client.put("/api/capacity/people/cu-stranger", body)).status).toBe(404);
    for (const minutesPerDay of [1500, -30, 90.5]) {
      const bad = await owner.client.put<ErrorBody>("/api/capacity/people/cu-other", {
        ...body,
        minutesPerDay,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields?.[0]?.field).toBe("minutesPerDay");
    }
    const people = await member.client.get<{ people: CapacityPerson[] }>("/api/capacity/people");
    expect(people.body.people.map((p) => p.clickupUserId)).toEqual(["cu-member", "cu-other"]);
  });
});

describe("purchasing limit and utilisation target", () => {
  type AuditRow = { actor_user_id: string; category: string | null; before: unknown; after: unknown };
  const audits = async () =>
    (
      await ctx.database.raw.query<AuditRow>(
        `select actor_user_id, category, before, after from audit_events
          where organization_id = $1 and object_type = 'person_settings' and object_id = 'cu-member'
          order by occurred_at, id`,
        [owner.organizationId],
      )
    ).rows;
  const personOf = async (who: WorkspaceUser, id: string) =>
    (await who.client.get<{ people: CapacityPerson[] }>("/api/capacity/people")).body.people.find(
      (p) => p.clickupUserId === id,
    );

  it("admins set them with an audit row; members read the target but never the limit", async () => {
    const body = { minutesPerDay: null, purchasingLimitMinor: 250_000, utilizationTargetBp: 8000 };
    expect((await member.client.put("/api/capacity/people/cu-member", body)).status).toBe(403);
    expect(await audits()).toEqual([]);
    const res = await owner.client.put<CapacityPerson>("/api/capacity/people/cu-member", body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ purchasingLimitMinor: 250_000, utilizationTargetBp: 8000 });
    expect(await personOf(owner, "cu-member")).toMatchObject({
      purchasingLimitMinor: 250_000,
      utilizationTargetBp: 8000,
    });
    const seenByMember = await personOf(member, "cu-member");
    expect(seenByMember?.utilizationTargetBp).toBe(8000);
    expect(seenByMember).not.toHaveProperty("purchasingLimitMinor");
    // One audit row in the same transaction, on the finance trail (purchasing authority changed).
    expect(await audits()).toEqual([
      {
        actor_user_id: owner.userId,
        category: "finance",
        before: {
          minutesPerDay: null,
          minutesEffectiveFrom: null,
          roleTags: [],
          purchasingLimitMinor: null,
          utilizationTargetBp: null,
        },
        after: {
          minutesPerDay: null,
          minutesEffectiveFrom: null,
          roleTags: [],
          purchasingLimitMinor: 250_000,
          utilizationTargetBp: 8000,
        },
      },
    ]);
  });

  it("a write that leaves them out keeps them; null clears them; an admin may too", async () => {
    const kept = await owner.client.put<CapacityPerson>("/api/capacity/people/cu-member", {
      minutesPerDay: null,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      minutesPerDay: null,
      purchasingLimitMinor: 250_000,
      utilizationTargetBp: 8000,
    });
    // The limit did not change: an ordinary (not finance) audit row.
    expect((await audits()).at(-1)).toMatchObject({ category: null });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    const cleared = await admin.client.put<CapacityPerson>("/api/capacity/people/cu-member", {
      minutesPerDay: null,
      purchasingLimitMinor: null,
      utilizationTargetBp: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ purchasingLimitMinor: null, utilizationTargetBp: null });
    expect((await audits()).at(-1)).toMatchObject({
      actor_user_id: admin.userId,
      category: "finance",
      after: { purchasingLimitMinor: null, utilizationTargetBp: null },
    });
    // 0 is a limit (approve nothing above 0.00) and a target, not "none".
    const zero = await owner.client.put<CapacityPerson>("/api/capacity/people/cu-member", {
      minutesPerDay: null,
      purchasingLimitMinor: 0,
      utilizationTargetBp: 0,
    });
    expect(zero.body).toMatchObject({ purchasingLimitMinor: 0, utilizationTargetBp: 0 });
  });

  it("bad values → 400 naming the field; another workspace's person → 404", async () => {
    const before = (await audits()).length;
    for (const [patch, field] of [
      [{ purchasingLimitMinor: -1 }, "purchasingLimitMinor"],
      [{ purchasingLimitMinor: 1500.5 }, "purchasingLimitMinor"],
      [{ purchasingLimitMinor: "1500.50" }, "purchasingLimitMinor"],
      [{ purchasingLimitMinor: "150000" }, "purchasingLimitMinor"],
      [{ purchasingLimitMinor: 2 ** 53 }, "purchasingLimitMinor"],
      [{ utilizationTargetBp: 10_001 }, "utilizationTargetBp"],
      [{ utilizationTargetBp: -1 }, "utilizationTargetBp"],
      [{ utilizationTargetBp: 80.5 }, "utilizationTargetBp"],
      [{ utilizationTargetBp: "80%" }, "utilizationTargetBp"],
    ] as const) {
      const res = await owner.client.put<ErrorBody>("/api/capacity/people/cu-member", {
        minutesPerDay: null,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      // Named, and nothing else (a value may break two rules of its field).
      expect(new Set(res.body.error.fields?.map((f) => f.field))).toEqual(new Set([field]));
    }
    const stranger404 = await owner.client.put("/api/capacity/people/cu-stranger", {
      minutesPerDay: null,
      purchasingLimitMinor: 100,
    });
    expect(stranger404.status).toBe(404);
    expect(await audits()).toHaveLength(before);
    expect((await personOf(owner, "cu-member"))?.purchasingLimitMinor).toBe(0);
  });
});

describe("time off", () => {
  it("a member enters their own time off, not someone else's; admins anyone's", async () => {
    const own = await member.client.post<TimeOffView>("/api/capacity/time-off", {
      clickupUserId: "cu-member",
      startDate: "2025-03-11",
      endDate: "2025-03-11",
      halfDay: true,
      type: "other",
      note: "Dentist",
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      clickupUserId: "cu-member",
      halfDay: true,
      type: "other",
      createdBy: member.userId,
    });
    expect(await capacityOf("cu-member", "2025-03-10", "2025-03-11")).toEqual([480, 240]);
    const others = await member.client.post("/api/capacity/time-off", {
      clickupUserId: "cu-other",
      startDate: "2025-03-17",
      endDate: "2025-03-18",
      type: "sick",
    });
    expect(others.status).toBe(403);
    const byAdmin = await owner.client.post<TimeOffView>("/api/capacity/time-off", {
      clickupUserId: "cu-other",
      startDate: "2025-03-17",
      endDate: "2025-03-18",
      type: "sick",
    });
    expect(byAdmin.status).toBe(201);
    // The member cannot change or delete someone else's, but can their own.
    expect(
      (await member.client.patch(`/api/capacity/time-off/${byAdmin.body.id}`, { type: "other" })).status,
    ).toBe(403);
    expect((await member.client.delete(`/api/capacity/time-off/${byAdmin.body.id}`)).status).toBe(403);
    const moved = await member.client.patch<TimeOffView>(`/api/capacity/time-off/${own.body.id}`, {
      startDate: "2025-03-12",
      endDate: "2025-03-12",
    });
    expect(moved.body).toMatchObject({ startDate: "2025-03-12", endDate: "2025-03-12", halfDay: true });
    const list = await member.client.get<{ timeOff: TimeOffView[] }>(
      "/api/capacity/time-off?from=2025-03-12&to=2025-03-17",
    );
    expect(list.body.timeOff.map((t) => t.clickupUserId)).toEqual(["cu-member", "cu-other"]);
    expect((await member.client.delete(`/api/capacity/time-off/${own.body.id}`)).status).toBe(204);
    const { rows } = await ctx.database.raw.query<{ action: string }>(
      `select action from audit_events where organization_id = $1 and object_type = 'time_off' order by occurred_at`,
      [owner.organizationId],
    );
    expect(rows.map((r) => r.action)).toEqual(["created", "created", "updated", "deleted"]);
  });

  it("refuses overlapping time off with 409 naming startDate, also when two arrive at once", async () => {
    const base = { clickupUserId: "cu-other", type: "holiday" };
    const res = await owner.client.post<ErrorBody>("/api/capacity/time-off", {
      ...base,
      startDate: "2025-03-18",
      endDate: "2025-03-20",
    });
    expect(res.status).toBe(409);
    expect(res.body.error.fields?.[0]?.field).toBe("startDate");
    const both = await Promise.all(
      ["2025-04-01", "2025-04-02"].map((startDate) =>
        owner.client.post("/api/capacity/time-off", { ...base, startDate, endDate: "2025-04-03" }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("bad time off → 400 naming the field; another workspace's person or row → 404", async () => {
    const base = { clickupUserId: "cu-other", startDate: "2025-05-02", endDate: "2025-05-01", type: "sick" };
    const inverted = await owner.client.post<ErrorBody>("/api/capacity/time-off", base);
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.fields?.[0]?.field).toBe("endDate");
    const half = await owner.client.post<ErrorBody>("/api/capacity/time-off", {
      ...base,
      endDate: "2025-05-03",
      halfDay: true,
    });
    expect(half.body.error.fields?.[0]?.field).toBe("halfDay");
    const type = await owner.client.post<ErrorBody>("/api/capacity/time-off", {
      ...base,
      endDate: "2025-05-03",
      type: "vacation",
    });
    expect(type.body.error.fields?.[0]?.field).toBe("type");
    const date = await owner.client.post<ErrorBody>("/api/capacity/time-off", {
      ...base,
      startDate: "May 1",
    });
    expect(date.body.error.fields?.[0]?.field).toBe("startDate");
    expect(
      (
        await owner.client.post("/api/capacity/time-off", {
          ...base,
          clickupUserId: "cu-stranger",
          endDate: "2025-05-03",
        })
      ).status,
    ).toBe(404);
    const theirs = await stranger.client.post<TimeOffView>("/api/capacity/time-off", {
      ...base,
      clickupUserId: "cu-stranger",
      endDate: "2025-05-03",
    });
    expect(theirs.status).toBe(201);
    expect(
      (await owner.client.patch(`/api/capacity/time-off/${theirs.body.id}`, { type: "other" })).status,
    ).toBe(404);
    expect((await owner.client.delete(`/api/capacity/time-off/${theirs.body.id}`)).status).toBe(404);
    const mine = (await owner.client.get<{ timeOff: TimeOffView[] }>("/api/capacity/time-off")).body.timeOff;
    expect(mine.some((t) => t.clickupUserId === "cu-stranger")).toBe(false);
    // A change that would invert the range is refused and writes nothing.
    const row = mine[0]!;
    const bad = await owner.client.patch<ErrorBody>(`/api/capacity/time-off/${row.id}`, {
      endDate: "2025-01-01",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.[0]?.field).toBe("endDate");
  });
});
