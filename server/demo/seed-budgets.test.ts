import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aicpForm, computeBudget, DEFAULT_AICP_FORM_ID, lineTotal } from "@domain/aicp";
import type { DemoProject } from "../../simulator/clickup/demo/model";
import { createUserInWorkspace, type WorkspaceUser } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import type { FinanceAuditResponse } from "../modules/audit/contract";
import type { BudgetDetail, BudgetListResponse, BudgetRevisionDiff } from "../modules/budgets/contract";
import { systemContext, type RequestContext } from "../request-context";
import {
  chooseProjects,
  DEMO_BUDGET_LINES,
  DEMO_BUDGET_PLANS,
  DEMO_BUDGET_RATES,
  seedBudgets,
} from "./seed-budgets";
import { seedFinanceDocuments } from "./seed-finance-documents";
import type { PurchaseOrderListResponse } from "../modules/purchase-orders/contract";
import type { VendorBillListResponse } from "../modules/vendor-bills/contract";
import type { InvoiceListResponse } from "../modules/client-invoices/contract";

let ctx: TestContext;
let owner: WorkspaceUser;
let stranger: WorkspaceUser;
let ownerCtx: RequestContext;

const project = (folderId: string, kind: DemoProject["kind"], name: string): DemoProject => ({
  folderId,
  name,
  client: name.split(" - ")[0]!,
  jobCode: folderId.toUpperCase(),
  spaceId: "s1",
  spaceName: "Space",
  kind,
  metaTaskId: `${folderId}-meta`,
  listIds: [],
  teamUserIds: [],
  start: 0,
  end: 0,
});

/** The demo's phases, as the simulated agency has them (two bids first, a creative job…). */
const PROJECTS: DemoProject[] = [
  project("f-bid", "bids", "Sable Cosmetics - Brand Refresh"),
  project("f-bid2", "bids", "Velo Bikes - Fall Collection"),
  project("f-cre", "creative", "Lumen Bank - Launch Film"),
  project("f-prod", "production", "Brightwater Insurance - Back to School"),
  project("f-post", "post", "Orbit Telecom - Awareness Flight"),
  project("f-done", "completed", "Velo Bikes - Back to School"),
];

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date("2025-03-13T09:00:00Z") });
  owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Olivia", lastName: "Owner" });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  ownerCtx = {
    ...systemContext(ctx.deps, owner.organizationId),
    userId: owner.userId,
    requestId: "demo-boot",
  };
  // The first sync has brought every project but the completed one so far.
  for (const p of PROJECTS.filter((p) => p.kind !== "completed")) {
    await ctx.database.raw.query(`insert into folders (organization_id, id, name) values ($1, $2, $3)`, [
      owner.organizationId,
      p.folderId,
      p.name,
    ]);
  }
});
afterAll(async () => {
  await ctx.close();
});

const budgets = async () =>
  (await owner.client.get<BudgetListResponse>("/api/budgets?sort=name&dir=asc&pageSize=50")).body.items;

