import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { DEMO_CHANNELS } from "../../../simulator/slack";
import { transaction } from "../../db/executor";
import { startJobsFor, stopJobs } from "../../jobs/index";
import { deliverSlackNotification } from "../../jobs/slack-notifications";
import { systemContext } from "../../request-context";
import type { PurchaseOrderDetail } from "../purchase-orders/contract";
import { newJob, type Job } from "../purchase-orders/test-support";
import type { SlackStatus } from "./contract";
import { notifyPurchaseOrderSubmitted } from "./notify";
import { installedOwner, simOf } from "./test-support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await startJobsFor(ctx.deps, { pollingIntervalSeconds: 0.5, schedule: false });
}, 60_000);
afterAll(async () => {
  await stopJobs(ctx.deps);
  await ctx.close();
});

interface OutboxRow {
  event_key: string;
  status: string;
  attempts: number;
  last_error: string | null;
  ts: string | null;
}

async function outbox(organizationId: string): Promise<OutboxRow[]> {
  const { rows } = await ctx.database.raw.query<OutboxRow>(
    "select event_key, status, attempts, last_error, ts from slack_notifications where organization_id = $1 order by created_at",
    [organizationId],
  );
  return rows;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface SimMessage {
  channel: string;
  text: string;
  ts: string;
  via: string;
  blocks_summary: string;
}

/** The simulator's posted-messages JSON (over HTTP, as a person's browser reads /messages). */
async function postedAbout(job: Job, channel: string = DEMO_CHANNELS.finance): Promise<SimMessage[]> {
  const res = await job.owner.client.get<{ messages: SimMessage[] }>(
    `/__sim/slack/messages.json?channel=${channel}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.messages.filter((m) => m.text.includes(job.vendor.name));
}

async function draftPo(job: Job, amountMinor = 150_000): Promise<PurchaseOrderDetail> {
  const res = await job.owner.client.post<PurchaseOrderDetail>("/api/purchase-orders", {
    vendorId: job.vendor.id,
    budgetId: job.budget.id,
    lines: [{ budgetLineKey: job.keys.producer, amountMinor }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function submit(job: Job, po: PurchaseOrderDetail): Promise<PurchaseOrderDetail> {
  const res = await job.owner.client.post<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}/transitions`, {
    action: "submit",
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function slackJob(): Promise<Job> {
  const owner = await installedOwner(ctx, DEMO_CHANNELS.finance);
  return newJob(ctx, owner);
}

describe("Slack: PO waiting for your approval", () => {
  it("posts once per submission to the chosen channel, with the PO's text", async () => {
    const job = await slackJob();
    const po = await submit(job, await draftPo(job));
    const [row] = await waitFor(
      () => outbox(job.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row).toMatchObject({
      event_key: `po_approval:${po.id}:v${po.version}`,
      attempts: 1,
      last_error: null,
    });
    const posted = await postedAbout(job);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toBe(
      `${po.displayNumber} to ${job.vendor.name} for $1,500.00 is waiting for your approval (submitted by ${po.submittedBy!.name}).`,
    );
    expect(po.submittedBy!.name).not.toBe("");
    expect(posted[0]!.ts).toBe(row!.ts);
    expect(posted[0]!.via).toBe("api");

    // The same event delivered again (a duplicate job): nothing more is posted.
    expect(
      await deliverSlackNotification(ctx.deps, {
        organizationId: job.organizationId,
        eventKey: row!.event_key,
      }),
    ).toBe("already_sent");
    expect(await postedAbout(job)).toHaveLength(1);

    // Returned and submitted again: a new event, a second message.
    const back = await job.owner.client.post<PurchaseOrderDetail>(
      `/api/purchase-orders/${po.id}/transitions`,
      {
        action: "return",
      },
    );
    expect(back.status, back.text).toBe(200);
    await submit(job, back.body);
    await waitFor(
      () => outbox(job.organizationId),
      (r) => r.length === 2 && r.every((x) => x.status === "sent"),
    );
    expect(await postedAbout(job)).toHaveLength(2);
  });

  it("posts nothing when the kind is switched off", async () => {
    const job = await slackJob();
    const off = await job.owner.client.put<SlackStatus>("/api/slack/notifications", {
      kind: "po_approval",
      enabled: false,
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body.notifications.find((n) => n.kind === "po_approval")!.enabled).toBe(false);
    await submit(job, await draftPo(job));
    expect(await outbox(job.organizationId)).toEqual([]);
    const bad = await job.owner.client.put<{ error: { fields: { field: string }[] } }>(
      "/api/slack/notifications",
      {
        kind: "lunch",
        enabled: true,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]!.field).toMatch(/kind/);
  });

  it("retries after ratelimited once Retry-After has passed, posting once", async () => {
    const job = await slackJob();
    simOf(ctx).simulator.faults.add({ method: "chat.postMessage", error: "ratelimited", retryAfter: 2 });
    const po = await submit(job, await draftPo(job));
    const [row] = await waitFor(
      () => outbox(job.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row).toMatchObject({ attempts: 2, status: "sent", last_error: null });
    expect(await postedAbout(job)).toHaveLength(1);
    // The retry was queued to start no earlier than Retry-After (2 s) after the refusal.
    const { rows: jobs } = await ctx.database.raw.query<{ wait_ms: number }>(
      `select extract(epoch from (start_after - created_on)) * 1000 as wait_ms from pgboss.job
        where name = 'slack-notify' and data->>'eventKey' = $1 order by created_on`,
      [`po_approval:${po.id}:v${po.version}`],
    );
    expect(jobs).toHaveLength(2);
    expect(Number(jobs[1]!.wait_ms)).toBeGreaterThanOrEqual(2000);
  });

  it("records a refusal with the reason and shows it in Settings → Slack", async () => {
    const job = await slackJob();
    simOf(ctx).simulator.faults.add({ method: "chat.postMessage", error: "channel_not_found" });
    const po = await submit(job, await draftPo(job));
    await waitFor(
      () => outbox(job.organizationId),
      (r) => r[0]?.status === "failed",
    );
    const status = await job.owner.client.get<SlackStatus>("/api/slack/status");
    expect(status.body.failures).toHaveLength(1);
    expect(status.body.failures[0]).toMatchObject({
      kind: "po_approval",
      attempts: 1,
      reason: expect.stringMatching(/channel no longer exists/),
    });
    expect(status.body.failures[0]!.text).toContain(po.displayNumber);
    expect(await postedAbout(job)).toHaveLength(0);
  });

  it("never posts twice when the worker is killed between the post and its record", async () => {
    const job = await slackJob();
    const po = await draftPo(job);
    // The event recorded as the submit would, with no queue in this context: the test drives delivery.
    const quiet = systemContext({ ...ctx.deps, jobs: undefined }, job.organizationId);
    const detail = (await job.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`)).body;
    await transaction(ctx.database, (tx) => notifyPurchaseOrderSubmitted(tx, quiet, detail));
    const [pending] = await outbox(job.organizationId);
    expect(pending!.status).toBe("pending");
    const key = { organizationId: job.organizationId, eventKey: pending!.event_key };

    const killed = deliverSlackNotification(ctx.deps, key, {
      afterPost: () => {
        throw new Error("worker killed");
      },
    });
    await expect(killed).rejects.toThrow("worker killed");
    expect(await postedAbout(job)).toHaveLength(1);
    expect((await outbox(job.organizationId))[0]!.status).toBe("sending");

    // pg-boss retries the cut-off job: it sees the claim, does not post again, and says so.
    expect(await deliverSlackNotification(ctx.deps, key)).toBe("failed");
    expect(await deliverSlackNotification(ctx.deps, key)).toBe("failed");
    expect(await postedAbout(job)).toHaveLength(1);
    expect((await outbox(job.organizationId))[0]).toMatchObject({
      status: "failed",
      last_error: "interrupted",
    });
    const status = await job.owner.client.get<SlackStatus>("/api/slack/status");
    expect(status.body.failures[0]!.reason).toMatch(/interrupted/);
  });
});
