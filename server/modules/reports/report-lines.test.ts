import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceDurationMs } from "@domain/money";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { H, MIN, nineAm as at, taskBuilder } from "../../../tests/api/clickup-rows";
import type { ActualResponse, ReportEntriesResponse } from "./contract";

/*
 * The report lines (time_entry_days, migrations 0025–0026): kept by triggers equal to the live
 * entries summed per person, project and workspace day, billable apart, through every way an entry
 * or its task changes; and priced once per line, with the entries behind a line sharing its money
 * out so that they add up to it.
 */

const NOW = new Date("2026-11-18T10:00:00Z");
const task = taskBuilder({ spaceId: "sp" });

let ctx: TestContext;
let owner: WorkspaceUser;
let org: string;
const q = (text: string, params: unknown[] = []) => ctx.database.raw.query(text, [org, ...params]);

/** The lines as kept, and as they should be (the entries grouped now), in the same order. */
async function lines() {
  const kept = await q(
    `select to_char(day, 'YYYY-MM-DD') as day, user_id, folder_id, billable, duration_ms::text as ms, entries
       from time_entry_days where organization_id = $1 order by 1, 2, 3, 4`,
  );
  const expected = await q(
    `select to_char((te.start_time at time zone o.time_zone)::date, 'YYYY-MM-DD') as day, te.user_id,
            coalesce(t.folder_id, '') as folder_id, te.billable, sum(te.duration_ms)::text as ms, count(*)::int as entries
       from time_entries te
       join organizations o on o.id = te.organization_id
       left join tasks t on t.organization_id = te.organization_id and t.id = te.task_id
      where te.organization_id = $1 and not te.deleted and te.duration_ms > 0
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );
  return { kept: kept.rows, expected: expected.rows };
}

async function expectLinesInStep() {
  const { kept, expected } = await lines();
  expect(kept).toEqual(expected);
  return kept;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  org = owner.organizationId;
  await seedClickupData(ctx.database.db, org, {
    spaces: [{ id: "sp", name: "Work" }],
    folders: [
      { id: "f-a", name: "Alpha", spaceId: "sp" },
      { id: "f-b", name: "Beta", spaceId: "sp" },
    ],
    providerUsers: [
      { id: "u-1", username: "Uma" },
      { id: "u-2", username: "Vic" },
      { id: "u-3", username: "Wes" },
    ],
    tasks: [task({ id: "ta", folderId: "f-a" }), task({ id: "tb", folderId: "f-b" })],
  });
  await q(
    `update organizations set currency = 'USD', time_zone = 'UTC', week_start = 'monday' where id = $1`,
  );
  await q(
    `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
     values ($1, 'rc-int', 'internal', 'Cost', 'USD', true, 10000), ($1, 'rc-cli', 'client', 'Standard', 'USD', true, 20000)`,
  );
});
afterAll(() => ctx.close());

describe("time_entry_days", () => {
  it("follows every insert, upsert, update, delete, task move and time-zone change", async () => {
    const insert = (values: string) =>
      q(`insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms, billable, deleted)
         values ${values}`);
    await insert(`($1, 'x1', 'u-1', 'ta', '2026-11-16T09:00:00Z', ${H}, true, false),
                  ($1, 'x2', 'u-1', 'ta', '2026-11-16T14:00:00Z', ${30 * MIN}, true, false),
                  ($1, 'x3', 'u-1', 'ta', '2026-11-16T15:00:00Z', ${15 * MIN}, false, false),
                  ($1, 'x4', 'u-2', 'tb', '2026-11-17T23:30:00Z', ${2 * H}, true, false),
                  ($1, 'x5', 'u-2', null, '2026-11-18T09:00:00Z', ${H}, false, false),
                  ($1, 'x6', 'u-2', 'tb', '2026-11-18T09:00:00Z', ${H}, true, true),
                  ($1, 'x7', 'u-2', 'tb', '2026-11-18T10:00:00Z', 0, true, false),
                  ($1, 'x8', 'u-1', 'late', '2026-11-19T09:00:00Z', ${3 * H}, true, false)`);
    const first = await expectLinesInStep();
    expect(first).toContainEqual({
      day: "2026-11-16",
      user_id: "u-1",
      folder_id: "f-a",
      billable: true,
      ms: String(90 * MIN),
      entries: 2,
    });
    // The entry of a task not synced yet counts under no project until the task arrives.
    expect(first).toContainEqual({
      day: "2026-11-19",
      user_id: "u-1",
      folder_id: "",
      billable: true,
      ms: String(3 * H),
      entries: 1,
    });

    // The sync's upsert: unchanged rows change nothing, changed ones move.
    await q(
      `insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms, billable, deleted)
       values ($1, 'x1', 'u-1', 'ta', '2026-11-16T09:00:00Z', ${H}, true, false),
              ($1, 'x2', 'u-1', 'ta', '2026-11-17T09:00:00Z', ${45 * MIN}, true, false),
              ($1, 'x9', 'u-1', 'tb', '2026-11-17T09:00:00Z', ${20 * MIN}, true, false)
       on conflict (organization_id, id) do update set start_time = excluded.start_time,
         duration_ms = excluded.duration_ms, billable = excluded.billable, task_id = excluded.task_id`,
    );
    await expectLinesInStep();
    await q(
      `update time_entries set billable = not billable where organization_id = $1 and id in ('x3', 'x4')`,
    );
    await expectLinesInStep();
    await q(`update time_entries set deleted = true where organization_id = $1 and id = 'x1'`);
    await q(`update time_entries set deleted = false where organization_id = $1 and id = 'x6'`);
    await q(
      `update time_entries set user_id = 'u-1', task_id = 'ta' where organization_id = $1 and id = 'x5'`,
    );
    await q(`update time_entries set duration_ms = ${H} where organization_id = $1 and id = 'x7'`);
    await expectLinesInStep();

    // Tasks: one arrives after its entries, one moves project, one is removed.
    await seedClickupData(ctx.database.db, org, { tasks: [task({ id: "late", folderId: "f-b" })] });
    expect(await expectLinesInStep()).toContainEqual({
      day: "2026-11-19",
      user_id: "u-1",
      folder_id: "f-b",
      billable: true,
      ms: String(3 * H),
      entries: 1,
    });
    await q(`update tasks set folder_id = 'f-a' where organization_id = $1 and id = 'tb'`);
    await expectLinesInStep();
    await q(`update tasks set folder_id = null where organization_id = $1 and id = 'late'`);
    await expectLinesInStep();
    await q(`delete from tasks where organization_id = $1 and id = 'ta'`);
    await expectLinesInStep();

    // A time-zone change moves the days (x4 starts 23:30 UTC on the 17th: the 18th in Berlin).
    await q(`update organizations set time_zone = 'Europe/Berlin' where id = $1`);
    expect((await expectLinesInStep()).some((l) => l.user_id === "u-2" && l.day === "2026-11-18")).toBe(true);
    await q(`update organizations set time_zone = 'UTC' where id = $1`);
    await expectLinesInStep();

    // Hard deletes leave no empty line behind.
    await q(`delete from time_entries where organization_id = $1`);
    expect(await expectLinesInStep()).toEqual([]);
    const empty = await q(`select count(*)::int as n from time_entry_days where organization_id = $1`);
    expect(empty.rows[0]).toEqual({ n: 0 });
  });
});

describe("a workspace deleted", () => {
  it("takes its lines with it", async () => {
    const gone = await createUserInWorkspace(ctx, { role: "owner" });
    await seedClickupData(ctx.database.db, gone.organizationId, {
      folders: [{ id: "f-x", name: "X" }],
      providerUsers: [{ id: "u-x", username: "Xan" }],
      tasks: [task({ id: "tx", folderId: "f-x" })],
      timeEntries: [{ id: "gx1", userId: "u-x", taskId: "tx", startTime: at("2026-11-16"), durationMs: H }],
    });
    const count = async () =>
      (
        await ctx.database.raw.query<{ n: number }>(
          `select count(*)::int as n from time_entry_days where organization_id = $1`,
          [gone.organizationId],
        )
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    await ctx.database.raw.query(`delete from organizations where id = $1`, [gone.organizationId]);
    expect(await count()).toBe(0);
  });
});

describe("pricing by line", () => {
  it("rounds a line once, and its entries share the line's money out exactly", async () => {
    await seedClickupData(ctx.database.db, org, {
      tasks: [task({ id: "tc", folderId: "f-a" }), task({ id: "td", folderId: "f-a" })],
      timeEntries: [
        // Uma, Alpha, Monday 16th: 20 min + 20 min + 20 min at 100.00/h cost and 200.00/h revenue.
        {
          id: "p1",
          userId: "u-1",
          taskId: "tc",
          startTime: at("2026-11-16"),
          durationMs: 20 * MIN,
          billable: true,
        },
        {
          id: "p2",
          userId: "u-1",
          taskId: "td",
          startTime: at("2026-11-16"),
          durationMs: 20 * MIN,
          billable: true,
        },
        {
          id: "p3",
          userId: "u-1",
          taskId: "tc",
          startTime: at("2026-11-16"),
          durationMs: 10 * MIN,
          billable: true,
        },
        // The same minutes on another day: another line.
        {
          id: "p4",
          userId: "u-1",
          taskId: "tc",
          startTime: at("2026-11-17"),
          durationMs: 20 * MIN,
          billable: true,
        },
      ],
    });
    await expectLinesInStep();
    const report = await owner.client.get<ActualResponse>("/api/reports/actual?period=this-month");
    expect(report.status).toBe(200);
    // Monday's line: 50 min → 83.333… → 83.33 cost, 166.666… → 166.67 revenue.
    // Tuesday's line: 20 min → 33.33 / 66.67.
    expect(report.body.totals).toMatchObject({
      entries: 4,
      ms: 70 * MIN,
      cost: 8_333 + 3_333,
      revenue: 16_667 + 6_667,
    });

    const behind = await owner.client.get<ReportEntriesResponse>(
      "/api/reports/entries?period=this-month&groupBy=project&key=f-a&pageSize=50",
    );
    expect(behind.status).toBe(200);
    const byId = Object.fromEntries(behind.body.items.map((e) => [e.id, [e.cost, e.revenue]]));
    // Each entry: its exact price rounded down, the line's leftover cents to the largest remainders
    // (ties by id): cost 33.333… ×2 + 16.666… = 83.33 → 33.33, 33.33, 16.67 (largest remainder .666);
    // revenue 66.666… ×2 + 33.333… = 166.67 → 66.67 (p1), 66.67 (p2), 33.33.
    expect(byId).toEqual({
      p1: [3_333, 6_667],
      p2: [3_333, 6_667],
      p3: [1_667, 3_333],
      p4: [3_333, 6_667],
    });
    const sum = (i: 0 | 1) =>
      behind.body.items.reduce((a, e) => a + ((i === 0 ? e.cost : e.revenue) ?? 0), 0);
    expect(sum(0)).toBe(report.body.totals.cost);
    expect(sum(1)).toBe(report.body.totals.revenue);
  });

  it("prices each line at the rates in force on its day when lines of a card take effect inside the period", async () => {
    // Wes (role Editor). Standard client card: Editor 300.00 from the 10th, Wes himself 400.00 from
    // the 16th. Internal card: Wes 150.00 from the 12th. Gamma has its own client card: 500.00, then
    // Editor 600.00 from the 15th. A line of another person's subject never moves Wes's rate.
    await q(
      `insert into person_settings (organization_id, clickup_user_id, role_tags) values ($1, 'u-3', '{Editor}')`,
    );
    await q(
      `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
       values ($1, 'rc-gamma', 'client', 'Gamma card', 'USD', false, 50000)`,
    );
    await q(
      `insert into project_rate_cards (organization_id, folder_id, card_id) values ($1, 'f-c', 'rc-gamma')`,
    );
    await q(
      `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
       values ($1, 'l1', 'rc-cli', 'role', 'editor', 30000, '2026-11-10'),
              ($1, 'l2', 'rc-cli', 'person', 'u-3', 40000, '2026-11-16'),
              ($1, 'l3', 'rc-int', 'person', 'u-3', 15000, '2026-11-12'),
              ($1, 'l4', 'rc-gamma', 'role', 'Editor', 60000, '2026-11-15'),
              ($1, 'l5', 'rc-cli', 'person', 'u-1', 99900, '2026-11-09')`,
    );
    const hour = (id: string, taskId: string, day: string, userId = "u-3") => ({
      id,
      userId,
      taskId,
      startTime: at(day),
      durationMs: H,
      billable: true,
    });
    await seedClickupData(ctx.database.db, org, {
      folders: [{ id: "f-c", name: "Gamma", spaceId: "sp" }],
      tasks: [task({ id: "tw-a", folderId: "f-a" }), task({ id: "tw-b", folderId: "f-c" })],
      timeEntries: [
        hour("w1", "tw-a", "2026-11-05"), // before the period
        hour("w2", "tw-a", "2026-11-09"), // defaults: 100.00 / 200.00
        hour("w3", "tw-a", "2026-11-10"), // Editor: 100.00 / 300.00
        hour("w4", "tw-a", "2026-11-12"), // Wes's cost: 150.00 / 300.00
        hour("w5", "tw-a", "2026-11-16"), // Wes's rate: 150.00 / 400.00
        hour("w6", "tw-b", "2026-11-14"), // Gamma's card: 150.00 / 500.00
        hour("w7", "tw-b", "2026-11-15"), // Gamma's Editor: 150.00 / 600.00
        hour("w8", "tw-b", "2026-11-18"), // after the period
        // Someone with no name, roles or lines of their own: the cards' default rates.
        hour("x1", "tw-a", "2026-11-12", "u-9"),
        hour("x2", "tw-b", "2026-11-16", "u-9"),
      ],
    });
    const report = await owner.client.get<ActualResponse>(
      "/api/reports/actual?period=custom&from=2026-11-09&to=2026-11-17&groupBy=project&person=u-3",
    );
    expect(report.status).toBe(200);
    const byProject = Object.fromEntries(report.body.rows.map((r) => [r.key, [r.ms, r.cost, r.revenue]]));
    expect(byProject).toEqual({
      "f-a": [4 * H, 10_000 + 10_000 + 15_000 + 15_000, 20_000 + 30_000 + 30_000 + 40_000],
      "f-c": [2 * H, 15_000 + 15_000, 50_000 + 60_000],
    });
    const stranger = await owner.client.get<ActualResponse>(
      "/api/reports/actual?period=custom&from=2026-11-09&to=2026-11-17&groupBy=project&person=u-9",
    );
    expect(stranger.status).toBe(200);
    expect(Object.fromEntries(stranger.body.rows.map((r) => [r.key, [r.ms, r.cost, r.revenue]]))).toEqual({
      "f-a": [H, 10_000, 20_000],
      "f-c": [H, 10_000, 50_000],
    });
  });

  it("differs from rounding entry by entry where the cents do not add up", async () => {
    // Vic, Beta, Wednesday 18th: 1 min three times at 100.00/h: 1.666… each. Entry by entry that
    // would be 1.67 × 3 = 5.01; the line (3 min) is 5.00, shared 1.67 + 1.67 + 1.66 (equal
    // remainders: by id). Revenue 3.333… each: the line's 10.00 is 3.34 + 3.33 + 3.33.
    await seedClickupData(ctx.database.db, org, {
      tasks: [task({ id: "te", folderId: "f-b" })],
      timeEntries: ["r1", "r2", "r3"].map((id) => ({
        id,
        userId: "u-2",
        taskId: "te",
        startTime: at("2026-11-18"),
        durationMs: MIN,
        billable: false,
      })),
    });
    const report = await owner.client.get<ActualResponse>(
      "/api/reports/actual?period=this-month&groupBy=person&person=u-2",
    );
    expect(report.body.totals).toMatchObject({ entries: 3, ms: 3 * MIN, cost: 500, revenue: 1_000 });
    const behind = await owner.client.get<ReportEntriesResponse>(
      "/api/reports/entries?period=this-month&groupBy=person&key=u-2",
    );
    expect(behind.body.items.map((e) => [e.id, e.cost, e.revenue]).sort()).toEqual([
      ["r1", 167, 334],
      ["r2", 167, 333],
      ["r3", 166, 333],
    ]);
  });
});

describe("stored rates (repriceReportLines)", () => {
  // Runs after "prices each line at the rates in force on its day": Wes (u-3) has 4 h on Alpha and
  // 2 h on Gamma (its own card) from the 9th to the 17th.
  const wes = async () => {
    const report = await owner.client.get<ActualResponse>(
      "/api/reports/actual?period=custom&from=2026-11-09&to=2026-11-17&groupBy=project&person=u-3",
    );
    expect(report.status).toBe(200);
    return Object.fromEntries(report.body.rows.map((r) => [r.key, [r.ms, r.cost, r.revenue]]));
  };
  const version = async () =>
    Number((await q(`select rates_version from organizations where id = $1`)).rows[0]!.rates_version);
  const staleLines = async () =>
    Number(
      (
        await q(
          `select count(*)::int as n from time_entry_days l join organizations o on o.id = l.organization_id
            where l.organization_id = $1 and (l.rates_version < o.rates_version or l.rates_version is null)`,
        )
      ).rows[0]!.n,
    );
  const alpha = 20_000 + 30_000 + 30_000;

  it("prices from the rates stored on the lines, and from the rate cards again as soon as a rate, a project's card or a role changes", async () => {
    const { repriceReportLines } = await import("./repo");
    const live = await wes();
    expect(live).toEqual({
      "f-a": [4 * H, 50_000, alpha + 40_000],
      "f-c": [2 * H, 30_000, 110_000],
    });
    expect(await staleLines()).toBeGreaterThan(0);
    expect(await repriceReportLines(ctx.database.db, org)).toBeGreaterThan(0);
    expect(await staleLines()).toBe(0);
    expect(await repriceReportLines(ctx.database.db, org)).toBe(0); // nothing left to read
    expect(await wes()).toEqual(live);

    // The report reads the stored rate: one more unit an hour on one line shows.
    const wesOn16th = `organization_id = $1 and user_id = 'u-3' and folder_id = 'f-a' and day = '2026-11-16'`;
    await q(`update time_entry_days set client_rate = client_rate + 100 where ${wesOn16th}`);
    expect((await wes())["f-a"]).toEqual([4 * H, 50_000, alpha + 40_100]);
    await q(`update time_entry_days set client_rate = client_rate - 100 where ${wesOn16th}`);

    // A card's line changes: the version moves, every line is priced from the cards at once.
    const v = await version();
    await q(`update rate_card_lines set rate_minor = 45000 where organization_id = $1 and id = 'l2'`);
    expect(await version()).toBeGreaterThan(v);
    expect((await wes())["f-a"]).toEqual([4 * H, 50_000, alpha + 45_000]);
    expect(await repriceReportLines(ctx.database.db, org)).toBeGreaterThan(0);
    expect((await wes())["f-a"]).toEqual([4 * H, 50_000, alpha + 45_000]);

    // Gamma loses its card: its lines fall back to the standard card (Editor 300.00).
    await q(`delete from project_rate_cards where organization_id = $1 and folder_id = 'f-c'`);
    expect((await wes())["f-c"]).toEqual([2 * H, 30_000, 60_000]);
    expect(await repriceReportLines(ctx.database.db, org)).toBeGreaterThan(0);
    expect((await wes())["f-c"]).toEqual([2 * H, 30_000, 60_000]);

    // Role tags: a change raises the version, the same tags written again do not.
    const w = await version();
    await q(
      `update person_settings set role_tags = role_tags where organization_id = $1 and clickup_user_id = 'u-3'`,
    );
    expect(await version()).toBe(w);
    await q(
      `update person_settings set role_tags = '{}' where organization_id = $1 and clickup_user_id = 'u-3'`,
    );
    expect(await version()).toBeGreaterThan(w);
    // Without the Editor role Wes is at the standard card's default on the 10th and 12th (200.00).
    expect((await wes())["f-a"]).toEqual([4 * H, 50_000, 20_000 + 20_000 + 20_000 + 45_000]);
  });
});

describe("stored prices (time_entry_days.cost_minor, revenue_minor)", () => {
  it("keeps each line priced at its stored rates exactly as domain priceDurationMs does, and follows its duration and rates", async () => {
    const pairs = fc.sample(
      fc.tuple(fc.integer({ min: 0, max: 2 ** 33 }), fc.integer({ min: 0, max: 2 ** 32 })),
      { numRuns: 200, seed: 31 },
    );
    // Exact halves with an even and an odd quotient, and both sides of the 32-bit edge.
    pairs.push([1_800_000, 1], [5_400_000, 1], [1_800_000, 3], [2_147_483_647, 2_147_483_647]);
    pairs.push([2_147_483_648, 10_000], [3_600_000, 2_147_483_648]);
    const priced = async () =>
      (
        await q(
          `select duration_ms::text as ms, internal_rate::text as internal, client_rate::text as client,
                  cost_minor::text as cost, revenue_minor::text as revenue
             from time_entry_days where organization_id = $1 and user_id = 'u-price' order by day`,
        )
      ).rows as {
        ms: string;
        internal: string | null;
        client: string | null;
        cost: string | null;
        revenue: string | null;
      }[];
    await q(
      `insert into time_entry_days (organization_id, day, user_id, folder_id, billable, duration_ms, entries, internal_rate, client_rate)
       select $1, date '2000-01-01' + (e.i::int - 1), 'u-price', '', true, (e.v->>0)::bigint, 1, (e.v->>1)::bigint,
              case when e.i % 7 = 0 then null else (e.v->>1)::bigint + 1 end
         from jsonb_array_elements($2::jsonb) with ordinality e(v, i)`,
      [JSON.stringify(pairs)],
    );
    const expected = (ms: string, rate: string | null) =>
      rate === null ? null : String(priceDurationMs(Number(ms), Number(rate)));
    const check = async () => {
      const found = await priced();
      expect(found).toHaveLength(pairs.length);
      for (const row of found) {
        expect(row.cost, `${row.ms} ms at ${row.internal}`).toBe(expected(row.ms, row.internal));
        expect(row.revenue, `${row.ms} ms at ${row.client}`).toBe(expected(row.ms, row.client));
      }
    };
    await check();
    // A trigger adding an entry's time, and repricing a rate, both move the stored prices.
    await q(
      `update time_entry_days set duration_ms = duration_ms + 1234567 where organization_id = $1 and user_id = 'u-price'`,
    );
    await q(
      `update time_entry_days set client_rate = internal_rate * 2 where organization_id = $1 and user_id = 'u-price' and client_rate is not null`,
    );
    await check();
    await q(`delete from time_entry_days where organization_id = $1 and user_id = 'u-price'`);
  });
});
