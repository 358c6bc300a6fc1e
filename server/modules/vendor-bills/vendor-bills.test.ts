import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { PurchaseOrderDetail } from "../purchase-orders/contract";
import { committedByLineKey } from "../purchase-orders/repo";
import {
  financeTrail,
  newJob,
  usePurchasingRoutes,
  type ErrorBody,
  type Job,
} from "../purchase-orders/test-support";
import type { VendorBillDetail, VendorBillListResponse } from "./contract";
import { actualByLineKey } from "./repo";
import type { BudgetDetail } from "../budgets/contract";

let ctx: TestContext;
let job: Job;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let memberNoLimit: WorkspaceUser;
let stranger: Job;

type Bill = VendorBillDetail & ErrorBody;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  usePurchasingRoutes(ctx);
  job = await newJob(ctx);
  const org = job.organizationId;
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: org });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: org });
  memberNoLimit = await createUserInWorkspace(ctx, { role: "member", organizationId: org });
  // The member's purchasing limit ($1,000.00) is kept on their ClickUp user (Settings → People).
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, 'cu-member'), ($1, $3, 'cu-nolimit')`,
    [org, member.userId, memberNoLimit.userId],
  );
  await ctx.database.raw.query(
    `insert into person_settings (organization_id, clickup_user_id, purchasing_limit_minor) values ($1, 'cu-member', 100000)`,
    [org],
  );
  stranger = await newJob(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A PO raised, approved and sent (billable), on `on`'s budget. */
async function sentPo(lines: { budgetLineKey: string; amountMinor: number }[], on: Job = job) {
  const who = on.owner;
  const raised = await who.client.post<PurchaseOrderDetail>("/api/purchase-orders", {
    vendorId: on.vendor.id,
    budgetId: on.budget.id,
    lines,
  });
  expect(raised.status, raised.text).toBe(201);
  const id = raised.body.id;
  expect((await who.client.post(`/api/purchase-orders/${id}/transitions`, { action: "submit" })).status).toBe(
    200,
  );
  expect((await who.client.post(`/api/purchase-orders/${id}/approve`, {})).status).toBe(200);
  const sent = await who.client.post<PurchaseOrderDetail>(`/api/purchase-orders/${id}/send`, {});
  expect(sent.status, sent.text).toBe(200);
  return sent.body;
}

const poOf = async (id: string) =>
  (await job.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${id}`)).body;

let invoiceSeq = 0;
function enter(body: Record<string, unknown>, who: WorkspaceUser = job.owner) {
  return who.client.post<Bill>("/api/vendor-bills", {
    vendorId: job.vendor.id,
    invoiceNumber: `INV-${++invoiceSeq}`,
    billDate: "2025-03-01",
    ...body,
  });
}

async function entered(body: Record<string, unknown>): Promise<VendorBillDetail> {
  const res = await enter(body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A bill against the PO's first line. */
const onPo = (po: PurchaseOrderDetail, amountMinor: number, extra: object = {}) =>
  entered({
    purchaseOrderId: po.id,
    lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor }],
    ...extra,
  });

const approve = (bill: { id: string }, who: WorkspaceUser = job.owner) =>
  who.client.post<Bill>(`/api/vendor-bills/${bill.id}/approve`, {});
const pay = (bill: { id: string }, paymentDate = "2025-03-20", who: WorkspaceUser = job.owner) =>
  who.client.post<Bill>(`/api/vendor-bills/${bill.id}/pay`, { paymentDate });
const voidBill = (bill: { id: string }, reason?: string) =>
  job.owner.client.post<Bill>(`/api/vendor-bills/${bill.id}/void`, reason ? { reason } : {});

async function trailOf(id: string) {
  return (await financeTrail(ctx, job.organizationId)).filter((r) => r.object_id === id);
}

