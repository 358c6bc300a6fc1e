import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHANNELS } from "../../simulator/slack";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import type { Client, InvoiceDetail } from "../modules/client-invoices/contract";
import { useInvoicingRoutes } from "../modules/client-invoices/test-support";
import { newJob, type Job } from "../modules/purchase-orders/test-support";
import { installSlack, setKind, waitFor } from "../modules/slack/test-support";
import { startJobsFor, stopJobs } from "./index";
import { runInvoiceOverdueNotifications } from "./invoice-overdue-notifications";

/*
 * Slack "Invoice overdue": the daily pass on the app clock (deps.now, set here), in the
 * workspace's time zone, once per invoice and due date.
 */

let at = Date.parse("2025-03-10T09:00:00Z");
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(at) });
  useInvoicingRoutes(ctx);
  await startJobsFor(ctx.deps, { pollingIntervalSeconds: 0.5, schedule: false });
}, 60_000);
afterAll(async () => {
  await stopJobs(ctx.deps);
  await ctx.close();
});

interface Row {
  event_key: string;
  status: string;
  text: string;
  ts: string | null;
}

async function overdueOutbox(organizationId: string): Promise<Row[]> {
  const { rows } = await ctx.database.raw.query<Row>(
    `select event_key, status, text, ts from slack_notifications
      where organization_id = $1 and kind = 'invoice_overdue' order by created_at, event_key`,
    [organizationId],
  );
  return rows;
}

/** The messages this workspace's outbox says were posted, as the simulator shows them. */
async function posted(job: Job): Promise<string[]> {
  const mine = new Set((await overdueOutbox(job.organizationId)).map((r) => r.ts).filter(Boolean));
  const res = await job.owner.client.get<{ messages: { text: string; ts: string }[] }>(
    `/__sim/slack/messages.json?channel=${DEMO_CHANNELS.finance}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.messages
    .filter((m) => mine.has(m.ts))
    .sort((a, b) => Number(a.ts) - Number(b.ts))
    .map((m) => m.text);
}

/** A job with Slack installed (after its budget was approved) and a client on 14-day terms. */
async function slackJob(timeZone = "UTC"): Promise<Job & { client: Client }> {
  const job = await newJob(ctx);
  await installSlack(ctx, job.owner, DEMO_CHANNELS.finance);
  await ctx.database.raw.query(`update organizations set time_zone = $2 where id = $1`, [
    job.organizationId,
    timeZone,
  ]);
  const client = await job.owner.client.post<Client>("/api/clients", {
    name: `Acme Corp ${job.organizationId.slice(0, 6)}`,
    email: "ap@acme.example",
    paymentTermsDays: 14,
  });
  expect(client.status, client.text).toBe(201);
  return { ...job, client: client.body };
}

/** A deposit invoice issued on 10 March 2025 (due 24 March), sent. */
async function sentInvoice(job: Job & { client: Client }): Promise<InvoiceDetail> {
  const created = await job.owner.client.post<InvoiceDetail>("/api/client-invoices", {
    budgetId: job.budget.id,
    clientId: job.client.id,
    kind: "deposit",
    issueDate: "2025-03-10",
  });
  expect(created.status, created.text).toBe(201);
  const sent = await job.owner.client.post<InvoiceDetail>(`/api/client-invoices/${created.body.id}/send`, {});
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body).toMatchObject({ status: "sent", dueDate: "2025-03-24" });
  return sent.body;
}

const on = (instant: string) => {
  at = Date.parse(instant);
};

describe("Slack: invoice overdue", () => {
  it("posts once the day after the due date (not the day before, nor on it), once per due date", async () => {
    on("2025-03-10T09:00:00Z");
    const job = await slackJob();
    const inv = await sentInvoice(job);
    expect(inv.totalMinor).toBe(427_500);

    on("2025-03-23T09:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    on("2025-03-24T23:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toEqual([]);

    on("2025-03-25T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    const [row] = await waitFor(
      () => overdueOutbox(job.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row!.event_key).toBe(`invoice_overdue:${inv.id}:2025-03-24`);
    expect(await posted(job)).toEqual([
      `${inv.displayNumber} to ${job.client.name} is overdue: $4,275.00 was due on Mon, Mar 24, 2025 (1 day ago).`,
    ]);

    // The next days' passes: the same event, nothing more.
    on("2025-03-26T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toHaveLength(1);

    // A new due date (agreed with the client): not overdue until it passes, then posted again.
    await ctx.database.raw.query(
      `update client_invoices set due_date = '2025-04-10' where organization_id = $1 and id = $2`,
      [job.organizationId, inv.id],
    );
    on("2025-04-10T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toHaveLength(1);
    on("2025-04-11T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    const both = await waitFor(
      () => overdueOutbox(job.organizationId),
      (r) => r.length === 2 && r.every((x) => x.status === "sent"),
    );
    expect(both[1]!.event_key).toBe(`invoice_overdue:${inv.id}:2025-04-10`);
    expect(await posted(job)).toHaveLength(2);

    // Paid in full: no longer overdue, nothing for a later due date either.
    const paid = await job.owner.client.post(`/api/client-invoices/${inv.id}/payments`, {
      amountMinor: inv.totalMinor,
    });
    expect(paid.status, paid.text).toBe(200);
    await ctx.database.raw.query(
      `update client_invoices set due_date = '2025-04-12' where organization_id = $1 and id = $2`,
      [job.organizationId, inv.id],
    );
    on("2025-04-20T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toHaveLength(2);
  });

  it("counts days in the workspace's time zone", async () => {
    on("2025-03-10T09:00:00Z");
    const job = await slackJob("Pacific/Auckland");
    const inv = await sentInvoice(job);
    // Auckland is UTC+13 in March: 24 March 10:30 UTC is 23:30 there, 11:30 UTC already 25 March.
    on("2025-03-24T10:30:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toEqual([]);
    on("2025-03-24T11:30:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect((await overdueOutbox(job.organizationId)).map((r) => r.event_key)).toEqual([
      `invoice_overdue:${inv.id}:2025-03-24`,
    ]);
  });

  it("posts nothing when the kind is switched off", async () => {
    on("2025-03-10T09:00:00Z");
    const job = await slackJob();
    await setKind(job.owner, "invoice_overdue", false);
    await sentInvoice(job);
    on("2025-03-28T08:00:00Z");
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toEqual([]);
    const status = await job.owner.client.get<{
      notifications: { kind: string; label: string; enabled: boolean }[];
    }>("/api/slack/status");
    expect(status.body.notifications).toContainEqual({
      kind: "invoice_overdue",
      label: "Invoice overdue",
      enabled: false,
    });
    await setKind(job.owner, "invoice_overdue", true);
    await runInvoiceOverdueNotifications(ctx.deps);
    expect(await overdueOutbox(job.organizationId)).toHaveLength(1);
  });
});
