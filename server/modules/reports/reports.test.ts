import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { testNow } from "../../../tests/test-clock";
import { H, MIN, nineAm as at, taskBuilder } from "../../../tests/api/clickup-rows";
import type {
  ActualResponse,
  ReportEntriesResponse,
  ReportOptions,
  UserDirectoryResponse,
  UtilizationDaysResponse,
  UtilizationResponse,
} from "./contract";
import { periodWeeks, resolvePeriod } from "./period";

/*
 * The reports API on a small agency computed by hand. The app's clock is pinned to Wednesday
 * 2026-11-18 10:00 UTC, so "this month" is November 2026 (Sunday 1st … Monday 30th; weeks start
 * on Monday: 26 Oct, 2, 9, 16, 23, 30 Nov). Working days Monday–Friday, 20 in November once
 * Thursday 26th (a workspace holiday) is taken out. Ann (Editor) works 6 h a day, target 75 %;
 * Bob (Producer) 8 h, with Tuesday 24th off and half of Friday 27th.
 *
 * Rates: internal default 50.00/h, Bob's own 60.00/h. Client default card: Producer 150.00/h,
 * 180.00/h from Friday 20th, no default (an editor's hour is unpriced); the Globex project bills
 * on the VIP card (default 200.00/h).
 *
 *   entry  who  project  day     time    billable  cost                     revenue
 *   e1     Ann  Acme     Mon 16  2 h     yes       2 × 50 = 100.00          unpriced
 *   e2     Bob  Acme     Thu 19  1.5 h   yes       1.5 × 60 = 90.00         1.5 × 150 = 225.00
 *   e3     Bob  Acme     Fri 20  1 h     yes       60.00                    180.00 (rate change)
 *   e4     Bob  Globex   Tue 17  0.5 h   no        30.00                    0.5 × 200 = 100.00
 *   e5     Ann  Globex   Wed 18  80 min  yes       66.666… → 66.67          266.666… → 266.67
 *   e6     Ann  —        Mon 23  1 h     no        50.00                    unpriced
 *   e7     Bob  Acme     Thu 19  4 h     yes       deleted: left out
 *   e8     Ann  Acme     Fri 30 Oct 3 h  yes       last month: 150.00       unpriced
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
      { id: BOB, username: null, email: "bob@agency.test" },
    ],
    tasks: [
      task({ id: "meta-acme", customItemId: 1001, folderId: "f-acme", name: "Acme spring spot" }),
      task({ id: "meta-globex", customItemId: 1001, folderId: "f-globex", name: "Globex launch" }),
      task({ id: "a1", folderId: "f-acme", name: "Edit", url: "https://app.clickup.com/t/a1" }),
      task({ id: "g1", folderId: "f-globex", name: "Shoot" }),
    ],
    customFields: [{ id: "cf-client", name: "Client", fieldType: "short_text" }],
    customFieldValues: [
      { taskId: "meta-acme", customFieldId: "cf-client", value: "Acme" },
      { taskId: "meta-globex", customFieldId: "cf-client", value: "Globex" },
    ],
    timeEntries: [
      { id: "e1", userId: ANN, taskId: "a1", startTime: at("2026-11-16"), durationMs: 2 * H, billable: true },
      {
        id: "e2",
        userId: BOB,
        taskId: "a1",
        startTime: at("2026-11-19"),
        durationMs: 1.5 * H,
        billable: true,
      },
      { id: "e3", userId: BOB, taskId: "a1", startTime: at("2026-11-20"), durationMs: H, billable: true },
      {
        id: "e4",
        userId: BOB,
        taskId: "g1",
        startTime: at("2026-11-17"),
        durationMs: 0.5 * H,
        billable: false,
      },
      {
        id: "e5",
        userId: ANN,
        taskId: "g1",
        startTime: at("2026-11-18"),
        durationMs: 80 * MIN,
        billable: true,
      },
      { id: "e6", userId: ANN, taskId: null, startTime: at("2026-11-23"), durationMs: H, billable: false },
      {
        id: "e7",
        userId: BOB,
        taskId: "a1",
        startTime: at("2026-11-19"),
        durationMs: 4 * H,
        billable: true,
        deleted: true,
      },
      { id: "e8", userId: ANN, taskId: "a1", startTime: at("2026-10-30"), durationMs: 3 * H, billable: true },
    ],
  });
  await seedClickupData(ctx.database.db, other.organizationId, {
    folders: [{ id: "f-other", name: "Other job" }],
    providerUsers: [{ id: "u-other", username: "Olga" }],
    tasks: [task({ id: "o1", folderId: "f-other" })],
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
    `insert into workspace_holidays (organization_id, day, name) values ($1, '2026-11-26', 'Thanksgiving')`,
    [org],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, minutes_per_day, role_tags, utilization_target_bp)
     values ($1, $2, 360, '{Editor}', 7500), ($1, $3, null, '{Producer}', null)`,
    [org, ANN, BOB],
  );
  await q(
    `insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, half_day, type)
     values ($1, 'off-1', $2, '2026-11-24', '2026-11-24', false, 'holiday'),
            ($1, 'off-2', $2, '2026-11-27', '2026-11-27', true, 'other')`,
    [org, BOB],
  );
  await q(
    `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
     values ($1, 'rc-int', 'internal', 'Cost', 'USD', true, 5000), ($1, 'rc-cli', 'client', 'Standard', 'USD', true, null),
            ($1, 'rc-vip', 'client', 'VIP', 'USD', false, 20000)`,
    [org],
  );
  await q(
    `insert into project_rate_cards (organization_id, folder_id, card_id) values ($1, 'f-globex', 'rc-vip')`,
    [org],
  );
  await q(
    `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
     values ($1, 'l-1', 'rc-int', 'person', $2, 6000, '2026-01-01'),
            ($1, 'l-2', 'rc-cli', 'role', 'producer', 15000, '2026-01-01'),
            ($1, 'l-3', 'rc-cli', 'role', 'producer', 18000, '2026-11-20')`,
    [org, BOB],
  );
});
afterAll(() => ctx.close());

const actual = (query: string, as: WorkspaceUser = owner) =>
  as.client.get<ActualResponse>(`/api/reports/actual?${query}`);
const entries = (query: string) => owner.client.get<ReportEntriesResponse>(`/api/reports/entries?${query}`);
const utilization = (query: string) =>
  owner.client.get<UtilizationResponse>(`/api/reports/utilization?${query}`);

const ZERO_WEEK = { billableMs: 0, nonBillableMs: 0, cost: 0, revenue: 0 };

describe("GET /api/reports/actual", () => {
  it("sums hours, cost and revenue per project, billable apart, per week and in total", async () => {
    const res = await actual("period=this-month");
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.period).toEqual({ period: "this-month", from: "2026-11-01", to: "2026-11-30" });
    expect(body.currency).toBe("USD");
    expect(body.rows).toEqual([
      {
        key: "f-acme",
        label: "Acme spring spot",
        entries: 3,
        ms: 4.5 * H,
        billableMs: 4.5 * H,
        nonBillableMs: 0,
        cost: 10_000 + 9_000 + 6_000,
        unpricedCostMs: 0,
        revenue: 22_500 + 18_000,
        unpricedRevenueMs: 2 * H, // Ann's editor hours: no client rate, never priced at 0
      },
      {
        key: "f-globex",
        label: "Globex launch",
        entries: 2,
        ms: 110 * MIN,
        billableMs: 80 * MIN,
        nonBillableMs: 30 * MIN,
        cost: 3_000 + 6_667,
        unpricedCostMs: 0,
        revenue: 10_000 + 26_667,
        unpricedRevenueMs: 0,
      },
      {
        key: "",
        label: "No project",
        entries: 1,
        ms: H,
        billableMs: 0,
        nonBillableMs: H,
        cost: 5_000,
        unpricedCostMs: 0,
        revenue: null, // every hour of it unpriced
        unpricedRevenueMs: H,
      },
    ]);
    expect(body.totals).toEqual({
      entries: 6,
      ms: 4.5 * H + 110 * MIN + H,
      billableMs: 4.5 * H + 80 * MIN,
      nonBillableMs: 90 * MIN,
      cost: 25_000 + 9_667 + 5_000,
      unpricedCostMs: 0,
      revenue: 40_500 + 36_667,
      unpricedRevenueMs: 3 * H,
    });
    expect(body.weeks).toEqual([
      { week: "2026-10-26", ...ZERO_WEEK },
      { week: "2026-11-02", ...ZERO_WEEK },
      { week: "2026-11-09", ...ZERO_WEEK },
      {
        week: "2026-11-16",
        billableMs: 4.5 * H + 80 * MIN,
        nonBillableMs: 30 * MIN,
        cost: 10_000 + 9_000 + 6_000 + 3_000 + 6_667,
        revenue: 22_500 + 18_000 + 10_000 + 26_667,
      },
      { week: "2026-11-23", billableMs: 0, nonBillableMs: H, cost: 5_000, revenue: null },
      { week: "2026-11-30", ...ZERO_WEEK },
    ]);
    // The totals add up from the rows (sums of rounded entries).
    expect(body.rows.reduce((a, r) => a + (r.cost ?? 0), 0)).toBe(body.totals.cost);
  });

  it("groups by person and by client", async () => {
    const byPerson = await actual("period=this-month&groupBy=person");
    expect(byPerson.status).toBe(200);
    expect(
      byPerson.body.rows.map((r) => [r.key, r.label, r.ms, r.cost, r.revenue, r.unpricedRevenueMs]),
    ).toEqual([
      [ANN, "Ann", 2 * H + 80 * MIN + H, 10_000 + 6_667 + 5_000, 26_667, 3 * H],
      [BOB, "bob@agency.test", 3 * H, 9_000 + 6_000 + 3_000, 22_500 + 18_000 + 10_000, 0],
    ]);
    const byClient = await actual("period=this-month&groupBy=client");
    expect(byClient.body.rows.map((r) => [r.key, r.label, r.ms])).toEqual([
      ["Acme", "Acme", 4.5 * H],
      ["Globex", "Globex", 110 * MIN],
      ["", "No client", H],
    ]);
  });

  it("filters by client (any case), project, person and period", async () => {
    const acme = await actual("period=this-month&client=acme");
    expect(acme.body.totals).toMatchObject({ ms: 4.5 * H, cost: 25_000, revenue: 40_500 });
    const globex = await actual("period=this-month&project=f-globex");
    expect(globex.body.totals).toMatchObject({ ms: 110 * MIN, cost: 9_667, revenue: 36_667 });
    const bob = await actual("period=this-month&person=u-bob&groupBy=project");
    expect(bob.body.rows.map((r) => [r.key, r.ms])).toEqual([
      ["f-acme", 2.5 * H],
      ["f-globex", 0.5 * H],
    ]);
    const october = await actual("period=last-month");
    expect(october.body.period).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(october.body.totals).toMatchObject({ entries: 1, ms: 3 * H, cost: 15_000, revenue: null });
    const custom = await actual("period=custom&from=2026-11-17&to=2026-11-18");
    expect(custom.body.totals).toMatchObject({ entries: 2, ms: 30 * MIN + 80 * MIN });
    const week = await actual("period=this-week");
    expect(week.body.period).toMatchObject({ from: "2026-11-16", to: "2026-11-22" });
    expect(week.body.totals.entries).toBe(5);
    const empty = await actual("period=custom&from=2025-01-01&to=2025-01-31");
    expect(empty.body.rows).toEqual([]);
    expect(empty.body.totals).toMatchObject({ entries: 0, ms: 0, billableMs: 0, cost: null, revenue: null });
  });

  it("answers 400 naming the field for a bad period or an unknown filter id", async () => {
    const cases: [string, string][] = [
      ["period=custom&to=2026-11-02", "from"],
      ["period=custom&from=2026-11-10&to=2026-11-01", "to"],
      ["period=custom&from=2024-01-01&to=2026-01-02", "to"],
      ["period=this-month&from=2026-11-01", "from"],
      ["period=next-year", "period"],
      ["period=this-month&project=nope", "project"],
      ["period=this-month&project=f-other", "project"], // another workspace's project
      ["period=this-month&person=u-other", "person"],
      ["period=this-month&client=Initech", "client"],
      ["period=this-month&groupBy=task", "groupBy"],
    ];
    for (const [query, field] of cases) {
      const res = await actual(query);
      expect(res.status, query).toBe(400);
      expect(
        (res.body as unknown as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field),
      ).toContain(field);
    }
    expect((await actual("period=this-month&colour=red")).status).toBe(400);
    // Exactly two years is allowed.
    expect((await actual("period=custom&from=2024-01-01&to=2025-12-31")).status).toBe(200);
  });

  it("is for canViewFinancials only, and each workspace sees its own entries", async () => {
    expect((await actual("period=this-month", member)).status).toBe(403);
    expect((await member.client.get("/api/reports/utilization?period=this-month")).status).toBe(403);
    expect((await member.client.get("/api/reports/actual.csv?period=this-month")).status).toBe(403);
    expect((await member.client.get("/api/reports/entries?period=this-month")).status).toBe(403);
    const theirs = await actual("period=this-month", other);
    expect(theirs.body.totals).toMatchObject({ entries: 1, ms: 5 * H, cost: null, revenue: null });
    expect(theirs.body.rows.map((r) => r.key)).toEqual(["f-other"]);
  });

  it("downloads the table as filtered, with its totals line", async () => {
    const res = await owner.client.get("/api/reports/actual.csv?period=this-month&groupBy=project");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "Project,Hours,Billable Hours,Non-billable Hours,Cost,Unpriced Cost Hours,Revenue,Unpriced Revenue Hours,Currency,Entries",
      "Acme spring spot,4.50,4.50,0.00,250.00,0.00,405.00,2.00,USD,3",
      "Globex launch,1.83,1.33,0.50,96.67,0.00,366.67,0.00,USD,2",
      "No project,1.00,0.00,1.00,50.00,0.00,,1.00,USD,1",
      "Total,7.33,5.83,1.50,396.67,0.00,771.67,3.00,USD,6",
    ]);
    const filtered = await owner.client.get(
      "/api/reports/actual.csv?period=this-month&person=u-bob&groupBy=person",
    );
    expect(filtered.text.trim().split("\r\n").slice(1)).toEqual([
      "bob@agency.test,3.00,2.50,0.50,180.00,0.00,505.00,0.00,USD,3",
      "Total,3.00,2.50,0.50,180.00,0.00,505.00,0.00,USD,3",
    ]);
  });
});

describe("GET /api/reports/entries", () => {
  it("lists the priced entries behind a row, a week or the non-billable time", async () => {
    const acme = await entries("period=this-month&groupBy=project&key=f-acme");
    expect(acme.status).toBe(200);
    expect(acme.body.total).toBe(3);
    expect(
      acme.body.items.map((e) => [
        e.id,
        e.day,
        e.personName,
        e.internalRate,
        e.cost,
        e.clientRate,
        e.revenue,
      ]),
    ).toEqual([
      ["e3", "2026-11-20", "bob@agency.test", 6_000, 6_000, 18_000, 18_000],
      ["e2", "2026-11-19", "bob@agency.test", 6_000, 9_000, 15_000, 22_500],
      ["e1", "2026-11-16", "Ann", 5_000, 10_000, null, null],
    ]);
    expect(acme.body.items[2]).toMatchObject({
      projectId: "f-acme",
      projectName: "Acme spring spot",
      client: "Acme",
      taskName: "Edit",
      taskUrl: "https://app.clickup.com/t/a1",
      billable: true,
      durationMs: 2 * H,
    });
    // The row's figures are the sum of its entries.
    expect(acme.body.items.reduce((a, e) => a + (e.cost ?? 0), 0)).toBe(25_000);

    const none = await entries("period=this-month&groupBy=project&key=");
    expect(none.body.items.map((e) => e.id)).toEqual(["e6"]);
    const week = await entries("period=this-month&week=2026-11-23");
    expect(week.body.items.map((e) => e.id)).toEqual(["e6"]);
    const nonBillable = await entries("period=this-month&billable=false");
    expect(nonBillable.body.items.map((e) => e.id)).toEqual(["e6", "e4"]);
    const paged = await entries("period=this-month&pageSize=2&page=2");
    expect(paged.body).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(paged.body.items.map((e) => e.id)).toEqual(["e2", "e5"]);
    expect((await entries("period=this-month&key=f-acme")).status).toBe(400);
  });
});

describe("GET /api/reports/utilization", () => {
  it("gives capacity less holidays and time off, logged, billable and utilization against the target", async () => {
    const res = await utilization("period=this-month");
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.weeks).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(body.rows).toEqual([
      {
        personId: ANN,
        name: "Ann",
        roles: ["Editor"],
        targetBp: 7500,
        capacityMinutes: 20 * 360, // 21 weekdays − the holiday
        timeOffMinutes: 0,
        loggedMs: 260 * MIN,
        billableMs: 200 * MIN,
        loggedBp: 361, // 260 / 7200 = 3.611 %
        utilizationBp: 278, // 200 / 7200 = 2.778 %
      },
      {
        personId: BOB,
        name: "bob@agency.test",
        roles: ["Producer"],
        targetBp: null,
        capacityMinutes: 20 * 480 - 480 - 240, // a day and a half off
        timeOffMinutes: 720,
        loggedMs: 180 * MIN,
        billableMs: 150 * MIN,
        loggedBp: 203, // 180 / 8880 = 2.027 %
        utilizationBp: 169, // 150 / 8880 = 1.689 %
      },
    ]);
    expect(body.totals).toEqual({
      capacityMinutes: 7200 + 8880,
      timeOffMinutes: 720,
      loggedMs: 440 * MIN,
      billableMs: 350 * MIN,
      loggedBp: 274, // 440 / 16080 = 2.736 %
      utilizationBp: 218, // 350 / 16080 = 2.177 %
    });
    const cell = (person: string, week: string) =>
      body.cells.find((c) => c.personId === person && c.week === week);
    expect(cell(ANN, "2026-11-16")).toMatchObject({
      capacityMinutes: 1800,
      billableMs: 200 * MIN,
      utilizationBp: 1111,
    });
    expect(cell(ANN, "2026-11-23")).toMatchObject({
      capacityMinutes: 4 * 360,
      loggedMs: 60 * MIN,
      loggedBp: 417,
      utilizationBp: 0,
    });
    expect(cell(BOB, "2026-11-23")).toMatchObject({ capacityMinutes: 480 + 480 + 240, timeOffMinutes: 720 });
    // Sunday 1st alone in its week: no capacity, so no percentage (not 0 %).
    expect(cell(BOB, "2026-10-26")).toMatchObject({
      capacityMinutes: 0,
      loggedBp: null,
      utilizationBp: null,
    });
  });

  it("filters people and time, and lists the days behind a capacity", async () => {
    const ann = await utilization("period=this-month&person=u-ann");
    expect(ann.body.rows.map((r) => r.personId)).toEqual([ANN]);
    expect(ann.body.totals.capacityMinutes).toBe(7200);
    const globex = await utilization("period=this-month&project=f-globex");
    expect(globex.body.rows.map((r) => [r.personId, r.loggedMs, r.billableMs])).toEqual([
      [ANN, 80 * MIN, 80 * MIN],
      [BOB, 30 * MIN, 0],
    ]);
    const days = await owner.client.get<UtilizationDaysResponse>(
      "/api/reports/utilization/days?period=this-month&person=u-bob&week=2026-11-23",
    );
    expect(days.status).toBe(200);
    expect(days.body.days.map((d) => [d.day, d.capacityMinutes, d.timeOffMinutes, d.isHoliday])).toEqual([
      ["2026-11-23", 480, 0, false],
      ["2026-11-24", 0, 480, false],
      ["2026-11-25", 480, 0, false],
      ["2026-11-26", 0, 0, true],
      ["2026-11-27", 240, 240, false],
      ["2026-11-28", 0, 0, false],
      ["2026-11-29", 0, 0, false],
    ]);
    const csv = await owner.client.get("/api/reports/utilization.csv?period=this-month");
    expect(
      csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      "Person,Roles,Capacity Hours,Time Off Hours,Logged Hours,Billable Hours,Logged %,Utilization %,Target %",
      "Ann,Editor,120.00,0.00,4.33,3.33,3.61,2.78,75.00",
      "bob@agency.test,Producer,148.00,12.00,3.00,2.50,2.03,1.69,",
      "Team,,268.00,12.00,7.33,5.83,2.74,2.18,",
    ]);
  });
});

describe("GET /api/reports/user-directory", () => {
  it("lists people with their member link, roles, today's rates, capacity, target and last time logged", async () => {
    await ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
       values ($1, $2, $3, 'Ann')`,
      [owner.organizationId, member.userId, ANN],
    );
    const res = await owner.client.get<UserDirectoryResponse>(
      "/api/reports/user-directory?period=this-month",
    );
    expect(res.status).toBe(200);
    expect(res.body.unresolved).toBe(0);
    expect(res.body.rows).toEqual([
      {
        personId: ANN,
        name: "Ann",
        resolved: true,
        email: "ann@agency.test",
        clickupRole: null,
        member: { name: expect.any(String), role: "member" },
        roles: ["Editor"],
        internalRate: 5_000,
        clientRate: null, // no client rate for editors: unpriced
        minutesPerDay: 360,
        capacityMinutes: 7_200,
        targetBp: 7_500,
        loggedMs: 260 * MIN,
        lastLoggedAt: "2026-11-23T09:00:00.000Z",
      },
      {
        personId: BOB,
        name: "bob@agency.test",
        resolved: true,
        email: "bob@agency.test",
        clickupRole: null,
        member: null,
        roles: ["Producer"],
        internalRate: 6_000,
        clientRate: 15_000, // today (18th) is before the raise of the 20th
        minutesPerDay: 480,
        capacityMinutes: 8_880,
        targetBp: null,
        loggedMs: 180 * MIN,
        lastLoggedAt: "2026-11-20T09:00:00.000Z", // the deleted entry of the 19th does not count
      },
    ]);
    const globex = await owner.client.get<UserDirectoryResponse>(
      "/api/reports/user-directory?period=this-month&person=u-bob",
    );
    expect(globex.body.rows.map((r) => r.personId)).toEqual([BOB]);
    const csv = await owner.client.get("/api/reports/user-directory.csv?period=this-month");
    expect(
      csv.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .slice(1),
    ).toEqual([
      expect.stringMatching(
        /^Ann,ann@agency\.test,,.+,member,Editor,50\.00,Unpriced,USD,6\.00,120\.00,75\.00,4\.33,2026-11-23T09:00:00\.000Z$/,
      ),
      "bob@agency.test,bob@agency.test,,,,Producer,60.00,150.00,USD,8.00,148.00,,3.00,2026-11-20T09:00:00.000Z",
    ]);
    expect((await member.client.get("/api/reports/user-directory")).status).toBe(403);
  });

  it("names people by the spec §8 fallback and counts the unresolved", async () => {
    await ctx.database.raw.query(
      `insert into provider_users (organization_id, id, username, email, role) values ($1, 'u-anon', ' ', null, 3)`,
      [other.organizationId],
    );
    const res = await other.client.get<UserDirectoryResponse>(
      "/api/reports/user-directory?period=this-month",
    );
    expect(res.status).toBe(200);
    expect(res.body.unresolved).toBe(1);
    expect(res.body.rows.map((r) => [r.name, r.resolved, r.clickupRole])).toEqual([
      ["Olga", true, null],
      ["User u-anon", false, "member"],
    ]);
  });
});

describe("GET /api/reports/options", () => {
  it("lists the clients, projects and people to filter by", async () => {
    const res = await owner.client.get<ReportOptions>("/api/reports/options");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clients: ["Acme", "Globex"],
      projects: [
        { id: "f-acme", name: "Acme spring spot", client: "Acme" },
        { id: "f-globex", name: "Globex launch", client: "Globex" },
      ],
      people: [
        { id: ANN, name: "Ann" },
        { id: BOB, name: "bob@agency.test" },
      ],
    });
  });
});

describe("report periods", () => {
  // On the test clock (AGENCY_HUB_NOW when set): invariants that hold whatever the day.
  const today = testNow(NOW).toISOString().slice(0, 10);
  const next = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it.each(["monday", "sunday"] as const)("resolves each period around today (week start %s)", (weekStart) => {
    const week = resolvePeriod({ period: "this-week" }, today, weekStart);
    expect(week.from <= today && today <= week.to).toBe(true);
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(weekStart === "monday" ? 1 : 0);
    expect(next(resolvePeriod({ period: "last-week" }, today, weekStart).to)).toBe(week.from);
    const month = resolvePeriod({ period: "this-month" }, today, weekStart);
    expect(month.from).toBe(`${today.slice(0, 7)}-01`);
    expect(next(month.to).slice(8)).toBe("01");
    expect(next(resolvePeriod({ period: "last-month" }, today, weekStart).to)).toBe(month.from);
    const quarter = resolvePeriod({ period: "quarter" }, today, weekStart);
    expect(quarter.from <= today && today <= quarter.to).toBe(true);
    expect(["01", "04", "07", "10"]).toContain(quarter.from.slice(5, 7));
    const weeks = periodWeeks(month, weekStart);
    const plus7 = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(weeks[0]! <= month.from && month.from < plus7(weeks[0]!)).toBe(true);
    expect(weeks.at(-1)! <= month.to && month.to < plus7(weeks.at(-1)!)).toBe(true);
  });
});
