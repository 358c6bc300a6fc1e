import { sql, type SQL } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { AppDeps } from "../context";
import { rows, transaction, type Executor } from "../db/executor";
import { SlackApiError, RETRYABLE_ERRORS } from "../modules/slack/client";
import { lockNotification, updateNotification } from "../modules/slack/repo";
import { activeSlack, forgetDeadToken } from "../modules/slack/slack-connection";

/*
 * Slack notifications (PRODUCT.md → Slack) are delivered from the outbox slack_notifications, one
 * row per event whose primary key is the event's idempotency key. The use case that raises the
 * event inserts the row and queues this job in its own transaction (enqueueSlackDelivery), so a
 * rolled-back change sends nothing and a committed one is never forgotten.
 *
 * One delivery: (1) claim — lock the row; `sent` → done; `sending` → an earlier attempt was cut
 * off after claiming (worker killed between the post and its record): it may have reached Slack,
 * so it is NOT posted again but recorded as failed 'interrupted' (shown in Settings → Slack);
 * `pending` → mark `sending`, attempts + 1, commit. (2) chat.postMessage. (3) record — `sent` with
 * Slack's ts. A refusal is recorded before the job ends: `ratelimited` puts the row back to
 * `pending` and queues a new job after Retry-After; other transient errors back off (30 s × 2ⁿ,
 * 5 attempts); anything else (channel gone, archived, token revoked…) is `failed` with the code,
 * and a dead token shows the install as disconnected.
 */

export const SLACK_NOTIFY_QUEUE = "slack-notify";
const SLACK_SWEEP_QUEUE = "slack-notify-sweep";
export const SLACK_MAX_ATTEMPTS = 5;

export interface SlackDeliveryJob {
  organizationId: string;
  eventKey: string;
}

type Deps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "now"> &
  Partial<Pick<AppDeps, "jobs">>;

/** pg-boss statements run on `ex` (an open transaction): the job commits or rolls back with it. */
export function bossOn(ex: Executor): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        if (i % 2 === 0) chunks.push(sql.raw(part));
        else {
          const v = values[Number(part) - 1] ?? null; // an undefined parameter would vanish from the SQL
          chunks.push(
            sql`${v !== null && typeof v === "object" && !(v instanceof Date) ? JSON.stringify(v) : v}`,
          );
        }
      });
      return { rows: await rows<unknown>(ex, sql.join(chunks, sql.raw(""))) };
    },
  };
}

/**
 * Queue the delivery of an outbox row inside the caller's transaction. Without the queue (API
 * tests, tools) the row stays pending for the sweep of the next server that runs it.
 */
export async function enqueueSlackDelivery(tx: Executor, deps: Deps, job: SlackDeliveryJob): Promise<void> {
  if (!deps.jobs) {
    deps.logger.info(job, "slack notification left pending: no job queue in this process");
    return;
  }
  // No send options that take a value: bossOn() passes each $n occurrence as a parameter of its
  // own, so one read as text, timestamptz and interval (startAfter) would not parse.
  await deps.jobs.boss.send(SLACK_NOTIFY_QUEUE, { ...job }, { db: bossOn(tx) });
}

export type DeliveryOutcome = "sent" | "already_sent" | "retry" | "failed" | "missing";

/** Test seams: what happens between the steps (a test kills the worker right after the post). */
export interface DeliverySeams {
  afterPost?: () => void | Promise<void>;
}

