import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aicpForm, computeBudget, DEFAULT_AICP_FORM_ID } from "@domain/aicp";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { runBudgetLabourRefresh } from "../../jobs/refresh-budget-labour";
import type { BudgetDetail, BudgetLabourEntries, BudgetListResponse, BudgetSummary } from "./contract";

/*
 * Labour actuals of a budget (issue 14 point 3): synced time entries on the project's tasks,
 * priced at the internal rate in force on the day worked in the workspace time zone, placed in a
 * section by the budget's role-tag mapping, with the section's P&W added by the arithmetic.
 * Every figure below is computed by hand in the comments.
 */

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

type ErrorBody = { error: { code: string; message: string; fields?: { field: string }[] } };

const RATES = {
  pwBp: 2000,
  pwBpBySection: { B: 2500 },
  insuranceBp: 300,
  feeBp: 1500,
  contingencyBp: 1000,
  weatherDay: 0,
};

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const org = owner.organizationId;
  const q = (text: string, params: unknown[] = []) => ctx.database.raw.query(text, [org, ...params]);
  // Days are New York days: 2025-03-01T03:00Z is still 28 February there.
  await q(`update organizations set time_zone = 'America/New_York' where id = $1`);
  await q(
    `insert into folders (organization_id, id, name) values ($1, 'f1', 'Acme launch'), ($1, 'f2', 'Other job')`,
  );
  await q(`insert into tasks (organization_id, id, name, folder_id) values
             ($1, 't1', 'Edit v1', 'f1'), ($1, 't2', 'Shoot prep', 'f1'), ($1, 't9', 'Elsewhere', 'f2')`);
  await q(`insert into provider_users (organization_id, id, username, email) values
             ($1, 'u1', 'Pat Producer', 'pat@example.com'), ($1, 'u2', 'Eddie Editor', 'eddie@example.com'),
             ($1, 'u3', 'Senior Editor', 'senior@example.com'), ($1, 'u4', 'Nora NoRole', 'nora@example.com')`);
  await q(`insert into person_settings (organization_id, clickup_user_id, role_tags) values
             ($1, 'u1', '{Producer}'), ($1, 'u2', '{Colorist,Editor}'), ($1, 'u3', '{editor}')`);
  // The internal card has no default rate: an hour of someone with no line is unpriced.
  await q(`insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
             values ($1, 'ci', 'internal', 'Internal', 'USD', true, null)`);
  await q(`insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
             values ($1, 'l1', 'ci', 'role', 'Editor', 6000, '2025-01-01'),
                    ($1, 'l2', 'ci', 'role', 'Editor', 9000, '2025-03-01'),
                    ($1, 'l3', 'ci', 'person', 'u3', 8000, '2025-01-01'),
                    ($1, 'l4', 'ci', 'role', 'Producer', 7500, '2025-01-01')`);
  const entry = (id: string, user: string, task: string, start: string, ms: number, deleted = false) =>
    q(
      `insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms, deleted)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, user, task, start, ms, deleted],
    );
  await entry("e1", "u2", "t1", "2025-02-10T15:00:00Z", 2 * 3_600_000); // Editor 60.00 × 2 h = 120.00 → B
  await entry("e2", "u2", "t1", "2025-03-05T15:00:00Z", 5_400_000); // Editor 90.00 × 1.5 h = 135.00 → B
  await entry("e3", "u2", "t1", "2025-03-01T03:00:00Z", 3_600_000); // 28 Feb in New York: 60.00 → B
  await entry("e4", "u3", "t2", "2025-02-10T16:00:00Z", 3_600_000); // person line 80.00 → B
  await entry("e5", "u1", "t2", "2025-02-11T16:00:00Z", 20 * 60_000); // Producer 75.00 × ⅓ h = 25.00 → A
  await entry("e6", "u4", "t2", "2025-02-12T16:00:00Z", 30 * 60_000); // no rate: unpriced 30 min → G
  await entry("e7", "u2", "t9", "2025-02-12T16:00:00Z", 3_600_000); // another project: not counted
  await entry("e8", "u2", "t1", "2025-02-13T16:00:00Z", 3_600_000, true); // deleted: not counted
  await entry("e9", "u2", "t1", "2025-02-14T16:00:00Z", -1_000); // a running timer: not counted
});
afterAll(async () => {
  await ctx.close();
});

async function newBudget(): Promise<BudgetDetail> {
  const res = await owner.client.post<BudgetDetail>("/api/budgets", {
    projectId: "f1",
    name: "Acme spot",
    bidType: "cost_plus",
    rates: RATES,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function setLabour(budgetId: string, body: object, who = owner) {
  return who.client.put<BudgetDetail & ErrorBody>(`/api/budgets/${budgetId}/labour`, body);
}

describe("labour actuals", () => {
  it("prices the project's time at internal rates on the day worked and places it by role tag", async () => {
    const budget = await newBudget();
    // Before any mapping, everyone's time counts in the default section A.
    expect(budget.labour.defaultSection).toBe("A");
    expect(budget.labour.sections).toEqual([
      { section: "A", minutes: 380, unpricedMinutes: 30, amountMinor: 42_000, entries: 6 },
    ]);
    expect(budget.figures.committedMinor).toBe(0);

    const line = await owner.client.post(`/api/budgets/${budget.id}/lines`, {
      section: "D",
      description: "Location fee",
      quantityHundredths: 100,
      rateMinor: 500_000,
      actualMinor: 10_000,
    });
    expect(line.status).toBe(201);

    const res = await setLabour(budget.id, {
      mapping: [
        { tag: "editor", section: "B" },
        { tag: "Producer", section: "A" },
      ],
      defaultSection: "G",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = res.body;
    // B: 120.00 + 135.00 + 60.00 + 80.00 = 395.00; A: 25.00; G: 30 unpriced minutes, 0.
    expect(detail.labour.sections).toEqual([
      { section: "A", minutes: 20, unpricedMinutes: 0, amountMinor: 2_500, entries: 1 },
      { section: "B", minutes: 330, unpricedMinutes: 0, amountMinor: 39_500, entries: 4 },
      { section: "G", minutes: 30, unpricedMinutes: 30, amountMinor: 0, entries: 1 },
    ]);
    expect(detail.labour).toMatchObject({ minutes: 380, unpricedMinutes: 30, amountMinor: 42_000 });

    const section = (letter: string) => detail.totals.actual.sections.find((s) => s.letter === letter)!;
    // P&W: B at its own 25 % (395.00 → 98.75), A at 20 % (25.00 → 5.00).
    expect(section("B")).toMatchObject({ lines: 39_500, pw: 9_875, subtotal: 49_375 });
    expect(section("A")).toMatchObject({ lines: 2_500, pw: 500, subtotal: 3_000 });
    expect(section("G")).toMatchObject({ lines: 0, pw: 0, subtotal: 0 });
    expect(section("D")).toMatchObject({ lines: 10_000, subtotal: 10_000 });
    const form = aicpForm(DEFAULT_AICP_FORM_ID)!;
    const expected = computeBudget(
      form,
      [
        { section: "A", amount: 2_500 },
        { section: "B", amount: 39_500 },
        { section: "D", amount: 10_000 },
      ],
      RATES,
    );
    expect(detail.totals.actual.grandTotal).toBe(expected.grandTotal);
    // Top sheet line 9 (subtotal A–K) = 30.00 + 493.75 + 100.00.
    expect(detail.totals.actual.topSheet.find((r) => r.number === 9)!.amount).toBe(62_375);
    // Cost-plus: the client owes the actual column's grand total.
    expect(detail.figures).toMatchObject({
      estimateMinor: detail.totals.estimate.grandTotal,
      actualMinor: expected.grandTotal,
      clientActualMinor: expected.grandTotal,
      varianceMinor: detail.totals.estimate.grandTotal - expected.grandTotal,
      committedMinor: 0,
    });
    // Forecast: D's estimate (5,000.00) is more than its actual; B has no estimate, so its actual.
    expect(detail.totals.forecast.sections.find((s) => s.letter === "D")!.lines).toBe(500_000);
    expect(detail.totals.forecast.sections.find((s) => s.letter === "B")!.lines).toBe(39_500);
    const d = detail.lines.find((l) => l.section === "D")!;
    expect(d).toMatchObject({
      estimateMinor: 500_000,
      actualMinor: 10_000,
      varianceMinor: 490_000,
      forecastMinor: 500_000,
    });

    // The rows behind B, newest first, adding up to the figure.
    const rows = await owner.client.get<BudgetLabourEntries>(
      `/api/budgets/${budget.id}/labour-entries?section=B`,
    );
    expect(rows.status).toBe(200);
    expect(rows.body.total).toBe(4);
    expect(rows.body.items.map((r) => [r.id, r.day, r.rateMinor, r.amountMinor])).toEqual([
      ["e2", "2025-03-05", 9000, 13_500],
      ["e3", "2025-02-28", 6000, 6_000],
      ["e1", "2025-02-10", 6000, 12_000],
      ["e4", "2025-02-10", 8000, 8_000],
    ]);
    expect(rows.body.items.reduce((t, r) => t + (r.amountMinor ?? 0), 0)).toBe(39_500);
    expect(rows.body.items[0]).toMatchObject({
      personName: "Eddie Editor",
      taskName: "Edit v1",
      minutes: 90,
    });
    const unpriced = await owner.client.get<BudgetLabourEntries>(
      `/api/budgets/${budget.id}/labour-entries?section=G`,
    );
    expect(unpriced.body.items).toEqual([
      expect.objectContaining({ id: "e6", personName: "Nora NoRole", rateMinor: null, amountMinor: null }),
    ]);

    // The list shows the same actual to date and variance.
    const list = await owner.client.get<BudgetListResponse>("/api/budgets");
    const item = list.body.items.find((i) => i.id === budget.id)!;
    expect(item).toMatchObject({
      actualMinor: expected.grandTotal,
      varianceMinor: item.grandTotalMinor - expected.grandTotal,
    });

    // Audited in the write's transaction.
    const { rows: audit } = await ctx.database.raw.query<{
      action: string;
      after: { defaultSection: string };
    }>(
      `select action, after from audit_events where organization_id = $1 and object_id = $2
         and action = 'labour_settings_changed'`,
      [owner.organizationId, budget.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.defaultSection).toBe("G");
  });

  it("refuses bad settings with the field, members, other workspaces and closed budgets", async () => {
    const budget = await newBudget();
    const bad = await setLabour(budget.id, {
      mapping: [{ tag: "Editor", section: "Z" }],
      defaultSection: "A",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.[0]?.field).toContain("mapping");
    const twice = await setLabour(budget.id, {
      mapping: [
        { tag: "Editor", section: "B" },
        { tag: "EDITOR", section: "A" },
      ],
      defaultSection: "A",
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain("a tag is mapped twice");
    const empty = await setLabour(budget.id, { mapping: [{ tag: "  ", section: "B" }], defaultSection: "A" });
    expect(empty.status).toBe(400);
    expect((await setLabour(budget.id, { mapping: [], defaultSection: "B" }, member)).status).toBe(403);
    expect((await member.client.get(`/api/budgets/${budget.id}/labour-entries`)).status).toBe(403);
    expect((await setLabour(budget.id, { mapping: [], defaultSection: "B" }, stranger)).status).toBe(404);
    expect((await stranger.client.get(`/api/budgets/${budget.id}/labour-entries`)).status).toBe(404);
    expect((await owner.client.get(`/api/budgets/${budget.id}/labour-entries?section=Q`)).status).toBe(400);
    expect((await owner.client.get(`/api/budgets/${budget.id}/labour-entries?page=0`)).status).toBe(400);

    for (const action of ["submit", "approve", "close"]) {
      const res = await owner.client.post(`/api/budgets/${budget.id}/transitions`, { action });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const closed = await setLabour(budget.id, { mapping: [], defaultSection: "B" });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(
      "This budget is closed: its labour settings can no longer change.",
    );
  });

  it("sums active jobs per currency and names the jobs most over budget for the overview", async () => {
    const over = await newBudget();
    const line = await owner.client.post(`/api/budgets/${over.id}/lines`, {
      section: "D",
      quantityHundredths: 100,
      rateMinor: 1_000,
      actualMinor: 90_000,
    });
    expect(line.status).toBe(201);
    const res = await owner.client.get<BudgetSummary>("/api/budgets/summary");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = await owner.client.get<BudgetListResponse>("/api/budgets?status=draft&pageSize=200");
    const drafts = list.body.items;
    // Budgets of this file: the first (draft), the closed one, and this one (draft).
    expect(res.body.byStatus).toEqual([
      { status: "closed", count: 1 },
      { status: "draft", count: drafts.length },
    ]);
    expect(res.body.active).toEqual([
      {
        currency: drafts[0]!.currency,
        budgets: drafts.length,
        estimateMinor: drafts.reduce((t, b) => t + b.grandTotalMinor, 0),
        actualMinor: drafts.reduce((t, b) => t + b.actualMinor, 0),
        varianceMinor: drafts.reduce((t, b) => t + b.varianceMinor, 0),
        forecastMinor: expect.any(Number),
      },
    ]);
    // Over budget: labour (420.00 + P&W) and 900.00 of actuals against a 10.00 line.
    expect(res.body.mostOver.map((b) => b.id)).toEqual([over.id]);
    expect(res.body.mostOver[0]!.varianceMinor).toBeLessThan(0);
    expect((await member.client.get("/api/budgets/summary")).status).toBe(403);
    const theirs = await stranger.client.get<BudgetSummary>("/api/budgets/summary");
    expect(theirs.body).toEqual({ byStatus: [], active: [], mostOver: [], unbilled: [] });
    // Unbilled work in progress: only jobs with an approved revision — these drafts are bids.
    expect(drafts.some((b) => b.grandTotalMinor > 0)).toBe(true);
    expect(res.body.unbilled).toEqual([]);
  });

  it("lists labour as last summed until the refresh job sums it again; the budget prices it live", async () => {
    const budget = await newBudget();
    const listed = async () =>
      (await owner.client.get<BudgetListResponse>("/api/budgets?pageSize=200")).body.items.find(
        (i) => i.id === budget.id,
      )!;
    const before = await listed();
    expect(before.actualMinor).toBe(budget.figures.actualMinor);
    expect(before.labourAsOf).not.toBeNull();
    // New time on the project: 2 h of Eddie on 2025-03-06 at the Editor rate of 90.00 (default section A).
    await ctx.database.raw.query(
      `insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms)
       values ($1, 'e-late', 'u2', 't1', '2025-03-06T15:00:00Z', 7200000)`,
      [owner.organizationId],
    );
    const live = (await owner.client.get<BudgetDetail>(`/api/budgets/${budget.id}`)).body;
    expect(live.labour.amountMinor).toBe(budget.labour.amountMinor + 18_000);
    expect((await listed()).actualMinor).toBe(before.actualMinor);
    expect(await runBudgetLabourRefresh(ctx.deps, owner.organizationId)).toBeGreaterThan(0);
    const after = await listed();
    expect(after.actualMinor).toBe(live.figures.actualMinor);
    expect(after.actualMinor).toBeGreaterThan(before.actualMinor);
    await ctx.database.raw.query(`delete from time_entries where organization_id = $1 and id = 'e-late'`, [
      owner.organizationId,
    ]);
    await runBudgetLabourRefresh(ctx.deps, owner.organizationId);
  });
});
