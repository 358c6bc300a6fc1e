import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import type { TaskRow } from "../../integrations/clickup/mapper";
import { markTasksDeleted, upsertTasks } from "../sync/task-repo";

/*
 * tasks.in_parent_total (migration 0030): a task's hours are inside its parent's totals when the
 * parent is a live task of the same folder. Triggers keep the flag; a folder's hours for a caller
 * who sees every task sum the tasks without it. Every test compares the stored flag with the rule
 * evaluated afresh (an anti-join of the tasks against their parents), after each way a task or
 * its parent changes: inserted in either order (one statement or two), upserted by the sync,
 * moved, deleted and undeleted, removed.
 */

let ctx: TestContext;
let owner: WorkspaceUser;
let org: string;
const q = (text: string, params: unknown[] = []) => ctx.database.raw.query(text, [org, ...params]);

/** The stored flag and the rule, per task, in id order. */
async function flags() {
  const r = await q(
    `select c.id, c.in_parent_total as stored,
            exists (select 1 from tasks p where p.organization_id = c.organization_id and p.id = c.parent_task_id
                      and not p.deleted and p.folder_id = c.folder_id) as rule
       from tasks c where c.organization_id = $1 order by c.id`,
  );
  return r.rows as Array<{ id: string; stored: boolean; rule: boolean }>;
}

async function expectFlagsInStep(): Promise<Record<string, boolean>> {
  const rows = await flags();
  expect(rows.map((r) => [r.id, r.stored])).toEqual(rows.map((r) => [r.id, r.rule]));
  return Object.fromEntries(rows.map((r) => [r.id, r.stored]));
}

const insert = (values: string) =>
  q(`insert into tasks (organization_id, id, name, folder_id, parent_task_id, estimated_time_total, time_logged_total)
     values ${values}`);

function row(id: string, folderId: string | null, parentTaskId: string | null, updated: number): TaskRow {
  return {
    id,
    name: `Task ${id}`,
    description: null,
    status: "in progress",
    statusType: "custom",
    statusColor: null,
    folderId,
    spaceId: "sp",
    listId: null,
    listName: null,
    folderName: null,
    customItemId: null,
    customId: null,
    startDate: null,
    dueDate: null,
    timeEstimateMs: null,
    timeSpentMs: null,
    assigneesArray: [],
    assigneeId: null,
    assigneeName: null,
    tags: [],
    customFields: [],
    parentTaskId,
    priority: null,
    url: null,
    archived: false,
    dateCreated: null,
    dateUpdated: new Date(Date.UTC(2026, 10, 2) + updated * 60_000).toISOString(),
    dateClosed: null,
  };
}

beforeAll(async () => {
  ctx = await createTestContext({});
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  org = owner.organizationId;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await q(`delete from tasks where organization_id = $1`);
});

