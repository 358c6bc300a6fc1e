import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { readOutbox } from "../../mail/mailer";
import type { InvoiceDetail } from "../client-invoices/contract";
import { financeTrail, type ErrorBody } from "../purchase-orders/test-support";
import type { ProposedSowInvoice, SowDetail, SowListResponse } from "./contract";
import { addTask, newSowJob, type SowJob } from "./test-support";

let ctx: TestContext;
let stranger: SowJob;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  stranger = await newSowJob(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

type Res<T> = T & ErrorBody;

/** Fee 4,000.00: a 25 % deposit, 1,500.00 on delivery, the rest (35 %) on approval. */
const FEE = 400_000;
const SCHEDULE = [
  { label: "Deposit on signature", percentBp: 2500 },
  { label: "On delivery", milestone: "Final cut delivered", amountMinor: 150_000 },
  { label: "On approval", dueOn: "2025-06-30", percentBp: 3750 },
];

const create = (job: SowJob, body: object = {}, who: WorkspaceUser = job.owner) =>
  who.client.post<Res<SowDetail>>("/api/sows", {
    projectId: job.projectId,
    clientId: job.client.id,
    title: "Spring campaign",
    ...body,
  });

async function created(job: SowJob, body: object = {}): Promise<SowDetail> {
  const res = await create(job, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const post = <T = SowDetail>(job: SowJob, path: string, body: object = {}) =>
  job.owner.client.post<Res<T>>(`/api/sows${path}`, body);
const patch = (job: SowJob, sow: { id: string }, body: object) =>
  job.owner.client.patch<Res<SowDetail>>(`/api/sows/${sow.id}`, body);

async function ok<T>(res: Promise<{ status: number; text: string; body: Res<T> }>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

/** A signed SOW with the budget and the standard schedule. */
async function signedSow(job: SowJob): Promise<SowDetail> {
  const sow = await created(job, { budgetId: job.budget.id, feeMinor: FEE, schedule: SCHEDULE });
  await ok(post(job, `/${sow.id}/send`));
  return ok(post(job, `/${sow.id}/sign`, { signedByName: "Alex Client", signedOn: "2025-03-12" }));
}

describe("statements of work", () => {
  it("gives 50 parallel creates the numbers SOW-0001 … SOW-0050 with no gap or duplicate", async () => {
    const job = await newSowJob(ctx);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => create(job, { title: `SOW ${i}` })),
    );
    for (const r of results) expect(r.status, r.text).toBe(201);
    const numbers = results.map((r) => r.body.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(results.map((r) => r.body.displayNumber)).toContain("SOW-0050");
    // A refused create takes no number.
    expect((await create(job, { feeMinor: 100, schedule: [{ label: "All", amountMinor: 99 }] })).status).toBe(
      400,
    );
    expect((await created(job)).displayNumber).toBe("SOW-0051");
  }, 60_000);

  it("creates a draft with the project's deliverable tasks and the schedule split exactly", async () => {
    const job = await newSowJob(ctx);
    await addTask(ctx, job, {
      id: `d1-${job.organizationId}`,
      name: "Hero film 60s",
      dueDate: "2025-05-02T15:00:00Z",
      url: "https://app.clickup.com/t/hero",
    });
    await addTask(ctx, job, { id: `d2-${job.organizationId}`, name: "Cutdowns 3 × 15s" });
    await addTask(ctx, job, { id: `m1-${job.organizationId}`, name: "Kick-off", type: 1 });
    await addTask(ctx, job, { id: `d3-${job.organizationId}`, name: "Dropped", deleted: true });
    const sow = await created(job, {
      budgetId: job.budget.id,
      feeMinor: FEE,
      schedule: SCHEDULE,
      scope: "Concept, shoot and post of the spring campaign.",
      terms: "Net 14.",
    });
    expect(sow).toMatchObject({
      displayNumber: "SOW-0001",
      status: "draft",
      version: 1,
      shownVersion: 1,
      signedVersion: null,
      clientName: "Acme Corp",
      projectName: "Acme launch",
      budgetName: "Acme spot",
      currency: "USD",
      feeMinor: FEE,
      shownFeeMinor: FEE,
      scheduleTotalMinor: FEE,
      date: "2025-03-10",
      allowedActions: ["edit", "refresh_deliverables", "send"],
      deliverables: [
        {
          taskId: `d1-${job.organizationId}`,
          name: "Hero film 60s",
          dueDate: "2025-05-02",
          included: true,
          url: "https://app.clickup.com/t/hero",
        },
        {
          taskId: `d2-${job.organizationId}`,
          name: "Cutdowns 3 × 15s",
          dueDate: null,
          included: true,
          url: null,
        },
      ],
    });
    expect(sow.schedule.map((e) => [e.label, e.amountMinor, e.percentBp, e.dueOn, e.milestone])).toEqual([
      ["Deposit on signature", 100_000, 2500, null, ""],
      ["On delivery", 150_000, null, null, "Final cut delivered"],
      ["On approval", 150_000, 3750, "2025-06-30", ""],
    ]);
    expect(sow.versions).toMatchObject([{ version: 1, status: "draft", feeMinor: FEE }]);
    const read = await ok(job.owner.client.get<Res<SowDetail>>(`/api/sows/${sow.id}`));
    expect(read).toEqual(sow);
  });

  it("answers 400 naming the field for bad amounts and a schedule that does not add up", async () => {
    const job = await newSowJob(ctx);
    const field = async (body: object) => {
      const res = await create(job, body);
      expect(res.status, res.text).toBe(400);
      return res.body.error.fields?.map((f) => f.field);
    };
    expect(await field({ feeMinor: 10.5 })).toEqual(["feeMinor"]);
    expect(await field({ feeMinor: -1 })).toEqual(["feeMinor"]);
    expect(await field({ feeMinor: 100, schedule: [{ label: "A", amountMinor: 0 }] })).toEqual([
      "schedule.0.amountMinor",
    ]);
    expect(
      await field({ feeMinor: 100, schedule: [{ label: "A", amountMinor: 50, percentBp: 5000 }] }),
    ).toEqual(["schedule.0.percentBp"]);
    expect(await field({ feeMinor: 100, schedule: [{ label: "A" }] })).toEqual(["schedule.0.amountMinor"]);
    expect(await field({ feeMinor: 100, schedule: [{ label: "A", percentBp: 10_001 }] })).toEqual([
      "schedule.0.percentBp",
    ]);
    const sum = await create(job, { feeMinor: FEE, schedule: [{ label: "Half", percentBp: 5000 }] });
    expect(sum.status).toBe(400);
    expect(sum.body.error.fields).toEqual([
      { field: "schedule", message: "must add up to the fee ($4,000.00): the payments come to $2,000.00" },
    ]);
    expect(await field({ title: " " })).toEqual(["title"]);
    expect(await field({ currency: "XYZ" })).toEqual(["currency"]);
  });

  it("checks the project, client and budget: 404 for another workspace's, 400 for a budget of another currency", async () => {
    const job = await newSowJob(ctx);
    expect((await create(job, { projectId: stranger.projectId })).status).toBe(404);
    expect((await create(job, { clientId: stranger.client.id })).status).toBe(404);
    expect((await create(job, { budgetId: stranger.budget.id })).status).toBe(404);
    const currency = await create(job, { budgetId: job.budget.id, currency: "EUR" });
    expect(currency.status).toBe(400);
    expect(currency.body.error.fields?.[0]?.field).toBe("budgetId");
  });

  it("walks draft → sent → signed → new version, refusing every step out of order with 409", async () => {
    const job = await newSowJob(ctx);
    await addTask(ctx, job, { id: `a-${job.organizationId}`, name: "Key visual" });
    const sow = await created(job, { feeMinor: FEE });
    // Out of order on a draft.
    const early = await post(job, `/${sow.id}/sign`, { signedByName: "X" });
    expect([early.status, early.body.error.message]).toEqual([
      409,
      "A statement of work cannot be marked signed while it is a draft: send it first.",
    ]);
    expect((await post(job, `/${sow.id}/versions`)).status).toBe(409);
    // Without a schedule it cannot be sent.
    expect((await post(job, `/${sow.id}/send`)).status).toBe(409);
    // Edit the draft: schedule, deliverables, scope; a stale row version is 409.
    const edited = await ok(
      patch(job, sow, {
        schedule: SCHEDULE,
        scope: "Scope v1",
        deliverables: [{ taskId: `a-${job.organizationId}`, included: false }],
        baseRowVersion: sow.rowVersion,
      }),
    );
    expect(edited).toMatchObject({
      scope: "Scope v1",
      scheduleTotalMinor: FEE,
      rowVersion: sow.rowVersion + 1,
    });
    expect(edited.deliverables).toEqual([expect.objectContaining({ included: false })]);
    expect((await patch(job, sow, { scope: "x", baseRowVersion: sow.rowVersion })).status).toBe(409);
    const unknownTask = await patch(job, sow, { deliverables: [{ taskId: "nope", included: true }] });
    expect(unknownTask.body.error.fields?.[0]?.field).toBe("deliverables.0.taskId");
    // A new fee re-splits the percentages; the fixed 1,500.00 must still fit.
    const refee = await patch(job, sow, { feeMinor: 300_000 });
    expect(refee.status).toBe(400);
    expect(refee.body.error.fields?.[0]?.field).toBe("schedule");
    // Refresh keeps the exclusion and adds new deliverables.
    await addTask(ctx, job, { id: `b-${job.organizationId}`, name: "Social pack" });
    const refreshed = await ok(post(job, `/${sow.id}/deliverables/refresh`));
    expect(refreshed.deliverables.map((d) => [d.name, d.included])).toEqual([
      ["Key visual", false],
      ["Social pack", true],
    ]);
    // Send: e-mailed with its PDF.
    const sent = await ok(post(job, `/${sow.id}/send`, { message: "Here it is." }));
    expect(sent).toMatchObject({
      status: "sent",
      sentTo: "legal@acme.example",
      allowedActions: ["sign", "new_version"],
    });
    const mails = readOutbox(ctx.deps.mailer.outboxDir!, "legal@acme.example");
    expect(
      mails.some(
        (m) =>
          m.raw.includes(`Statement of work ${sow.displayNumber}`) &&
          m.raw.includes(`${sow.displayNumber}-v1.pdf`),
      ),
    ).toBe(true);
    expect((await post(job, `/${sow.id}/send`)).status).toBe(409);
    const frozen = await patch(job, sow, { scope: "late" });
    expect(frozen.status).toBe(409);
    expect((await post(job, `/${sow.id}/deliverables/refresh`)).status).toBe(409);
    // New version of a sent SOW: v1 superseded, v2 a draft.
    const v2 = await ok(post(job, `/${sow.id}/versions`, { reason: "Client asked for a 30s cut" }), 201);
    expect(v2).toMatchObject({ status: "draft", version: 2, sentAt: null, scope: "Scope v1" });
    expect(v2.versions.map((v) => [v.version, v.status])).toEqual([
      [1, "superseded"],
      [2, "draft"],
    ]);
    await ok(patch(job, v2, { scope: "Scope v2" }));
    await ok(post(job, `/${sow.id}/send`));
    const badDay = await post(job, `/${sow.id}/sign`, { signedByName: "Alex", signedOn: "2025-01-01" });
    expect(badDay.body.error.fields?.[0]?.field).toBe("signedOn");
    const signed = await ok(
      post(job, `/${sow.id}/sign`, { signedByName: "Alex Client", signedOn: "2025-03-11" }),
    );
    expect(signed).toMatchObject({
      status: "signed",
      signedVersion: 2,
      signedByName: "Alex Client",
      signedOn: "2025-03-11",
      allowedActions: ["new_version"],
    });
    expect((await post(job, `/${sow.id}/sign`, { signedByName: "Again" })).status).toBe(409);
    expect((await post(job, `/${sow.id}/send`)).status).toBe(409);
    // New version of a signed SOW: v2 stays signed and readable, v3 a draft.
    const v3 = await ok(post(job, `/${sow.id}/versions`), 201);
    expect(v3).toMatchObject({ status: "draft", version: 3, signedVersion: 2 });
    expect(v3.versions.map((v) => [v.version, v.status])).toEqual([
      [1, "superseded"],
      [2, "signed"],
      [3, "draft"],
    ]);
    await ok(patch(job, v3, { scope: "Scope v3" }));
    const old = await ok(job.owner.client.get<Res<SowDetail>>(`/api/sows/${sow.id}?version=2`));
    expect(old).toMatchObject({ shownVersion: 2, shownStatus: "signed", scope: "Scope v2", version: 3 });
    expect((await job.owner.client.get(`/api/sows/${sow.id}?version=9`)).status).toBe(404);
    const pdf = await job.owner.client.get(`/api/sows/${sow.id}/pdf?version=2`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`${sow.displayNumber}-v2.pdf`);
    expect(pdf.text.startsWith("%PDF")).toBe(true);
    expect((await job.owner.client.get(`/api/sows/${sow.id}/pdf`)).text.startsWith("%PDF")).toBe(true);
  });

  it("prints the whole schedule in its PDF: a long label or milestone wraps in its column, never cut", async () => {
    const job = await newSowJob(ctx);
    const milestone =
      "On delivery of the final graded and mixed masters of every film, cutdown and social version to the client's distribution partner";
    const sow = await created(job, {
      feeMinor: FEE,
      schedule: [
        { label: "Deposit on signature of this statement of work by both parties", percentBp: 5000 },
        { label: "Delivery", milestone, percentBp: 5000 },
      ],
    });
    const pdf = await job.owner.client.bytes(`/api/sows/${sow.id}/pdf`);
    expect(pdf.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sow-pdf-"));
    try {
      const file = path.join(dir, "sow.pdf");
      fs.writeFileSync(file, pdf.bytes);
      const words = execFileSync("pdftotext", [file, "-"]).toString().replace(/\s+/g, " ");
      expect(words).toContain(milestone);
      expect(words).toContain("Deposit on signature of this statement of work by both parties");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("proposes a draft client invoice from a payment of a signed SOW with a budget, once", async () => {
    const job = await newSowJob(ctx);
    // Without a budget: 409 with the reason.
    const bare = await created(job, { feeMinor: FEE, schedule: SCHEDULE });
    await ok(post(job, `/${bare.id}/send`));
    await ok(post(job, `/${bare.id}/sign`, { signedByName: "Alex" }));
    const noBudget = await post(job, `/${bare.id}/schedule/${bare.schedule[0]!.id}/invoice`);
    expect([noBudget.status, noBudget.body.error.message]).toEqual([
      409,
      "This statement of work has no budget: choose the project's budget before invoicing from it.",
    ]);
    // Not signed yet: 409.
    const draft = await created(job, { budgetId: job.budget.id, feeMinor: FEE, schedule: SCHEDULE });
    expect((await post(job, `/${draft.id}/schedule/${draft.schedule[0]!.id}/invoice`)).status).toBe(409);
    const sow = await signedSow(job);
    expect(sow.allowedActions).toEqual(["new_version", "propose_invoice"]);
    const deposit = sow.schedule[0]!;
    const proposed = await ok(
      post<ProposedSowInvoice>(job, `/${sow.id}/schedule/${deposit.id}/invoice`, { issueDate: "2025-03-12" }),
      201,
    );
    expect(proposed.invoice).toMatchObject({ displayNumber: "INV-0001", totalMinor: 100_000 });
    expect(proposed.sow.schedule[0]!.invoice).toEqual({
      id: proposed.invoice.id,
      displayNumber: "INV-0001",
      status: "draft",
      totalMinor: 100_000,
    });
    const invoice = await ok(
      job.owner.client.get<Res<InvoiceDetail>>(`/api/client-invoices/${proposed.invoice.id}`),
    );
    expect(invoice).toMatchObject({
      status: "draft",
      kind: "progress",
      clientId: job.client.id,
      budgetId: job.budget.id,
      totalMinor: 100_000,
      issueDate: "2025-03-12",
      dueDate: "2025-03-26",
      lines: [
        expect.objectContaining({
          description: `${sow.displayNumber} — Deposit on signature`,
          amountMinor: 100_000,
        }),
      ],
    });
    const again = await post(job, `/${sow.id}/schedule/${deposit.id}/invoice`);
    expect([again.status, again.body.error.message]).toEqual([
      409,
      "This payment is already invoiced (INV-0001).",
    ]);
    expect((await post(job, `/${sow.id}/schedule/nope/invoice`)).status).toBe(404);
    // Voiding the invoice frees the payment: it is proposed again as a new invoice.
    const voided = await job.owner.client.post(`/api/client-invoices/${proposed.invoice.id}/void`, {
      reason: "Wrong PO number",
    });
    expect(voided.status, voided.text).toBe(200);
    const freed = await ok(job.owner.client.get<Res<SowDetail>>(`/api/sows/${sow.id}`));
    expect(freed.schedule[0]!.invoice).toMatchObject({ displayNumber: "INV-0001", status: "void" });
    expect(freed.allowedActions).toContain("propose_invoice");
    const reissued = await ok(
      post<ProposedSowInvoice>(job, `/${sow.id}/schedule/${deposit.id}/invoice`),
      201,
    );
    expect(reissued.invoice.displayNumber).toBe("INV-0002");
    expect(reissued.sow.schedule[0]!.invoice).toMatchObject({ displayNumber: "INV-0002", status: "draft" });
    // An invoice the invoices module refuses (above what is left to bill) links nothing and takes no number.
    const big = await created(job, {
      budgetId: job.budget.id,
      feeMinor: 10_000_000,
      schedule: [{ label: "Everything", amountMinor: 10_000_000 }],
    });
    await ok(post(job, `/${big.id}/send`));
    await ok(post(job, `/${big.id}/sign`, { signedByName: "Alex" }));
    const over = await post(job, `/${big.id}/schedule/${big.schedule[0]!.id}/invoice`);
    expect(over.status, over.text).toBe(409);
    expect(over.body.error.fields?.[0]?.field).toBe("overrideLeftToBill");
    expect(
      (await ok(job.owner.client.get<Res<SowDetail>>(`/api/sows/${big.id}`))).schedule[0]!.invoice,
    ).toBeNull();
    const forced = await ok(
      post<ProposedSowInvoice>(job, `/${big.id}/schedule/${big.schedule[0]!.id}/invoice`, {
        overrideLeftToBill: true,
      }),
      201,
    );
    expect(forced.invoice.displayNumber).toBe("INV-0003");
    // A new version keeps the link; the invoiced payment must stay, with its amount.
    const v2 = await ok(post(job, `/${sow.id}/versions`), 201);
    expect(v2.schedule[0]!.invoice?.displayNumber).toBe("INV-0002");
    const drop = await patch(job, v2, {
      schedule: [
        { label: "On delivery", amountMinor: 250_000 },
        { label: "On approval", amountMinor: 150_000 },
      ],
    });
    expect([drop.status, drop.body.error.fields?.[0]?.field]).toEqual([409, "schedule"]);
    const keep = v2.schedule.map((e) => ({ id: e.id, label: e.label, amountMinor: e.amountMinor }));
    const moved = await patch(job, v2, {
      schedule: [{ ...keep[0]!, amountMinor: 50_000 }, { ...keep[1]!, amountMinor: 200_000 }, keep[2]!],
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.fields?.[0]?.field).toBe("schedule.0.amountMinor");
    const relabel = await ok(
      patch(job, v2, { schedule: [{ ...keep[0]!, label: "Deposit (paid)" }, keep[1]!, keep[2]!] }),
    );
    expect(relabel.schedule[0]!.invoice?.id).toBe(reissued.invoice.id);
  });

  it("is for members with financial permission in their own workspace only", async () => {
    const job = await newSowJob(ctx);
    const sow = await created(job);
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: job.organizationId });
    expect((await member.client.get("/api/sows")).status).toBe(403);
    expect((await member.client.get(`/api/sows/${sow.id}`)).status).toBe(403);
    expect((await create(job, {}, member)).status).toBe(403);
    expect((await member.client.post(`/api/sows/${sow.id}/send`, {})).status).toBe(403);
    const other = stranger.owner;
    expect((await other.client.get(`/api/sows/${sow.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/sows/${sow.id}/pdf`)).status).toBe(404);
    expect((await other.client.patch(`/api/sows/${sow.id}`, { scope: "x" })).status).toBe(404);
    expect((await other.client.post(`/api/sows/${sow.id}/send`, {})).status).toBe(404);
    expect((await other.client.post(`/api/sows/${sow.id}/sign`, { signedByName: "x" })).status).toBe(404);
    expect((await other.client.post(`/api/sows/${sow.id}/versions`, {})).status).toBe(404);
    expect(
      (await other.client.get<SowListResponse>("/api/sows")).body.items.some((s) => s.id === sow.id),
    ).toBe(false);
  });

  it("lists with filters, sort, totals per currency and CSV", async () => {
    const job = await newSowJob(ctx);
    const a = await created(job, { title: "Alpha retainer", feeMinor: FEE, schedule: SCHEDULE });
    const b = await created(job, { title: "Beta launch", feeMinor: 250_000 });
    await ok(post(job, `/${a.id}/send`));
    const list = async (query: string) =>
      ok(job.owner.client.get<Res<SowListResponse>>(`/api/sows?${query}`));
    const all = await list("sort=number&dir=asc");
    expect(all.items.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(all.totals).toEqual([{ currency: "USD", count: 2, feeMinor: FEE + 250_000 }]);
    expect((await list("status=sent")).items.map((s) => s.id)).toEqual([a.id]);
    expect((await list("status=draft,signed")).items.map((s) => s.id)).toEqual([b.id]);
    expect((await list(`clientId=${job.client.id}&projectId=${job.projectId}`)).total).toBe(2);
    expect((await list("from=2025-03-10&to=2025-03-10")).total).toBe(2);
    expect((await list("from=2025-04-01")).total).toBe(0);
    expect((await list("search=beta")).items.map((s) => s.id)).toEqual([b.id]);
    expect((await list(`search=${a.displayNumber}`)).items.map((s) => s.id)).toEqual([a.id]);
    expect((await list("sort=fee&dir=desc")).items.map((s) => s.id)).toEqual([a.id, b.id]);
    expect((await list("sort=client&pageSize=1&page=2")).items).toHaveLength(1);
    expect((await job.owner.client.get("/api/sows?status=bogus")).status).toBe(400);
    expect((await job.owner.client.get("/api/sows?from=2025-05-01&to=2025-04-01")).status).toBe(400);
    const csv = await job.owner.client.get("/api/sows/export.csv?status=sent");
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(a.displayNumber);
    expect(lines[1]).toContain("4000.00");
  });

  it("audits every write in the finance trail, and a refused write leaves no row", async () => {
    const job = await newSowJob(ctx);
    const sow = await signedSow(job);
    const entry = sow.schedule[1]!;
    const proposed = await ok(post<ProposedSowInvoice>(job, `/${sow.id}/schedule/${entry.id}/invoice`), 201);
    const v2 = await ok(post(job, `/${sow.id}/versions`, { reason: "Extra deliverable" }), 201);
    await ok(patch(job, v2, { terms: "Net 30" }));
    await ok(post(job, `/${sow.id}/deliverables/refresh`));
    const trail = await financeTrail(ctx, job.organizationId);
    const actions = trail
      .filter((r) => r.object_type === "sow" && r.object_id === sow.id)
      .map((r) => r.action);
    expect(actions).toEqual([
      "created",
      "sent",
      "signed",
      "invoice_proposed",
      "version_created",
      "updated",
      "deliverables_refreshed",
    ]);
    expect(
      trail
        .filter((r) => r.object_type === "client_invoice" && r.object_id === proposed.invoice.id)
        .map((r) => r.action),
    ).toEqual(["created"]);
    const before = trail.length;
    expect((await post(job, `/${sow.id}/sign`, { signedByName: "x" })).status).toBe(409);
    expect((await patch(job, v2, { schedule: [{ label: "x", amountMinor: 1 }] })).status).toBe(400);
    expect((await financeTrail(ctx, job.organizationId)).length).toBe(before);
  });
});
