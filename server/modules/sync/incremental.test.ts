import { sql } from "drizzle-orm";
import { rows } from "../../db/executor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClock } from "../../../simulator/clickup/test-support";
import { signWebhook } from "../../integrations/clickup/webhooks";
import { runFullSync } from "./full-sync";
import { runPoll } from "./incremental";
import { SYNC_TEST_NOW, simTruth, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";

async function settle(f: SyncFixture): Promise<void> {
  await f.sim.flushWebhooks();
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const pending = await f.count(
      sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'received'`,
    );
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("webhook events still unprocessed");
}

async function taskName(f: SyncFixture, id: string): Promise<string | null> {
  const r = await rows<{ name: string }>(
    f.deps.database.db,
    sql`select name from tasks where organization_id = ${f.orgId} and id = ${id}`,
  );
  return r[0]?.name ?? null;
}

describe("incremental sync: webhooks and the reconciliation poll", () => {
  const clock = testClock(SYNC_TEST_NOW);
  let f: SyncFixture;
  beforeAll(async () => {
    f = await syncFixture({ now: clock.now });
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test", now: clock.now });
    expect(result.status).toBe("succeeded");
    expect(f.sim.state.webhooks.size).toBe(1);
  });
  afterAll(async () => {
    await f.close();
  });

  it("applies a task update delivered by a signed webhook", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 2)!;
    clock.advance(60_000);
    f.sim.mutate.updateTask(task.id, { name: "Hero film — final cut" });
    await settle(f);
    expect(await taskName(f, task.id)).toBe("Hero film — final cut");
    expect(
      await f.count(
        sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'processed' and signature_valid`,
      ),
    ).toBeGreaterThan(0);
  });

  it("applies time tracked, deletions and archivals from webhooks", async () => {
    const truth = simTruth(f.sim);
    const task = truth.tasks.find((t) => !t.archived && !t.parentId && t.customItemId === 3)!;
    clock.advance(60_000);
    const entryId = f.sim.mutate.addTimeEntry({
      taskId: task.id,
      userId: f.sim.demo.memberUserId,
      start: clock.now() - 3_600_000,
      duration: 5_400_000,
    });
    await settle(f);
    expect(
      await f.count(
        sql`select count(*) n from time_entries where organization_id = ${f.orgId} and clickup_id = ${entryId} and not deleted and duration_ms = 5400000`,
      ),
    ).toBe(1);
    f.sim.mutate.deleteTimeEntry(entryId);
    await settle(f);
    expect(
      await f.count(
        sql`select count(*) n from time_entries where organization_id = ${f.orgId} and clickup_id = ${entryId} and deleted`,
      ),
    ).toBe(1);

    const doomed = truth.tasks.find((t) => !t.archived && t.customItemId === 3 && t.id !== task.id)!;
    f.sim.mutate.deleteTask(doomed.id);
    const shelved = truth.tasks.find(
      (t) => !t.archived && t.customItemId === 2 && !f.sim.state.taskById.get(t.id)!.deleted,
    )!;
    f.sim.mutate.archiveTask(shelved.id);
    await settle(f);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${doomed.id} and deleted`,
      ),
    ).toBe(1);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${shelved.id} and archived and not deleted`,
      ),
    ).toBe(1);
  });

  it("catches a dropped webhook with the date_updated poll", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 1)!;
    f.sim.faults.set({ dropWebhooks: true });
    clock.advance(60_000);
    f.sim.mutate.updateTask(task.id, { name: "Client approval — moved to Friday" });
    await settle(f);
    expect(await taskName(f, task.id)).not.toBe("Client approval — moved to Friday");
    f.sim.faults.clear();
    const poll = await runPoll(f.deps, f.orgId, { now: clock.now });
    expect(poll.status).toBe("succeeded");
    expect(await taskName(f, task.id)).toBe("Client approval — moved to Friday");
    expect(
      await f.count(
        sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and kind = 'poll' and status = 'succeeded'`,
      ),
    ).toBe(1);
  });

  it("syncs two tasks updated in the same millisecond, one before and one after a poll", async () => {
    // date_updated_gt is strictly "greater than" (OpenAPI document): a cursor equal to the last
    // update seen must not hide a second update stamped with that same millisecond.
    const candidates = simTruth(f.sim).tasks.filter((t) => !t.archived && t.customItemId === 0);
    const [first, second] = [candidates[0]!, candidates[1]!];
    f.sim.faults.set({ dropWebhooks: true });
    clock.advance(60_000);
    f.sim.mutate.updateTask(first.id, { name: "Same-ms update one" });
    expect((await runPoll(f.deps, f.orgId, { now: clock.now })).status).toBe("succeeded");
    expect(await taskName(f, first.id)).toBe("Same-ms update one");
    // The clock has not moved: this update carries the same date_updated as the cursor.
    f.sim.mutate.updateTask(second.id, { name: "Same-ms update two" });
    expect(f.sim.state.taskById.get(second.id)!.dateUpdated).toBe(
      f.sim.state.taskById.get(first.id)!.dateUpdated,
    );
    const poll = await runPoll(f.deps, f.orgId, { now: clock.now });
    f.sim.faults.clear();
    expect(poll.status).toBe("succeeded");
    expect(await taskName(f, second.id)).toBe("Same-ms update two");
    expect(await taskName(f, first.id)).toBe("Same-ms update one");
  });

  it("keeps a task whose fetch answers an unconfirmed 401 (the workspace is no longer authorized)", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 0 && !t.parentId)!;
    const record = f.sim.state.tokens.get(f.token)!;
    // The token no longer may use the workspace: GET /task answers 401 OAUTH_018 — the same
    // answer as for a deleted task — and GET /team no longer lists the workspace.
    record.teamIds = new Set();
    try {
      clock.advance(60_000);
      f.sim.mutate.updateTask(task.id, { name: "Renamed while unauthorized" });
      await settle(f);
    } finally {
      record.teamIds = null;
    }
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${task.id} and not deleted`,
      ),
    ).toBe(1);
    expect(
      await f.count(
        sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'failed'`,
      ),
    ).toBeGreaterThan(0);
  });

  it("keeps the value of a field the task's response could not carry (scoped to another task type)", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 0 && !t.parentId)!;
    const field = f.sim.state.addField({
      teamId: f.teamId,
      name: "Delivery format",
      type: "short_text",
      typeConfig: {},
      scope: { level: "team", id: f.teamId },
      appliesTo: [0],
    });
    const stored = () =>
      f.count(
        sql`select count(*) n from custom_field_values where organization_id = ${f.orgId} and task_id = ${task.id} and custom_field_id = ${field.id}`,
      );
    clock.advance(60_000);
    f.sim.mutate.setCustomField(task.id, field.id, "16:9");
    await settle(f);
    expect(await stored()).toBe(1);
    // The task becomes another type: ClickUp no longer lists the field on it (nor its value).
    clock.advance(60_000);
    f.sim.mutate.updateTask(task.id, { customItemId: 2 });
    await settle(f);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${task.id} and custom_item_id = 2`,
      ),
    ).toBe(1);
    expect(await stored()).toBe(1);
    // A field the response does carry, unset, still clears its stored value.
    clock.advance(60_000);
    f.sim.mutate.updateTask(task.id, { customItemId: 0 });
    f.sim.mutate.setCustomField(task.id, field.id, null);
    await settle(f);
    expect(await stored()).toBe(0);
  });

  it("refuses a forged signature with 400 (never 401/410) and records it", async () => {
    const body = JSON.stringify({
      event: "taskDeleted",
      task_id: simTruth(f.sim).tasks[0]!.id,
      webhook_id: "x",
    });
    const res = await f.ctx.app.request(`http://localhost:3000/api/webhooks/clickup/${f.orgId}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signWebhook(body, "not-the-secret") },
      body,
    });
    expect(res.status).toBe(400);
    const unsigned = await f.ctx.app.request(`http://localhost:3000/api/webhooks/clickup/${f.orgId}`, {
      method: "POST",
      body,
    });
    expect(unsigned.status).toBe(400);
    expect(
      await f.count(
        sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'rejected' and not signature_valid`,
      ),
    ).toBe(2);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${simTruth(f.sim).tasks[0]!.id} and deleted`,
      ),
    ).toBe(0);
  });
});

