import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYNC_TEST_NOW, simTruth, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";
import { testClock } from "../../../simulator/clickup/test-support";
import { rows } from "../../db/executor";
import { signWebhook } from "../../integrations/clickup/webhooks";
import { getWorkspaceConnection } from "../clickup/repo";
import { webhookSecret } from "../sync/engine";
import { runFullSync } from "../sync/full-sync";
import { receiveClickupWebhook, REJECTED_WEBHOOK_LIMIT } from "./receive-clickup-webhook";

/*
 * Issue 11, items 7 and 8: forged deliveries cannot fill the database, replays are recorded as
 * duplicates and applied once, and a signed taskDeleted deletes nothing ClickUp still has.
 */

const clock = testClock(SYNC_TEST_NOW);
let f: SyncFixture;
let secret: string;
let webhookId: string;

beforeAll(async () => {
  f = await syncFixture({ now: clock.now });
  f.deps.now = () => new Date(clock.now());
  const result = await runFullSync(f.deps, f.orgId, { trigger: "test", now: clock.now });
  expect(result.status).toBe("succeeded");
  const connection = (await getWorkspaceConnection(f.deps.database.db, f.orgId))!;
  secret = webhookSecret(f.deps, connection)!;
  webhookId = connection.webhookId!;
  // Only the deliveries these tests send.
  f.sim.faults.set({ dropWebhooks: true });
});
afterAll(async () => {
  await f.close();
});

