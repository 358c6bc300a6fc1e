import { createHmac } from "node:crypto";
import type { Faults } from "./faults";
import type { SimWebhook } from "./model";
import type { SimState } from "./state";
import type { SimStats } from "./stats";

/** Event names accepted by `POST /team/{id}/webhook` (clickup-api.md §5.2). */
export const WEBHOOK_EVENTS = [
  "taskCreated",
  "taskUpdated",
  "taskDeleted",
  "taskPriorityUpdated",
  "taskStatusUpdated",
  "taskAssigneeUpdated",
  "taskDueDateUpdated",
  "taskTagUpdated",
  "taskMoved",
  "taskCommentPosted",
  "taskCommentUpdated",
  "taskTimeEstimateUpdated",
  "taskTimeTrackedUpdated",
  "listCreated",
  "listUpdated",
  "listDeleted",
  "folderCreated",
  "folderUpdated",
  "folderDeleted",
  "spaceCreated",
  "spaceUpdated",
  "spaceDeleted",
  "goalCreated",
  "goalUpdated",
  "goalDeleted",
  "keyResultCreated",
  "keyResultUpdated",
  "keyResultDeleted",
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export interface HistoryItem {
  id: string;
  type: number;
  date: string;
  field: string;
  parent_id: string;
  data: Record<string, unknown>;
  source: null;
  user: Record<string, unknown>;
  before: unknown;
  after: unknown;
  custom_field?: Record<string, unknown>;
}

export interface WebhookEvent {
  event: WebhookEventName;
  teamId: string;
  /** Where it happened, for the webhook location filters. */
  location: { taskId?: string; listId?: string; folderId?: string | null; spaceId?: string };
  /** Resource id fields of the payload, e.g. `{ task_id: "86…" }`. */
  resource: Record<string, string>;
  historyItems?: HistoryItem[];
  /** Extra top-level `data` (taskTimeTrackedUpdated carries `{description, interval_id}`). */
  data?: Record<string, unknown>;
}

export interface WebhookDeliveryOptions {
  fetch: typeof fetch;
  /** Delay before the 2nd attempt; doubles for each further retry. */
  retryDelayMs: number;
  /** A delivery taking longer than this fails (ClickUp: 7 s). */
  timeoutMs: number;
  /** Attempts per event before it is dropped (ClickUp: 5). */
  maxAttempts: number;
}

export interface DeliveryLogEntry {
  webhookId: string;
  event: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  error?: string;
  at: number;
}

/** Fail count at which a webhook is suspended (clickup-api.md §5.5). */
const SUSPEND_AT_FAIL_COUNT = 100;
const LOG_LIMIT = 2000;

/** Lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook secret (§5.4). */
export function signWebhookBody(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

export class WebhookDispatcher {
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<{ timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
  private closed = false;
  /** Recent delivery attempts, newest last (bounded). */
  readonly log: DeliveryLogEntry[] = [];

  constructor(
    private readonly state: SimState,
    private readonly faults: Faults,
    private readonly stats: SimStats,
    private readonly options: WebhookDeliveryOptions,
  ) {}

  /** Queue deliveries of one event to every webhook that subscribes to it. */
  emit(event: WebhookEvent): void {
    if (this.closed) return;
    for (const webhook of this.state.webhooks.values()) {
      if (!this.matches(webhook, event)) continue;
      const payload: Record<string, unknown> = {
        event: event.event,
        ...event.resource,
        webhook_id: webhook.id,
      };
      if (event.historyItems) payload["history_items"] = event.historyItems;
      if (event.data) payload["data"] = event.data;
      this.enqueue(webhook, event.event, JSON.stringify(payload));
    }
  }

  /** Resolves once every queued delivery (including retries) has finished. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
    this.timers.clear();
  }

  private matches(webhook: SimWebhook, event: WebhookEvent): boolean {
    if (webhook.teamId !== event.teamId || webhook.status === "suspended") return false;
    if (!webhook.events.includes("*") && !webhook.events.includes(event.event)) return false;
    const loc = event.location;
    // One id per level; the most specific one set on the webhook decides (§5.1).
    if (webhook.taskId !== null) {
      if (loc.taskId !== webhook.taskId) return false;
    } else if (webhook.listId !== null) {
      if (loc.listId !== webhook.listId) return false;
    } else if (webhook.folderId !== null) {
      if (!loc.folderId || loc.folderId !== webhook.folderId) return false;
    } else if (webhook.spaceId !== null) {
      if (loc.spaceId !== webhook.spaceId) return false;
    }
    // Webhooks belong to their creator: no deliveries once the creator lost access.
    const role = this.state.memberRole(webhook.teamId, webhook.userId);
    if (role === null) return false;
    if (loc.spaceId) {
      const space = this.state.spaces.get(loc.spaceId);
      if (space?.private && role !== 1 && !space.memberIds.includes(webhook.userId)) return false;
    }
    return true;
  }

  private enqueue(webhook: SimWebhook, event: string, body: string): void {
    const fault = this.faults.forWebhook();
    this.stats.webhooks.queued++;
    if (fault.drop) {
      this.stats.webhooks.dropped++;
      this.record({
        webhookId: webhook.id,
        event,
        attempt: 0,
        status: null,
        ok: false,
        error: "dropped (fault injection)",
        at: this.state.now(),
      });
      return;
    }
    const copies = fault.duplicate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const run = this.run(webhook, event, body, fault.delayMs).finally(() => this.pending.delete(run));
      this.pending.add(run);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  private async run(webhook: SimWebhook, event: string, body: string, firstDelayMs: number): Promise<void> {
    const { maxAttempts, retryDelayMs } = this.options;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // Always yield first so deliveries happen after the API response, like the real thing.
      await this.sleep(attempt === 1 ? firstDelayMs : retryDelayMs * 2 ** (attempt - 2));
      if (this.closed || !this.state.webhooks.has(webhook.id) || webhook.status === "suspended") return;
      const result = await this.attempt(webhook, body);
      this.record({
        webhookId: webhook.id,
        event,
        attempt,
        status: result.status,
        ok: result.ok,
        error: result.error,
        at: this.state.now(),
      });
      if (result.ok) {
        webhook.status = "active";
        webhook.failCount = 0;
        this.stats.webhooks.delivered++;
        return;
      }
      this.stats.webhooks.failedAttempts++;
      if (result.status === 410 || result.status === 401) {
        // ClickUp suspends immediately on 410/401 (§5.5).
        webhook.status = "suspended";
        this.stats.webhooks.dropped++;
        return;
      }
    }
    webhook.failCount++;
    webhook.status = webhook.failCount >= SUSPEND_AT_FAIL_COUNT ? "suspended" : "failing";
    this.stats.webhooks.dropped++;
  }

  private async attempt(
    webhook: SimWebhook,
    body: string,
  ): Promise<{ ok: boolean; status: number | null; error?: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const res = await this.options.fetch(webhook.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature": signWebhookBody(webhook.secret, body) },
        body,
        signal: controller.signal,
      });
      // Drain the body so keep-alive connections are released.
      await res.arrayBuffer().catch(() => undefined);
      return { ok: res.status >= 200 && res.status < 300, status: res.status };
    } catch (err) {
      return {
        ok: false,
        status: null,
        error: controller.signal.aborted ? "timeout" : err instanceof Error ? err.message : String(err),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private record(entry: DeliveryLogEntry): void {
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
  }
}