export async function deliverSlackNotification(
  deps: Deps,
  job: SlackDeliveryJob,
  seams: DeliverySeams = {},
): Promise<DeliveryOutcome> {
  const { organizationId, eventKey } = job;
  const log = deps.logger.child({ component: "slack-notify", organizationId, eventKey });
  // (1) claim
  const claimed = await transaction(deps.database, async (tx) => {
    const row = await lockNotification(tx, organizationId, eventKey);
    if (!row) return "missing" as const;
    if (row.status === "sent") return "already_sent" as const;
    if (row.status === "failed") return "failed" as const;
    if (row.status === "sending") {
      await updateNotification(tx, organizationId, eventKey, {
        status: "failed",
        lastError: "interrupted",
        now: deps.now(),
      });
      log.warn("slack notification interrupted mid-send earlier; not sent again");
      return "failed" as const;
    }
    await updateNotification(tx, organizationId, eventKey, {
      status: "sending",
      attempts: row.attempts + 1,
      now: deps.now(),
    });
    return { ...row, attempts: row.attempts + 1 };
  });
  if (typeof claimed === "string") return claimed;

  const fail = async (code: string) => {
    await transaction(deps.database, (tx) =>
      updateNotification(tx, organizationId, eventKey, {
        status: "failed",
        lastError: code,
        now: deps.now(),
      }),
    );
    log.warn({ code }, "slack notification failed");
    return "failed" as const;
  };
  const slack = await activeSlack(deps, organizationId);
  if (!slack) return fail("not_connected");
  // (2) post
  let ts: string;
  try {
    const posted = await slack.client.postMessage({
      channel: claimed.channel_id,
      text: claimed.text,
      ...(claimed.blocks ? { blocks: claimed.blocks } : {}),
    });
    ts = posted.ts;
  } catch (err) {
    const code = err instanceof SlackApiError ? err.code : "network_error";
    if (await forgetDeadToken(deps, organizationId, err)) return fail(code);
    if (RETRYABLE_ERRORS.has(code) && claimed.attempts < SLACK_MAX_ATTEMPTS) {
      const wait =
        err instanceof SlackApiError && err.retryAfterSeconds !== null
          ? Math.max(1, err.retryAfterSeconds)
          : 30 * 2 ** (claimed.attempts - 1);
      // Nothing was posted: back to pending, then a job that starts after the wait. Should this
      // process stop in between, the sweep queues the pending row again.
      await transaction(deps.database, (tx) =>
        updateNotification(tx, organizationId, eventKey, {
          status: "pending",
          lastError: code,
          nextAttemptAt: new Date(deps.now().getTime() + wait * 1000),
          now: deps.now(),
        }),
      );
      if (deps.jobs) await deps.jobs.boss.send(SLACK_NOTIFY_QUEUE, { ...job }, { startAfter: wait });
      log.info({ code, wait }, "slack notification retried later");
      return "retry";
    }
    return fail(code);
  }
  await seams.afterPost?.();
  // (3) record
  await transaction(deps.database, (tx) =>
    updateNotification(tx, organizationId, eventKey, {
      status: "sent",
      lastError: null,
      ts,
      now: deps.now(),
    }),
  );
  return "sent";
}

/** Pending rows nobody queued (written without a job queue, or a lost job): queued again. */
export async function sweepPendingSlackNotifications(deps: Deps): Promise<number> {
  const due = await rows<{ organization_id: string; event_key: string }>(
    deps.database.db,
    sql`select organization_id, event_key from slack_notifications
         where status = 'pending' and coalesce(next_attempt_at, updated_at) < ${new Date(deps.now().getTime() - 60_000).toISOString()}::timestamptz
         order by created_at limit 100`,
  );
  for (const r of due)
    await transaction(deps.database, (tx) =>
      enqueueSlackDelivery(tx, deps, { organizationId: r.organization_id, eventKey: r.event_key }),
    );
  return due.length;
}

/** The queue, its worker and the sweep, registered by server/jobs/index.ts after the queue starts. */
export async function registerSlackJobs(
  boss: PgBoss,
  deps: Deps,
  options: { schedule?: boolean; pollingIntervalSeconds?: number } = {},
): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.createQueue(SLACK_NOTIFY_QUEUE, {
    name: SLACK_NOTIFY_QUEUE,
    policy: "standard",
    // A job cut off (killed worker) is retried; the outbox row decides whether anything is posted.
    retryLimit: 3,
    retryDelay: 5,
    expireInSeconds: 120,
  });
  await boss.createQueue(SLACK_SWEEP_QUEUE, { name: SLACK_SWEEP_QUEUE, policy: "short" });
  await boss.work<SlackDeliveryJob>(SLACK_NOTIFY_QUEUE, { ...polling, batchSize: 1 }, async ([job]) => {
    if (job) await deliverSlackNotification(deps, job.data);
  });
  await boss.work(SLACK_SWEEP_QUEUE, polling, async () => {
    await sweepPendingSlackNotifications(deps);
  });
  if (options.schedule ?? true) await boss.schedule(SLACK_SWEEP_QUEUE, "* * * * *");
}
