import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { DEMO_CHANNELS } from "../../../simulator/slack";
import { sql } from "drizzle-orm";
import { rows, transaction, type Tx } from "../../db/executor";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { startJobsFor, stopJobs } from "../../jobs/index";
import { deliverSlackNotification } from "../../jobs/slack-notifications";
import { contextInTransaction, systemContext, type RequestContext } from "../../request-context";
import { runFullSync } from "../sync/full-sync";
import { runPoll } from "../sync/incremental";
import type { BudgetDetail } from "../budgets/contract";
import { transitionBudget } from "../budgets/transition-budget";
import type { PurchaseOrderDetail } from "../purchase-orders/contract";
import { newJob, type Job } from "../purchase-orders/test-support";
import type { SlackStatus } from "./contract";
import { notifyBudgetTransition, notifyClickUpSyncFailed, notifyPurchaseOrderSubmitted } from "./notify";
import { installedOwner, installSlack, setKind, simOf, waitFor } from "./test-support";
import { encryptSecret } from "../../lib/secrets";

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

/** A job (its budget approved before Slack is installed, so the outbox holds only what a test raises). */
async function slackJob(): Promise<Job> {
  const job = await newJob(ctx);
  await installSlack(ctx, job.owner, DEMO_CHANNELS.finance);
  return job;
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

// ---- Budget submitted or approved ----

/** The simulator's messages in `channel` whose text contains `needle`, oldest first. */
async function postedWith(who: WorkspaceUser, needle: string, channel: string = DEMO_CHANNELS.finance) {
  const res = await who.client.get<{ messages: SimMessage[] }>(
    `/__sim/slack/messages.json?channel=${channel}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.messages.filter((m) => m.text.includes(needle)).sort((a, b) => Number(a.ts) - Number(b.ts)); // oldest first
}

/** An owner named Dana Budgeteer with Slack installed (finance channel) and a draft budget of one line. */
async function draftBudget(name = `Spot ${Math.random().toString(36).slice(2, 8)}`) {
  const owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Dana", lastName: "Budgeteer" });
  await installSlack(ctx, owner, DEMO_CHANNELS.finance);
  const folder = `f-${owner.organizationId.slice(0, 8)}`;
  await ctx.database.raw.query(
    `insert into folders (organization_id, id, name) values ($1, $2, 'Acme launch') on conflict do nothing`,
    [owner.organizationId, folder],
  );
  const created = await owner.client.post<BudgetDetail>("/api/budgets", {
    projectId: folder,
    name,
    bidType: "firm",
  });
  expect(created.status, created.text).toBe(201);
  const line = await owner.client.post(`/api/budgets/${created.body.id}/lines`, {
    section: "A",
    number: "1",
    description: "Producer",
    quantityHundredths: 200,
    rateMinor: 80_000,
  });
  expect(line.status, line.text).toBe(201);
  return { owner, budget: created.body, name };
}

/** The link button of each recorded notification of the workspace, oldest first. */
async function buttons(organizationId: string): Promise<{ text: string; url: string }[]> {
  const { rows: found } = await ctx.database.raw.query<{
    blocks: { accessory?: { text: { text: string }; url: string } }[];
  }>("select blocks from slack_notifications where organization_id = $1 order by created_at", [
    organizationId,
  ]);
  return found.map((r) => ({ text: r.blocks[0]!.accessory!.text.text, url: r.blocks[0]!.accessory!.url }));
}

async function step(owner: WorkspaceUser, budget: { id: string }, action: string): Promise<BudgetDetail> {
  const res = await owner.client.post<BudgetDetail>(`/api/budgets/${budget.id}/transitions`, { action });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe("Slack: budget submitted or approved", () => {
  it("posts the submission and the approval once each, and a resubmission or change order again", async () => {
    const { owner, budget, name } = await draftBudget();
    const submitted = await step(owner, budget, "submit");
    const total = submitted.revision.grandTotalMinor;
    expect(total).toBeGreaterThan(0);
    const approved = await step(owner, budget, "approve");
    const sent = await waitFor(
      () => outbox(owner.organizationId),
      (r) => r.length === 2 && r.every((x) => x.status === "sent"),
    );
    expect(sent.map((r) => r.event_key)).toEqual([
      `budget:${budget.id}:submit:r0v${submitted.revision.version}`,
      `budget:${budget.id}:approve:r0v${approved.revision.version}`,
    ]);
    const posted = await postedWith(owner, name);
    expect(posted.map((m) => m.text)).toEqual([
      `${name} for Acme launch was submitted for approval by Dana Budgeteer ($1,600.00).`,
      `${name} for Acme launch was approved by Dana Budgeteer ($1,600.00).`,
    ]);
    expect(total).toBe(160_000);
    expect(posted[0]!.blocks_summary).toContain(`/finance/budgets/${budget.id}|${name}>`);
    expect(await buttons(owner.organizationId)).toEqual([
      { text: "Review budget", url: `http://localhost:3000/finance/budgets/${budget.id}` },
      { text: "Open budget", url: `http://localhost:3000/finance/budgets/${budget.id}` },
    ]);

    // A retried approve is refused by the lifecycle (409): nothing more is queued.
    const again = await owner.client.post(`/api/budgets/${budget.id}/transitions`, { action: "approve" });
    expect(again.status).toBe(409);

    // A change order submitted, returned and submitted again: two new events.
    await step(owner, budget, "change_order");
    await step(owner, budget, "submit");
    await step(owner, budget, "return");
    await step(owner, budget, "submit");
    const after = await waitFor(
      () => outbox(owner.organizationId),
      (r) => r.length === 4 && r.every((x) => x.status === "sent"),
    );
    expect(after[2]!.event_key).toMatch(new RegExp(`^budget:${budget.id}:submit:r1v\\d+$`));
    expect(after[3]!.event_key).toMatch(new RegExp(`^budget:${budget.id}:submit:r1v\\d+$`));
    expect(after[3]!.event_key).not.toBe(after[2]!.event_key);
    const all = await postedWith(owner, name);
    expect(all).toHaveLength(4);
    expect(all[3]!.text).toBe(
      `${name} (change order 1) for Acme launch was submitted for approval by Dana Budgeteer ($1,600.00).`,
    );
  });

  it("records the same event once, posts nothing when switched off or when the transition rolls back", async () => {
    const { owner, budget, name } = await draftBudget();
    const submitted = await step(owner, budget, "submit");
    await waitFor(
      () => outbox(owner.organizationId),
      (r) => r.length === 1 && r[0]!.status === "sent",
    );
    // The same event raised a second time (a duplicate call): not recorded again.
    const quiet = ownerContext(owner);
    expect(
      await transaction(ctx.database, (tx) => notifyBudgetTransition(tx, quiet, submitted, "submit")),
    ).toBe(false);

    // The approval inside a transaction that then rolls back: no row, no job, no message.
    await expect(
      transaction(ctx.database, async (tx) => {
        await transitionBudget(contextInTransaction(quiet, tx as Tx), budget.id, { action: "approve" });
        // Inside the transaction the approval's notification is recorded beside the submission's.
        const inside = await rows<{ event_key: string }>(
          tx,
          sql`select event_key from slack_notifications where organization_id = ${owner.organizationId}`,
        );
        expect(inside.map((r) => r.event_key)).toContain(
          `budget:${budget.id}:approve:r0v${submitted.revision.version + 1}`,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await outbox(owner.organizationId)).toHaveLength(1);

    // Switched off: the approval posts nothing.
    await setKind(owner, "budget", false);
    await step(owner, budget, "approve");
    expect(await outbox(owner.organizationId)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await postedWith(owner, name)).toHaveLength(1);
  });
});

/** The owner as a use case's caller (a RequestContext like the route builds). */
function ownerContext(owner: WorkspaceUser): RequestContext {
  const base = systemContext(ctx.deps, owner.organizationId);
  return {
    ...base,
    userId: owner.userId,
    user: { ...base.user, id: owner.userId, email: owner.email, firstName: "Dana", lastName: "Budgeteer" },
  };
}

// ---- ClickUp sync failing ----

/** A ClickUp that refuses every call with 401 (a revoked token). */
const refusingClickUp = {
  apiUrl: "http://clickup.invalid/api/v2",
  clientId: null,
  clientSecret: null,
  simulated: true,
  clientOptions: { backoffMs: 1 },
  fetch: (async () =>
    new Response(JSON.stringify({ err: "Token invalid", ECODE: "OAUTH_025" }), {
      status: 401,
      headers: { "content-type": "application/json" },
    })) as typeof fetch,
};

describe("Slack: ClickUp sync failing", () => {
  async function connectedOwner() {
    const owner = await installedOwner(ctx, DEMO_CHANNELS.general);
    await ctx.database.raw.query(
      `insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type, access_token_enc, status)
       values ($1, 't-1', 'Team', 'personal', $2, 'active')`,
      [owner.organizationId, encryptSecret("pk_revoked", ctx.deps.secrets.encryptionKey)],
    );
    return owner;
  }
  const failingSync = (orgId: string) =>
    runFullSync({ ...ctx.deps, clickup: refusingClickUp }, orgId, { trigger: "test" });
  /** This workspace's messages (the simulator's channel is shared by every test workspace): by ts. */
  const syncPosts = async (owner: WorkspaceUser) => {
    const mine = new Set((await outbox(owner.organizationId)).map((r) => r.ts));
    const all = await postedWith(owner, "ClickUp sync is failing", DEMO_CHANNELS.general);
    return all.filter((m) => mine.has(m.ts));
  };

  it("posts once per failing streak with the reason Settings shows, and again after a success", async () => {
    const owner = await connectedOwner();
    const first = await failingSync(owner.organizationId);
    expect(first.status).toBe("failed");
    const [row] = await waitFor(
      () => outbox(owner.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row!.event_key).toBe(`clickup_sync:${owner.organizationId}:full:${first.runId}`);
    // The reason as Settings → ClickUp sync shows it (the sync status's lastError).
    const status = await owner.client.get<{ lastError: string | null; status: string }>("/api/clickup/sync");
    expect(status.status, status.text).toBe(200);
    expect(status.body.status).toBe("failed");
    expect(status.body.lastError).toBe(first.error);
    expect((await syncPosts(owner)).map((m) => m.text)).toEqual([`ClickUp sync is failing: ${first.error}`]);

    // The retry resumes the run and fails again, then the next run fails: no new message.
    await failingSync(owner.organizationId);
    await ctx.database.raw.query(`update sync_state set checkpoint = null where organization_id = $1`, [
      owner.organizationId,
    ]);
    const third = await failingSync(owner.organizationId);
    expect(third.runId).not.toBe(first.runId);
    expect(await outbox(owner.organizationId)).toHaveLength(1);

    // A success (recorded as the sync records it), then a failure: a new streak, a new message.
    await ctx.database.raw.query(
      `insert into sync_runs (organization_id, id, kind, status, trigger, stats, started_at, finished_at)
       values ($1, 'run-ok', 'full', 'succeeded', 'test', '{}'::jsonb, now(), now())`,
      [owner.organizationId],
    );
    await ctx.database.raw.query(`update sync_state set checkpoint = null where organization_id = $1`, [
      owner.organizationId,
    ]);
    const fourth = await failingSync(owner.organizationId);
    const streaks = await waitFor(
      () => outbox(owner.organizationId),
      (r) => r.length === 2 && r.every((x) => x.status === "sent"),
    );
    expect(streaks[1]!.event_key).toBe(`clickup_sync:${owner.organizationId}:full:${fourth.runId}`);
    expect(await syncPosts(owner)).toHaveLength(2);
  });

  it("a failing 5-minute poll posts once per streak of polls, apart from the full sync's streak", async () => {
    const owner = await connectedOwner();
    // A workspace synced once: the poll reads what changed since its cursor (and is refused).
    await ctx.database.raw.query(
      `insert into sync_state (organization_id, last_poll_cursor) values ($1, '1700000000000')
       on conflict (organization_id) do update set last_poll_cursor = excluded.last_poll_cursor`,
      [owner.organizationId],
    );
    const poll = () =>
      runPoll({ ...ctx.deps, clickup: refusingClickUp }, owner.organizationId, { trigger: "test" });
    const first = await poll();
    expect(first.status).toBe("failed");
    const [row] = await waitFor(
      () => outbox(owner.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row!.event_key).toBe(`clickup_sync:${owner.organizationId}:poll:${first.runId}`);
    expect((await syncPosts(owner)).map((m) => m.text)).toEqual([`ClickUp sync is failing: ${first.error}`]);
    // The next poll fails too: the same streak, no new message.
    const second = await poll();
    expect(second.runId).not.toBe(first.runId);
    expect(await outbox(owner.organizationId)).toHaveLength(1);
  });

  it("posts nothing for a workspace not connected to ClickUp", async () => {
    const owner = await installedOwner(ctx, DEMO_CHANNELS.general);
    const run = await failingSync(owner.organizationId);
    expect(run).toMatchObject({ status: "failed", error: expect.stringMatching(/not connected/) });
    expect(await outbox(owner.organizationId)).toEqual([]);
  });

  it("posts nothing when switched off, and records the same streak once", async () => {
    const owner = await connectedOwner();
    await setKind(owner, "clickup_sync", false);
    const run = await failingSync(owner.organizationId);
    expect(run.status).toBe("failed");
    expect(await outbox(owner.organizationId)).toEqual([]);
    await setKind(owner, "clickup_sync", true);
    const deps = { ...ctx.deps, jobs: undefined };
    const failure = { id: run.runId, kind: "full", error: run.error! };
    expect(await notifyClickUpSyncFailed(deps, owner.organizationId, failure)).toBe(true);
    expect(await notifyClickUpSyncFailed(deps, owner.organizationId, failure)).toBe(false);
    expect(await outbox(owner.organizationId)).toHaveLength(1);
  });
});
