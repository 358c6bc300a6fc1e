import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simTruth, syncFixture, type SyncFixture } from "../../tests/api/sync-fixture";
import { startJobsFor, stopJobs } from "./index";

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting");
}

describe("sync through the pg-boss queue", () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await syncFixture();
    // Workers fetch once when they start, then every 2 s: the three requests of the first test
    // are all made before the next fetch, so the first is still waiting when the others arrive.
    await startJobsFor(f.deps, { pollingIntervalSeconds: 2, schedule: false });
  });
  afterAll(async () => {
    await stopJobs(f.deps);
    await f.close();
  });

  it("runs a queued full sync, one per workspace at a time", async () => {
    const jobs = f.deps.jobs!;
    expect(await jobs.enqueueFullSync(f.orgId, "test")).toBe(true);
    // A second request while the first waits or runs is folded into it (stately queue).
    const again = await jobs.enqueueFullSync(f.orgId, "test");
    const third = await jobs.enqueueFullSync(f.orgId, "test");
    expect(again).toBe(false);
    expect(third).toBe(false);
    await waitFor(
      async () =>
        (await f.count(
          sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and status <> 'running'`,
        )) >= 1,
    );
    await waitFor(
      async () =>
        (await f.count(
          sql`select count(*) n from sync_state where organization_id = ${f.orgId} and status = 'idle'`,
        )) === 1,
    );
    expect(
      await f.count(sql`select count(*) n from tasks where organization_id = ${f.orgId} and not deleted`),
    ).toBe(simTruth(f.sim).tasks.length);
    expect(
      await f.count(
        sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and status = 'succeeded'`,
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it("processes a signed webhook delivery through the queue within one job cycle", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 2)!;
    f.sim.mutate.updateTask(task.id, { name: "Launch film — director's cut" });
    await f.sim.flushWebhooks();
    // The task row and the delivery's status are written in separate steps of the job: wait for
    // both rather than reading the status the moment the task changed.
    await waitFor(
      async () =>
        (await f.count(
          sql`select count(*) n from tasks where organization_id = ${f.orgId} and id = ${task.id} and name = 'Launch film — director''s cut'`,
        )) === 1 &&
        (await f.count(
          sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'processed'`,
        )) > 0,
      10_000,
    );
    expect(
      await f.count(
        sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'processed'`,
      ),
    ).toBeGreaterThan(0);
  });
});
