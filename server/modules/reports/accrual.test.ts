import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { H, MIN, nineAm as at, taskBuilder } from "../../../tests/api/clickup-rows";
import type {
  AccrualData,
  AccrualResponse,
  DatasetListResponse,
  DatasetResponse,
  DatasetSummary,
} from "./contract";

/*
 * The Accrual report and its datasets on a small agency computed by hand. The clock is pinned to
 * Wednesday 2026-11-18 10:00 UTC; "this month" ends on the 30th, so the report date is today,
 * the 18th.
 *
 * Acme (meta task: 1–30 November, 30 days): on the 18th 18/30 = 3/5 of the schedule has elapsed.
 *   task  assignee    estimate   entries (≤ 18th)                      client rate
 *   a1    Bob         10 h       Tue 10th 2 h, Mon 16th 1 h            Producer 150.00/h, 180.00/h from the 15th
 *   a2    Ann         5 h        Thu 12th 3 h                          Editor: none (unpriced)
 *   a3    —           2 h        —                                     unassigned: unpriced
 *   (Bob's 4 h on Thu 19th lie after the report date: left out.)
 *   Bob: estimate 10 h × 180.00 (the rate on the report date) = 1,800.00; actual 2 × 150 + 1 × 180 = 480.00
 *        accrued 6 h and 1,080.00; variances −3 h and −600.00.
 *   Ann: accrued 3 h, variance 0; revenue unpriced (null).
 *   —:   accrued 72 min (2 h × 3/5), variance −72 min.
 *   Acme: estimate 17 h, 1,800.00; actual 6 h, 480.00; accrued 10 h 12 min, 1,080.00.
 * Globex (no dates on its meta task; its tasks run 16–20 November: 3/5 on the 18th), budget b-globex:
 *   g1    Bob         4 h        —                                     VIP card 200.00/h
 *   Bob: estimate 800.00, accrued 2 h 24 min and 480.00; actual 0.
 */

let clock = new Date("2026-11-18T10:00:00Z");
const ANN = "u-ann";
const BOB = "u-bob";
const task = taskBuilder({ spaceId: "sp" });

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let other: WorkspaceUser;
let empty: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  other = await createUserInWorkspace(ctx, { role: "owner" });
  empty = await createUserInWorkspace(ctx, { role: "owner" });
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
      task({
        id: "meta-acme",
        customItemId: 1001,
        folderId: "f-acme",
        name: "Acme spring spot",
        customId: "ACM-1",
        startDate: new Date("2026-11-01T12:00:00Z"),
        dueDate: new Date("2026-11-30T12:00:00Z"),
      }),
      task({ id: "meta-globex", customItemId: 1001, folderId: "f-globex", name: "Globex launch" }),
      task({ id: "a1", folderId: "f-acme", timeEstimateMs: 10 * H, assigneeId: BOB }),
      task({ id: "a2", folderId: "f-acme", timeEstimateMs: 5 * H, assigneeId: ANN }),
      task({ id: "a3", folderId: "f-acme", timeEstimateMs: 2 * H }),
      task({ id: "a4", folderId: "f-acme", timeEstimateMs: 50 * H, assigneeId: BOB, deleted: true }),
      task({
        id: "g1",
        folderId: "f-globex",
        timeEstimateMs: 4 * H,
        assigneeId: BOB,
        startDate: new Date("2026-11-16T12:00:00Z"),
        dueDate: new Date("2026-11-20T12:00:00Z"),
      }),
    ],
    timeEntries: [
      { id: "e1", userId: BOB, taskId: "a1", startTime: at("2026-11-10"), durationMs: 2 * H, billable: true },
      { id: "e2", userId: BOB, taskId: "a1", startTime: at("2026-11-16"), durationMs: H, billable: true },
      { id: "e3", userId: ANN, taskId: "a2", startTime: at("2026-11-12"), durationMs: 3 * H, billable: true },
      { id: "e4", userId: BOB, taskId: "a1", startTime: at("2026-11-19"), durationMs: 4 * H, billable: true },
    ],
  });
  await seedClickupData(ctx.database.db, other.organizationId, {
    folders: [{ id: "f-other", name: "Other job" }],
    tasks: [task({ id: "o1", folderId: "f-other", timeEstimateMs: H })],
  });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(
    `update organizations set currency = 'USD', time_zone = 'UTC', week_start = 'monday' where id = $1`,
    [org],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, minutes_per_day, role_tags)
     values ($1, $2, 360, '{Editor}'), ($1, $3, null, '{Producer}')`,
    [org, ANN, BOB],
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
     values ($1, 'l-1', 'rc-cli', 'role', 'producer', 15000, '2026-01-01'),
            ($1, 'l-2', 'rc-cli', 'role', 'producer', 18000, '2026-11-15')`,
    [org],
  );
  await q(
    `insert into budgets (organization_id, id, folder_id, name, form_id, bid_type, currency)
     values ($1, 'b-globex', 'f-globex', 'Globex bid', 'aicp-2024', 'firm', 'USD')`,
    [org],
  );
});
afterAll(() => ctx.close());

