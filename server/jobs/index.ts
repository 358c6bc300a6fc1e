import type { AppDeps } from "../context";
import { runFullSync } from "../modules/sync/full-sync";
import { processWebhookEvent } from "../modules/sync/incremental";
import { getSyncState, patchSyncState } from "../modules/sync/sync-state-repo";
import { startJobs, type Jobs, type JobsOptions } from "./boss";
import { runTemplateRun, TEMPLATE_RUN_QUEUE } from "./create-project-from-template";
import {
  CAPACITY_DIGEST_CRON,
  CAPACITY_DIGEST_JOB,
  runCapacityDigest,
} from "./capacity-digest-notifications";
import {
  INVOICE_OVERDUE_CRON,
  INVOICE_OVERDUE_JOB,
  runInvoiceOverdueNotifications,
} from "./invoice-overdue-notifications";
import { registerScheduledJob } from "./scheduled-job";
import { registerSlackJobs } from "./slack-notifications";

export type { Jobs, JobsOptions };
export { QUEUES } from "./boss";

/** Start the queue and attach it to deps (server/main.ts, after migrations). */
export async function startJobsFor(deps: AppDeps, options?: JobsOptions): Promise<Jobs> {
  const jobs = await startJobs(deps, options);
  deps.jobs = jobs;
  const schedule = {
    schedule: options?.schedule ?? true,
    pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 2,
  };
  // Slack notifications from the outbox (server/jobs/slack-notifications.ts).
  await registerSlackJobs(jobs.boss, deps, schedule);
  // Slack "Invoice overdue", daily, and the Monday capacity digest (server/jobs/*-notifications.ts).
  await registerScheduledJob(
    jobs.boss,
    {
      name: INVOICE_OVERDUE_JOB,
      cron: INVOICE_OVERDUE_CRON,
      run: () => runInvoiceOverdueNotifications(deps),
    },
    schedule,
  );
  await registerScheduledJob(
    jobs.boss,
    { name: CAPACITY_DIGEST_JOB, cron: CAPACITY_DIGEST_CRON, run: () => runCapacityDigest(deps) },
    schedule,
  );
  return jobs;
}

/** Stop workers gracefully before the database closes. */
export async function stopJobs(deps: AppDeps): Promise<void> {
  const jobs = deps.jobs;
  deps.jobs = undefined;
  if (jobs) await jobs.stop();
}

type Deps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup" | "jobs">;

/**
 * Ask for a full sync. With the queue running it is queued (one per workspace at a time);
 * without it (API tests, tools) it runs in the background of this process.
 */
export async function requestFullSync(deps: Deps, organizationId: string, trigger: string): Promise<boolean> {
  if (deps.jobs) return deps.jobs.enqueueFullSync(organizationId, trigger);
  const state = await getSyncState(deps.database.db, organizationId);
  if (state?.status === "running" || state?.status === "queued") return false;
  await patchSyncState(deps.database.db, organizationId, { status: "queued" });
  void runFullSync(deps, organizationId, { trigger }).catch((err: unknown) =>
    deps.logger.error({ err, organizationId }, "background full sync failed"),
  );
  return true;
}

export async function requestWebhookProcessing(deps: Deps, eventId: number): Promise<void> {
  if (deps.jobs) return deps.jobs.enqueueWebhook(eventId);
  void processWebhookEvent(deps, eventId).catch((err: unknown) =>
    deps.logger.warn({ err, eventId }, "webhook processing failed"),
  );
}

/**
 * Start (or continue) a "create project from template" run. With the queue running it is one job
 * per run (singleton key = run id); without it (API tests, tools) it runs in the background of
 * this process.
 */
export async function requestTemplateRun(deps: Deps, organizationId: string, runId: string): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.boss.send(TEMPLATE_RUN_QUEUE, { organizationId, runId }, { singletonKey: runId });
    return;
  }
  void runTemplateRun(deps, { organizationId, runId }).catch((err: unknown) =>
    deps.logger.error({ err, organizationId, runId }, "background template run failed"),
  );
}
