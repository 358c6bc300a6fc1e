import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { storableJson, storableText } from "@domain/storable-text";
import { firstRow, rows, run, type Executor } from "../../db/executor";

/**
 * Every ClickUp webhook delivery, verified or not (webhook_events): recorded on receipt,
 * finished by the job that applies it, counted for the webhook-activity report. Deliveries that
 * matched no workspace carry organization_id '' (the column is part of the key), read back as null.
 */

export type WebhookEventStatus = "received" | "processed" | "rejected" | "failed" | "duplicate";

export interface WebhookEventRecord {
  organizationId: string | null;
  webhookId: string | null;
  event: string | null;
  taskId: string | null;
  signatureValid: boolean;
  status: "received" | "rejected" | "duplicate";
  payload: unknown;
  error: string | null;
}

const textOrNull = (value: string | null, max: number) =>
  value === null ? null : storableText(value).slice(0, max);

/**
 * Record one delivery. Text and JSON go through storableText / storableJson (anybody can send
 * a NUL or a lone surrogate, PostgreSQL refuses both).
 */
export async function insertWebhookEvent(ex: Executor, e: WebhookEventRecord): Promise<number> {
  const payload = e.payload === undefined ? null : JSON.stringify(storableJson(e.payload));
  const r = await firstRow<{ id: number | string }>(
    ex,
    sql`insert into webhook_events (organization_id, webhook_id, event, task_id, signature_valid, status, payload, error, received_at)
        values (${e.organizationId ?? ""}, ${textOrNull(e.webhookId, 200)}, ${textOrNull(e.event, 100)},
          ${textOrNull(e.taskId, 200)}, ${e.signatureValid}, ${e.status},
          ${payload}::jsonb, ${textOrNull(e.error, 500)}, now())
        returning id`,
  );
  return Number(r!.id);
}

/** Serialises the deliveries of one (workspace, event, resource) until the transaction ends. */
export async function lockWebhookDeliveries(ex: Executor, lockKey: string): Promise<void> {
  // A 64-bit key from the text's hash: nothing a sender wrote is passed to the database here.
  const key = createHash("sha256").update(lockKey).digest().readBigInt64BE(0);
  await run(ex, sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

/**
 * The earliest verified delivery of the same workspace, event and task with exactly the same
 * body (compared as jsonb) received within `windowSeconds`; `pendingOnly` limits it to
 * deliveries still waiting to be applied. null when there is none.
 */
export async function findIdenticalDelivery(
  ex: Executor,
  q: {
    organizationId: string;
    event: string | null;
    taskId: string | null;
    payload: unknown;
    windowSeconds: number;
    pendingOnly: boolean;
  },
): Promise<number | null> {
  const statuses = q.pendingOnly ? sql`('received')` : sql`('received', 'processed', 'failed')`;
  const r = await firstRow<{ id: number | string }>(
    ex,
    sql`select id from webhook_events
         where organization_id = ${q.organizationId}
           and received_at > now() - ${q.windowSeconds}::int * interval '1 second'
           and status in ${statuses}
           and event is not distinct from ${textOrNull(q.event, 100)}
           and task_id is not distinct from ${textOrNull(q.taskId, 200)}
           and payload = ${JSON.stringify(storableJson(q.payload))}::jsonb
         order by id
         limit 1`,
  );
  return r ? Number(r.id) : null;
}

/** Retention of webhook history (server/jobs/prune-webhook-events.ts). */
export interface WebhookRetention {
  /** Rows older than this are deleted (every status). */
  deleteBefore: Date;
  /** Payloads of applied and duplicate deliveries older than this are dropped (the row stays). */
  trimPayloadsBefore: Date;
  /** Deliveries that matched no workspace (forged or misrouted) are deleted sooner. */
  deleteUnmatchedBefore: Date;
}

export async function pruneWebhookEvents(
  ex: Executor,
  r: WebhookRetention,
): Promise<{ deleted: number; trimmed: number }> {
  const deleted = await rows<{ id: number | string }>(
    ex,
    sql`delete from webhook_events
         where received_at < ${r.deleteBefore.toISOString()}::timestamptz
            or (organization_id = '' and received_at < ${r.deleteUnmatchedBefore.toISOString()}::timestamptz)
        returning id`,
  );
  const trimmed = await rows<{ id: number | string }>(
    ex,
    sql`update webhook_events set payload = null
         where status in ('processed', 'duplicate') and payload is not null
           and received_at < ${r.trimPayloadsBefore.toISOString()}::timestamptz
        returning id`,
  );
  return { deleted: deleted.length, trimmed: trimmed.length };
}

export async function getWebhookEvent(ex: Executor, id: number) {
  const r = await firstRow<{ id: number; organizationId: string | null; status: string; payload: unknown }>(
    ex,
    sql`select id, nullif(organization_id, '') as "organizationId", status, payload from webhook_events where id = ${id}`,
  );
  return r ?? null;
}

export async function finishWebhookEvent(
  ex: Executor,
  id: number,
  status: "processed" | "failed",
  error: string | null,
) {
  await run(
    ex,
    sql`update webhook_events set status = ${status}, error = ${error === null ? null : storableText(error).slice(0, 2000)},
               processed_at = now() where id = ${id}`,
  );
}

/** The webhook-activity report of the last 7 days (Settings → ClickUp → sync, admins). */
export async function webhookActivity(ex: Executor, orgId: string) {
  const r = await firstRow<{
    received: number | string;
    rejected: number | string;
    failed: number | string;
    last: string | null;
  }>(
    ex,
    sql`select count(*) filter (where status in ('received', 'processed')) as received,
               count(*) filter (where status = 'rejected') as rejected,
               count(*) filter (where status = 'failed') as failed,
               max(received_at)::text as last
        from webhook_events where organization_id = ${orgId} and received_at > now() - interval '7 days'`,
  );
  return {
    receivedLast7Days: Number(r?.received ?? 0),
    rejectedLast7Days: Number(r?.rejected ?? 0),
    failedLast7Days: Number(r?.failed ?? 0),
    lastReceivedAt: r?.last ? new Date(r.last).toISOString() : null,
  };
}
