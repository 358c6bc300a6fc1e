import { addIsoDays } from "@domain/calendar";
import { isoWeekday } from "@domain/work-calendar";
import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import { workspaceToday } from "../modules/purchase-orders/po-writes";
import { notificationKey, notifyCapacityDigest } from "../modules/slack/notify";
import { notificationRecorded, workspacesNotifying } from "../modules/slack/repo";
import { getWorkload } from "../modules/workload/get-workload";
import { systemContext } from "../request-context";

/*
 * Slack "Monday digest of people booked over capacity this week" (PRODUCT.md → Slack). Run
 * hourly on Mondays and Tuesdays (UTC), it acts for a workspace only while its own day is a
 * Monday (workspace time zone, app clock), so every zone gets its Monday: the week Monday …
 * Sunday read through the workload use case (confirmed booked vs capacity per person, the
 * arithmetic of the Workload screen), and the people whose week's booked minutes exceed their
 * capacity are posted once per workspace and week. A week with nobody over posts nothing.
 */

export const CAPACITY_DIGEST_JOB = "slack-capacity-digest";

/** One pass: how many digests were queued. */
export async function runCapacityDigest(deps: AppDeps): Promise<number> {
  let queued = 0;
  for (const organizationId of await workspacesNotifying(deps.database.db, "capacity_digest")) {
    const ctx = systemContext(deps, organizationId);
    try {
      const today = await workspaceToday(ctx.db, ctx);
      if (isoWeekday(today) !== 1) continue;
      // Already posted this week (the job runs hourly): the workload is not read again.
      if (await notificationRecorded(ctx.db, organizationId, notificationKey("capacity_digest", today)))
        continue;
      const week = { from: today, to: addIsoDays(today, 6) };
      const workload = await getWorkload(ctx, { ...week, tentative: "false" });
      const over = workload.people
        .filter((p) => p.totals.booked > p.totals.capacity)
        .sort(
          (a, b) =>
            b.totals.booked - b.totals.capacity - (a.totals.booked - a.totals.capacity) ||
            a.name.localeCompare(b.name),
        );
      if (!over.length) continue;
      if (await transaction(deps.database, (tx) => notifyCapacityDigest(tx, ctx, week, over))) queued += 1;
    } catch (err) {
      deps.logger.error({ err, organizationId }, "capacity digest failed");
    }
  }
  return queued;
}

/** Hourly on Mondays and Tuesdays UTC (server/jobs/index.ts registers the job). */
export const CAPACITY_DIGEST_CRON = "0 * * * 1,2";