describe("tasks.in_parent_total", () => {
  it("follows inserts in either order, moves, deletion, undeletion and removal", async () => {
    // A subtask synced before its parent, then the parent: the parent's insert sets it.
    await insert(`($1, 'c1', 'C1', 'f-a', 'p1', 1, 1)`);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await insert(`($1, 'p1', 'P1', 'f-a', null, 3, 2)`);
    expect((await expectFlagsInStep()).c1).toBe(true);
    // Both in one statement, subtask first and parent first.
    await insert(`($1, 'c2', 'C2', 'f-a', 'p2', 1, 1), ($1, 'p2', 'P2', 'f-a', null, 1, 1),
                  ($1, 'p3', 'P3', 'f-b', null, 1, 1), ($1, 'c3', 'C3', 'f-b', 'p3', 1, 1)`);
    let f = await expectFlagsInStep();
    expect([f.c2, f.c3]).toEqual([true, true]);
    // The parent moves to another folder, and back.
    await q(`update tasks set folder_id = 'f-b' where organization_id = $1 and id = 'p1'`);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await q(`update tasks set folder_id = 'f-a' where organization_id = $1 and id = 'p1'`);
    expect((await expectFlagsInStep()).c1).toBe(true);
    // The subtask moves away, then follows its parent.
    await q(`update tasks set folder_id = 'f-b' where organization_id = $1 and id = 'c1'`);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await q(`update tasks set folder_id = 'f-a' where organization_id = $1 and id = 'c1'`);
    expect((await expectFlagsInStep()).c1).toBe(true);
    // A new parent id, and none.
    await q(`update tasks set parent_task_id = 'p3' where organization_id = $1 and id = 'c2'`);
    expect((await expectFlagsInStep()).c2).toBe(false);
    await q(`update tasks set parent_task_id = null where organization_id = $1 and id = 'c1'`);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await q(`update tasks set parent_task_id = 'p1' where organization_id = $1 and id = 'c1'`);
    // The parent deleted (the flag only), undeleted, removed.
    await q(`update tasks set deleted = true where organization_id = $1 and id = 'p1'`);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await q(`update tasks set deleted = false where organization_id = $1 and id = 'p1'`);
    expect((await expectFlagsInStep()).c1).toBe(true);
    await q(`delete from tasks where organization_id = $1 and id = 'p1'`);
    f = await expectFlagsInStep();
    expect(f.c1).toBe(false);
    // A parent and its subtask moved together in one statement.
    await q(`update tasks set folder_id = 'f-c' where organization_id = $1 and id in ('p3', 'c3')`);
    expect((await expectFlagsInStep()).c3).toBe(true);
  });

  it("follows the sync's upserts and deletions", async () => {
    await upsertTasks(ctx.database.db, org, [row("c1", "f-a", "p1", 1), row("c2", "f-a", "c1", 1)]);
    await upsertTasks(ctx.database.db, org, [row("p1", "f-a", null, 1)]);
    let f = await expectFlagsInStep();
    expect([f.c1, f.c2]).toEqual([true, true]);
    // A newer copy of the parent in another folder; an older copy of it is ignored.
    await upsertTasks(ctx.database.db, org, [row("p1", "f-b", null, 2)]);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await upsertTasks(ctx.database.db, org, [row("p1", "f-a", null, 1)]);
    expect((await expectFlagsInStep()).c1).toBe(false);
    await upsertTasks(ctx.database.db, org, [row("p1", "f-a", null, 3)]);
    expect((await expectFlagsInStep()).c1).toBe(true);
    // Deleting the parent takes its subtree; the sync's next copy brings the parent back alone.
    await markTasksDeleted(ctx.database.db, org, ["p1"]);
    await expectFlagsInStep();
    await upsertTasks(ctx.database.db, org, [row("p1", "f-a", null, 4)]);
    f = await expectFlagsInStep();
    expect([f.c1, f.c2]).toEqual([true, false]);
  });

  it("agrees with the rule after any sequence of changes (fast-check, fixed seed)", async () => {
    const ids = ["t0", "t1", "t2", "t3", "t4"];
    const id = fc.constantFrom(...ids);
    const folder = fc.constantFrom("f-a", "f-b", null);
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("upsert" as const),
        rows: fc.array(fc.tuple(id, folder, fc.option(id)), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({
        kind: fc.constant("move" as const),
        ids: fc.uniqueArray(id, { minLength: 1, maxLength: 3 }),
        folder,
      }),
      fc.record({ kind: fc.constant("reparent" as const), id, parent: fc.option(id) }),
      fc.record({
        kind: fc.constant("deleted" as const),
        ids: fc.uniqueArray(id, { minLength: 1, maxLength: 3 }),
        deleted: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant("remove" as const),
        ids: fc.uniqueArray(id, { minLength: 1, maxLength: 2 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await q(`delete from tasks where organization_id = $1`);
        for (const o of ops) {
          if (o.kind === "upsert") {
            // One statement: the last copy of an id wins (a statement cannot write a row twice).
            const byId = new Map(o.rows.map(([i, fo, pa]) => [i, [fo, pa] as const]));
            const values = [...byId].map(([i, [fo, pa]]) => ({ id: i, folder: fo, parent: pa }));
            await q(
              `insert into tasks (organization_id, id, name, folder_id, parent_task_id)
               select $1, r.id, r.id, r.folder, r.parent from jsonb_to_recordset($2::jsonb) as r(id text, folder text, parent text)
               on conflict (organization_id, id) do update set folder_id = excluded.folder_id,
                 parent_task_id = excluded.parent_task_id, deleted = false`,
              [JSON.stringify(values)],
            );
          } else if (o.kind === "move") {
            await q(`update tasks set folder_id = $2 where organization_id = $1 and id = any($3)`, [
              o.folder,
              o.ids,
            ]);
          } else if (o.kind === "reparent") {
            await q(`update tasks set parent_task_id = $2 where organization_id = $1 and id = $3`, [
              o.parent,
              o.id,
            ]);
          } else if (o.kind === "deleted") {
            await q(`update tasks set deleted = $2 where organization_id = $1 and id = any($3)`, [
              o.deleted,
              o.ids,
            ]);
          } else {
            await q(`delete from tasks where organization_id = $1 and id = any($2)`, [o.ids]);
          }
          const rows = await flags();
          if (rows.some((r) => r.stored !== r.rule)) return false;
        }
        return true;
      }),
      { seed: 20261128, numRuns: 60, endOnFailure: true },
    );
  });

  it("gives the folder sums the anti-join gives", async () => {
    await insert(`($1, 'p1', 'P1', 'f-a', null, 10, 4), ($1, 'c1', 'C1', 'f-a', 'p1', 6, 3),
                  ($1, 'c2', 'C2', 'f-a', 'gone', 2, 1), ($1, 'p2', 'P2', 'f-b', null, 5, 5),
                  ($1, 'c3', 'C3', 'f-a', 'p2', 1, 1), ($1, 'd1', 'D1', 'f-a', null, 7, 7)`);
    await q(`update tasks set deleted = true where organization_id = $1 and id = 'd1'`);
    const stored = await q(
      `select folder_id, sum(estimated_time_total)::float8 as est, sum(time_logged_total)::float8 as logged
         from tasks where organization_id = $1 and not deleted and not in_parent_total group by 1 order by 1`,
    );
    // f-a: p1 (its totals hold c1's), c2 (parent unknown), c3 (parent in f-b); f-b: p2.
    expect(stored.rows).toEqual([
      { folder_id: "f-a", est: 13, logged: 6 },
      { folder_id: "f-b", est: 5, logged: 5 },
    ]);
  });
});
