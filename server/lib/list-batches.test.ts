import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import type { Executor } from "../db/executor";
import { listBatches, type ListQuery } from "./list-query";

/*
 * listBatches on a real database: every row once, in list order, in batches — and one statement
 * per batch, with no trailing empty read when the rows fill the last batch exactly (that read
 * sorted the whole list again: the projects CSV of 1,000 projects paid for it twice).
 */

let ctx: TestContext;
const PREFIX = `batches-${Date.now().toString(36)}-`;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.raw.query(
    `insert into organizations (id, name) select $1 || lpad(g::text, 3, '0'), 'Batch ' || g from generate_series(1, 10) g`,
    [PREFIX],
  );
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** The database's executor, counting the statements run through it. */
function counting(): { executor: Executor; statements: () => number } {
  let n = 0;
  const db = ctx.database.db;
  const executor = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return (...args: Parameters<typeof db.execute>) => {
          n++;
          return target.execute(...args);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { executor, statements: () => n };
}

const query: Omit<ListQuery<"name">, "page" | "pageSize"> = {
  select: sql`o.id`,
  from: sql`organizations o`,
  where: [sql`o.id like ${`${PREFIX}%`}`],
  sorts: { name: sql`o.id` },
  tiebreakers: [sql`o.id`],
  sort: "name",
  dir: "desc",
};

async function read(batchSize: number) {
  const { executor, statements } = counting();
  const batches: string[][] = [];
  for await (const batch of listBatches<{ id: string }, "name">(executor, query, batchSize)) {
    batches.push(batch.map((r) => r.id));
  }
  return { batches, statements: statements() };
}

describe("listBatches", () => {
  it("reads every row once, in list order, one statement per batch", async () => {
    const all = Array.from({ length: 10 }, (_, i) => `${PREFIX}${String(10 - i).padStart(3, "0")}`);
    const threes = await read(3);
    expect(threes.batches.map((b) => b.length)).toEqual([3, 3, 3, 1]);
    expect(threes.batches.flat()).toEqual(all);
    expect(threes.statements).toBe(4);
    // Rows that fill the last batch exactly: no extra, empty statement after it.
    const fives = await read(5);
    expect(fives.batches.map((b) => b.length)).toEqual([5, 5]);
    expect(fives.batches.flat()).toEqual(all);
    expect(fives.statements).toBe(2);
    const ten = await read(10);
    expect(ten.batches).toEqual([all]);
    expect(ten.statements).toBe(1);
  });

  it("reads nothing from an empty list in one statement", async () => {
    const { executor, statements } = counting();
    const batches = [];
    for await (const b of listBatches(executor, { ...query, where: [sql`false`] }, 5)) batches.push(b);
    expect(batches).toEqual([]);
    expect(statements()).toBe(1);
  });
});
