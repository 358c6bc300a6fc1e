import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBasisPoints } from "@domain/money";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { readOutbox } from "../../mail/mailer";
import { financeTrail, newJob, type ErrorBody, type Job } from "../purchase-orders/test-support";
import type { Client, InvoiceDetail, InvoiceListResponse, InvoiceProposal } from "./contract";
import { invoicedByBudget } from "./repo";
import type { BudgetDetail, BudgetSummary } from "../budgets/contract";
import { useInvoicingRoutes } from "./test-support";

let ctx: TestContext;
let stranger: Job;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  useInvoicingRoutes(ctx);
  stranger = await newJob(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

type Res<T> = T & ErrorBody;

interface Billed extends Job {
  client: Client;
  /** The approved estimate's grand total. */
  grandTotal: number;
}

/** A job (approved budget, own workspace) with a client on 14-day terms. */
async function billedJob(): Promise<Billed> {
  const job = await newJob(ctx);
  const client = await job.owner.client.post<Client>("/api/clients", {
    name: "Acme Corp",
    email: "ap@acme.example",
    contactName: "Alex",
    address: "1 Main St\nSpringfield",
    paymentTermsDays: 14,
  });
  expect(client.status, client.text).toBe(201);
  return { ...job, client: client.body, grandTotal: job.budget.figures.estimateMinor };
}

const create = (job: Billed, body: object, who: WorkspaceUser = job.owner) =>
  who.client.post<Res<InvoiceDetail>>("/api/client-invoices", {
    budgetId: job.budget.id,
    clientId: job.client.id,
    ...body,
  });

async function created(job: Billed, body: object): Promise<InvoiceDetail> {
  const res = await create(job, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const pay = (job: Billed, inv: { id: string }, body: object) =>
  job.owner.client.post<Res<InvoiceDetail>>(`/api/client-invoices/${inv.id}/payments`, body);
const send = (job: Billed, inv: { id: string }, body: object = {}) =>
  job.owner.client.post<Res<InvoiceDetail>>(`/api/client-invoices/${inv.id}/send`, body);
const voidIt = (job: Billed, inv: { id: string }, reason = "Raised in error") =>
  job.owner.client.post<Res<InvoiceDetail>>(`/api/client-invoices/${inv.id}/void`, { reason });

describe("client invoices", () => {
  it("gives 50 parallel creates the numbers INV-0001 … INV-0050 with no gap or duplicate", async () => {
    const job = await billedJob();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => create(job, { kind: "progress", percentBp: 100 })),
    );
    for (const r of results) expect(r.status, r.text).toBe(201);
    const numbers = results.map((r) => r.body.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.displayNumber)).size).toBe(50);
    expect(results.map((r) => r.body.displayNumber)).toContain("INV-0050");
    const invoiced = await invoicedByBudget(ctx.database.db, job.organizationId, [job.budget.id, "none"]);
    expect(invoiced).toEqual(new Map([[job.budget.id, 50 * applyBasisPoints(job.grandTotal, 100)]]));
  }, 60_000);

  it("proposes and creates a deposit of 75 % of the approved estimate, due after the client's terms", async () => {
    const job = await billedJob();
    expect(job.grandTotal).toBeGreaterThan(0);
    const deposit = applyBasisPoints(job.grandTotal, 7500);
    const proposal = await job.owner.client.post<Res<InvoiceProposal>>("/api/client-invoices/propose", {
      budgetId: job.budget.id,
      kind: "deposit",
    });
    expect(proposal.status, proposal.text).toBe(200);
    expect(proposal.body).toMatchObject({
      kind: "deposit",
      currency: "USD",
      estimateMinor: job.grandTotal,
      billableMinor: job.grandTotal,
      invoicedMinor: 0,
      leftToBillMinor: job.grandTotal,
      percentBp: 7500,
      totalMinor: deposit,
      refusal: null,
    });
    const inv = await created(job, {
      kind: "deposit",
      issueDate: "2025-03-10",
      clientPoNumber: "ACME-PO-77",
    });
    expect(inv).toMatchObject({
      displayNumber: "INV-0001",
      kind: "deposit",
      status: "draft",
      clientName: "Acme Corp",
      clientPoNumber: "ACME-PO-77",
      projectName: "Acme launch",
      issueDate: "2025-03-10",
      dueDate: "2025-03-24",
      totalMinor: deposit,
      paidMinor: 0,
      outstandingMinor: 0,
      percentBp: 7500,
      allowedActions: ["send", "void"],
      editable: true,
    });
    expect(inv.lines).toEqual([
      expect.objectContaining({
        kind: "amount",
        description: "Deposit: 75 % of the approved estimate",
        amountMinor: deposit,
      }),
    ]);
    const edited = await created(job, { kind: "deposit", percentBp: 2500 });
    expect(edited.totalMinor).toBe(applyBasisPoints(job.grandTotal, 2500));
    const trail = await financeTrail(ctx, job.organizationId, "client_invoice");
    expect(trail.find((r) => r.object_id === inv.id)).toMatchObject({
      action: "created",
      after: expect.objectContaining({ number: "INV-0001", totalMinor: deposit, status: "draft" }),
    });
  });

  it("needs an explicit override for an invoice above what is left to bill", async () => {
    const job = await billedJob();
    await created(job, { kind: "deposit" });
    const left = job.grandTotal - applyBasisPoints(job.grandTotal, 7500);
    const over = await create(job, { kind: "progress", percentBp: 5000 });
    expect(over.status).toBe(409);
    expect(over.body.error.fields?.[0]?.field).toBe("overrideLeftToBill");
    expect(over.body.error.message).toMatch(/is more than is left to bill on the job/);
    const proposal = await job.owner.client.post<InvoiceProposal>("/api/client-invoices/propose", {
      budgetId: job.budget.id,
      kind: "progress",
      percentBp: 5000,
    });
    expect(proposal.body.leftToBillMinor).toBe(left);
    expect(proposal.body.refusal).toMatch(/more than is left to bill/);
    const exact = await create(job, {
      kind: "progress",
      lines: [{ description: "Balance", amountMinor: left }],
    });
    expect(exact.status, exact.text).toBe(201);
    expect(exact.body.overLeftToBill).toBe(false);
    const forced = await create(job, { kind: "progress", percentBp: 1000, overrideLeftToBill: true });
    expect(forced.status, forced.text).toBe(201);
    expect(forced.body.overLeftToBill).toBe(true);
  });

  it("bills a final invoice from actuals: time at client rates, costs with markup, less what was invoiced", async () => {
    const job = await billedJob();
    const org = job.organizationId;
    const folder = job.budget.projectId;
    const q = (text: string, params: unknown[] = []) => ctx.database.raw.query(text, [org, ...params]);
    await q(`insert into tasks (organization_id, id, name, folder_id) values ($1, 'fin-t1', 'Edit', $2)`, [
      folder,
    ]);
    await q(`insert into provider_users (organization_id, id, username, email) values
               ($1, 'fu1', 'Ana', 'ana@example.com'), ($1, 'fu2', 'Cy', 'cy@example.com')`);
    // Ana bills $150.00/h on the default client card; Cy has no client rate (unpriced).
    await q(`insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
               values ($1, 'cc', 'client', 'Client', 'USD', true, null)`);
    await q(`insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
               values ($1, 'ccl1', 'cc', 'person', 'fu1', 15000, '2025-01-01')`);
    await q(`insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms) values
               ($1, 'fe1', 'fu1', 'fin-t1', '2025-03-03T10:00:00Z', 21600000),
               ($1, 'fe2', 'fu1', 'fin-t1', '2025-03-04T10:00:00Z', 14400000),
               ($1, 'fe3', 'fu2', 'fin-t1', '2025-03-04T10:00:00Z', 7200000)`);
    // The camera package cost $3,600.01 (entered on the approved budget's line).
    const camera = job.budget.lines.find((l) => l.key === job.keys.camera)!;
    const actual = await job.owner.client.patch(`/api/budgets/${job.budget.id}/lines/${camera.id}`, {
      baseVersion: camera.version,
      actualMinor: 360_001,
    });
    expect(actual.status, actual.text).toBe(200);
    const deposit = await created(job, { kind: "deposit", percentBp: 2000 });
    const voided = await created(job, { kind: "progress", percentBp: 1000 });
    expect((await voidIt(job, voided)).status).toBe(200);
    const res = await create(job, { kind: "final", markupBp: 1500 });
    expect(res.status, res.text).toBe(201);
    // 10 h × $150.00 = $1,500.00; $3,600.01 + 15 % ($540.0015 → $540.00) = $4,140.01; less the deposit.
    expect(res.body.lines.map((l) => [l.kind, l.description, l.amountMinor])).toEqual([
      ["labour", "Time: Ana", 150_000],
      ["cost", "I 3 — Camera package", 414_001],
      ["less_invoiced", `Less invoiced: ${deposit.displayNumber}`, -deposit.totalMinor],
    ]);
    expect(res.body.totalMinor).toBe(150_000 + 414_001 - deposit.totalMinor);
    expect(res.body.markupBp).toBe(1500);
    const proposal = await job.owner.client.post<InvoiceProposal>("/api/client-invoices/propose", {
      budgetId: job.budget.id,
      kind: "final",
      markupBp: 1500,
    });
    // The final itself is now invoiced: nothing is left.
    expect(proposal.body).toMatchObject({ unpricedMinutes: 120, leftToBillMinor: 0, totalMinor: 0 });
    expect(proposal.body.refusal).toMatch(/^There is nothing to bill/);
  });

  it("takes partial payments, then is paid; refuses more than is outstanding", async () => {
    const job = await billedJob();
    const inv = await created(job, { kind: "deposit", percentBp: 1000 });
    const early = await pay(job, inv, { amountMinor: 1 });
    expect([early.status, early.body.error.message]).toEqual([
      409,
      "An invoice cannot be paid in part while it is a draft: send it first.",
    ]);
    const sent = await send(job, inv, { message: "Thanks!" });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ status: "sent", sentTo: "ap@acme.example", editable: false });
    expect(sent.body.sentAt).not.toBeNull();
    const mails = readOutbox(ctx.deps.mailer.outboxDir!, "ap@acme.example");
    expect(mails.some((m) => m.raw.includes(`Invoice ${inv.displayNumber}`) && m.raw.includes(".pdf"))).toBe(
      true,
    );
    const third = Math.floor(inv.totalMinor / 3);
    const first = await pay(job, inv, { amountMinor: third, paidOn: "2025-03-12", reference: "wire 1" });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      status: "sent",
      paidMinor: third,
      outstandingMinor: inv.totalMinor - third,
      allowedActions: ["pay"],
    });
    const tooMuch = await pay(job, inv, { amountMinor: inv.totalMinor - third + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields?.[0]?.field).toBe("amountMinor");
    const rest = await pay(job, inv, { amountMinor: inv.totalMinor - third, paidOn: "2025-03-14" });
    expect(rest.body).toMatchObject({ status: "paid", paidMinor: inv.totalMinor, outstandingMinor: 0 });
    expect(rest.body.payments.map((p) => p.amountMinor)).toEqual([third, inv.totalMinor - third]);
    expect((await pay(job, inv, { amountMinor: 1 })).status).toBe(409);
    const paidVoid = await voidIt(job, inv);
    expect([paidVoid.status, paidVoid.body.error.message]).toEqual([
      409,
      "An invoice cannot be voided while it is paid in full.",
    ]);
  });

  it("voids an invoice keeping its number; a void invoice is not paid, and a partly paid one is not voided", async () => {
    const job = await billedJob();
    const a = await created(job, { kind: "deposit", percentBp: 1000 });
    const b = await created(job, { kind: "deposit", percentBp: 1000 });
    await send(job, a);
    const voided = await voidIt(job, a, "Wrong client PO");
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body).toMatchObject({
      displayNumber: a.displayNumber,
      number: a.number,
      status: "void",
      voidReason: "Wrong client PO",
      totalMinor: a.totalMinor,
      allowedActions: [],
    });
    const paying = await pay(job, a, { amountMinor: 1 });
    expect([paying.status, paying.body.error.message]).toEqual([
      409,
      "A void invoice cannot be paid: it keeps its number and nothing more.",
    ]);
    const next = await created(job, { kind: "deposit", percentBp: 1000 });
    expect(next.number).toBe(b.number + 1);
    await send(job, b);
    await pay(job, b, { amountMinor: 5 });
    const partly = await voidIt(job, b);
    expect(partly.status).toBe(409);
    expect(partly.body.error.message).toMatch(/^An invoice with a payment recorded cannot be voided/);
    const invoiced = await invoicedByBudget(ctx.database.db, job.organizationId, [job.budget.id]);
    expect(invoiced.get(job.budget.id)).toBe(b.totalMinor + next.totalMinor);
    // The budget's Invoiced figure reads the same: the void invoice is not in it.
    const budget = await job.owner.client.get<BudgetDetail>(`/api/budgets/${job.budget.id}`);
    expect(budget.body.figures.invoicedMinor).toBe(b.totalMinor + next.totalMinor);
    // The overview's unbilled work in progress is the client actual less those invoices.
    const summary = await job.owner.client.get<BudgetSummary>("/api/budgets/summary");
    const wip = summary.body.unbilled.find((u) => u.id === job.budget.id);
    expect(wip).toMatchObject({
      invoicedMinor: b.totalMinor + next.totalMinor,
      unbilledMinor: wip!.clientActualMinor - b.totalMinor - next.totalMinor,
    });
  });

  it("answers 400 naming the field for bad amounts and combinations", async () => {
    const job = await billedJob();
    const cases: [object, string][] = [
      [{ kind: "deposit", percentBp: 0 }, "percentBp"],
      [{ kind: "deposit", percentBp: 10_001 }, "percentBp"],
      [{ kind: "deposit", percentBp: 75.5 }, "percentBp"],
      [{ kind: "progress" }, "percentBp"],
      [{ kind: "final", markupBp: -1 }, "markupBp"],
      [{ kind: "deposit", markupBp: 100 }, "markupBp"],
      [{ kind: "deposit", lines: [{ description: "x", amountMinor: 1.5 }] }, "lines.0.amountMinor"],
      [{ kind: "deposit", lines: [{ description: "x", amountMinor: 0 }] }, "lines.0.amountMinor"],
      [{ kind: "deposit", lines: [{ description: "x", amountMinor: -100 }] }, "lines"],
      [{ kind: "progress", lineKeys: ["no-such-line"] }, "lineKeys.0"],
      [{ kind: "deposit", issueDate: "2025-03-10", dueDate: "2025-03-01" }, "dueDate"],
      [{ kind: "deposit", issueDate: "2025-02-30" }, "issueDate"],
    ];
    for (const [body, field] of cases) {
      const res = await create(job, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.body.error.fields?.map((f) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const inv = await created(job, { kind: "deposit", percentBp: 100 });
    await send(job, inv);
    for (const amountMinor of [0, -5, 10.5, "100"]) {
      const res = await pay(job, inv, { amountMinor });
      expect(res.status, String(amountMinor)).toBe(400);
      expect(res.body.error.fields?.map((f) => f.field)).toEqual(["amountMinor"]);
    }
  });

  it("is for members with financial permission in their own workspace only", async () => {
    const job = await billedJob();
    const inv = await created(job, { kind: "deposit" });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: job.organizationId });
    expect((await member.client.get(`/api/client-invoices/${inv.id}`)).status).toBe(403);
    expect((await member.client.get("/api/client-invoices")).status).toBe(403);
    expect((await create(job, { kind: "deposit" }, member)).status).toBe(403);
    expect((await member.client.get("/api/clients")).status).toBe(403);
    const other = stranger.owner;
    expect((await other.client.get(`/api/client-invoices/${inv.id}`)).status).toBe(404);
    expect(
      (await other.client.post(`/api/client-invoices/${inv.id}/payments`, { amountMinor: 1 })).status,
    ).toBe(404);
    expect((await other.client.post(`/api/client-invoices/${inv.id}/void`, { reason: "x" })).status).toBe(
      404,
    );
    expect((await other.client.get(`/api/clients/${job.client.id}`)).status).toBe(404);
    const foreignBudget = await other.client.post("/api/client-invoices", {
      budgetId: job.budget.id,
      kind: "deposit",
    });
    expect(foreignBudget.status).toBe(404);
    const foreignClient = await other.client.post("/api/client-invoices", {
      budgetId: stranger.budget.id,
      clientId: job.client.id,
      kind: "deposit",
    });
    expect(foreignClient.status).toBe(404);
  });

  it("edits drafts only, lists with filters, overdue, totals and CSV, and prints the PDF", async () => {
    const job = await billedJob();
    const a = await created(job, { kind: "deposit", percentBp: 2000, issueDate: "2025-01-10" });
    const b = await created(job, { kind: "progress", percentBp: 1000, issueDate: "2025-03-01" });
    const edited = await job.owner.client.patch<Res<InvoiceDetail>>(`/api/client-invoices/${a.id}`, {
      lines: [{ description: "Agreed deposit", amountMinor: 10_000 }],
      clientPoNumber: "PO-9",
      baseVersion: a.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ totalMinor: 10_000, clientPoNumber: "PO-9", dueDate: "2025-01-24" });
    const stale = await job.owner.client.patch<ErrorBody>(`/api/client-invoices/${a.id}`, {
      notes: "x",
      baseVersion: a.version,
    });
    expect(stale.status).toBe(409);
    await send(job, a);
    await pay(job, a, { amountMinor: 4_000 });
    const locked = await job.owner.client.patch<ErrorBody>(`/api/client-invoices/${a.id}`, { notes: "late" });
    expect([locked.status, locked.body.error.message]).toEqual([
      409,
      "An invoice can only be changed while it is a draft: it has been sent to the client.",
    ]);
    const list = async (query: string) => {
      const res = await job.owner.client.get<InvoiceListResponse>(`/api/client-invoices?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const overdue = await list("overdue=true");
    expect(overdue.items.map((i) => i.id)).toEqual([a.id]);
    expect(overdue.items[0]).toMatchObject({
      overdue: true,
      outstandingMinor: 6_000,
      clientPoNumber: "PO-9",
    });
    expect(overdue.items[0]!.daysOverdue).toBeGreaterThan(0);
    expect(overdue.totals).toEqual([
      { currency: "USD", count: 1, totalMinor: 10_000, paidMinor: 4_000, outstandingMinor: 6_000 },
    ]);
    const all = await list("sort=issueDate&dir=asc");
    expect(all.items.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(all.totals[0]).toMatchObject({ count: 2, totalMinor: 10_000 + b.totalMinor });
    expect((await list("status=draft")).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`clientId=${job.client.id}&projectId=${job.budget.projectId}`)).total).toBe(2);
    expect((await list("from=2025-02-01&to=2025-03-31")).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`search=${a.displayNumber}`)).items.map((i) => i.id)).toEqual([a.id]);
    const bad = await job.owner.client.get<ErrorBody>("/api/client-invoices?status=bogus");
    expect(bad.status).toBe(400);
    const csv = await job.owner.client.get("/api/client-invoices/export.csv?overdue=true");
    expect(csv.status).toBe(200);
    const csvLines = csv.text.trim().split(/\r?\n/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(a.displayNumber);
    expect(csvLines[1]).toContain("100.00");
    const pdf = await job.owner.client.get(`/api/client-invoices/${a.id}/export.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF")).toBe(true);
  });

  it("keeps clients unique by name in any case, and audits every write", async () => {
    const job = await billedJob();
    const dup = await job.owner.client.post<ErrorBody>("/api/clients", { name: "ACME corp" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields?.[0]?.field).toBe("name");
    const changed = await job.owner.client.patch<Client>(`/api/clients/${job.client.id}`, {
      taxId: "US-123",
      baseVersion: job.client.version,
    });
    expect(changed.body).toMatchObject({ taxId: "US-123", version: 2 });
    const inv = await created(job, { kind: "deposit", percentBp: 1000 });
    await job.owner.client.patch(`/api/client-invoices/${inv.id}`, { notes: "Thanks" });
    await send(job, inv);
    await pay(job, inv, { amountMinor: 100 });
    await pay(job, inv, { amountMinor: inv.totalMinor - 100 });
    const other = await created(job, { kind: "deposit", percentBp: 100 });
    await voidIt(job, other);
    const trail = await financeTrail(ctx, job.organizationId);
    const actions = (object: string, id: string) =>
      trail.filter((r) => r.object_type === object && r.object_id === id).map((r) => r.action);
    expect(actions("client", job.client.id)).toEqual(["created", "updated"]);
    expect(actions("client_invoice", inv.id)).toEqual([
      "created",
      "updated",
      "sent",
      "payment_recorded",
      "paid",
    ]);
    expect(actions("client_invoice", other.id)).toEqual(["created", "voided"]);
    // A refused write leaves no row and takes no number.
    const before = trail.length;
    expect((await pay(job, other, { amountMinor: 1 })).status).toBe(409);
    expect((await financeTrail(ctx, job.organizationId)).length).toBe(before);
    expect((await created(job, { kind: "deposit", percentBp: 100 })).number).toBe(other.number + 1);
  });
});
