import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { H, nineAm as at, taskBuilder } from "../../../tests/api/clickup-rows";
import type { ClientReportResponse, ReportEntriesResponse } from "./contract";

/*
 * The Client report (issue 16 point 4) on a small agency computed by hand. The app's clock is
 * pinned to Wednesday 2026-11-18 10:00 UTC: "this month" is November 2026 and outstanding
 * invoices are aged on the 18th.
 *
 * Projects: Acme spring spot (client Acme), Globex launch (client Globex). Billing clients Acme,
 * Globex, Initech (no project yet) and Old Co (archived, nothing: not shown).
 *
 * Rates: internal default 50.00/h; client default card Producer 150.00/h, 180.00/h from Friday
 * 20th; an editor (Ann) has no client rate (unpriced).
 *
 *   entry  who        project  day     time   cost     revenue
 *   e1     Bob (Prod) Acme     Thu 19  1.5 h  75.00    225.00
 *   e2     Bob (Prod) Acme     Fri 20  1 h    50.00    180.00  (rate change)
 *   e3     Ann (Ed.)  Globex   Tue 17  1 h    50.00    unpriced
 *   e4     Bob        Acme     Fri 30 Oct 2 h last month: left out
 *
 * Acme margin (405.00 − 125.00) ÷ 405.00 = 69.1358 % → 6914 bp.
 *
 * Budgets: Acme's working revision 1 approved at 10,000.00 (revision 0, 8,000.00, superseded);
 * Globex's (EUR) still a draft.
 *
 *   invoice  client  cur  issued   due      total     paid (on)          status  days past due on 18 Nov
 *   INV-1    Acme    USD  1 Oct    31 Oct   3,000.00  1,000.00 (5 Nov)   sent    18 → 1–30
 *   INV-2    Acme    USD  10 Nov   10 Dec   2,000.00  0                  sent    −22 → current
 *   INV-3    Acme    USD  1 Jul    31 Jul   500.00    0                  sent    110 → over 90
 *   INV-4    Acme    USD  12 Nov   12 Dec   999.99    —                  void    left out
 *   INV-5    Globex  USD  2 Nov    2 Nov    700.00    700.00 (3 Nov)     paid    —
 *   INV-6    Globex  EUR  15 Nov   15 Dec   400.00    0                  sent    current
 */

