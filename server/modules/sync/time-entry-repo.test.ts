import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { run, transaction } from "../../db/executor";
import { markTimeEntriesDeletedInWindow, upsertTimeEntries } from "./time-entry-repo";

const ORG = "org-sync-repo";
const START = Date.UTC(2026, 10, 16, 9);

describe("time-entry upserts never lose a timesheet edit that is not yet in ClickUp", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await run(ctx.database.db, sql`insert into organizations (id, name) values (${ORG}, 'Sync Repo')`);
    await run(
      ctx.database.db,
      sql`
      insert into time_entries (organization_id, id, clickup_id, user_id, task_id, start_time, duration_ms, billable,
        source, write_back_status, updated_at)
      values
        (${ORG}, 'pending-edit', '1000000000000000001', 'u1', 't1', ${new Date(START).toISOString()}, 7200000, true,
         'timesheet', 'pending', now() - interval '1 hour'),
        (${ORG}, 'synced-sheet', '1000000000000000002', 'u1', 't1', ${new Date(START).toISOString()}, 3600000, true,
         'timesheet', 'synced', now() - interval '1 hour')`,
    );
  });
  afterAll(() => ctx.close());

  const entry = (id: string, duration: number) => ({
    id,
    taskId: "t1",
    userId: "u1",
    start: START,
    end: START + duration,
    duration,
    billable: true,
    description: "Time logged via timesheet",
    at: null,
  });

  it("keeps the pending edit and updates the one already written back", async () => {
    await upsertTimeEntries(ctx.database.db, ORG, [
      entry("1000000000000000001", 1800000),
      entry("1000000000000000002", 5400000),
    ]);
    const { rows } = await ctx.database.raw.query<{ id: string; duration_ms: number }>(
      "select id, duration_ms from time_entries where organization_id = $1 order by id",
      [ORG],
    );
    expect(rows).toEqual([
      { id: "pending-edit", duration_ms: 7200000 },
      { id: "synced-sheet", duration_ms: 5400000 },
    ]);
  });

  it("does not mark a pending timesheet entry deleted when ClickUp no longer lists it", async () => {
    const marked = await markTimeEntriesDeletedInWindow(
      ctx.database.db,
      ORG,
      START - 86_400_000,
      START + 86_400_000,
      new Date().toISOString(),
    );
    expect(marked).toBe(1);
    const { rows } = await ctx.database.raw.query<{ id: string; deleted: boolean }>(
      "select id, deleted from time_entries where organization_id = $1 order by id",
      [ORG],
    );
    expect(rows).toEqual([
      { id: "pending-edit", deleted: false },
      { id: "synced-sheet", deleted: true },
    ]);
  });

  it("runs inside the caller's transaction: a rollback leaves nothing behind", async () => {
    await expect(
      transaction(ctx.database, async (tx) => {
        await upsertTimeEntries(tx, ORG, [entry("1000000000000000003", 900000)]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const { rows } = await ctx.database.raw.query<{ n: number | string }>(
      "select count(*) as n from time_entries where organization_id = $1 and clickup_id = $2",
      [ORG, "1000000000000000003"],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