describe("full sync under faults", () => {
  // A whole full sync of the small agency with a quarter of the calls failing: 25–35 s of CPU on
  // two busy cores (the suite's other file runs beside it), so a minute and a half, not the
  // default 30 s — its assertions are about what the sync ends with, not how fast.
  it(
    "ends complete with no duplicates through a 429 storm, 5xx errors and truncated bodies",
    { timeout: 90_000 },
    async () => {
      const f = await syncFixture();
      try {
        f.sim.faults.set({
          seed: 3,
          error5xxRate: 0.25,
          error5xxStatuses: [429, 429, 500, 502, 503],
          malformedRate: 0.05,
        });
        const result = await runFullSync(f.deps, f.orgId, { trigger: "test" });
        expect(result.error).toBeUndefined();
        expect(f.sim.stats.faultsInjected).toBeGreaterThan(5);
        f.sim.faults.clear();
        const truth = simTruth(f.sim);
        expect(
          await f.count(sql`select count(*) n from tasks where organization_id = ${f.orgId} and not deleted`),
        ).toBe(truth.tasks.length);
        expect(
          await f.count(sql`select count(*) n from time_entries where organization_id = ${f.orgId}`),
        ).toBe(truth.timeEntries);
        expect(
          await f.count(
            sql`select count(*) n from time_entries where organization_id = ${f.orgId} and not deleted`,
          ),
        ).toBe(truth.timeEntries);
        expect(
          await f.count(
            sql`select count(distinct (task_id, custom_field_id)) - count(*) n from custom_field_values where organization_id = ${f.orgId}`,
          ),
        ).toBe(0);
      } finally {
        await f.close();
      }
    },
  );

  it("resumes a sync killed half-way from its checkpoint, losing nothing", async () => {
    const f = await syncFixture();
    try {
      let steps = 0;
      const killed = await runFullSync(f.deps, f.orgId, {
        trigger: "test",
        afterStep: () => {
          if (++steps === 8) throw new Error("process killed");
        },
      });
      expect(killed.status).toBe("failed");
      const partial = await f.count(sql`select count(*) n from tasks where organization_id = ${f.orgId}`);
      const truth = simTruth(f.sim);
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(truth.tasks.length);
      f.sim.stats.reset();
      const resumed = await runFullSync(f.deps, f.orgId, { trigger: "retry" });
      expect(resumed.status).toBe("succeeded");
      expect(resumed.runId).toBe(killed.runId);
      // The resumed run did not start the task listing over.
      expect(f.sim.stats.byRoute["GET /api/v2/team/:team_id/task"] ?? 0).toBeLessThan(
        truth.tasks.length / 100,
      );
      expect(
        await f.count(sql`select count(*) n from tasks where organization_id = ${f.orgId} and not deleted`),
      ).toBe(truth.tasks.length);
      expect(
        await f.count(
          sql`select count(*) n from time_entries where organization_id = ${f.orgId} and not deleted`,
        ),
      ).toBe(truth.timeEntries);
    } finally {
      await f.close();
    }
  });
});
