import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";

/*
 * workload_capacity(p_org, p_from, p_to) (migration 0008) on rows computed by hand. The week of
 * 2025-03-10 (Monday) to 2025-03-16 (Sunday); workspace default 8 h, Mon–Fri.
 *   ana  : default 480; a half day off on Tue 11th; sick Thu 13th–Mon 17th (clipped to the window).
 *   ben  : 6 h/day (360) from Wed 12th on (480 before); a half day on Wed 12th → 180.
 *   cy   : default; time off over the weekend only (no effect).
 * Holiday: Fri 14th for everyone.
 */

let ctx: TestContext;
let org: string;
let otherOrg: string;

interface CapacityRow {
  clickup_user_id: string;
  day: string;
  capacity_minutes: number;
  time_off_minutes: number;
  is_holiday: boolean;
  is_working_day: boolean;
}

async function capacity(organizationId: string, from: string, to: string): Promise<CapacityRow[]> {
  const { rows } = await ctx.database.raw.query<CapacityRow>(
    `select clickup_user_id, to_char(day, 'YYYY-MM-DD') as day, capacity_minutes, time_off_minutes,
            is_holiday, is_working_day
       from workload_capacity($1, $2::date, $3::date)
      order by clickup_user_id, day`,
    [organizationId, from, to],
  );
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = (await createUserInWorkspace(ctx, { role: "owner" })).organizationId;
  otherOrg = (await createUserInWorkspace(ctx, { role: "owner" })).organizationId;
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  for (const id of ["ana", "ben", "cy"]) {
    await q(`insert into provider_users (organization_id, id, username) values ($1, $2, $2)`, [org, id]);
  }
  // Another workspace's person, time off and holiday never show up here.
  await q(`insert into provider_users (organization_id, id, username) values ($1, 'zed', 'zed')`, [otherOrg]);
  await q(
    `insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, type) values ($1, 'z1', 'ana', '2025-03-10', '2025-03-10', 'sick')`,
    [otherOrg],
  );
  await q(`insert into workspace_holidays (organization_id, day, name) values ($1, '2025-03-10', 'Other')`, [
    otherOrg,
  ]);

  await q(
    `insert into workspace_holidays (organization_id, day, name) values ($1, '2025-03-14', 'Founders Day')`,
    [org],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, minutes_per_day, minutes_effective_from)
     values ($1, 'ben', 360, '2025-03-12')`,
    [org],
  );
  const off = [
    ["t1", "ana", "2025-03-11", "2025-03-11", true, "other"],
    ["t2", "ana", "2025-03-13", "2025-03-17", false, "sick"],
    ["t3", "ben", "2025-03-12", "2025-03-12", true, "holiday"],
    ["t4", "cy", "2025-03-15", "2025-03-16", false, "holiday"],
  ];
  for (const [id, who, start, end, half, type] of off) {
    await q(
      `insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, half_day, type)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [org, id, who, start, end, half, type],
    );
  }
});
afterAll(async () => {
  await ctx.close();
});

describe("workload_capacity", () => {
  it("gives capacity per person per day: half day, holiday, weekend, override, time off", async () => {
    const rows = await capacity(org, "2025-03-10", "2025-03-16");
    expect(rows).toHaveLength(3 * 7);
    const table = (who: string) =>
      rows
        .filter((r) => r.clickup_user_id === who)
        .map((r) => [r.day.slice(8), r.capacity_minutes, r.time_off_minutes, r.is_holiday, r.is_working_day]);
    expect(table("ana")).toEqual([
      ["10", 480, 0, false, true],
      ["11", 240, 240, false, true], // half day
      ["12", 480, 0, false, true],
      ["13", 0, 480, false, true], // sick
      ["14", 0, 0, true, true], // holiday (and sick): nothing to take off
      ["15", 0, 0, false, false], // weekend
      ["16", 0, 0, false, false],
    ]);
    expect(table("ben")).toEqual([
      ["10", 480, 0, false, true], // before the override's effective date
      ["11", 480, 0, false, true],
      ["12", 180, 180, false, true], // 6 h/day, half a day off
      ["13", 360, 0, false, true],
      ["14", 0, 0, true, true],
      ["15", 0, 0, false, false],
      ["16", 0, 0, false, false],
    ]);
    expect(table("cy").map((r) => r[1])).toEqual([480, 480, 480, 480, 0, 0, 0]);
    expect(table("cy").map((r) => r[2])).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("follows the workspace's working days and default minutes", async () => {
    await ctx.database.raw.query(
      `update organizations set working_days = '{2,3,4,5,6}', default_minutes_per_day = 420 where id = $1`,
      [otherOrg],
    );
    const rows = await capacity(otherOrg, "2025-03-09", "2025-03-15");
    expect(rows.map((r) => r.capacity_minutes)).toEqual([0, 0, 420, 420, 420, 420, 420]); // Sun, Mon holiday…
    expect(rows.map((r) => r.is_working_day)).toEqual([false, false, true, true, true, true, true]);
    expect(rows[1]?.is_holiday).toBe(true);
    expect(rows.every((r) => r.clickup_user_id === "zed")).toBe(true);
  });

  it("an empty or inverted window gives no rows; an unknown workspace none", async () => {
    expect(await capacity(org, "2025-03-12", "2025-03-11")).toEqual([]);
    expect(await capacity("no-such-org", "2025-03-10", "2025-03-16")).toEqual([]);
    expect(await capacity(org, "2025-03-12", "2025-03-12")).toHaveLength(3);
  });

  it("handles 300 people × 92 days in one call", async () => {
    const big = (await createUserInWorkspace(ctx, { role: "owner" })).organizationId;
    await ctx.database.raw.query(
      `insert into provider_users (organization_id, id, username)
       select $1, 'p' || g, 'Person ' || g from generate_series(1, 300) g`,
      [big],
    );
    await ctx.database.raw.query(
      `insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, type)
       select $1, 'o' || g, 'p' || g, date '2025-01-06' + g % 60, date '2025-01-06' + g % 60 + 4, 'holiday'
         from generate_series(1, 300) g`,
      [big],
    );
    const rows = await capacity(big, "2025-01-01", "2025-04-02");
    expect(rows).toHaveLength(300 * 92);
    // Each person has 5 consecutive calendar days off: between 3 and 5 working days of them.
    const offDays = rows.filter((r) => r.clickup_user_id === "p1" && r.time_off_minutes > 0).length;
    expect(offDays).toBeGreaterThanOrEqual(3);
    expect(offDays).toBeLessThanOrEqual(5);
  });
});
