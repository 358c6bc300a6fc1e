import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rows } from "../db/executor";
import { simTruth, syncFixture, type SyncFixture } from "../../tests/api/sync-fixture";
import { bossDb, QUEUES } from "./boss";
import { requestFullSync, startJobsFor, stopJobs } from "./index";
import { jobLeases } from "./job-lease";
import { recoverInterruptedJobs } from "./recover-interrupted-jobs";

/*
 * Issue 11 item 1: two kill -9 in a row and the app never started again. pg-boss leaves the
 * job tables as below; these tests build those states with pg-boss's own calls (send, fetch,
 * fail: what the killed processes did) and then boot the queue the way server/main.ts does.
 */

interface JobRow {
  id: string;
  state: string;
  start_after_due: boolean;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting");
}

describe("jobs left behind by killed processes", { timeout: 90_000 }, () => {
  let f: SyncFixture;
  /** A pg-boss without workers: the hands of the processes that were killed. */
  let killed: PgBoss;

  const fullSyncJobs = (): Promise<JobRow[]> =>
    rows<JobRow>(
      f.deps.database.db,
      sql`select id::text as id, state::text as state, start_after <= now() as start_after_due
          from pgboss.job where name = ${QUEUES.fullSync} and singleton_key = ${f.orgId}
          order by created_on`,
    );
  const waitingOrRunning = async () =>
    (await fullSyncJobs()).filter((j) => ["created", "retry", "active"].includes(j.state));

  /** A full sync a killed process had fetched (state active) — what a kill -9 mid-sync leaves. */
  const startedAndKilled = async (trigger: string): Promise<string> => {
    const id = await killed.send(
      QUEUES.fullSync,
      { organizationId: f.orgId, trigger },
      { singletonKey: f.orgId },
    );
    expect(id).not.toBeNull();
    const [job] = await killed.fetch(QUEUES.fullSync);
    expect(job?.id).toBe(id);
    return id!;
  };
  /** A full sync that failed once and waits for its retry (backoff: not due yet). */
  const failedWaitingForRetry = async (trigger: string): Promise<string> => {
    const id = await startedAndKilled(trigger);
    await killed.fail(QUEUES.fullSync, id, { message: "Team not authorized" });
    return id;
  };

  beforeEach(async () => {
    f = await syncFixture();
    // A first start installs pg-boss and the queues, as the very first `npm start` did.
    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 60 });
    await stopJobs(f.deps);
    killed = new PgBoss({ db: bossDb(f.deps.database), schema: "pgboss", supervise: false, schedule: false });
    await killed.start();
  });
  afterEach(async () => {
    await stopJobs(f.deps);
    await f.close();
  });

  it("starts after two crashes in a row: a retry waiting and an active job of the same workspace", async () => {
    const first = await failedWaitingForRetry("connected");
    const second = await startedAndKilled("demo");
    await killed.stop({ graceful: false, close: false, wait: true });
    expect((await fullSyncJobs()).map((j) => j.state)).toEqual(["retry", "active"]);

    // Before the fix: duplicate key value violates unique constraint "…_i3" on every start.
    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 0.5, orphanGraceSeconds: 0 });

    // Merged, not duplicated: one job for the workspace, due now.
    await waitFor(async () => (await waitingOrRunning()).length === 0);
    const after = await fullSyncJobs();
    expect(after.find((j) => j.id === second)?.state).toBe("cancelled");
    expect(after.find((j) => j.id === first)?.state).toBe("completed");
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
        sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and kind = 'full' and status = 'succeeded'`,
      ),
    ).toBe(1);
  });

  it("starts when the killed job is the only one of its workspace, and resumes it at once", async () => {
    const only = await startedAndKilled("connected");
    await killed.stop({ graceful: false, close: false, wait: true });
    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 0.5, orphanGraceSeconds: 0 });
    await waitFor(async () => (await fullSyncJobs()).find((j) => j.id === only)?.state === "completed");
    expect(await waitingOrRunning()).toEqual([]);
  });

  it("starts when a created and a retry job of one workspace wait next to the killed one, and syncs once", async () => {
    // Left by an older version's "Sync now" during a retry, then a crash.
    await failedWaitingForRetry("connected");
    await startedAndKilled("demo");
    await killed.send(
      QUEUES.fullSync,
      { organizationId: f.orgId, trigger: "manual" },
      { singletonKey: f.orgId },
    );
    await killed.stop({ graceful: false, close: false, wait: true });
    expect((await fullSyncJobs()).map((j) => j.state).sort()).toEqual(["active", "created", "retry"]);

    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 0.5, orphanGraceSeconds: 0 });
    await waitFor(async () => (await waitingOrRunning()).length === 0);
    const states = (await fullSyncJobs()).map((j) => j.state).sort();
    expect(states).toEqual(["cancelled", "cancelled", "completed"]);
    expect(
      await f.count(
        sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and kind = 'full' and status = 'succeeded'`,
      ),
    ).toBe(1);
  });

  it("'Sync now' while a failed sync waits for its retry runs that sync now, once, and a crash during it still boots", async () => {
    const waiting = await failedWaitingForRetry("connected");
    await killed.stop({ graceful: false, close: false, wait: true });
    // Workers that would not fetch for a minute: the request alone is under test here.
    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 60, orphanGraceSeconds: 0 });

    expect(await requestFullSync(f.deps, f.orgId, "manual")).toBe(true);
    // One job for the workspace (not a created one next to the retry), due now.
    expect(await waitingOrRunning()).toEqual([{ id: waiting, state: "retry", start_after_due: true }]);
    // Asked again, still one.
    expect(await requestFullSync(f.deps, f.orgId, "manual")).toBe(true);
    expect((await waitingOrRunning()).map((j) => j.id)).toEqual([waiting]);

    // The process is killed while that sync runs, then starts again.
    await stopJobs(f.deps);
    killed = new PgBoss({ db: bossDb(f.deps.database), schema: "pgboss", supervise: false, schedule: false });
    await killed.start();
    const [job] = await killed.fetch(QUEUES.fullSync);
    expect(job?.id).toBe(waiting);
    await killed.stop({ graceful: false, close: false, wait: true });
    await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 0.5, orphanGraceSeconds: 0 });
    await waitFor(async () => (await fullSyncJobs()).find((j) => j.id === waiting)?.state === "completed");
    expect(await waitingOrRunning()).toEqual([]);
    expect(
      await f.count(
        sql`select count(*) n from sync_runs where organization_id = ${f.orgId} and kind = 'full' and status = 'succeeded'`,
      ),
    ).toBe(1);
  });
});

