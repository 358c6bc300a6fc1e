import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type {
  BudgetDetail,
  BudgetLineConflict,
  BudgetLineView,
  BudgetListResponse,
  BudgetRevisionDiff,
} from "./contract";

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

type ErrorBody = { error: { code: string; message: string; fields?: { field: string }[] } };

beforeAll(async () => {
  // A pinned clock that ticks a second per reading, so audit rows sort in the order written.
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(`insert into folders (organization_id, id, name) values ($1, 'f1', 'Acme launch')`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'f2', 'Zeta promo')`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'fx', 'Stranger job')`, [
    stranger.organizationId,
  ]);
});
afterAll(async () => {
  await ctx.close();
});

async function financeTrail(organizationId: string) {
  const { rows } = await ctx.database.raw.query<{
    object_type: string;
    action: string;
    object_id: string;
    before: unknown;
    after: unknown;
  }>(
    `select object_type, action, object_id, before, after from audit_events
      where organization_id = $1 and category = 'finance' order by occurred_at, id`,
    [organizationId],
  );
  return rows;
}

async function allAuditRows(organizationId: string): Promise<number> {
  const { rows } = await ctx.database.raw.query<{ n: number }>(
    `select count(*)::int as n from audit_events where organization_id = $1`,
    [organizationId],
  );
  return Number(rows[0]!.n);
}

const RATES = {
  pwBp: 2000,
  pwBpBySection: { B: 2500 },
  insuranceBp: 300,
  feeBp: 1500,
  contingencyBp: 1000,
  weatherDay: 250_000,
};

