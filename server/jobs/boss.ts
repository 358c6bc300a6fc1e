import PgBoss from "pg-boss";
import type { AppDeps } from "../context";
import type { Database } from "../db/client";
import { SyncNotConnectedError } from "../modules/sync/engine";
import { runFullSync } from "../modules/sync/full-sync";
import { processWebhookEvent, runPoll } from "../modules/sync/incremental";
import { activeWorkspaceConnectionIds } from "../modules/clickup/repo";
import { patchSyncState } from "../modules/sync/sync-state-repo";
import { registerWriteBackJobs } from "./write-back-time-entries";

/**
 * Background work on pg-boss (DESIGN.md): full syncs, webhook intake, the reconciliation poll
 * and their schedules. Full syncs and polls use "stately" queues keyed by workspace, so one
 * workspace never has two syncs running (and at most one more waiting).
 */

export const QUEUES = {
  fullSync: "clickup-full-sync",
  webhook: "clickup-webhook",
  poll: "clickup-poll",
  pollAll: "clickup-poll-all",
  nightlyAll: "clickup-nightly-full-all",
} as const;

export interface Jobs {
  boss: PgBoss;
  /** Queue a full sync; false when one is already waiting for this workspace. */
  enqueueFullSync(organizationId: string, trigger: string): Promise<boolean>;
  enqueueWebhook(eventId: number): Promise<void>;
  enqueuePoll(organizationId: string, trigger: string): Promise<boolean>;
  stop(): Promise<void>;
}

export interface JobsOptions {
  /** Seconds between queue polls (tests use 0.5). */
  pollingIntervalSeconds?: number;
  /** Cron of the reconciliation poll (default every 5 minutes). */
  pollCron?: string;
  /** Turn off cron schedules (tests). */
  schedule?: boolean;
}

/** pg-boss over our database: PGlite through its own query/exec, PostgreSQL through the pool. */
export function bossDb(database: Database): PgBoss.Db {
  if (database.kind === "pglite" && database.pglite) {
    const pglite = database.pglite;
    return {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!values || values.length === 0) {
          // Several statements (pg-boss wraps maintenance in BEGIN … COMMIT) need exec.
          const results = await pglite.exec(text);
          return { rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
        }
        const r = await pglite.query(text, values);
        return { rows: r.rows };
      },
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error("No database pool for pg-boss");
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const r = await pool.query(text, values);
      // A multi-statement text returns one result per statement.
      const last = Array.isArray(r) ? (r[r.length - 1] as { rows: unknown[] } | undefined) : r;
      return { rows: last?.rows ?? [] };
    },
  };
}

type Deps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup">;

export async function startJobs(deps: Deps, options: JobsOptions = {}): Promise<Jobs> {
  const log = deps.logger.child({ component: "jobs" });
  const boss = new PgBoss({
    db: bossDb(deps.database),
    schema: "pgboss",
    schedule: options.schedule ?? true,
    supervise: true,
    migrate: true,
  });
  boss.on("error", (err: Error) => log.error({ err: err.message }, "job queue error"));
  await boss.start();

  await boss.createQueue(QUEUES.fullSync, {
    name: QUEUES.fullSync,
    policy: "stately",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 3600,
  });
  await boss.createQueue(QUEUES.poll, {
    name: QUEUES.poll,
    policy: "stately",
    retryLimit: 1,
    expireInSeconds: 900,
  });
  await boss.createQueue(QUEUES.webhook, {
    name: QUEUES.webhook,
    policy: "standard",
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  await boss.createQueue(QUEUES.pollAll, { name: QUEUES.pollAll, policy: "short" });
  await boss.createQueue(QUEUES.nightlyAll, { name: QUEUES.nightlyAll, policy: "short" });

  // The embedded database has exactly one process: jobs still "active" are leftovers of a
  // killed run. Fail them so they retry now (the checkpoint makes the retry resume).
  if (deps.database.kind === "pglite") {
    await deps.database.raw.query(
      `update pgboss.job set state = 'retry', start_after = now() where state = 'active' and name = any($1)`,
      [[QUEUES.fullSync, QUEUES.poll, QUEUES.webhook]],
    );
  }

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };

  const jobs: Jobs = {
    boss,
    enqueueFullSync: async (organizationId, trigger) => {
      const id = await boss.send(
        QUEUES.fullSync,
        { organizationId, trigger },
        { singletonKey: organizationId },
      );
      if (id)
        await patchSyncState(deps.database.db, organizationId, { status: "queued" }).catch(() => undefined);
      return id !== null;
    },
    enqueueWebhook: async (eventId) => {
      await boss.send(QUEUES.webhook, { eventId });
    },
    enqueuePoll: async (organizationId, trigger) => {
      const id = await boss.send(QUEUES.poll, { organizationId, trigger }, { singletonKey: organizationId });
      return id !== null;
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
    },
  };

  await boss.work<{ organizationId: string; trigger: string }>(QUEUES.fullSync, polling, async ([job]) => {
    if (!job) return;
    const result = await runFullSync(deps, job.data.organizationId, { trigger: job.data.trigger });
    if (result.status === "failed" && !/not connected/i.test(result.error ?? ""))
      throw new Error(result.error);
  });
  await boss.work<{ organizationId: string; trigger: string }>(QUEUES.poll, polling, async ([job]) => {
    if (!job) return;
    await runPoll(deps, job.data.organizationId, { trigger: job.data.trigger });
  });
  await boss.work<{ eventId: number }>(QUEUES.webhook, { ...polling, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await processWebhookEvent(deps, job.data.eventId);
    } catch (err) {
      if (err instanceof SyncNotConnectedError) return;
      throw err;
    }
  });
  await boss.work(QUEUES.pollAll, polling, async () => {
    for (const orgId of await activeWorkspaceConnectionIds(deps.database.db))
      await jobs.enqueuePoll(orgId, "schedule");
  });
  await boss.work(QUEUES.nightlyAll, polling, async () => {
    for (const orgId of await activeWorkspaceConnectionIds(deps.database.db))
      await jobs.enqueueFullSync(orgId, "nightly");
  });
  // Timesheet entries written back to ClickUp (server/jobs/write-back-time-entries.ts).
  await registerWriteBackJobs(boss, deps, {
    schedule: options.schedule ?? true,
    pollingIntervalSeconds: polling.pollingIntervalSeconds,
  });
  if (options.schedule ?? true) {
    await boss.schedule(QUEUES.pollAll, options.pollCron ?? "*/5 * * * *");
    // Deletions are invisible to the date_updated poll; a nightly full sync applies them.
    await boss.schedule(QUEUES.nightlyAll, "30 3 * * *");
  }
  log.info("job queue started");
  return jobs;
}
