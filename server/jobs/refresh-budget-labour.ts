import type PgBoss from "pg-boss";
import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import { activeBudgetIds, refreshLabourSums, workspacesWithBudgets } from "../modules/budgets/labour-repo";

/*
 * The budgets list and the /finance overview read each budget's labour actuals as last summed
 * (budget_labour_sums), so a request never prices every time entry of every project. This job
 * sums them again for a workspace's active budgets: queued after every sync run (full, poll,
 * webhook) and timesheet save, once per workspace at a time, and for every workspace every 15
 * minutes (rate and role-tag changes). The budget screen always prices labour live.
 */

export const REFRESH_BUDGET_LABOUR_JOB = "refresh-budget-labour";
const REFRESH_ALL_JOB = "refresh-budget-labour-all";
/** Budgets summed per transaction (the embedded database's one connection is free in between). */
const CHUNK = 5;

type RefreshDeps = Pick<AppDeps, "database" | "logger"> & Partial<Pick<AppDeps, "jobs" | "now">>;

/** Sum the labour of every active budget of the workspace again; returns how many budgets. */
export async function runBudgetLabourRefresh(deps: RefreshDeps, organizationId: string): Promise<number> {
  const ids = await activeBudgetIds(deps.database.db, organizationId);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    await transaction(deps.database, (tx) =>
      refreshLabourSums(tx, organizationId, chunk, deps.now?.() ?? new Date()),
    );
  }
  return ids.length;
}

/**
 * Ask for a refresh of the workspace's budget labour: queued (one waiting per workspace) with the
 * job queue running, else run in the background of this process (API tests, tools).
 */
export async function requestBudgetLabourRefresh(deps: RefreshDeps, organizationId: string): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.boss.send(
      REFRESH_BUDGET_LABOUR_JOB,
      { organizationId },
      { singletonKey: organizationId },
    );
    return;
  }
  void runBudgetLabourRefresh(deps, organizationId).catch((err: unknown) =>
    deps.logger.warn({ err, organizationId }, "budget labour refresh failed"),
  );
}

/** The queues, their workers and the 15-minute schedule, registered by server/jobs/boss.ts. */
export async function registerBudgetLabourJobs(
  boss: PgBoss,
  deps: RefreshDeps,
  options: { schedule?: boolean; pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.createQueue(REFRESH_BUDGET_LABOUR_JOB, { name: REFRESH_BUDGET_LABOUR_JOB, policy: "stately" });
  await boss.createQueue(REFRESH_ALL_JOB, { name: REFRESH_ALL_JOB, policy: "short" });
  await boss.work<{ organizationId: string }>(REFRESH_BUDGET_LABOUR_JOB, polling, async ([job]) => {
    if (job) await runBudgetLabourRefresh(deps, job.data.organizationId);
  });
  await boss.work(REFRESH_ALL_JOB, polling, async () => {
    for (const organizationId of await workspacesWithBudgets(deps.database.db))
      await boss.send(REFRESH_BUDGET_LABOUR_JOB, { organizationId }, { singletonKey: organizationId });
  });
  if (options.schedule ?? true) await boss.schedule(REFRESH_ALL_JOB, "*/15 * * * *");
}
