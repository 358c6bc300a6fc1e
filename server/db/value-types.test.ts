import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { firstRow, transaction } from "./executor";
import { profiles } from "./schema";

/*
 * What a timestamp, a date, an interval and their arrays read as, through each path to the
 * database, on PGlite and on PostgreSQL (TEST_DATABASE_URL): repos (drizzle) get PostgreSQL's text,
 * which the builder's column mappers turn into Dates; the raw surface gets the driver's Dates. On
 * PGlite the app's instance reads those types as text for every query so that drizzle's queries
 * need no per-query parsers (server/db/client.ts): these tests hold both paths to what they were.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const VALUES = sql`select timestamptz '2026-02-28 23:30:00+00' as ts, timestamp '2026-02-28 23:30:00' as plain,
  date '2026-03-01' - 1 as d, interval '1 day 2 hours' as i,
  array[timestamptz '2026-02-28 23:30:00+00'] as tsa, array[date '2026-02-28'] as da, array[1.25]::numeric[] as na`;
const RAW_VALUES = `select timestamptz '2026-02-28 23:30:00+00' as ts, date '2026-02-28' as d, now() as now`;

interface TextRow {
  ts: unknown;
  plain: unknown;
  d: unknown;
  i: unknown;
  tsa: unknown;
  da: unknown;
  na: unknown;
}

function expectText(row: TextRow | undefined) {
  expect(typeof row?.ts).toBe("string");
  expect(new Date(String(row?.ts)).toISOString()).toBe("2026-02-28T23:30:00.000Z");
  expect(row?.plain).toBe("2026-02-28 23:30:00");
  expect(row?.d).toBe("2026-02-28");
  expect(row?.i).toBe("1 day 02:00:00");
  expect(typeof row?.tsa).toBe("string");
  expect(String(row?.tsa)).toMatch(/^\{"2026-02-28 23:30:00/);
  expect(row?.da).toBe("{2026-02-28}");
  expect(row?.na).toBe("{1.25}");
}

describe("value types by path", () => {
  it("a repo's sql query reads PostgreSQL's text, on the pool and in a transaction", async () => {
    expectText(await firstRow<TextRow>(ctx.database.db, VALUES));
    await transaction(ctx.database, async (tx) => {
      expectText(await firstRow<TextRow>(tx, VALUES));
    });
  });

  it("the builder maps a timestamp column to a Date", async () => {
    const { userId } = await signUp(ctx);
    const [row] = await ctx.database.db
      .select({ createdAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.id, userId));
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(row!.createdAt.getTime())).toBe(false);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it("the raw surface reads Dates, before and after repo queries", async () => {
    const read = async () =>
      (await ctx.database.raw.query<{ ts: unknown; d: unknown; now: unknown }>(RAW_VALUES)).rows[0];
    const before = await read();
    await firstRow(ctx.database.db, VALUES);
    const after = await read();
    for (const row of [before, after]) {
      expect(row?.ts).toBeInstanceOf(Date);
      expect((row?.ts as Date).toISOString()).toBe("2026-02-28T23:30:00.000Z");
      expect(row?.d).toBeInstanceOf(Date);
      expect(row?.now).toBeInstanceOf(Date);
    }
  });
});
