import PgBoss from "pg-boss";
import type { AppDeps } from "../context";
import { pgliteRawParsers, type Database } from "../db/client";
import { SyncNotConnectedError } from "../modules/sync/engine";
import { runFullSync } from "../modules/sync/full-sync";
import { processWebhookEvent, runPoll } from "../modules/sync/incremental";
import { activeWorkspaceConnectionIds } from "../modules/clickup/repo";
import { patchSyncState } from "../modules/sync/sync-state-repo";
import { jobLeases } from "./job-lease";
import { hurryWaitingRetry, recoverInterruptedJobs } from "./recover-interrupted-jobs";
import { registerPruneWebhookEventsJob } from "./prune-webhook-events";
import { registerBudgetLabourJobs, requestBudgetLabourRefresh } from "./refresh-budget-labour";
import { registerWriteBackJobs } from "./write-back-time-entries";
import {
  registerTemplateRunJobs,
  TEMPLATE_RUN_QUEUE,
  TEMPLATE_RUN_QUEUE_OPTIONS,
} from "./create-project-from-template";

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
  /**
   * PostgreSQL: seconds between looks for jobs left active by a killed instance (default 15),
   * and how long a job must have been active before it can count as one (default 10).
   */
  orphanCheckSeconds?: number;
  orphanGraceSeconds?: number;
}

/** Queues whose workers hold a job lease, so an interrupted job of theirs can be recovered. */
const RECOVERED_QUEUES = [QUEUES.fullSync, QUEUES.poll, QUEUES.webhook, TEMPLATE_RUN_QUEUE];

/** pg-boss over our database: PGlite through its own query/exec, PostgreSQL through the pool. */
export function bossDb(database: Database): PgBoss.Db {
  if (database.kind === "pglite" && database.pglite) {
    const pglite = database.pglite;
    const parsers = pgliteRawParsers(pglite);
    return {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!values || values.length === 0) {
          // Several statements (pg-boss wraps maintenance in BEGIN … COMMIT) need exec.
          const results = await pglite.exec(text, { parsers });
          return { rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
        }
        const r = await pglite.query(text, values, { parsers });
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

/**
 * Count the job handlers running on `boss`: every `boss.work` handler registered from here on is
 * wrapped (one place for all the queues' workers), and `settled` waits until none runs.
 */
function trackHandlers(boss: PgBoss) {
  const running = new Set<Promise<unknown>>();
  const work = boss.work.bind(boss) as (name: string, ...args: unknown[]) => Promise<string>;
  (boss as unknown as { work: typeof work }).work = (name, ...args) => {
    const handler = args.pop() as (jobs: unknown) => Promise<unknown>;
    return work(name, ...args, (jobs: unknown) => {
      const run = Promise.resolve().then(() => handler(jobs));
      running.add(run);
      void run.then(
        () => running.delete(run),
        () => running.delete(run),
      );
      return run;
    });
  };
  return {
    async settled(timeoutMs: number): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (running.size > 0 && Date.now() < until) {
        await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 200))]);
      }
    },
  };
}

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
  const handlers = trackHandlers(boss);
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
  // Create project from template: one job per run (create-project-from-template.ts).
  await boss.createQueue(TEMPLATE_RUN_QUEUE, { ...TEMPLATE_RUN_QUEUE_OPTIONS });

  // Jobs still "active" from a killed run go back to their queues before any worker starts,
  // merged into a job of the same workspace already waiting (recover-interrupted-jobs.ts). The
  // embedded database has exactly one process, so every active job is such a leftover; on
  // PostgreSQL only those whose lease no live instance holds, now and every few seconds.
  const embedded = deps.database.kind === "pglite";
  const recover = async () => {
    const r = await recoverInterruptedJobs(deps.database, {
      queues: RECOVERED_QUEUES,
      orphans: embedded ? "all" : "unlocked",
      graceSeconds: options.orphanGraceSeconds ?? 10,
    });
    if (r.requeued || r.merged || r.deduplicated) log.info(r, "interrupted jobs put back in their queues");
  };
  await recover();
  const leases = jobLeases(deps.database, log);
  let orphanTimer: NodeJS.Timeout | undefined;
  if (!embedded) {
    orphanTimer = setInterval(
      () => {
        recover().catch((err: unknown) =>
          log.warn({ err: (err as Error).message }, "interrupted job recovery failed"),
        );
      },
      (options.orphanCheckSeconds ?? 15) * 1000,
    );
    orphanTimer.unref();
  }

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };

  const jobs: Jobs = {
    boss,
    enqueueFullSync: async (organizationId, trigger) => {
      // A failed sync waiting for its retry is that one waiting sync: it runs now.
      const hurried = await hurryWaitingRetry(deps.database, QUEUES.fullSync, organizationId, {
        organizationId,
        trigger,
      });
      const id = hurried
        ? organizationId
        : await boss.send(QUEUES.fullSync, { organizationId, trigger }, { singletonKey: organizationId });
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
      clearInterval(orphanTimer);
      await boss.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
      // A handler pg-boss handed a job just as it stopped (or one past the timeout) still runs:
      // wait for it, so its queries and pg-boss's completion of its job are sent before the
      // database closes.
      await handlers.settled(20_000);
      await leases.close();
    },
  };

  await boss.work<{ organizationId: string; trigger: string }>(QUEUES.fullSync, polling, async ([job]) => {
    if (!job) return;
    const result = await leases.hold(job.id, () =>
      runFullSync(deps, job.data.organizationId, { trigger: job.data.trigger }),
    );
    await requestBudgetLabourRefresh({ ...deps, jobs }, job.data.organizationId);
    if (result.status === "failed" && !/not connected/i.test(result.error ?? ""))
      throw new Error(result.error);
  });
  await boss.work<{ organizationId: string; trigger: string }>(QUEUES.poll, polling, async ([job]) => {
    if (!job) return;
    await leases.hold(job.id, () => runPoll(deps, job.data.organizationId, { trigger: job.data.trigger }));
    await requestBudgetLabourRefresh({ ...deps, jobs }, job.data.organizationId);
  });
  await boss.work<{ eventId: number }>(QUEUES.webhook, { ...polling, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await leases.hold(job.id, () => processWebhookEvent(deps, job.data.eventId));
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
  // Webhook history kept bounded (server/jobs/prune-webhook-events.ts).
  await registerPruneWebhookEventsJob(boss, deps, {
    schedule: options.schedule ?? true,
    pollingIntervalSeconds: polling.pollingIntervalSeconds,
  });
  await registerTemplateRunJobs(boss, deps, leases, polling);
  // Budget labour sums for the budgets list and /finance (server/jobs/refresh-budget-labour.ts).
  await registerBudgetLabourJobs(boss, deps, {
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