function post(body: string, headers: Record<string, string> = {}) {
  return f.ctx.app.request(`http://localhost:3000/api/webhooks/clickup/${f.orgId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}
const signed = (body: string, ip: string) =>
  post(body, { "x-signature": signWebhook(body, secret), "x-forwarded-for": ip });

async function settle(): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const pending = await f.count(
      sql`select count(*) n from webhook_events where organization_id = ${f.orgId} and status = 'received'`,
    );
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("webhook events still unprocessed");
}

async function statusesOf(taskId: string, event: string): Promise<string[]> {
  const found = await rows<{ status: string }>(
    f.deps.database.db,
    sql`select status from webhook_events where organization_id = ${f.orgId} and task_id = ${taskId} and event = ${event} order by id`,
  );
  return found.map((r) => r.status);
}

async function isDeleted(taskId: string): Promise<boolean> {
  const [row] = await rows<{ deleted: boolean }>(
    f.deps.database.db,
    sql`select deleted from tasks where organization_id = ${f.orgId} and id = ${taskId}`,
  );
  return row!.deleted;
}

describe("forged deliveries (item 7)", () => {
  it("keeps a bounded summary of each forged 1 MB delivery and answers 429 once one address sent too many", async () => {
    const ip = "203.0.113.90";
    const big = JSON.stringify({
      event: "taskUpdated",
      task_id: "x",
      webhook_id: webhookId,
      pad: "A".repeat(1_000_000),
    });
    const statuses: number[] = [];
    for (let i = 0; i < REJECTED_WEBHOOK_LIMIT.max + 5; i++) {
      const res = await post(big, {
        "x-signature": signWebhook(big, "not-the-secret"),
        "x-forwarded-for": ip,
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(REJECTED_WEBHOOK_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const stored = await rows<{
      n: number | string;
      biggest: number | string;
      payload: Record<string, unknown>;
    }>(
      f.deps.database.db,
      sql`select count(*) over () n, pg_column_size(payload) biggest, payload from webhook_events
           where organization_id = ${f.orgId} and status = 'rejected' and task_id = 'x'
           order by pg_column_size(payload) desc limit 1`,
    );
    expect(Number(stored[0]!.n)).toBe(REJECTED_WEBHOOK_LIMIT.max);
    expect(Number(stored[0]!.biggest)).toBeLessThan(4096);
    expect(stored[0]!.payload).toMatchObject({
      bytes: Buffer.byteLength(big),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(String(stored[0]!.payload.head)).toHaveLength(2000);

    // Another address is still answered (400, recorded); the first one again once its window ended.
    const other = await post(big, { "x-signature": "0", "x-forwarded-for": "203.0.113.91" });
    expect(other.status).toBe(400);
    clock.advance(REJECTED_WEBHOOK_LIMIT.window * 1000);
    const later = await post(big, { "x-signature": "0", "x-forwarded-for": ip });
    expect(later.status).toBe(400);
  });

  it("stores a signed delivery holding NUL bytes and lone surrogates instead of failing", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived)!;
    const raw = JSON.stringify({
      event: "taskCommentPosted\u0000",
      task_id: task.id,
      webhook_id: webhookId,
      history_items: [{ id: "nul-1", comment: "a\u0000b\uD800" }],
    });
    const verdict = await receiveClickupWebhook(f.deps, {
      organizationId: f.orgId,
      raw,
      signature: signWebhook(raw, secret),
      source: "203.0.113.92",
    });
    expect(verdict.ok).toBe(true);
    await settle();
    const [row] = await rows<{ event: string; payload: { history_items: { comment: string }[] } }>(
      f.deps.database.db,
      sql`select event, payload from webhook_events where organization_id = ${f.orgId} and payload->'history_items'->0->>'id' = 'nul-1'`,
    );
    expect(row?.event).toBe("taskCommentPosted");
    expect(row?.payload.history_items[0]?.comment).toBe("ab\uFFFD");
  });
});

describe("replayed deliveries (item 8)", () => {
  it("records four replays of one signed delivery as duplicates and applies it once", async () => {
    const task = simTruth(f.sim).tasks.find((t) => !t.archived && t.customItemId === 2)!;
    const body = JSON.stringify({
      event: "taskUpdated",
      task_id: task.id,
      webhook_id: webhookId,
      history_items: [{ id: "replayed-1", field: "name", before: "a", after: "b" }],
    });
    for (let i = 0; i < 5; i++) {
      const res = await signed(body, "198.51.100.40");
      expect(res.status).toBe(200);
    }
    await settle();
    expect(await statusesOf(task.id, "taskUpdated")).toEqual([
      "processed",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    // A different delivery (another history item) about the same task is applied.
    const next = body.replace("replayed-1", "replayed-2");
    expect((await signed(next, "198.51.100.40")).status).toBe(200);
    await settle();
    expect((await statusesOf(task.id, "taskUpdated")).filter((s) => s === "processed")).toHaveLength(2);
    // The specific event of one change carries the same history item as its taskUpdated: not a replay.
    const specific = body.replace('"taskUpdated"', '"taskTimeEstimateUpdated"');
    expect((await signed(specific, "198.51.100.40")).status).toBe(200);
    await settle();
    expect(await statusesOf(task.id, "taskTimeEstimateUpdated")).toEqual(["processed"]);
  });

  it("never deletes a task ClickUp still has on a signed taskDeleted, and deletes one ClickUp confirms gone, once", async () => {
    const truth = simTruth(f.sim);
    const alive = truth.tasks.find((t) => !t.archived && t.customItemId === 3)!;
    const doomed = truth.tasks.find((t) => !t.archived && t.customItemId === 3 && t.id !== alive.id)!;
    const deleteBody = (id: string) =>
      JSON.stringify({ event: "taskDeleted", task_id: id, webhook_id: webhookId });

    for (let i = 0; i < 5; i++)
      expect((await signed(deleteBody(alive.id), "198.51.100.41")).status).toBe(200);
    await settle();
    expect(await isDeleted(alive.id)).toBe(false);
    expect(await statusesOf(alive.id, "taskDeleted")).toEqual([
      "processed",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);

    f.sim.mutate.deleteTask(doomed.id);
    expect((await signed(deleteBody(doomed.id), "198.51.100.41")).status).toBe(200);
    await settle();
    expect(await isDeleted(doomed.id)).toBe(true);
  });
});
