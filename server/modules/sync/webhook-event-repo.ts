import { sql } from "drizzle-orm";
import { firstRow, run, type Executor } from "../../db/executor";

/**
 * Every ClickUp webhook delivery, verified or not (webhook_events): recorded on receipt,
 * finished by the job that applies it, counted for the webhook-activity report. Deliveries that
 * matched no workspace carry organization_id '' (the column is part of the key), read back as null.
 */

export async function insertWebhookEvent(
  ex: Executor,
  e: {
    organizationId: string | null;
    webhookId: string | null;
    event: string | null;
    taskId: string | null;
    signatureValid: boolean;
    status: "received" | "rejected";
    payload: unknown;
    error: string | null;
  },
): Promise<number> {
  const r = await firstRow<{ id: number | string }>(
    ex,
    sql`insert into webhook_events (organization_id, webhook_id, event, task_id, signature_valid, status, payload, error, received_at)
        values (${e.organizationId ?? ""}, ${e.webhookId}, ${e.event}, ${e.taskId}, ${e.signatureValid}, ${e.status},
          ${e.payload === undefined ? null : JSON.stringify(e.payload)}::jsonb, ${e.error}, now())
        returning id`,
  );
  return Number(r!.id);
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
    sql`update webhook_events set status = ${status}, error = ${error}, processed_at = now() where id = ${id}`,
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