describe("demo budgets (issue 14 item 8)", () => {
  it("picks one project per state by phase: a bid, a job in production, one in post, a finished one", () => {
    expect(chooseProjects(PROJECTS).map((c) => [c.plan.state, c.project.folderId])).toEqual([
      ["draft", "f-bid"],
      ["approved", "f-prod"],
      ["change_order", "f-post"],
      ["closed", "f-done"],
    ]);
    // Phases missing from a smaller agency fall back to any unused project.
    expect(chooseProjects(PROJECTS.slice(0, 2)).map((c) => c.project.folderId)).toEqual(["f-bid", "f-bid2"]);
  });

  it("lines are an AICP commercial's: every line priced, crew with overtime, realistic rates", () => {
    const sections = new Set(DEMO_BUDGET_LINES.map(([s]) => s));
    for (const s of ["A", "B", "C", "D", "E", "I", "J", "K", "L", "M", "N", "O"])
      expect(sections).toContain(s);
    for (const [, , description, quantity, rate] of DEMO_BUDGET_LINES) {
      expect(description.length, description).toBeGreaterThan(3);
      expect(quantity).toBeGreaterThan(0);
      expect(Number.isInteger(rate) && rate > 0, description).toBe(true);
    }
    expect(DEMO_BUDGET_LINES.filter(([s, , , , , ot]) => s === "B" && ot).length).toBeGreaterThanOrEqual(4);
    expect(DEMO_BUDGET_RATES).toMatchObject({
      pwBp: 2800,
      insuranceBp: 250,
      feeBp: 1500,
      contingencyBp: 1000,
    });
  });

  it("seeds what it can as the owner, waits for nothing once the sync is done, and never duplicates", async () => {
    // No sync state yet and the completed job's folder absent: with no time to wait, it is missing.
    const first = await seedBudgets(ownerCtx, { projects: PROJECTS }, { timeoutMs: 0 });
    expect(first).toEqual({
      created: DEMO_BUDGET_PLANS.slice(0, 3).map((p) => p.name),
      skipped: [],
      missing: [DEMO_BUDGET_PLANS[3]!.name],
    });
    // The folder arrives; the next start seeds the last one and leaves the others alone.
    await ctx.database.raw.query(
      `insert into folders (organization_id, id, name) values ($1, 'f-done', 'Done')`,
      [owner.organizationId],
    );
    const second = await seedBudgets(ownerCtx, { projects: PROJECTS }, { timeoutMs: 0 });
    expect(second).toEqual({
      created: [DEMO_BUDGET_PLANS[3]!.name],
      skipped: DEMO_BUDGET_PLANS.slice(0, 3).map((p) => p.name),
      missing: [],
    });
    const third = await seedBudgets(ownerCtx, { projects: PROJECTS }, { timeoutMs: 0 });
    expect(third.created).toEqual([]);
    expect(third.skipped).toHaveLength(4);
    const items = await budgets();
    expect(items).toHaveLength(4);
    expect(
      Object.fromEntries(
        items.map((b) => [b.name, [b.projectId, b.status, b.latestRevisionNumber, b.workingRevisionNumber]]),
      ),
    ).toEqual({
      "Hero :30 — AICP bid": ["f-bid", "draft", 0, null],
      "Anthem :60 & :30 — AICP": ["f-prod", "approved", 0, 0],
      "Awareness :30 + :15s — AICP": ["f-post", "submitted", 1, 0],
      "Brand :30 — AICP": ["f-done", "closed", 0, 0],
    });
    // Another workspace is untouched.
    expect((await stranger.client.get<BudgetListResponse>("/api/budgets")).body.items).toEqual([]);
  });

  it("the draft's grand total is the AICP arithmetic of its lines (P&W 28 %, insurance 2.5 %, fee 15 %)", async () => {
    const draft = (await budgets()).find((b) => b.status === "draft")!;
    const detail = (await owner.client.get<BudgetDetail>(`/api/budgets/${draft.id}`)).body;
    expect(detail.lines).toHaveLength(DEMO_BUDGET_LINES.length);
    const dp = detail.lines.find((l) => l.section === "B" && l.number === "2")!;
    // Two shoot days at $2,750 plus 4 OT hours at $412.50.
    expect([dp.quantityHundredths, dp.rateMinor, dp.otHoursHundredths, dp.estimateMinor]).toEqual([
      200, 275_000, 400, 715_000,
    ]);
    const expected = computeBudget(
      aicpForm(DEFAULT_AICP_FORM_ID)!,
      detail.lines.map((l) => ({
        section: l.section,
        amount: lineTotal({
          quantity: l.quantityHundredths,
          rate: l.rateMinor,
          otHours: l.otHoursHundredths,
          otRate: l.otRateMinor,
        }),
      })),
      DEMO_BUDGET_RATES,
    );
    expect(detail.totals.estimate.grandTotal).toBe(expected.grandTotal);
    expect(draft.grandTotalMinor).toBe(expected.grandTotal);
    // A two-day :30 on location: a quarter of a million dollars or so, not a toy number.
    expect(expected.grandTotal).toBeGreaterThan(15_000_000);
    expect(expected.grandTotal).toBeLessThan(40_000_000);
    expect(detail.revision.rates).toMatchObject({
      pwBp: 2800,
      insuranceBp: 250,
      feeBp: 1500,
      contingencyBp: 1000,
    });
  });

  it("approved jobs carry actuals; the change order's diff shows what the client asked for", async () => {
    const items = await budgets();
    const approved = items.find((b) => b.status === "approved")!;
    expect(approved.actualMinor).toBeGreaterThan(0);
    expect(approved.actualMinor).toBeLessThan(approved.grandTotalMinor);
    const closed = items.find((b) => b.status === "closed")!;
    expect(closed.actualMinor).toBeGreaterThan(closed.grandTotalMinor * 0.8);

    const co = items.find((b) => b.status === "submitted")!;
    const diff = await owner.client.get<BudgetRevisionDiff>(`/api/budgets/${co.id}/revisions/1/diff`);
    expect(diff.status).toBe(200);
    expect(diff.body.againstRevisionNumber).toBe(0);
    const byLine = Object.fromEntries(diff.body.changes.map((c) => [`${c.section}${c.number}`, c.kind]));
    expect(byLine).toEqual({ D1: "changed", K1: "removed", O1: "changed", O2: "changed", O7: "added" });
    expect(diff.body.estimateDelta).toBeGreaterThan(0);
    const detail = (await owner.client.get<BudgetDetail>(`/api/budgets/${co.id}`)).body;
    expect(detail.revision).toMatchObject({ number: 1, status: "submitted", rates: { contingencyBp: 500 } });
  });

  it("every step is on the finance audit trail under the owner's name", async () => {
    const trail = await owner.client.get<FinanceAuditResponse>(
      "/api/audit/finance?object=budget_revision&pageSize=50",
    );
    expect(trail.status).toBe(200);
    const actions = trail.body.items.map((e) => e.action).sort();
    // 3 submits of revision 0 (+1 of the change order), 3 approvals, the change order's creation, a close.
    expect(actions).toEqual(
      [
        "approved",
        "approved",
        "approved",
        "closed",
        "created",
        "submitted",
        "submitted",
        "submitted",
        "submitted",
      ].sort(),
    );
    const all = await owner.client.get<FinanceAuditResponse>("/api/audit/finance?pageSize=1");
    expect(all.body.total).toBeGreaterThan(4 * DEMO_BUDGET_LINES.length);
    expect(all.body.items[0]!.actor).toMatchObject({ id: owner.userId, name: "Olivia Owner" });
  });

  it("puts purchase orders, a bill due this week and an overdue deposit invoice on the approved budgets, once", async () => {
    expect(await seedFinanceDocuments(ownerCtx)).toEqual({ seeded: true });
    const get = async <T>(path: string) => {
      const res = await owner.client.get<T>(path);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const pos = await get<PurchaseOrderListResponse>("/api/purchase-orders?sort=number&dir=asc");
    expect(pos.items.map((p) => [p.displayNumber, p.status, p.vendorName])).toEqual([
      ["PO-0001", "partially_billed", "Panavision Hollywood"],
      ["PO-0002", "approved", "Sunset Stages"],
      ["PO-0003", "pending_approval", "Company 3 Post"],
    ]);
    // The app's today is 2025-03-13 (a Thursday): the bill of 2025-02-09 was due 03-11.
    const bills = await get<VendorBillListResponse>(
      "/api/vendor-bills?status=received,approved&dueThisWeek=true",
    );
    expect(bills.items.map((b) => [b.invoiceNumber, b.dueDate, b.daysPastDue])).toEqual([
      ["PV-88412", "2025-03-11", 2],
    ]);
    const overdue = await get<InvoiceListResponse>("/api/client-invoices?overdue=true");
    expect(overdue.items.map((i) => [i.displayNumber, i.kind, i.status, i.dueDate])).toEqual([
      ["INV-0001", "deposit", "sent", "2025-02-27"],
    ]);
    const anthem = (await budgets()).find((b) => b.name === "Anthem :60 & :30 — AICP")!;
    const detail = await get<BudgetDetail>(`/api/budgets/${anthem.id}`);
    expect(detail.figures.committedMinor).toBeGreaterThan(0);
    // 60 % of the camera package is billed (and approved): Actual on its line, the rest committed.
    const camera = detail.lines.find((l) => l.section === "I" && l.number === "1")!;
    expect(camera.billedMinor).toBe(Math.floor((camera.estimateMinor * 6) / 10));
    expect(camera.committedMinor).toBe(camera.estimateMinor - camera.billedMinor);
    expect(detail.figures.invoicedMinor).toBe(overdue.items[0]!.totalMinor);
    expect(await seedFinanceDocuments(ownerCtx)).toEqual({ seeded: false, reason: "vendors exist" });
  });
});
