import type { AppDeps } from "../../context";
import { asObject, idOrNull, strOrNull } from "../../integrations/clickup/decode";
import { verifyWebhookSignature } from "../../integrations/clickup/webhooks";
import { requestWebhookProcessing } from "../../jobs/index";
import { webhookSecret } from "../sync/engine";
import { getWorkspaceConnection } from "../clickup/repo";
import { insertWebhookEvent } from "../sync/webhook-event-repo";

export type WebhookVerdict = { ok: true; eventId: number } | { ok: false; status: 400; reason: string };

export interface ReceiveClickupWebhookInput {
  /** From the URL: unverified until the signature checks out against that workspace's secret. */
  organizationId: string;
  /** The body exactly as received (the signature covers these bytes). */
  raw: string;
  /** The X-Signature header. */
  signature: string | null;
}

/**
 * One delivery from ClickUp (clickup-api.md §5): verify the HMAC of the raw body against the
 * workspace's webhook secret, record it (verified or not — the webhook-activity report), and
 * queue it. A bad signature is answered 400, never 401/410 (those suspend the webhook).
 * Nobody signed in sends it, so it takes the app's deps rather than a request context.
 */
export async function receiveClickupWebhook(
  deps: Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup" | "jobs">,
  input: ReceiveClickupWebhookInput,
): Promise<WebhookVerdict> {
  const { organizationId, raw, signature } = input;
  const db = deps.database.db;
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    payload = null;
  }
  const body = asObject(payload);
  const event = strOrNull(body.event);
  const webhookId = strOrNull(body.webhook_id);
  const taskId = idOrNull(body.task_id);
  const connection = await getWorkspaceConnection(db, organizationId);
  const secret = connection ? webhookSecret(deps, connection) : null;
  const orgForRecord = connection ? organizationId : null;

  let reason: string | null = null;
  if (!connection || !secret) reason = "No ClickUp webhook is registered for this workspace";
  else if (!verifyWebhookSignature(raw, signature, secret)) reason = "Invalid X-Signature";
  else if (payload === null) reason = "Body is not JSON";
  else if (connection.webhookId && webhookId && webhookId !== connection.webhookId)
    reason = "Unknown webhook id";

  if (reason) {
    await insertWebhookEvent(db, {
      organizationId: orgForRecord,
      webhookId,
      event,
      taskId,
      signatureValid: false,
      status: "rejected",
      // A forged delivery is kept for the activity report, trimmed to its envelope.
      payload: payload === null ? { raw: raw.slice(0, 2000) } : payload,
      error: reason,
    });
    deps.logger.warn({ organizationId, event, webhookId, reason }, "clickup webhook rejected");
    return { ok: false, status: 400, reason };
  }
  const eventId = await insertWebhookEvent(db, {
    organizationId,
    webhookId,
    event,
    taskId,
    signatureValid: true,
    status: "received",
    payload,
    error: null,
  });
  await requestWebhookProcessing(deps, eventId);
  return { ok: true, eventId };
}