const accrual = (query: string, as: WorkspaceUser = owner) =>
  as.client.get<AccrualResponse>(`/api/reports/accrual?${query}`);

function dataOf(r: AccrualResponse): AccrualData {
  const { source: _source, dataset: _dataset, ...data } = r;
  return data;
}

describe("GET /api/reports/accrual", () => {
  it("accrues each estimate by the elapsed share of its project's schedule on the report date", async () => {
    const res = await accrual("period=this-month");
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.source).toBe("live");
    expect(body.reportDate).toBe("2026-11-18");
    expect(body.period).toEqual({ period: "this-month", from: "2026-11-01", to: "2026-11-30" });
    const [acme, globex] = body.projects;
    expect(acme).toMatchObject({
      projectId: "f-acme",
      jobCode: "ACM-1",
      budgetURL: null,
      sample: false,
      projectStart: "2026-11-01",
      projectDue: "2026-11-30",
      elapsedBp: 6000,
      totalEstimatedMs: 17 * H,
      totalActualMs: 6 * H,
      totalEstimatedRevenue: 180_000,
      totalActualRevenue: 48_000,
      totalAccruedEstimatedMs: 10 * H + 12 * MIN,
      totalAccruedEstimatedRevenue: 108_000,
      timeVarianceToAccruedMs: 6 * H - (10 * H + 12 * MIN),
      revenueVarianceToAccrued: -60_000,
    });
    expect(acme!.assigneeBreakdown).toEqual([
      {
        assigneeId: BOB,
        assigneeName: "bob@agency.test",
        tags: ["Producer"],
        estimatedMs: 10 * H,
        estimatedRevenue: 180_000, // the rate on the report date (180.00 since the 15th)
        actualMs: 3 * H,
        actualRevenue: 30_000 + 18_000, // each entry at its own day's rate
        accruedEstimatedMs: 6 * H,
        accruedEstimatedRevenue: 108_000,
        timeVarianceMs: -3 * H,
        revenueVariance: -60_000,
      },
      {
        assigneeId: ANN,
        assigneeName: "Ann",
        tags: ["Editor"],
        estimatedMs: 5 * H,
        estimatedRevenue: null,
        actualMs: 3 * H,
        actualRevenue: null,
        accruedEstimatedMs: 3 * H,
        accruedEstimatedRevenue: null,
        timeVarianceMs: 0,
        revenueVariance: null,
      },
      {
        assigneeId: "",
        assigneeName: "Unassigned",
        tags: [],
        estimatedMs: 2 * H,
        estimatedRevenue: null,
        actualMs: 0,
        actualRevenue: 0,
        accruedEstimatedMs: 72 * MIN,
        accruedEstimatedRevenue: null,
        timeVarianceMs: -72 * MIN,
        revenueVariance: null,
      },
    ]);
    expect(globex).toMatchObject({
      projectId: "f-globex",
      jobCode: "Globex launch",
      budgetURL: "/finance/budgets/b-globex",
      projectStart: "2026-11-16",
      projectDue: "2026-11-20",
      elapsedBp: 6000,
      totalEstimatedMs: 4 * H,
      totalEstimatedRevenue: 80_000,
      totalActualMs: 0,
      totalActualRevenue: 0,
      totalAccruedEstimatedMs: 2 * H + 24 * MIN,
      totalAccruedEstimatedRevenue: 48_000,
    });
    expect(body.totals).toEqual({
      totalEstimatedMs: 21 * H,
      totalActualMs: 6 * H,
      totalEstimatedRevenue: 260_000,
      totalActualRevenue: 48_000,
      totalAccruedEstimatedMs: 12 * H + 36 * MIN,
      totalAccruedEstimatedRevenue: 156_000,
      timeVarianceToAccruedMs: 6 * H - (12 * H + 36 * MIN),
      revenueVarianceToAccrued: 48_000 - 156_000,
    });
  });

  it("last month: the report date is 31 October, before both schedules (nothing accrued, nothing logged)", async () => {
    const res = await accrual("period=last-month");
    expect(res.body.reportDate).toBe("2026-10-31");
    const acme = res.body.projects.find((p) => p.projectId === "f-acme")!;
    expect(acme).toMatchObject({
      elapsedBp: 0,
      totalAccruedEstimatedMs: 0,
      totalActualMs: 0,
      totalActualRevenue: 0,
    });
  });

  it("filters by person and project", async () => {
    const bob = await accrual(`period=this-month&person=${BOB}`);
    expect(bob.body.projects.map((p) => [p.projectId, p.assigneeBreakdown.map((a) => a.assigneeId)])).toEqual(
      [
        ["f-acme", [BOB]],
        ["f-globex", [BOB]],
      ],
    );
    expect(bob.body.totals.totalEstimatedMs).toBe(14 * H);
    const globex = await accrual("period=this-month&project=f-globex");
    expect(globex.body.projects.map((p) => p.projectId)).toEqual(["f-globex"]);
  });

  it("CSV: a line per project and assignee, then the totals", async () => {
    const res = await owner.client.get("/api/reports/accrual.csv?period=this-month");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Job Code");
    expect(lines).toHaveLength(1 + 2 + 3 + 1 + 1);
    expect(lines[1]).toContain("ACM-1");
    expect(lines[1]).toContain("10.20");
    expect(lines.at(-1)).toContain("Total");
  });

  it("bad input is 400 naming the field; members 403", async () => {
    const inverted = await accrual("period=custom&from=2026-11-10&to=2026-11-01");
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain('"to"');
    const unknown = await accrual("period=this-month&project=f-nope");
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('"project"');
    const foreign = await accrual("period=this-month&project=f-other");
    expect(foreign.status).toBe(400);
    expect((await accrual("period=this-month", member)).status).toBe(403);
    expect((await member.client.get("/api/reports/datasets")).status).toBe(403);
    expect((await member.client.post("/api/reports/datasets", {})).status).toBe(403);
  });
});

