import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { SYNC_TEST_NOW, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";
import { rows } from "../../db/executor";
import { runFullSync } from "../sync/full-sync";
import type {
  TimeSyncCheckResponse,
  TimeSyncResyncResponse,
  TimeSyncWriteBacksResponse,
} from "./time-sync-contract";

type ErrorBody = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };

/*
 * Time-sync validation (issue 16 point 8) against the ClickUp simulator: after a full sync the
 * two sides match; entries changed, deleted and added in ClickUp behind the app's back (webhooks
 * dropped) are found exactly; "Re-sync this range" repairs them; an outage leaves days unchecked.
 * The simulator's clock is Wednesday 18 March 2026 (UTC workspace): the range is the 14 days to it.
 */

const CHUNKS = [
  { from: "2026-03-05", to: "2026-03-11" },
  { from: "2026-03-12", to: "2026-03-18" },
];

describe("time-sync validation", () => {
  let f: SyncFixture;
  let owner: WorkspaceUser;
  let member: WorkspaceUser;

  beforeAll(async () => {
    f = await syncFixture();
    f.deps.now = () => new Date(SYNC_TEST_NOW);
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test", now: () => SYNC_TEST_NOW });
    expect(result.status).toBe("succeeded");
    owner = await createUserInWorkspace(f.ctx, { role: "owner", organizationId: f.orgId });
    member = await createUserInWorkspace(f.ctx, { role: "member", organizationId: f.orgId });
  }, 120_000);
  afterAll(async () => {
    await f.close();
  });

  async function check(range: { from: string; to: string }) {
    const res = await owner.client.get<TimeSyncCheckResponse>(
      `/api/reports/time-sync/check?from=${range.from}&to=${range.to}`,
    );
    expect(res.status).toBe(200);
    return res.body;
  }

  async function checkAll() {
    const out = [];
    for (const c of CHUNKS) out.push(await check(c));
    return {
      rows: out.flatMap((r) => r.rows),
      discrepancies: out.reduce((n, r) => n + r.discrepancies, 0),
      unchecked: out.flatMap((r) => r.uncheckedDays),
    };
  }

  it("reads 0 discrepancies after a full sync", async () => {
    const all = await checkAll();
    expect(all.unchecked).toEqual([]);
    expect(all.rows.length).toBeGreaterThan(0);
    expect(all.discrepancies).toBe(0);
    expect(all.rows.every((r) => r.clickupMs === r.hereMs && r.clickupMinutes === r.hereMinutes)).toBe(true);
    expect(all.rows.every((r) => r.clickupEntries.length === 0 && r.hereEntries.length === 0)).toBe(true);
    const first = await check(CHUNKS[0]!);
    expect(first.checkedDays).toHaveLength(7);
    expect(first.timeZone).toBe("UTC");
  });

  it("finds exactly the entries changed, deleted and added in ClickUp behind the app's back, and a re-sync repairs them", async () => {
    const synced = await rows<{ id: string; user_id: string; task_id: string; start_time: Date | string }>(
      f.deps.database.db,
      sql`select id, user_id, task_id, start_time from time_entries
           where organization_id = ${f.orgId} and not deleted and task_id is not null
             and start_time >= '2026-03-06T00:00:00Z' and start_time < '2026-03-17T00:00:00Z'
           order by start_time, id`,
    );
    expect(synced.length).toBeGreaterThan(10);
    const changed = synced[0]!;
    const gone = synced[Math.floor(synced.length / 2)]!;
    const dayOf = (t: Date | string) => new Date(t).toISOString().slice(0, 10);
    // No webhook tells the app about these.
    f.sim.faults.set({ dropWebhooks: true });
    f.sim.mutate.updateTimeEntry(changed.id, {
      start: new Date(changed.start_time).getTime(),
      duration: 3 * 3_600_000 + 60_000,
    });
    f.sim.mutate.deleteTimeEntry(gone.id);
    const addedStart = Date.UTC(2026, 2, 16, 7, 0);
    const added = f.sim.mutate.addTimeEntry({
      userId: Number(changed.user_id),
      taskId: changed.task_id,
      start: addedStart,
      duration: 45 * 60_000,
    });
    f.sim.faults.clear();

    const all = await checkAll();
    expect(all.unchecked).toEqual([]);
    const bad = all.rows.filter((r) => r.discrepancy);
    const expected = [
      `${changed.user_id}|${dayOf(changed.start_time)}`,
      `${gone.user_id}|${dayOf(gone.start_time)}`,
      `${changed.user_id}|2026-03-16`,
    ];
    expect(new Set(bad.map((r) => `${r.userId}|${r.day}`))).toEqual(new Set(expected));
    expect(all.discrepancies).toBe(new Set(expected).size);
    const clickupIds = bad.flatMap((r) => r.clickupEntries.map((e) => e.id)).sort();
    const hereIds = bad.flatMap((r) => r.hereEntries.map((e) => e.id)).sort();
    expect(clickupIds).toEqual([added, changed.id].sort());
    expect(hereIds).toEqual([changed.id, gone.id].sort());
    const changedRow = bad.find((r) => r.clickupEntries.some((e) => e.id === changed.id))!;
    expect(changedRow.clickupEntries.find((e) => e.id === changed.id)!.durationMs).toBe(
      3 * 3_600_000 + 60_000,
    );
    const addedEntry = bad.flatMap((r) => r.clickupEntries).find((e) => e.id === added)!;
    expect(addedEntry).toMatchObject({ start: new Date(addedStart).toISOString(), durationMs: 45 * 60_000 });
    expect(addedEntry.taskName).toEqual(expect.any(String));

    for (const c of CHUNKS) {
      const res = await owner.client.post<TimeSyncResyncResponse>("/api/reports/time-sync/resync", c);
      expect(res.status).toBe(200);
    }
    const repaired = await checkAll();
    expect(repaired.discrepancies).toBe(0);
    // Idempotent: a second re-sync changes nothing.
    const again = await owner.client.post<TimeSyncResyncResponse>("/api/reports/time-sync/resync", CHUNKS[1]);
    expect(again.status).toBe(200);
    expect(again.body.deletedTimeEntries).toBe(0);
    expect((await checkAll()).discrepancies).toBe(0);
  });

  it("reports the days of a ClickUp outage as unchecked, never as matching", async () => {
    f.sim.faults.set({ failNextRequests: 100, failNextStatus: 503, match: /time_entries/ });
    try {
      const res = await check(CHUNKS[1]!);
      expect(res.uncheckedDays).toEqual([
        "2026-03-12",
        "2026-03-13",
        "2026-03-14",
        "2026-03-15",
        "2026-03-16",
        "2026-03-17",
        "2026-03-18",
      ]);
      expect(res.checkedDays).toEqual([]);
      expect(res.rows).toEqual([]);
      expect(res.uncheckedReason).toMatch(/not checked/);
      const resync = await owner.client.post<ErrorBody>("/api/reports/time-sync/resync", CHUNKS[1]);
      expect(resync.status).toBe(503);
      expect(resync.body.error.code).toBe("service_unavailable");
    } finally {
      f.sim.faults.clear();
    }
    expect((await check(CHUNKS[1]!)).uncheckedDays).toEqual([]);
  });

  it("lists timesheet write-backs pending or failed, failed first", async () => {
    const [a, b] = await rows<{ id: string }>(
      f.deps.database.db,
      sql`select id from time_entries where organization_id = ${f.orgId} and not deleted order by id limit 2`,
    );
    await f.ctx.database.raw.query(
      `update time_entries set source = 'timesheet', write_back_status = case when id = $2 then 'failed' else 'pending' end,
              write_back_error = case when id = $2 then 'ClickUp refused' else null end
        where organization_id = $1 and id in ($2, $3)`,
      [f.orgId, a!.id, b!.id],
    );
    const res = await owner.client.get<TimeSyncWriteBacksResponse>(
      "/api/reports/time-sync/write-backs?pageSize=1",
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.today).toBe("2026-03-18");
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ id: a!.id, status: "failed", error: "ClickUp refused" });
    const page2 = await owner.client.get<TimeSyncWriteBacksResponse>(
      "/api/reports/time-sync/write-backs?pageSize=1&page=2",
    );
    expect(page2.body.items[0]).toMatchObject({ id: b!.id, status: "pending" });
    // The pending edit is here but not in ClickUp's copy only when it differs; the check still answers.
    await f.ctx.database.raw.query(
      `update time_entries set source = 'clickup', write_back_status = 'none', write_back_error = null
        where organization_id = $1 and id in ($2, $3)`,
      [f.orgId, a!.id, b!.id],
    );
  });

  it("names a ClickUp user without username or e-mail 'User {id}' and counts them unresolved", async () => {
    const [someone] = await rows<{ user_id: string }>(
      f.deps.database.db,
      sql`select user_id from time_entries where organization_id = ${f.orgId} and not deleted
            and start_time >= '2026-03-12T00:00:00Z' and start_time < '2026-03-19T00:00:00Z' limit 1`,
    );
    const saved = await rows<{ username: string | null; email: string | null }>(
      f.deps.database.db,
      sql`select username, email from provider_users where organization_id = ${f.orgId} and id = ${someone!.user_id}`,
    );
    await f.ctx.database.raw.query(
      `update provider_users set username = null, email = null where organization_id = $1 and id = $2`,
      [f.orgId, someone!.user_id],
    );
    try {
      const res = await check(CHUNKS[1]!);
      expect(res.unresolvedUserIds).toEqual([someone!.user_id]);
      expect(
        res.rows
          .filter((r) => r.userId === someone!.user_id)
          .every((r) => r.name === `User ${someone!.user_id}`),
      ).toBe(true);
    } finally {
      await f.ctx.database.raw.query(
        `update provider_users set username = $3, email = $4 where organization_id = $1 and id = $2`,
        [f.orgId, someone!.user_id, saved[0]!.username, saved[0]!.email],
      );
    }
  });

  it("refuses members (canViewTimeSyncReports) with 403", async () => {
    for (const path of [`/check?from=${CHUNKS[0]!.from}&to=${CHUNKS[0]!.to}`, "/write-backs"]) {
      const res = await member.client.get<ErrorBody>(`/api/reports/time-sync${path}`);
      expect(res.status).toBe(403);
    }
    const res = await member.client.post<ErrorBody>("/api/reports/time-sync/resync", CHUNKS[0]);
    expect(res.status).toBe(403);
  });

  it("answers 400 naming the field for an inverted range, a range over 31 days and a bad date", async () => {
    const cases: [string, string][] = [
      ["from=2026-03-10&to=2026-03-09", "to"],
      ["from=2026-01-01&to=2026-02-01", "to"],
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=yesterday&to=2026-03-01", "from"],
      ["to=2026-03-01", "from"],
    ];
    for (const [query, field] of cases) {
      const res = await owner.client.get<ErrorBody>(`/api/reports/time-sync/check?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.error.fields?.map((e) => e.field),
        query,
      ).toContain(field);
    }
    const ok31 = await owner.client.get<ErrorBody>(
      "/api/reports/time-sync/check?from=2026-01-01&to=2026-01-31",
    );
    expect(ok31.status).toBe(200);
    const res = await owner.client.post<ErrorBody>("/api/reports/time-sync/resync", {
      from: "2026-03-18",
      to: "2026-03-01",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.map((e) => e.field)).toContain("to");
  });
});
