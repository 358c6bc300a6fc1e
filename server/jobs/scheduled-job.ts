import type PgBoss from "pg-boss";

export interface ScheduleOptions {
  /** Put the job on its cron schedule (false in tests, which run it by hand). */
  schedule?: boolean;
  pollingIntervalSeconds?: number;
}

/**
 * A recurring job: its queue (policy "short": one waiting run at a time, so a slow pass is never
 * stacked behind itself), its worker, and its cron schedule (UTC). The pass itself (`run`) is a
 * plain function the tests call directly.
 */
export async function registerScheduledJob(
  boss: PgBoss,
  job: { name: string; cron: string; run: () => Promise<unknown> },
  options: ScheduleOptions = {},
): Promise<void> {
  await boss.createQueue(job.name, { name: job.name, policy: "short" });
  await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
    await job.run();
  });
  if (options.schedule ?? true) await boss.schedule(job.name, job.cron);
}