describe("entering bills", () => {
  it("enters a bill against a sent PO's lines, due by the vendor's terms, with the next number and an audit row", async () => {
    const po = await sentPo([
      { budgetLineKey: job.keys.producer, amountMinor: 100_000 },
      { budgetLineKey: job.keys.travel, amountMinor: 50_000 },
    ]);
    const res = await enter({
      purchaseOrderId: po.id,
      invoiceNumber: "LC-1001",
      billDate: "2025-03-05",
      lines: [
        { purchaseOrderLineId: po.lines[0]!.id, amountMinor: 60_000 },
        { purchaseOrderLineId: po.lines[1]!.id, amountMinor: 10_000, description: "Taxis" },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      displayNumber: expect.stringMatching(/^BILL-\d{4}$/),
      status: "received",
      invoiceNumber: "LC-1001",
      purchaseOrderId: po.id,
      purchaseOrderNumber: po.displayNumber,
      budgetId: job.budget.id,
      projectName: "Acme launch",
      currency: "USD",
      billDate: "2025-03-05",
      dueDate: "2025-04-04",
      amountMinor: 70_000,
      withoutPo: false,
      allowedActions: ["approve", "void"],
      editable: true,
      approval: { overPoMinor: 0, withoutPoMinor: 0, unapprovedMinor: 0, needsAuthority: false },
    });
    expect(res.body.lines).toMatchObject([
      {
        budgetLineKey: job.keys.producer,
        section: "A",
        description: "Producer",
        poLineRemainingMinor: 100_000,
      },
      { budgetLineKey: job.keys.travel, section: "D", description: "Taxis", poLineRemainingMinor: 50_000 },
    ]);
    const [created] = await trailOf(res.body.id);
    expect(created).toMatchObject({ object_type: "vendor_bill", action: "created" });
    expect(created!.after).toMatchObject({
      number: res.body.displayNumber,
      amountMinor: 70_000,
      status: "received",
    });
    // Entering a bill bills nothing yet: the PO stays sent, its lines unbilled.
    expect((await poOf(po.id)).status).toBe("sent");
  });

  it("flags a bill straight against budget lines as without PO", async () => {
    const bill = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.camera, amountMinor: 5_000 }],
    });
    expect(bill).toMatchObject({
      withoutPo: true,
      purchaseOrderId: null,
      approval: { withoutPoMinor: 5_000, unapprovedMinor: 5_000, needsAuthority: true },
    });
    expect(bill.lines[0]).toMatchObject({ section: "I", withoutPo: true, poLineAmountMinor: null });
    const flagged = await job.owner.client.get<VendorBillListResponse>(
      `/api/vendor-bills?withoutPo=true&budgetId=${job.budget.id}&pageSize=200`,
    );
    expect(flagged.body.items.map((b) => b.id)).toContain(bill.id);
    expect(flagged.body.items.every((b) => b.withoutPo)).toBe(true);
  });

  it("answers 400 naming the field for amounts 0, negative, not whole or too large, and for lines it cannot place", async () => {
    const po = await sentPo([{ budgetLineKey: job.keys.producer, amountMinor: 1_000 }]);
    for (const amountMinor of [0, -5, 10.5, 2 ** 60, "100"]) {
      const res = await enter({
        purchaseOrderId: po.id,
        lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor }],
      });
      expect(res.status, String(amountMinor)).toBe(400);
      expect([...new Set(res.body.error.fields?.map((f) => f.field))]).toEqual(["lines.0.amountMinor"]);
    }
    const both = await enter({
      purchaseOrderId: po.id,
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, budgetLineKey: job.keys.producer, amountMinor: 1 }],
    });
    expect(both.status).toBe(400);
    expect(both.body.error.fields?.[0]?.field).toBe("lines.0.purchaseOrderLineId");
    const foreign = await enter({
      purchaseOrderId: po.id,
      lines: [{ purchaseOrderLineId: "nope", amountMinor: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toEqual([
      { field: "lines.0.purchaseOrderLineId", message: `is not a line of ${po.displayNumber}` },
    ]);
    const noBudget = await enter({ lines: [{ budgetLineKey: job.keys.producer, amountMinor: 1 }] });
    expect(noBudget.status).toBe(400);
    expect(noBudget.body.error.fields?.[0]?.field).toBe("budgetId");
    const badDate = await enter({ budgetId: job.budget.id, billDate: "2025-02-30", lines: [] });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.fields?.map((f) => f.field)).toEqual(["billDate", "lines"]);
  });

  it("takes bills only against a PO that has been sent, from its own vendor", async () => {
    const raised = await job.owner.client.post<PurchaseOrderDetail>("/api/purchase-orders", {
      vendorId: job.vendor.id,
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.producer, amountMinor: 1_000 }],
    });
    const draft = await enter({
      purchaseOrderId: raised.body.id,
      lines: [{ purchaseOrderLineId: raised.body.lines[0]!.id, amountMinor: 1 }],
    });
    expect(draft.status).toBe(409);
    expect(draft.body.error.message).toBe(
      `${raised.body.displayNumber}: A purchase order cannot be partly billed while it is a draft: submit it for approval first.`,
    );
    const other = await job.owner.client.post<{ id: string }>("/api/vendors", { name: "Grip Truck Ltd" });
    const po = await sentPo([{ budgetLineKey: job.keys.producer, amountMinor: 1_000 }]);
    const wrongVendor = await enter({
      vendorId: other.body.id,
      purchaseOrderId: po.id,
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor: 1 }],
    });
    expect(wrongVendor.status).toBe(400);
    expect(wrongVendor.body.error.fields).toEqual([
      { field: "purchaseOrderId", message: "is ordered from another vendor" },
    ]);
  });

  it("refuses a vendor's invoice number twice in any case (409), and frees it when the bill is voided", async () => {
    const first = await entered({
      invoiceNumber: "DUP-7a",
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.travel, amountMinor: 100 }],
    });
    const again = await enter({
      invoiceNumber: " dup-7A ",
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.travel, amountMinor: 100 }],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual([
      { field: "invoiceNumber", message: "is already on another bill of this vendor" },
    ]);
    expect((await voidBill(first, "Sent twice")).status).toBe(200);
    const reentered = await enter({
      invoiceNumber: "DUP-7A",
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.travel, amountMinor: 90 }],
    });
    expect(reentered.status, reentered.text).toBe(201);
    expect(reentered.body.number).toBeGreaterThan(first.number);
  });

  it("changes a received bill only, from the version seen, and recomputes the due date", async () => {
    const bill = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.travel, amountMinor: 100 }],
    });
    const edited = await job.owner.client.patch<Bill>(`/api/vendor-bills/${bill.id}`, {
      billDate: "2025-03-15",
      lines: [
        { budgetLineKey: job.keys.travel, amountMinor: 150 },
        { budgetLineKey: job.keys.camera, amountMinor: 50 },
      ],
      baseVersion: bill.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ dueDate: "2025-04-14", amountMinor: 200, version: bill.version + 1 });
    const stale = await job.owner.client.patch<Bill>(`/api/vendor-bills/${bill.id}`, {
      notes: "x",
      baseVersion: bill.version,
    });
    expect(stale.status).toBe(409);
    expect((await approve(bill)).status).toBe(200);
    const locked = await job.owner.client.patch<Bill>(`/api/vendor-bills/${bill.id}`, { notes: "late" });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toMatch(/^A vendor bill can only be changed while it is received/);
    expect((await trailOf(bill.id)).map((r) => r.action)).toEqual(["created", "updated", "approved"]);
  });
});

