import { createHash } from "node:crypto";
import { storableText } from "@domain/storable-text";
import type { AppDeps } from "../../context";
import { transaction } from "../../db/executor";
import { asObject, idOrNull, strOrNull } from "../../integrations/clickup/decode";
import { verifyWebhookSignature } from "../../integrations/clickup/webhooks";
import { requestWebhookProcessing } from "../../jobs/index";
import { consumePublicLimit, publicLimitReached, type PublicLimitRule } from "../audit/public-rate-limit";
import { recordSecurityEvent } from "../audit/record-security-event";
import { webhookSecret } from "../sync/engine";
import { getWorkspaceConnection } from "../clickup/repo";
import { findIdenticalDelivery, insertWebhookEvent, lockWebhookDeliveries } from "../sync/webhook-event-repo";

export type WebhookVerdict =
  { ok: true; eventId: number; duplicate: boolean } | { ok: false; status: 400 | 429; reason: string };

export interface ReceiveClickupWebhookInput {
  /** From the URL: unverified until the signature checks out against that workspace's secret. */
  organizationId: string;
  /** The body exactly as received (the signature covers these bytes). */
  raw: string;
  /** The X-Signature header. */
  signature: string | null;
  /** The sender's address (clientIp), the key of the rejected-delivery limit. */
  source: string | null;
}

/**
 * Rejected deliveries per source address: ClickUp's own never fail the signature, so a source
 * past this many in a window is refused with 429 before anything is read or stored.
 */
export const REJECTED_WEBHOOK_LIMIT: PublicLimitRule = { window: 60, max: 20 };

/** How much of a rejected body is kept: its size, its hash and this many characters. */
export const REJECTED_BODY_HEAD_CHARS = 2000;

/**
 * Replays (clickup-api.md §5.3, §7 item 14): a delivery with history items is identified by its
 * event, task and history items, so an identical one within a day is the same delivery again.
 * One without (taskDeleted, listCreated, spaceUpdated…) only by its body: identical bodies within
 * five minutes are one delivery — except hierarchy creations and updates, whose body names no
 * change (a second rename sends the same body), so those fold only into one still waiting.
 */
const HISTORY_DEDUP_WINDOW_S = 24 * 3600;
const BODY_DEDUP_WINDOW_S = 5 * 60;
const STATE_REFRESH_EVENT = /^(list|folder|space)(Created|Updated)$/;

/**
 * One delivery from ClickUp (clickup-api.md §5): verify the HMAC of the raw body against the
 * workspace's webhook secret, record it (verified or not — the webhook-activity report), and
 * queue it unless it repeats one already recorded (then it is recorded as `duplicate`). A bad
 * signature is answered 400, never 401/410 (those suspend the webhook); a rejected delivery keeps
 * only a bounded summary of its body. Nobody signed in sends it, so it takes the app's deps
 * rather than a request context.
 */
export async function receiveClickupWebhook(
  deps: Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup" | "jobs" | "now">,
  input: ReceiveClickupWebhookInput,
): Promise<WebhookVerdict> {
  const { organizationId, raw, signature, source } = input;
  const db = deps.database.db;
  if (await publicLimitReached(deps, "webhook-rejected", source, REJECTED_WEBHOOK_LIMIT)) {
    return { ok: false, status: 429, reason: "Too many rejected deliveries from this address" };
  }
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
  else if (payload === null || typeof payload !== "object" || Array.isArray(payload))
    reason = "Body is not a JSON object";
  else if (connection.webhookId && webhookId && webhookId !== connection.webhookId)
    reason = "Unknown webhook id";

  if (reason) {
    const verdict = await consumePublicLimit(deps, "webhook-rejected", source, REJECTED_WEBHOOK_LIMIT);
    await insertWebhookEvent(db, {
      organizationId: orgForRecord,
      webhookId: webhookId?.slice(0, 200) ?? null,
      event: event?.slice(0, 100) ?? null,
      taskId: taskId?.slice(0, 200) ?? null,
      signatureValid: false,
      status: "rejected",
      // Never the whole body (up to the 1 MB body limit, forged): what the activity report and a
      // person looking into it need.
      payload: rejectedSummary(raw),
      error: reason,
    });
    deps.logger.warn({ organizationId, event, webhookId, reason, source }, "clickup webhook rejected");
    if (verdict.firstRefusal)
      await recordSecurityEvent(deps, {
        eventType: "rate_limit_exceeded",
        eventData: { scope: "ip", path: "/api/webhooks/clickup", reason: "rejected deliveries" },
        organizationId: orgForRecord,
        ipAddress: source,
      });
    return { ok: false, status: 400, reason };
  }

  const items = Array.isArray(body.history_items) ? body.history_items : [];
  const stateRefresh = items.length === 0 && STATE_REFRESH_EVENT.test(event ?? "");
  const recorded = await transaction(deps.database, async (tx) => {
    await lockWebhookDeliveries(tx, `webhook:${organizationId}:${event ?? ""}:${taskId ?? ""}`);
    const earlier = await findIdenticalDelivery(tx, {
      organizationId,
      event,
      taskId,
      payload,
      windowSeconds: items.length ? HISTORY_DEDUP_WINDOW_S : BODY_DEDUP_WINDOW_S,
      pendingOnly: stateRefresh,
    });
    const id = await insertWebhookEvent(tx, {
      organizationId,
      webhookId,
      event,
      taskId,
      signatureValid: true,
      status: earlier === null ? "received" : "duplicate",
      payload,
      error: earlier === null ? null : `Duplicate of delivery ${earlier}`,
    });
    return { id, duplicate: earlier !== null };
  });
  if (!recorded.duplicate) await requestWebhookProcessing(deps, recorded.id);
  return { ok: true, eventId: recorded.id, duplicate: recorded.duplicate };
}

function rejectedSummary(raw: string) {
  return {
    bytes: Buffer.byteLength(raw),
    sha256: createHash("sha256").update(raw).digest("hex"),
    head: storableText(raw.slice(0, REJECTED_BODY_HEAD_CHARS)),
  };
}