describe("datasets", () => {
  it("save, list newest first, open, delete; the audit trail records both", async () => {
    const live = dataOf((await accrual("period=this-month")).body);
    const first = await owner.client.post<DatasetSummary>("/api/reports/datasets", {
      name: "  October close ",
      description: "Before the re-bid",
      data: live,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: "October close", description: "Before the re-bid" });
    clock = new Date(clock.getTime() + 60_000);
    const second = await owner.client.post<DatasetSummary>("/api/reports/datasets", {
      name: "November",
      data: dataOf((await accrual("period=last-month")).body),
    });
    expect(second.status).toBe(201);
    expect(second.body.description).toBeNull();

    const list = await owner.client.get<DatasetListResponse>("/api/reports/datasets");
    expect(list.body.datasets.map((d) => d.name)).toEqual(["November", "October close"]);

    const opened = await owner.client.get<DatasetResponse>(`/api/reports/datasets/${first.body.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toEqual(live);

    // Opening it on the report page shows the snapshot, whatever the live figures do now.
    const view = await accrual(`period=this-month&dataset=${first.body.id}`);
    expect(view.body.source).toBe("active");
    expect(view.body.dataset?.name).toBe("October close");
    expect(dataOf(view.body)).toEqual(live);
    // Without one, a workspace with synced projects shows live figures.
    expect((await accrual("period=this-month")).body.source).toBe("live");

    expect((await owner.client.delete(`/api/reports/datasets/${second.body.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/reports/datasets/${second.body.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/reports/datasets/${second.body.id}`)).status).toBe(404);
    const after = await owner.client.get<DatasetListResponse>("/api/reports/datasets");
    expect(after.body.datasets.map((d) => d.name)).toEqual(["October close"]);

    const audit = await ctx.database.raw.query<{ action: string }>(
      `select action from audit_events where organization_id = $1 and object_type = 'project_dataset' order by occurred_at, action`,
      [owner.organizationId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["created", "created", "deleted"]);
  });

  it("another workspace's dataset is 404 everywhere", async () => {
    const live = dataOf((await accrual("period=this-month")).body);
    const mine = await owner.client.post<DatasetSummary>("/api/reports/datasets", {
      name: "Mine",
      data: live,
    });
    const id = mine.body.id;
    expect((await other.client.get(`/api/reports/datasets/${id}`)).status).toBe(404);
    expect((await other.client.delete(`/api/reports/datasets/${id}`)).status).toBe(404);
    expect((await accrual(`period=this-month&dataset=${id}`, other)).status).toBe(404);
    expect((await other.client.get<DatasetListResponse>("/api/reports/datasets")).body.datasets).toEqual([]);
    expect((await owner.client.get(`/api/reports/datasets/${id}`)).status).toBe(200);
  });

  it("bad bodies are 400 naming the field; an oversized one is refused", async () => {
    const data = dataOf((await accrual("period=this-month")).body);
    const emptyName = await owner.client.post("/api/reports/datasets", { name: "   ", data });
    expect(emptyName.status).toBe(400);
    expect(JSON.stringify(emptyName.body)).toContain('"name"');
    const longName = await owner.client.post("/api/reports/datasets", { name: "x".repeat(201), data });
    expect(longName.status).toBe(400);
    expect(JSON.stringify(longName.body)).toContain('"name"');
    expect((await owner.client.post("/api/reports/datasets", { name: "x".repeat(200), data })).status).toBe(
      201,
    );
    const noData = await owner.client.post("/api/reports/datasets", { name: "No data" });
    expect(noData.status).toBe(400);
    expect(JSON.stringify(noData.body)).toContain('"data"');
    // Over the app-wide 1 MB and just over 5 MB of data: the contract's 400 naming `data`.
    const overFive = await owner.client.post("/api/reports/datasets", {
      name: "Over five",
      data: { ...data, projects: [{ ...data.projects[0], name: "x".repeat(5 * 1024 * 1024 + 1) }] },
    });
    expect(overFive.status).toBe(400);
    expect(JSON.stringify(overFive.body)).toContain('"data"');
    // 4 MB of data is kept whole.
    const four = await owner.client.post("/api/reports/datasets", {
      name: "Four",
      data: { ...data, projects: [{ ...data.projects[0], name: "y".repeat(4 * 1024 * 1024) }] },
    });
    expect(four.status).toBe(201);
    // Far over: 413 before parsing, still naming `data`.
    const huge = await owner.client.post("/api/reports/datasets", {
      name: "Huge",
      data: { ...data, projects: [{ ...data.projects[0], name: "x".repeat(6 * 1024 * 1024) }] },
    });
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).toContain('"data"');
  });
});

describe("spec §4 on a workspace with no synced projects", () => {
  it("shows the three samples, then the first saved dataset; live comes back with projects", async () => {
    const samples = await accrual("period=this-month", empty);
    expect(samples.status).toBe(200);
    expect(samples.body.source).toBe("samples");
    expect(samples.body.projects.map((p) => [p.projectId, p.sample])).toEqual([
      ["sample-1", true],
      ["sample-2", true],
      ["sample-3", true],
    ]);
    const saved = await empty.client.post<DatasetSummary>("/api/reports/datasets", {
      name: "Imported",
      data: dataOf(samples.body),
    });
    expect(saved.status).toBe(201);
    const first = await accrual("period=this-month", empty);
    expect(first.body.source).toBe("saved");
    expect(first.body.dataset?.id).toBe(saved.body.id);
    await seedClickupData(ctx.database.db, empty.organizationId, {
      folders: [{ id: "f-new", name: "New job" }],
    });
    const live = await accrual("period=this-month", empty);
    expect(live.body.source).toBe("live");
  });
});