describe("approving, paying and voiding", () => {
  it("moves the PO to partially billed then billed, and committed and actual with it", async () => {
    const fresh = await newJob(ctx);
    // A budget of its own, so committed and actual are this test's alone.
    const po = await sentPo([{ budgetLineKey: fresh.keys.camera, amountMinor: 100_000 }], fresh);
    const committed = async () =>
      (await committedByLineKey(ctx.database.db, fresh.organizationId, [fresh.budget.id])).find(
        (r) => r.line_key === fresh.keys.camera,
      )?.committed_minor ?? 0;
    const actual = async () =>
      (await actualByLineKey(ctx.database.db, fresh.organizationId, [fresh.budget.id])).find(
        (r) => r.line_key === fresh.keys.camera,
      )?.actual_minor ?? 0;
    expect(await committed()).toBe(100_000);
    expect(await actual()).toBe(0);

    const bill = (amountMinor: number) =>
      fresh.owner.client.post<Bill>("/api/vendor-bills", {
        vendorId: fresh.vendor.id,
        purchaseOrderId: po.id,
        invoiceNumber: `F-${amountMinor}`,
        billDate: "2025-03-01",
        lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor }],
      });
    const a = (await bill(40_000)).body;
    const b = (await bill(60_000)).body;
    // Received bills are neither billed nor actual.
    expect(await committed()).toBe(100_000);
    expect(b.lines[0]!.poLineRemainingMinor).toBe(60_000);

    const approvedA = await approve(a, fresh.owner);
    expect(approvedA.status, approvedA.text).toBe(200);
    expect(approvedA.body).toMatchObject({
      status: "approved",
      allowedActions: ["pay"],
      approvedBy: { id: fresh.owner.userId },
    });
    let order = (await fresh.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`)).body;
    expect(order).toMatchObject({ status: "partially_billed", billedMinor: 40_000, committedMinor: 60_000 });
    expect(await committed()).toBe(60_000);
    expect(await actual()).toBe(40_000);
    // On the budget: the camera line's actual is what was typed plus the bill; committed the rest
    // of the PO; section I and the top sheet carry both.
    const budget = (await fresh.owner.client.get<BudgetDetail>(`/api/budgets/${fresh.budget.id}`)).body;
    const camera = budget.lines.find((l) => l.key === fresh.keys.camera)!;
    expect(camera).toMatchObject({ billedMinor: 40_000, committedMinor: 60_000 });
    expect(camera.varianceMinor).toBe(camera.estimateMinor - camera.actualMinor - 40_000);
    expect(camera.forecastMinor).toBe(Math.max(camera.estimateMinor, camera.actualMinor + 100_000));
    const sectionI = (column: "actual" | "committed") =>
      budget.totals[column].sections.find((x) => x.letter === "I")!.lines;
    const typedI = budget.lines.filter((l) => l.section === "I").reduce((t, l) => t + l.actualMinor, 0);
    expect(sectionI("actual")).toBe(typedI + 40_000);
    expect(sectionI("committed")).toBe(60_000);

    expect((await approve(b, fresh.owner)).status).toBe(200);
    order = (await fresh.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`)).body;
    expect(order).toMatchObject({ status: "billed", billedMinor: 100_000, committedMinor: 0 });
    expect(await committed()).toBe(0);
    expect(await actual()).toBe(100_000);

    const paid = await pay(a, "2025-03-25", fresh.owner);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      status: "paid",
      paymentDate: "2025-03-25",
      paidBy: { id: fresh.owner.userId },
    });
    expect(await actual()).toBe(100_000);

    const poTrail = (await financeTrail(ctx, fresh.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id,
    );
    expect(poTrail.map((r) => r.action).slice(-2)).toEqual(["partially_billed", "billed"]);
    expect(poTrail.at(-1)!.after).toMatchObject({
      status: "billed",
      billId: b.id,
      billNumber: b.displayNumber,
    });
    const billTrail = (await financeTrail(ctx, fresh.organizationId, "vendor_bill")).filter(
      (r) => r.object_id === a.id,
    );
    expect(billTrail.map((r) => r.action)).toEqual(["created", "approved", "paid"]);
    expect(billTrail[2]!.after).toMatchObject({
      status: "paid",
      paymentDate: "2025-03-25",
      amountMinor: 40_000,
    });
  });

  it("refuses paying a bill that is not approved (409), a payment before the bill date (400), and steps out of order", async () => {
    const bill = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.travel, amountMinor: 500 }],
    });
    const early = await pay(bill);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "A vendor bill cannot be paid while it is received and not approved yet: approve it first.",
    );
    expect((await approve(bill)).status).toBe(200);
    const before = await pay(bill, "2025-02-28");
    expect(before.status).toBe(400);
    expect(before.body.error.fields).toEqual([
      { field: "paymentDate", message: "must not be before the bill date 2025-03-01" },
    ]);
    const noDate = await job.owner.client.post<Bill>(`/api/vendor-bills/${bill.id}/pay`, {});
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.fields?.[0]?.field).toBe("paymentDate");
    const voided = await voidBill(bill);
    expect(voided.status).toBe(409);
    expect(voided.body.error.message).toMatch(/^A vendor bill cannot be voided while it is approved/);
    expect((await pay(bill)).status).toBe(200);
    expect((await pay(bill)).status).toBe(409);
    expect((await approve(bill)).status).toBe(409);
  });

  it("voids a received bill, which keeps its number and never counts", async () => {
    const po = await sentPo([{ budgetLineKey: job.keys.travel, amountMinor: 10_000 }]);
    const bill = await onPo(po, 8_000);
    const res = await voidBill(bill, "Wrong job");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: "void",
      number: bill.number,
      voidReason: "Wrong job",
      voidedBy: { id: job.owner.userId },
      allowedActions: [],
    });
    expect((await approve(bill)).status).toBe(409);
    // A void bill leaves the PO line's remaining whole.
    const next = await onPo(po, 10_000);
    expect(next.lines[0]!.poLineRemainingMinor).toBe(10_000);
    expect(next.approval.needsAuthority).toBe(false);
    const trail = await trailOf(bill.id);
    expect(trail.map((r) => r.action)).toEqual(["created", "voided"]);
    expect(trail[1]!.after).toMatchObject({ status: "void", reason: "Wrong job" });
  });
});