async function newBudget(name = "Acme spot", body: object = {}): Promise<BudgetDetail> {
  const res = await owner.client.post<BudgetDetail>("/api/budgets", {
    projectId: "f1",
    name,
    bidType: "firm",
    rates: RATES,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function addLine(budgetId: string, body: object, who = owner): Promise<BudgetLineView> {
  const res = await who.client.post<BudgetLineView>(`/api/budgets/${budgetId}/lines`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function act(budgetId: string, action: string, who = owner) {
  return who.client.post<BudgetDetail & ErrorBody>(`/api/budgets/${budgetId}/transitions`, { action });
}

async function get(budgetId: string, revision?: number): Promise<BudgetDetail> {
  const res = await owner.client.get<BudgetDetail>(
    `/api/budgets/${budgetId}${revision === undefined ? "" : `?revision=${revision}`}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The lines of the hand-computed budget (amounts in cents, quantities in hundredths). */
async function addHandLines(budgetId: string) {
  return {
    producer: await addLine(budgetId, {
      section: "A",
      number: "1",
      description: "Producer",
      quantityHundredths: 250,
      rateMinor: 80_000,
    }),
    gaffer: await addLine(budgetId, {
      section: "B",
      number: "12",
      description: "Gaffer",
      quantityHundredths: 300,
      rateMinor: 65_000,
      otHoursHundredths: 450,
      otRateMinor: 9_750,
    }),
    scout: await addLine(budgetId, { section: "C", number: "1", quantityHundredths: 100, rateMinor: 12_345 }),
    travel: await addLine(budgetId, {
      section: "D",
      number: "40",
      quantityHundredths: 333,
      rateMinor: 1_001,
    }),
    props: await addLine(budgetId, { section: "E", number: "3", quantityHundredths: 15, rateMinor: 10 }),
    director: await addLine(budgetId, {
      section: "L",
      number: "1",
      quantityHundredths: 100,
      rateMinor: 1_000_000,
    }),
    talent: await addLine(budgetId, {
      section: "M",
      number: "1",
      quantityHundredths: 200,
      rateMinor: 50_000,
    }),
    edit: await addLine(budgetId, {
      section: "O",
      number: "1",
      quantityHundredths: 500,
      rateMinor: 30_000,
      actualMinor: 120_000,
    }),
  };
}

describe("budgets", () => {
  it("creates a budget, adds lines and computes the top sheet as by hand", async () => {
    const created = await newBudget();
    expect(created).toMatchObject({
      projectId: "f1",
      projectName: "Acme launch",
      formId: "aicp-current",
      bidType: "firm",
      currency: "USD",
      status: "draft",
      workingRevisionNumber: null,
      latestRevisionNumber: 0,
      allowedActions: ["submit"],
      revision: { number: 0, status: "draft", linesEditable: true, rates: RATES },
      lines: [],
    });
    expect(created.totals.estimate.grandTotal).toBe(0);
    expect(created.totals.estimate.topSheet).toHaveLength(16);

    const lines = await addHandLines(created.id);
    expect(lines.gaffer.estimateMinor).toBe(238_875); // 3 × 650.00 + 4.5 × 97.50
    expect(lines.travel.estimateMinor).toBe(3_333); // 3.33 × 10.01 = 33.3333 → 33.33
    expect(lines.props.estimateMinor).toBe(2); // 0.15 × 0.10 = 0.015 → 0.02 (half-even on 1.5)
    expect(lines.producer.version).toBe(1);

    const budget = await get(created.id);
    expect(budget.lines.map((l) => l.section)).toEqual(["A", "B", "C", "D", "E", "L", "M", "O"]);
    const section = (letter: string) => budget.totals.estimate.sections.find((s) => s.letter === letter)!;
    expect(section("A")).toMatchObject({ lines: 200_000, pw: 40_000, subtotal: 240_000 });
    // B has its own P&W (25 %): 238,875 × 0.25 = 59,718.75 → 59,719.
    expect(section("B")).toMatchObject({ lines: 238_875, pw: 59_719, subtotal: 298_594 });
    expect(section("M")).toMatchObject({ lines: 100_000, pw: 20_000, subtotal: 120_000 });
    expect(section("L")).toMatchObject({ pw: 0, subtotal: 1_000_000 });
    const amounts = budget.totals.estimate.topSheet.map((r) => r.amount);
    expect(amounts).toEqual([
      252_345, // 1 A + C
      298_594, // 2 B
      3_333, // 3 D
      2, // 4 E
      0, // 5 F + G + H
      0, // 6 I
      0, // 7 J
      0, // 8 K
      554_274, // 9 subtotal A–K
      1_000_000, // 10 L
      16_628, // 11 insurance 3 % of 554,274 = 16,628.22
      1_570_902, // 12 direct costs
      235_635, // 13 fee 15 % of 1,570,902 = 235,635.3
      120_000, // 14 M + N
      150_000, // 15 O + P
      2_076_537, // 16 grand total
    ]);
    expect(budget.totals.estimate).toMatchObject({
      grandTotal: 2_076_537,
      contingency: 207_654, // 10 % of 2,076,537 = 207,653.7
      weatherDay: 250_000,
      totalWithContingency: 2_534_191,
    });
    expect(budget.totals.actual.topSheet[14]!.amount).toBe(120_000);
    expect(budget.revision.grandTotalMinor).toBe(2_076_537);

    // Rates change while a draft: the top sheet follows; the list shows the stored total.
    const patched = await owner.client.patch<BudgetDetail>(`/api/budgets/${created.id}`, {
      rates: { feeBp: 0 },
      name: "Acme spot v2",
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe("Acme spot v2");
    expect(patched.body.revision.rates).toMatchObject({ ...RATES, feeBp: 0 });
    expect(patched.body.totals.estimate.grandTotal).toBe(2_076_537 - 235_635);
    // One version bump per change of the revision: created 1, eight lines, the rates.
    expect(patched.body.revision.version).toBe(10);
    const list = await owner.client.get<BudgetListResponse>(`/api/budgets?search=v2`);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: created.id, grandTotalMinor: 2_076_537 - 235_635, status: "draft" }),
    ]);

    const trail = (await financeTrail(owner.organizationId)).map((r) => `${r.object_type} ${r.action}`);
    expect(trail).toEqual(["budget created", ...Array(8).fill("budget_line created"), "budget updated"]);
  });

  it("runs the lifecycle: submit, return, approve (locked), change order, diff, approve it, close", async () => {
    const budget = await newBudget("Lifecycle");
    const lines = await addHandLines(budget.id);

    const submitted = await act(budget.id, "submit");
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "submitted", allowedActions: ["return", "approve"] });
    const locked = await owner.client.post<ErrorBody>(`/api/budgets/${budget.id}/lines`, { section: "A" });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe("Lines cannot be changed: it is waiting for approval.");
    expect((await act(budget.id, "return")).body.status).toBe("draft");
    expect((await act(budget.id, "submit")).status).toBe(200);
    const approved = await act(budget.id, "approve", admin);
    expect(approved.body).toMatchObject({
      status: "approved",
      workingRevisionNumber: 0,
      allowedActions: ["change_order", "close"],
      revision: { linesEditable: false },
    });

    // Approved: lines, rates and the budget are locked, with the domain's reason.
    const reason = "Lines cannot be changed: it is approved and locked: open a change order to change it.";
    const patchLine = await owner.client.patch<ErrorBody>(
      `/api/budgets/${budget.id}/lines/${lines.edit.id}`,
      {
        baseVersion: 1,
        rateMinor: 1,
      },
    );
    expect([patchLine.status, patchLine.body.error.message]).toEqual([409, reason]);
    const del = await owner.client.delete<ErrorBody>(`/api/budgets/${budget.id}/lines/${lines.edit.id}`);
    expect([del.status, del.body.error.message]).toEqual([409, reason]);
    const rates = await owner.client.patch<ErrorBody>(`/api/budgets/${budget.id}`, { rates: { feeBp: 0 } });
    expect([rates.status, rates.body.error.message]).toEqual([409, reason]);
    // The job's actual cost and notes are still entered on the approved working budget.
    const actual = await owner.client.patch<BudgetLineView>(
      `/api/budgets/${budget.id}/lines/${lines.edit.id}`,
      {
        baseVersion: 1,
        actualMinor: 12_345,
        notes: "invoice 88",
      },
    );
    expect(actual.status, JSON.stringify(actual.body)).toBe(200);
    expect(actual.body).toMatchObject({ actualMinor: 12_345, notes: "invoice 88", estimateMinor: 150_000 });
    const mixed = await owner.client.patch<ErrorBody>(`/api/budgets/${budget.id}/lines/${lines.edit.id}`, {
      baseVersion: 2,
      actualMinor: 1,
      description: "renamed",
    });
    expect([mixed.status, mixed.body.error.message]).toEqual([409, reason]);
    expect((await get(budget.id)).revision).toMatchObject({ linesEditable: false, actualsEditable: true });
    const again = await act(budget.id, "approve");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      "A budget cannot be approved while it is approved and locked: open a change order to change it.",
    );

    // A change order copies every line with the same keys, and the rates.
    const co = await act(budget.id, "change_order");
    expect(co.body).toMatchObject({
      status: "draft",
      latestRevisionNumber: 1,
      workingRevisionNumber: 0,
      revision: { number: 1, status: "draft", rates: RATES },
    });
    expect(co.body.revisions.map((r) => [r.number, r.status])).toEqual([
      [0, "approved"],
      [1, "draft"],
    ]);
    const original = await get(budget.id, 0);
    expect(co.body.lines.map((l) => l.key).sort()).toEqual(original.lines.map((l) => l.key).sort());
    expect(co.body.lines.every((l) => l.revisionNumber === 1 && l.version === 1)).toBe(true);
    expect(co.body.totals).toEqual(original.totals);
    const coLine = (key: string) => co.body.lines.find((l) => l.key === key)!;

    // The original's lines stay locked, actuals too (they go on the change order); its lines are drafts.
    const oldLine = await owner.client.patch<ErrorBody>(`/api/budgets/${budget.id}/lines/${lines.edit.id}`, {
      baseVersion: 2,
      notes: "x",
    });
    expect([oldLine.status, oldLine.body.error.message]).toEqual([
      409,
      "Actuals cannot be entered here: change order 1 is open; enter them on it.",
    ]);
    expect(coLine(lines.edit.key)).toMatchObject({ actualMinor: 12_345, notes: "invoice 88" });
    const edited = await owner.client.patch<BudgetLineView>(
      `/api/budgets/${budget.id}/lines/${coLine(lines.edit.key).id}`,
      { baseVersion: 1, quantityHundredths: 600, notes: "extra day" },
    );
    expect(edited.body).toMatchObject({ estimateMinor: 180_000, version: 2, notes: "extra day" });
    expect(
      (await owner.client.delete(`/api/budgets/${budget.id}/lines/${coLine(lines.props.key).id}`)).status,
    ).toBe(204);
    const added = await addLine(budget.id, {
      section: "I",
      number: "5",
      description: "Camera package",
      quantityHundredths: 200,
      rateMinor: 150_000,
    });

    const diff = await owner.client.get<BudgetRevisionDiff>(`/api/budgets/${budget.id}/revisions/1/diff`);
    expect(diff.status).toBe(200);
    expect(diff.body.againstRevisionNumber).toBe(0);
    expect(diff.body.changes.map((c) => [c.kind, c.section, c.number, c.fields, c.estimateDelta])).toEqual([
      ["removed", "E", "3", [], -2],
      ["added", "I", "5", [], 300_000],
      ["changed", "O", "1", ["estimate", "notes"], 30_000],
    ]);
    expect(diff.body.changes[2]!.before?.estimate).toBe(150_000);
    expect(diff.body.changes[1]!.after?.key).toBe(added.key);
    expect(diff.body.estimateDelta).toBe(329_998);
    expect(diff.body.totals.before?.grandTotal).toBe(2_076_537);
    expect(diff.body.totals.after.grandTotal).toBe((await get(budget.id)).totals.estimate.grandTotal);
    const bid = await owner.client.get<BudgetRevisionDiff>(`/api/budgets/${budget.id}/revisions/0/diff`);
    expect(bid.body.againstRevisionNumber).toBeNull();
    expect(bid.body.totals.before).toBeNull();
    expect(bid.body.changes.every((c) => c.kind === "added")).toBe(true);
    expect((await owner.client.get(`/api/budgets/${budget.id}/revisions/7/diff`)).status).toBe(404);

    // Approving the change order makes it the working revision and supersedes the original.
    expect((await act(budget.id, "submit")).status).toBe(200);
    const coApproved = await act(budget.id, "approve");
    expect(coApproved.body).toMatchObject({ status: "approved", workingRevisionNumber: 1 });
    expect(coApproved.body.revisions.map((r) => [r.number, r.status])).toEqual([
      [0, "superseded"],
      [1, "approved"],
    ]);
    // The original still reads as it was approved.
    const old = await get(budget.id, 0);
    expect(old.totals.estimate.grandTotal).toBe(2_076_537);
    expect(old.revision).toMatchObject({ status: "superseded", linesEditable: false });
    expect(old.lines.find((l) => l.key === lines.edit.key)?.estimateMinor).toBe(150_000);

    const closed = await act(budget.id, "close");
    expect(closed.body).toMatchObject({ status: "closed", allowedActions: [] });
    expect(closed.body.revision).toMatchObject({ linesEditable: false, actualsEditable: false });
    const lateActual = await owner.client.patch<ErrorBody>(
      `/api/budgets/${budget.id}/lines/${coLine(lines.edit.key).id}`,
      { baseVersion: 2, actualMinor: 1 },
    );
    expect([lateActual.status, lateActual.body.error.message]).toEqual([
      409,
      "Actuals cannot be entered: the budget is closed.",
    ]);
    const after = await act(budget.id, "change_order");
    expect(after.status).toBe(409);
    expect(after.body.error.message).toBe(
      "A budget cannot be given a change order while the budget is closed.",
    );

    const trail = (await financeTrail(owner.organizationId))
      .filter((r) => r.object_type === "budget_revision")
      .filter((r) => r.object_id.startsWith(`${budget.id}:`))
      .map((r) => `${r.object_id.slice(budget.id.length)} ${r.action}`);
    expect(trail).toEqual([
      ":0 submitted",
      ":0 returned",
      ":0 submitted",
      ":0 approved",
      ":1 created",
      ":1 submitted",
      ":1 approved",
      ":0 superseded",
      ":1 closed",
    ]);
  });

  it("refuses a change made from a stale line version with 409 carrying the current line", async () => {
    const budget = await newBudget("Concurrent lines");
    const line = await addLine(budget.id, { section: "B", quantityHundredths: 100, rateMinor: 1000 });
    const path = `/api/budgets/${budget.id}/lines/${line.id}`;
    const results = await Promise.all([
      owner.client.patch<BudgetLineView & BudgetLineConflict>(path, { baseVersion: 1, rateMinor: 2000 }),
      admin.client.patch<BudgetLineView & BudgetLineConflict>(path, { baseVersion: 1, rateMinor: 3000 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!.body;
    const lost = results.find((r) => r.status === 409)!.body;
    expect(lost.error.code).toBe("conflict");
    expect(lost.current).toEqual(won);
    expect(won.version).toBe(2);
    const now = await get(budget.id);
    expect(now.lines[0]!.rateMinor).toBe(won.rateMinor);
    // The loser retries from the version it was shown.
    const retry = await owner.client.patch<BudgetLineView>(path, { baseVersion: 2, rateMinor: 4000 });
    expect(retry.body).toMatchObject({ rateMinor: 4000, estimateMinor: 4000, version: 3 });
  });

  it("lets only one of two concurrent transitions win", async () => {
    const budget = await newBudget("Concurrent transitions");
    await addLine(budget.id, { section: "A", quantityHundredths: 100, rateMinor: 100 });
    const submits = await Promise.all([act(budget.id, "submit"), act(budget.id, "submit", admin)]);
    expect(submits.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await act(budget.id, "approve")).status).toBe(200);
    const orders = await Promise.all([act(budget.id, "change_order"), act(budget.id, "change_order", admin)]);
    expect(orders.map((r) => r.status).sort()).toEqual([200, 409]);
    const now = await get(budget.id);
    expect(now.revisions.map((r) => [r.number, r.status])).toEqual([
      [0, "approved"],
      [1, "draft"],
    ]);
    expect(now.lines).toHaveLength(1);

    // A revision-level change names the version it was made from (optional): stale → 409.
    const version = now.revision.version;
    const stale = await owner.client.patch<ErrorBody>(`/api/budgets/${budget.id}`, {
      name: "Renamed",
      baseVersion: version + 7,
    });
    expect([stale.status, stale.body.error.code]).toEqual([409, "conflict"]);
    const staleSubmit = await owner.client.post<ErrorBody>(`/api/budgets/${budget.id}/transitions`, {
      action: "submit",
      baseVersion: version + 7,
    });
    expect(staleSubmit.status).toBe(409);
    const renamed = await owner.client.patch<BudgetDetail>(`/api/budgets/${budget.id}`, {
      name: "Renamed",
      baseVersion: version,
    });
    expect(renamed.body).toMatchObject({ name: "Renamed", revision: { version: version + 1 } });
    const fresh = await owner.client.post<BudgetDetail>(`/api/budgets/${budget.id}/transitions`, {
      action: "submit",
      baseVersion: version + 1,
    });
    expect(fresh.body.status).toBe("submitted");
  });

  it("bad input → 400 naming the field, and nothing is written", async () => {
    const budget = await newBudget("Validation");
    const line = await addLine(budget.id, { section: "A", quantityHundredths: 100, rateMinor: 100 });
    const auditBefore = await allAuditRows(owner.organizationId);
    const bad = async (path: string, body: object, field: string, method: "post" | "patch" = "post") => {
      const res = await owner.client[method]<ErrorBody>(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.fields?.map((f) => f.field)).toContain(field);
    };
    const lines = `/api/budgets/${budget.id}/lines`;
    await bad(lines, { section: "A", quantityHundredths: -1 }, "quantityHundredths");
    await bad(lines, { section: "A", rateMinor: -100 }, "rateMinor");
    await bad(lines, { section: "A", rateMinor: 12.5 }, "rateMinor");
    await bad(lines, { section: "A", rateMinor: "100" }, "rateMinor");
    await bad(lines, { section: "A", otRateMinor: 1e300 }, "otRateMinor");
    await bad(lines, { section: "A", quantityHundredths: 1.5 }, "quantityHundredths");
    await bad(lines, { section: "Z" }, "section");
    await bad(lines, { section: "a" }, "section");
    await bad(lines, { section: "A", description: "x\u0000y" }, "description");
    await bad(lines, { section: "A", description: "x".repeat(501) }, "description");
    await bad(lines, { section: "A", colour: "red" }, "body");
    // A figure whose line total passes 2^53 minor units.
    await bad(
      lines,
      { section: "A", quantityHundredths: 100_000_000, rateMinor: 9e15 },
      "quantityHundredths",
    );
    await bad(`${lines}/${line.id}`, { rateMinor: 5 }, "baseVersion", "patch");
    await bad(`${lines}/${line.id}`, { baseVersion: 1, section: "Q" }, "section", "patch");
    await bad(`${lines}/${line.id}`, { baseVersion: 1 }, "body", "patch");
    const create = { projectId: "f1", name: "X", bidType: "firm" };
    await bad("/api/budgets", { ...create, formId: "aicp-1999" }, "formId");
    await bad("/api/budgets", { ...create, bidType: "t&m" }, "bidType");
    await bad("/api/budgets", { ...create, name: " " }, "name");
    await bad("/api/budgets", { ...create, name: "a\u0000b" }, "name");
    await bad("/api/budgets", { ...create, rates: { ...RATES, insuranceBp: 10_001 } }, "rates.insuranceBp");
    await bad("/api/budgets", { ...create, rates: { ...RATES, pwBp: -1 } }, "rates.pwBp");
    await bad("/api/budgets", { ...create, rates: { ...RATES, weatherDay: 0.5 } }, "rates.weatherDay");
    await bad(
      "/api/budgets",
      { ...create, rates: { ...RATES, pwBpBySection: { B: 10_001 } } },
      "rates.pwBpBySection.B",
    );
    await bad(
      `/api/budgets/${budget.id}`,
      { rates: { contingencyBp: 20_000 } },
      "rates.contingencyBp",
      "patch",
    );
    await bad(`/api/budgets/${budget.id}/transitions`, { action: "reopen" }, "action");
    await bad(`/api/budgets/${budget.id}/transitions`, { action: "submit", baseVersion: 0 }, "baseVersion");
    await bad(`/api/budgets/${budget.id}`, { baseVersion: 1 }, "body", "patch");
    const badQuery = await owner.client.get<ErrorBody>(`/api/budgets/${budget.id}?revision=-1`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.fields?.map((f) => f.field)).toContain("revision");
    const badSort = await owner.client.get<ErrorBody>(`/api/budgets?sort=drop`);
    expect(badSort.status).toBe(400);
    expect(await allAuditRows(owner.organizationId)).toBe(auditBefore);
    expect((await get(budget.id)).lines).toHaveLength(1);
  });

  it("rolls a failing write back whole: no line, no total, no audit row", async () => {
    const budget = await newBudget("Rollback", { rates: { ...RATES, feeBp: 100_000 } });
    const before = await financeTrail(owner.organizationId);
    // The line itself fits, but a 1000 % fee on it does not: the insert is rolled back.
    const res = await owner.client.post<ErrorBody>(`/api/budgets/${budget.id}/lines`, {
      section: "L",
      quantityHundredths: 100,
      rateMinor: 1_000_000_000_000_000,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[0]?.field).toBe("quantityHundredths");
    const now = await get(budget.id);
    expect(now.lines).toEqual([]);
    expect(now.revision).toMatchObject({ grandTotalMinor: 0, version: 1 });
    expect(now.updatedAt).toBe(budget.updatedAt);
    expect(await financeTrail(owner.organizationId)).toEqual(before);
  });

  it("records the audit row in the write's transaction: when it cannot be written, nothing is", async () => {
    const budget = await newBudget("Audit atomic");
    const line = await addLine(budget.id, { section: "D", quantityHundredths: 100, rateMinor: 500 });
    expect((await act(budget.id, "submit")).status).toBe(200);
    expect((await act(budget.id, "approve")).status).toBe(200);
    expect((await act(budget.id, "change_order")).status).toBe(200);
    const before = await get(budget.id);
    const coLine = before.lines[0]!;
    const budgetsBefore = (await owner.client.get<BudgetListResponse>("/api/budgets?pageSize=200")).body
      .total;
    await failAuditInserts(ctx, true);
    try {
      const writes = [
        owner.client.post("/api/budgets", { projectId: "f1", name: "Never", bidType: "firm" }),
        owner.client.patch(`/api/budgets/${budget.id}`, { name: "Never", rates: { feeBp: 1 } }),
        owner.client.post(`/api/budgets/${budget.id}/lines`, { section: "A", rateMinor: 1 }),
        owner.client.patch(`/api/budgets/${budget.id}/lines/${coLine.id}`, { baseVersion: 1, rateMinor: 9 }),
        owner.client.delete(`/api/budgets/${budget.id}/lines/${coLine.id}`),
        owner.client.post(`/api/budgets/${budget.id}/transitions`, { action: "submit" }),
      ];
      for (const write of writes) expect((await write).status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    expect(await get(budget.id)).toEqual(before);
    expect((await get(budget.id, 0)).lines.map((l) => l.id)).toEqual([line.id]);
    expect((await owner.client.get<BudgetListResponse>("/api/budgets?pageSize=200")).body.total).toBe(
      budgetsBefore,
    );
  });

  it("writes one finance audit row per write with before and after", async () => {
    const budget = await newBudget("Audited");
    const line = await addLine(budget.id, { section: "D", quantityHundredths: 100, rateMinor: 500 });
    await owner.client.patch(`/api/budgets/${budget.id}/lines/${line.id}`, {
      baseVersion: 1,
      rateMinor: 700,
    });
    await owner.client.delete(`/api/budgets/${budget.id}/lines/${line.id}`);
    const mine = (await financeTrail(owner.organizationId)).filter(
      (r) => r.object_id === budget.id || r.object_id === line.id,
    );
    expect(mine.map((r) => `${r.object_type} ${r.action}`)).toEqual([
      "budget created",
      "budget_line created",
      "budget_line updated",
      "budget_line deleted",
    ]);
    expect(mine[2]!.before).toMatchObject({ budgetId: budget.id, rateMinor: 500, estimateMinor: 500 });
    expect(mine[2]!.after).toMatchObject({ rateMinor: 700, estimateMinor: 700, version: 2 });
    expect(mine[3]!.after).toBeNull();
  });

  it("lists budgets with filters, sort and paging", async () => {
    const other = await owner.client.post<BudgetDetail>("/api/budgets", {
      projectId: "f2",
      name: "Zeta promo bid",
      formId: "aicp-2023",
      bidType: "cost_plus",
    });
    expect(other.status).toBe(201);
    expect(other.body.totals.estimate.sections.find((s) => s.letter === "P")?.name).toBe("Usage");
    await addLine(other.body.id, { section: "P", quantityHundredths: 100, rateMinor: 99_999_999 });
    const all = await owner.client.get<BudgetListResponse>("/api/budgets?sort=grandTotal&dir=desc");
    expect(all.status).toBe(200);
    expect(all.body.items[0]).toMatchObject({
      id: other.body.id,
      projectName: "Zeta promo",
      bidType: "cost_plus",
      formId: "aicp-2023",
      grandTotalMinor: 99_999_999,
      status: "draft",
    });
    // The stored grand total is the top sheet's, for every budget.
    for (const item of all.body.items) {
      expect(item.grandTotalMinor).toBe((await get(item.id)).totals.estimate.grandTotal);
    }
    const totals = all.body.items.map((i) => i.grandTotalMinor);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const byProject = await owner.client.get<BudgetListResponse>("/api/budgets?projectId=f2");
    expect(byProject.body.items.map((i) => i.id)).toEqual([other.body.id]);
    const closed = await owner.client.get<BudgetListResponse>("/api/budgets?status=closed");
    expect(closed.body.items.map((i) => i.name)).toEqual(["Lifecycle"]);
    // Orderable: an approved working revision and not closed (what a PO can be raised from).
    const orderable = await owner.client.get<BudgetListResponse>("/api/budgets?orderable=true");
    expect(orderable.status).toBe(200);
    const expectedOrderable = all.body.items.filter(
      (i) => i.workingRevisionNumber !== null && i.status !== "closed",
    );
    expect(orderable.body.items.map((i) => i.id).sort()).toEqual(expectedOrderable.map((i) => i.id).sort());
    expect(expectedOrderable.length).toBeGreaterThan(0);
    expect(all.body.items.some((i) => i.status === "closed" && i.workingRevisionNumber !== null)).toBe(true);
    expect((await owner.client.get("/api/budgets?orderable=false")).status).toBe(400);
    const byProjectName = await owner.client.get<BudgetListResponse>("/api/budgets?search=ZETA");
    expect(byProjectName.body.total).toBe(1);
    const paged = await owner.client.get<BudgetListResponse>(
      "/api/budgets?sort=name&dir=asc&pageSize=2&page=2",
    );
    expect(paged.body).toMatchObject({ page: 2, pageSize: 2, total: all.body.total });
    expect(paged.body.items).toHaveLength(2);
    const names = all.body.items
      .map((i) => i.name)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(paged.body.items.map((i) => i.name)).toEqual(names.slice(2, 4));
  });

  it("members get 403; signed-out callers 401", async () => {
    const budget = (await owner.client.get<BudgetListResponse>("/api/budgets")).body.items[0]!;
    expect((await member.client.get("/api/budgets")).status).toBe(403);
    expect((await member.client.get(`/api/budgets/${budget.id}`)).status).toBe(403);
    expect(
      (await member.client.post("/api/budgets", { projectId: "f1", name: "X", bidType: "firm" })).status,
    ).toBe(403);
    expect(
      (await member.client.post(`/api/budgets/${budget.id}/transitions`, { action: "submit" })).status,
    ).toBe(403);
    expect((await ctx.client().get("/api/budgets")).status).toBe(401);
  });

  it("another workspace's budget, line or project is 404, and nothing leaks into its list", async () => {
    const budget = await newBudget("Private");
    const line = await addLine(budget.id, { section: "A", quantityHundredths: 100, rateMinor: 100 });
    const s = stranger.client;
    expect((await s.get(`/api/budgets/${budget.id}`)).status).toBe(404);
    expect((await s.patch(`/api/budgets/${budget.id}`, { name: "Mine" })).status).toBe(404);
    expect((await s.post(`/api/budgets/${budget.id}/transitions`, { action: "submit" })).status).toBe(404);
    expect((await s.get(`/api/budgets/${budget.id}/revisions/0/diff`)).status).toBe(404);
    expect((await s.post(`/api/budgets/${budget.id}/lines`, { section: "A" })).status).toBe(404);
    expect(
      (await s.patch(`/api/budgets/${budget.id}/lines/${line.id}`, { baseVersion: 1, rateMinor: 1 })).status,
    ).toBe(404);
    expect((await s.delete(`/api/budgets/${budget.id}/lines/${line.id}`)).status).toBe(404);
    expect((await s.post("/api/budgets", { projectId: "f1", name: "X", bidType: "firm" })).status).toBe(404);
    expect(
      (await owner.client.post("/api/budgets", { projectId: "fx", name: "X", bidType: "firm" })).status,
    ).toBe(404);
    expect((await owner.client.get(`/api/budgets/${budget.id}?revision=3`)).status).toBe(404);
    // A line id of another budget of the same workspace is not this budget's line.
    const otherBudget = await newBudget("Other");
    expect(
      (
        await owner.client.patch(`/api/budgets/${otherBudget.id}/lines/${line.id}`, {
          baseVersion: 1,
          notes: "x",
        })
      ).status,
    ).toBe(404);
    const theirs = await s.post<BudgetDetail>("/api/budgets", {
      projectId: "fx",
      name: "Theirs",
      bidType: "firm",
    });
    expect(theirs.status).toBe(201);
    const list = (await s.get<BudgetListResponse>("/api/budgets")).body;
    expect(list.items.map((i) => i.name)).toEqual(["Theirs"]);
    expect((await get(budget.id)).lines).toHaveLength(1);
  });
});