const NOW = new Date("2026-11-18T10:00:00Z");
const ANN = "u-ann";
const BOB = "u-bob";
const task = taskBuilder({ spaceId: "sp" });

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let other: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  other = await createUserInWorkspace(ctx, { role: "owner" });
  const org = owner.organizationId;
  await seedClickupData(ctx.database.db, org, {
    spaces: [{ id: "sp", name: "Work" }],
    folders: [
      { id: "f-acme", name: "Acme spring spot", spaceId: "sp" },
      { id: "f-globex", name: "Globex launch", spaceId: "sp" },
    ],
    providerUsers: [
      { id: ANN, username: "Ann", email: "ann@agency.test" },
      { id: BOB, username: "Bob", email: "bob@agency.test" },
    ],
    tasks: [
      task({ id: "meta-acme", customItemId: 1001, folderId: "f-acme", name: "Acme spring spot" }),
      task({ id: "meta-globex", customItemId: 1001, folderId: "f-globex", name: "Globex launch" }),
      task({ id: "a1", folderId: "f-acme", name: "Edit" }),
      task({ id: "g1", folderId: "f-globex", name: "Shoot" }),
    ],
    customFields: [{ id: "cf-client", name: "Client", fieldType: "short_text" }],
    customFieldValues: [
      { taskId: "meta-acme", customFieldId: "cf-client", value: "Acme" },
      { taskId: "meta-globex", customFieldId: "cf-client", value: "Globex" },
    ],
    timeEntries: [
      {
        id: "e1",
        userId: BOB,
        taskId: "a1",
        startTime: at("2026-11-19"),
        durationMs: 1.5 * H,
        billable: true,
      },
      { id: "e2", userId: BOB, taskId: "a1", startTime: at("2026-11-20"), durationMs: H, billable: true },
      { id: "e3", userId: ANN, taskId: "g1", startTime: at("2026-11-17"), durationMs: H, billable: true },
      { id: "e4", userId: BOB, taskId: "a1", startTime: at("2026-10-30"), durationMs: 2 * H, billable: true },
    ],
  });
  await seedClickupData(ctx.database.db, other.organizationId, {
    folders: [{ id: "f-other", name: "Other job" }],
    providerUsers: [{ id: "u-other", username: "Olga" }],
    tasks: [
      task({ id: "meta-o", customItemId: 1001, folderId: "f-other", name: "Other job" }),
      task({ id: "o1", folderId: "f-other" }),
    ],
    customFields: [{ id: "cf-client", name: "Client", fieldType: "short_text" }],
    customFieldValues: [{ taskId: "meta-o", customFieldId: "cf-client", value: "Acme" }],
    timeEntries: [
      {
        id: "o-e1",
        userId: "u-other",
        taskId: "o1",
        startTime: at("2026-11-16"),
        durationMs: 5 * H,
        billable: true,
      },
    ],
  });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(
    `update organizations set currency = 'USD', time_zone = 'UTC', week_start = 'monday' where id = $1`,
    [org],
  );
  await q(
    `update organizations set currency = 'USD', time_zone = 'UTC', week_start = 'monday' where id = $1`,
    [other.organizationId],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, role_tags)
     values ($1, $2, '{Editor}'), ($1, $3, '{Producer}')`,
    [org, ANN, BOB],
  );
  await q(
    `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
     values ($1, 'rc-int', 'internal', 'Cost', 'USD', true, 5000), ($1, 'rc-cli', 'client', 'Standard', 'USD', true, null)`,
    [org],
  );
  await q(
    `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
     values ($1, 'l-1', 'rc-cli', 'role', 'producer', 15000, '2026-01-01'),
            ($1, 'l-2', 'rc-cli', 'role', 'producer', 18000, '2026-11-20')`,
    [org],
  );
  await q(
    `insert into clients (organization_id, id, name, archived)
     values ($1, 'cl-acme', 'Acme', false), ($1, 'cl-globex', 'Globex', false),
            ($1, 'cl-initech', 'Initech', false), ($1, 'cl-old', 'Old Co', true)`,
    [org],
  );
  await q(
    `insert into budgets (organization_id, id, folder_id, name, form_id, bid_type, currency,
                          working_revision_number, latest_revision_number)
     values ($1, 'b-acme', 'f-acme', 'Acme bid', 'aicp-2024', 'firm', 'USD', 1, 1),
            ($1, 'b-globex', 'f-globex', 'Globex bid', 'aicp-2024', 'firm', 'EUR', null, 0)`,
    [org],
  );
  await q(
    `insert into budget_revisions (organization_id, budget_id, number, status, grand_total_minor)
     values ($1, 'b-acme', 0, 'superseded', 800000), ($1, 'b-acme', 1, 'approved', 1000000),
            ($1, 'b-globex', 0, 'draft', 555500)`,
    [org],
  );
  await q(
    `insert into client_invoices (organization_id, id, number, budget_id, project_id, client_id, kind,
                                  issue_date, due_date, currency, status, total_minor, paid_minor)
     values ($1, 'i-1', 1, 'b-acme', 'f-acme', 'cl-acme', 'progress', '2026-10-01', '2026-10-31', 'USD', 'sent', 300000, 100000),
            ($1, 'i-2', 2, 'b-acme', 'f-acme', 'cl-acme', 'progress', '2026-11-10', '2026-12-10', 'USD', 'sent', 200000, 0),
            ($1, 'i-3', 3, 'b-acme', 'f-acme', 'cl-acme', 'deposit', '2026-07-01', '2026-07-31', 'USD', 'sent', 50000, 0),
            ($1, 'i-4', 4, 'b-acme', 'f-acme', 'cl-acme', 'progress', '2026-11-12', '2026-12-12', 'USD', 'void', 99999, 0),
            ($1, 'i-5', 5, 'b-globex', 'f-globex', 'cl-globex', 'deposit', '2026-11-02', '2026-11-02', 'USD', 'paid', 70000, 70000),
            ($1, 'i-6', 6, 'b-globex', 'f-globex', 'cl-globex', 'progress', '2026-11-15', '2026-12-15', 'EUR', 'sent', 40000, 0)`,
    [org],
  );
  await q(
    `insert into client_invoice_payments (organization_id, id, invoice_id, amount_minor, paid_on)
     values ($1, 'p-1', 'i-1', 100000, '2026-11-05'), ($1, 'p-2', 'i-5', 70000, '2026-11-03')`,
    [org],
  );
});
afterAll(() => ctx.close());

const report = (query: string, as: WorkspaceUser = owner) =>
  as.client.get<ClientReportResponse>(`/api/reports/client?${query}`);

const NO_AGEING = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };

describe("GET /api/reports/client", () => {
  it("sums budgets, invoices, payments, ageing, revenue, cost and margin per client and currency", async () => {
    const res = await report("period=this-month");
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.period).toEqual({ period: "this-month", from: "2026-11-01", to: "2026-11-30" });
    expect(body.asOf).toBe("2026-11-18");
    expect(body.currency).toBe("USD");
    expect(body.rows).toEqual([
      {
        client: "Acme",
        clientId: "cl-acme",
        currency: "USD",
        projects: [{ id: "f-acme", name: "Acme spring spot" }],
        approvedBudget: 1_000_000, // the working revision, not the superseded bid
        invoiced: 200_000, // INV-2 only: INV-1 and INV-3 were issued before November, INV-4 is void
        paid: 100_000,
        outstanding: 200_000 + 200_000 + 50_000,
        ageing: { current: 200_000, days1to30: 200_000, days31to60: 0, days61to90: 0, over90: 50_000 },
        ms: 2.5 * H,
        cost: 7_500 + 5_000,
        unpricedCostMs: 0,
        revenue: 22_500 + 18_000,
        unpricedRevenueMs: 0,
        marginBp: 6914,
      },
      {
        client: "Globex",
        clientId: "cl-globex",
        currency: "EUR",
        projects: [{ id: "f-globex", name: "Globex launch" }],
        approvedBudget: null,
        invoiced: 40_000,
        paid: null,
        outstanding: 40_000,
        ageing: { ...NO_AGEING, current: 40_000 },
        ms: 0, // time is priced in the workspace currency: on the USD row
        cost: null,
        unpricedCostMs: 0,
        revenue: null,
        unpricedRevenueMs: 0,
        marginBp: null,
      },
      {
        client: "Globex",
        clientId: "cl-globex",
        currency: "USD",
        projects: [{ id: "f-globex", name: "Globex launch" }],
        approvedBudget: null, // its budget is a draft
        invoiced: 70_000,
        paid: 70_000,
        outstanding: 0, // issued and paid: a fact, not "—"
        ageing: NO_AGEING,
        ms: H,
        cost: 5_000,
        unpricedCostMs: 0,
        revenue: null, // Ann's editor hour has no client rate: unpriced, never 0
        unpricedRevenueMs: H,
        marginBp: null,
      },
      {
        client: "Initech",
        clientId: "cl-initech",
        currency: "USD",
        projects: [],
        approvedBudget: null,
        invoiced: null,
        paid: null,
        outstanding: null,
        ageing: null,
        ms: 0,
        cost: null,
        unpricedCostMs: 0,
        revenue: null,
        unpricedRevenueMs: 0,
        marginBp: null,
      },
    ]);
    expect(body.totals).toEqual([
      {
        currency: "EUR",
        clients: 1,
        projects: 1,
        approvedBudget: null,
        invoiced: 40_000,
        paid: null,
        outstanding: 40_000,
        ageing: { ...NO_AGEING, current: 40_000 },
        ms: 0,
        cost: null,
        unpricedCostMs: 0,
        revenue: null,
        unpricedRevenueMs: 0,
        marginBp: null,
      },
      {
        currency: "USD",
        clients: 3,
        projects: 2,
        approvedBudget: 1_000_000,
        invoiced: 270_000,
        paid: 170_000,
        outstanding: 450_000,
        ageing: { current: 200_000, days1to30: 200_000, days31to60: 0, days61to90: 0, over90: 50_000 },
        ms: 3.5 * H,
        cost: 17_500,
        unpricedCostMs: 0,
        revenue: 40_500,
        unpricedRevenueMs: H,
        marginBp: 5679, // (405.00 − 175.00) ÷ 405.00 = 56.79 %
      },
    ]);
    expect(body.unavailable).toEqual([]);
  });

  it("the revenue of a row opens the entries behind it, and they add up to it", async () => {
    const res = await owner.client.get<ReportEntriesResponse>(
      "/api/reports/entries?period=this-month&client=Acme",
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => [e.id, e.revenue, e.cost])).toEqual([
      ["e2", 18_000, 5_000],
      ["e1", 22_500, 7_500],
    ]);
  });

  it("narrows to a project, a client, or a person (finance columns then say why they are empty)", async () => {
    const project = await report("period=this-month&project=f-globex");
    expect(project.status).toBe(200);
    expect(project.body.rows.map((r) => [r.client, r.currency, r.invoiced])).toEqual([
      ["Globex", "EUR", 40_000],
      ["Globex", "USD", 70_000],
    ]);
    const client = await report("period=this-month&client=acme");
    expect(client.body.rows.map((r) => [r.client, r.outstanding])).toEqual([["Acme", 450_000]]);
    const person = await report("period=this-month&person=u-ann");
    expect(person.status).toBe(200);
    expect(person.body.rows.map((r) => [r.client, r.currency, r.ms, r.cost, r.invoiced])).toEqual([
      ["Globex", "USD", H, 5_000, null],
    ]);
    expect(person.body.unavailable.map((u) => u.figure)).toEqual([
      "approvedBudget",
      "invoiced",
      "paid",
      "outstanding",
      "revenue",
      "marginBp",
    ]);
  });

  it("last month: only October's figures; ageing stays on today's date", async () => {
    const res = await report("period=last-month&client=Acme");
    expect(res.status).toBe(200);
    const [acme] = res.body.rows;
    expect(acme).toMatchObject({
      invoiced: 300_000,
      paid: null,
      outstanding: 450_000,
      ms: 2 * H,
      cost: 10_000,
      revenue: 30_000,
      marginBp: 6667,
    });
  });

  it("says why a column is empty when the workspace has no finance objects, and never shows another's", async () => {
    const res = await report("period=this-month", other);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => [r.client, r.ms, r.revenue, r.invoiced])).toEqual([
      ["Acme", 5 * H, null, null],
    ]);
    expect(res.body.unavailable.map((u) => u.figure)).toEqual([
      "approvedBudget",
      "invoiced",
      "paid",
      "outstanding",
      "revenue",
      "cost",
      "marginBp",
    ]);
    expect(res.body.unavailable.find((u) => u.figure === "revenue")?.reason).toContain("client rate");
  });

  it("CSV: the table as filtered, then the totals per currency", async () => {
    const res = await owner.client.get<string>("/api/reports/client.csv?period=this-month&client=Acme");
    expect(res.status).toBe(200);
    const lines = String(res.text ?? res.body)
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "Client,Currency,Projects,Approved Budgets,Invoiced,Paid,Outstanding,Current,1-30 Days,31-60 Days,61-90 Days,Over 90 Days,Hours,Revenue,Unpriced Revenue Hours,Cost,Unpriced Cost Hours,Margin %",
    );
    expect(lines[1]).toBe(
      "Acme,USD,1,10000.00,2000.00,1000.00,4500.00,2000.00,2000.00,0.00,0.00,500.00,2.50,405.00,0.00,125.00,0.00,69.14",
    );
    expect(lines[2]).toMatch(/^Total,USD,1,10000\.00,/);
    expect(lines).toHaveLength(3);
  });

  it("403 for a member, 400 for a bad period or an unknown client", async () => {
    expect((await report("period=this-month", member)).status).toBe(403);
    expect((await member.client.get("/api/reports/client.csv?period=this-month")).status).toBe(403);
    const inverted = await report("period=custom&from=2026-11-10&to=2026-11-01");
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain("to");
    const long = await report("period=custom&from=2024-01-01&to=2026-11-01");
    expect(long.status).toBe(400);
    expect((await report("period=someday")).status).toBe(400);
    const unknown = await report("period=this-month&client=Nobody");
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("client");
    // Another workspace's client is unknown here.
    expect((await report("period=this-month&project=f-other")).status).toBe(400);
  });
});