describe("approval beyond the PO", () => {
  it("lets a member approve what the PO covers, and beyond it up to their limit only (403 naming it)", async () => {
    const po = await sentPo([{ budgetLineKey: job.keys.producer, amountMinor: 100_000 }]);
    const within = await onPo(po, 30_000);
    const over = await onPo(po, 250_000); // 180,000 over the 70,000 left
    expect(over.approval).toMatchObject({
      overPoMinor: 180_000,
      unapprovedMinor: 180_000,
      needsAuthority: true,
    });
    const refused = await approve(over, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "This bill has $1,800.00 over what its purchase order lines have left, above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
    const noLimit = await approve(within, memberNoLimit);
    expect(noLimit.status).toBe(403);
    const ok = await approve(within, member);
    expect(ok.status, ok.text).toBe(200);
    const byAdmin = await approve(over, admin);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const trail = await trailOf(over.id);
    expect(trail.at(-1)).toMatchObject({ action: "approved" });
    expect(trail.at(-1)!.after).toMatchObject({ overPoMinor: 180_000, authority: "admin" });
    expect((await poOf(po.id)).status).toBe("billed");

    const po2 = await sentPo([{ budgetLineKey: job.keys.producer, amountMinor: 10_000 }]);
    const small = await onPo(po2, 60_000); // 50,000 over: within the member's $1,000.00
    const byMember = await approve(small, member);
    expect(byMember.status, byMember.text).toBe(200);
    expect((await trailOf(small.id)).at(-1)!.after).toMatchObject({
      authority: "purchasing_limit",
      purchasingLimitMinor: 100_000,
    });
  });

  it("counts a bill without a PO as not covered", async () => {
    const big = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.camera, amountMinor: 100_001 }],
    });
    const refused = await approve(big, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("$1,000.01 billed without a purchase order");
    expect((await approve(big, admin)).status).toBe(200);
  });

  it("lets one of two people approving at once win; the other gets 409", async () => {
    const bill = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.camera, amountMinor: 10 }],
    });
    const results = await Promise.all([approve(bill, job.owner), approve(bill, admin)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe("permissions and workspaces", () => {
  it("gives a member without canViewFinancials nothing but approving within a limit (403)", async () => {
    const bill = await entered({
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.camera, amountMinor: 10 }],
    });
    for (const who of [member, memberNoLimit]) {
      expect((await who.client.get(`/api/vendor-bills`)).status).toBe(403);
      expect((await who.client.get(`/api/vendor-bills/${bill.id}`)).status).toBe(403);
      expect((await who.client.get(`/api/vendor-bills/export.csv`)).status).toBe(403);
      expect(
        (
          await enter(
            { budgetId: job.budget.id, lines: [{ budgetLineKey: job.keys.camera, amountMinor: 1 }] },
            who,
          )
        ).status,
      ).toBe(403);
      expect((await who.client.patch(`/api/vendor-bills/${bill.id}`, { notes: "x" })).status).toBe(403);
      expect((await pay(bill, "2025-03-20", who)).status).toBe(403);
      expect((await who.client.post(`/api/vendor-bills/${bill.id}/void`, {})).status).toBe(403);
    }
    expect((await approve(bill, memberNoLimit)).status).toBe(403);
  });

  it("answers 404 for another workspace's bill, PO, vendor or budget", async () => {
    const po = await sentPo([{ budgetLineKey: stranger.keys.producer, amountMinor: 1_000 }], stranger);
    const theirs = await stranger.owner.client.post<Bill>("/api/vendor-bills", {
      vendorId: stranger.vendor.id,
      purchaseOrderId: po.id,
      invoiceNumber: "S-1",
      billDate: "2025-03-01",
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor: 500 }],
    });
    expect(theirs.status, theirs.text).toBe(201);
    const id = theirs.body.id;
    expect((await job.owner.client.get(`/api/vendor-bills/${id}`)).status).toBe(404);
    expect((await job.owner.client.patch(`/api/vendor-bills/${id}`, { notes: "x" })).status).toBe(404);
    expect((await approve({ id })).status).toBe(404);
    expect((await pay({ id })).status).toBe(404);
    expect((await voidBill({ id })).status).toBe(404);
    expect(
      (
        await enter({
          purchaseOrderId: po.id,
          lines: [{ purchaseOrderLineId: po.lines[0]!.id, amountMinor: 1 }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await enter({
          vendorId: stranger.vendor.id,
          budgetId: job.budget.id,
          lines: [{ budgetLineKey: job.keys.camera, amountMinor: 1 }],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await enter({
          budgetId: stranger.budget.id,
          lines: [{ budgetLineKey: job.keys.camera, amountMinor: 1 }],
        })
      ).status,
    ).toBe(404);
    const mine = await job.owner.client.get<VendorBillListResponse>("/api/vendor-bills?pageSize=200");
    expect(mine.body.items.map((b) => b.id)).not.toContain(id);
    expect(await actualByLineKey(ctx.database.db, job.organizationId, [stranger.budget.id])).toEqual([]);
  });
});

describe("the list", () => {
  let org: Job;
  beforeAll(async () => {
    org = await newJob(ctx);
    const add = async (
      invoiceNumber: string,
      billDate: string,
      amountMinor: number,
      key = org.keys.travel,
    ) => {
      const res = await org.owner.client.post<Bill>("/api/vendor-bills", {
        vendorId: org.vendor.id,
        budgetId: org.budget.id,
        invoiceNumber,
        billDate,
        lines: [{ budgetLineKey: key, amountMinor }],
      });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    // Terms 30 days: due 2025-01-31, 2025-03-02, 2025-03-31, 2024-11-30, 2025-02-14.
    await add("A-1", "2025-01-01", 100);
    const b = await add("A-2", "2025-01-31", 200);
    await add("A-3", "2025-03-01", 400, org.keys.camera);
    const d = await add("A-4", "2024-10-31", 800);
    const e = await add("A-5", "2025-01-15", 1_600);
    for (const bill of [b, d, e]) {
      expect((await org.owner.client.post(`/api/vendor-bills/${bill.id}/approve`, {})).status).toBe(200);
    }
    expect(
      (await org.owner.client.post(`/api/vendor-bills/${d.id}/pay`, { paymentDate: "2025-01-10" })).status,
    ).toBe(200);
    expect((await org.owner.client.post(`/api/vendor-bills/${e.id}/void`, {})).status).toBe(409);
  });

  it("totals the filtered set and ages what is open as of the date asked", async () => {
    const res = await org.owner.client.get<VendorBillListResponse>("/api/vendor-bills?asOf=2025-03-15");
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.asOf).toBe("2025-03-15");
    expect(res.body.totals).toEqual([
      { currency: "USD", count: 5, amountMinor: 3_100, openMinor: 2_300, paidMinor: 800 },
    ]);
    // Open: A-1 due 01-31 (43 days), A-2 due 03-02 (13), A-3 due 03-31 (not due), A-5 due 02-14 (29).
    expect(res.body.ageing).toEqual([
      {
        currency: "USD",
        buckets: { not_due: 400, days_0_30: 200 + 1_600, days_31_60: 100, days_61_90: 0, days_90_plus: 0 },
      },
    ]);
    // Sorted by due date by default, paid bills not aged.
    expect(res.body.items.map((b) => [b.invoiceNumber, b.daysPastDue, b.ageingBucket])).toEqual([
      ["A-4", null, null],
      ["A-1", 43, "days_31_60"],
      ["A-5", 29, "days_0_30"],
      ["A-2", 13, "days_0_30"],
      ["A-3", -16, "not_due"],
    ]);
  });

  it("filters by status, vendor, budget, project, due dates and search, and pages", async () => {
    const q = async (query: string) =>
      (await org.owner.client.get<VendorBillListResponse>(`/api/vendor-bills?asOf=2025-03-15&${query}`)).body;
    expect((await q("status=approved,paid")).items.map((b) => b.invoiceNumber).sort()).toEqual([
      "A-2",
      "A-4",
      "A-5",
    ]);
    expect((await q(`vendorId=${org.vendor.id}`)).total).toBe(5);
    expect((await q(`budgetId=${org.budget.id}&status=received`)).total).toBe(2);
    expect((await q(`projectId=${org.budget.projectId}`)).total).toBe(5);
    expect((await q("projectId=nope")).total).toBe(0);
    const due = await q("dueFrom=2025-02-01&dueTo=2025-03-02");
    expect(due.items.map((b) => b.invoiceNumber)).toEqual(["A-5", "A-2"]);
    expect(due.totals[0]).toMatchObject({ count: 2, amountMinor: 1_800 });
    expect((await q("search=a-3")).items.map((b) => b.invoiceNumber)).toEqual(["A-3"]);
    // Due this week: on or before the Sunday of asOf's week, overdue included.
    const thisWeek = async (asOf: string) =>
      (
        await org.owner.client.get<VendorBillListResponse>(
          `/api/vendor-bills?asOf=${asOf}&status=received,approved&dueThisWeek=true`,
        )
      ).body.items.map((b) => b.invoiceNumber);
    expect(await thisWeek("2025-02-27")).toEqual(["A-1", "A-5", "A-2"]); // Thursday: week ends 03-02
    expect(await thisWeek("2025-02-23")).toEqual(["A-1", "A-5"]); // Sunday: A-2 (03-02) is next week
    expect(await thisWeek("2025-03-31")).toEqual(["A-1", "A-5", "A-2", "A-3"]); // Monday: to 04-06
    const paged = await q("sort=amount&dir=desc&pageSize=2&page=2");
    expect(paged.items.map((b) => b.amountMinor)).toEqual([400, 200]);
    expect(paged.total).toBe(5);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["status=open", "status.0"],
      ["dueFrom=2025-03-02&dueTo=2025-03-01", "dueFrom"],
      ["asOf=yesterday", "asOf"],
      ["dueThisWeek=yes", "dueThisWeek"],
      ["sort=colour", "sort"],
      ["pageSize=500", "pageSize"],
    ]) {
      const res = await org.owner.client.get<ErrorBody>(`/api/vendor-bills?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.fields?.[0]?.field).toBe(field);
    }
  });

  it("exports exactly the filtered list as CSV with exact decimals", async () => {
    const res = await org.owner.client.get(
      "/api/vendor-bills/export.csv?status=received&asOf=2025-03-15&sort=number",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Number,Vendor,Invoice number,Status,Bill date,Due date,Days past due,Ageing,Purchase order,Without PO,Project,Budget,Currency,Amount,Payment date",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      ",A-1,Received,2025-01-01,2025-01-31,43,31–60 days,,yes,Acme launch,Acme spot,USD,1.00,",
    );
    expect(lines[2]).toContain(",A-3,Received,2025-03-01,2025-03-31,-16,Not due,,yes,");
  });
});