describe("several instances on one PostgreSQL", { timeout: 60_000 }, () => {
  it("leaves a job alone while a live instance holds its lease, and recovers it once that instance is gone", async () => {
    const f = await syncFixture();
    try {
      if (f.deps.database.kind !== "postgres") return; // one process per embedded database
      await startJobsFor(f.deps, { schedule: false, pollingIntervalSeconds: 60 });
      await stopJobs(f.deps);
      const other = new PgBoss({
        db: bossDb(f.deps.database),
        schema: "pgboss",
        supervise: false,
        schedule: false,
      });
      await other.start();
      await other.send(
        QUEUES.fullSync,
        { organizationId: f.orgId, trigger: "test" },
        { singletonKey: f.orgId },
      );
      const [job] = await other.fetch(QUEUES.fullSync);
      await other.stop({ graceful: false, close: false, wait: true });

      const leases = jobLeases(f.deps.database, f.deps.logger);
      let release!: () => void;
      const running = leases.hold(job!.id, () => new Promise<void>((r) => (release = r)));
      await new Promise((r) => setTimeout(r, 200));
      const opts = { queues: [QUEUES.fullSync], orphans: "unlocked", graceSeconds: 0 } as const;
      expect(await recoverInterruptedJobs(f.deps.database, opts)).toEqual({
        requeued: 0,
        merged: 0,
        deduplicated: 0,
      });
      // The instance dies: its connection, and the lock with it, goes.
      release();
      await running;
      await leases.close();
      expect(await recoverInterruptedJobs(f.deps.database, opts)).toEqual({
        requeued: 1,
        merged: 0,
        deduplicated: 0,
      });
    } finally {
      await f.close();
    }
  });
});
