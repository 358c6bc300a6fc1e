import type PgBoss from "pg-boss";
import type { AppDeps } from "../context";
import { pruneWebhookEvents } from "../modules/sync/webhook-event-repo";
import { registerScheduledJob, type ScheduleOptions } from "./scheduled-job";

/**
 * Webhook history does not grow without end (issue 11 item 7). Kept:
 * - every delivery of a workspace for 90 days (the webhook-activity report reads the last 7);
 * - the body of an applied or duplicate delivery for 7 days (past the 24 h replay window; the
 *   row with its event, task, status and times stays);
 * - deliveries that matched no workspace (forged or misrouted; bodies already cut to a 2 KB
 *   summary when refused) for 7 days.
 */
export const PRUNE_WEBHOOK_EVENTS_JOB = "prune-webhook-events";
export const WEBHOOK_HISTORY_DAYS = 90;
export const WEBHOOK_PAYLOAD_DAYS = 7;
export const UNMATCHED_WEBHOOK_DAYS = 7;

const DAY_MS = 86_400_000;

type PruneDeps = Pick<AppDeps, "database" | "logger"> & Partial<Pick<AppDeps, "now">>;

export async function runWebhookPrune(deps: PruneDeps): Promise<{ deleted: number; trimmed: number }> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const result = await pruneWebhookEvents(deps.database.db, {
    deleteBefore: new Date(now - WEBHOOK_HISTORY_DAYS * DAY_MS),
    trimPayloadsBefore: new Date(now - WEBHOOK_PAYLOAD_DAYS * DAY_MS),
    deleteUnmatchedBefore: new Date(now - UNMATCHED_WEBHOOK_DAYS * DAY_MS),
  });
  if (result.deleted || result.trimmed) deps.logger.info(result, "webhook history pruned");
  return result;
}

/** The queue, its worker and its daily schedule (04:15 UTC), registered by server/jobs/boss.ts. */
export function registerPruneWebhookEventsJob(
  boss: PgBoss,
  deps: PruneDeps,
  options: ScheduleOptions = {},
): Promise<void> {
  return registerScheduledJob(
    boss,
    { name: PRUNE_WEBHOOK_EVENTS_JOB, cron: "15 4 * * *", run: () => runWebhookPrune(deps) },
    options,
  );
}
