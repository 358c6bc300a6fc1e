import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import type { ClickUpClient } from "../../integrations/clickup/client";
import type { CuTimeEntry } from "../../integrations/clickup/types";
import { encryptSecret } from "../../lib/secrets";
import {
  registerWriteBackQueue,
  writeBackTimeEntries,
  type WriteBackPayload,
} from "../../jobs/write-back-time-entries";
import type { SaveTimesheetResponse, TimesheetResponse } from "./contract";

const NOW = new Date("2026-11-18T10:00:00Z");
const ME = "cu-ts";
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let member: WorkspaceUser;
const queued: WriteBackPayload[] = [];

async function rows(sql: string, params: unknown[]) {
  return (await ctx.database.raw.query<Record<string, unknown>>(sql, params)).rows;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  registerWriteBackQueue(ctx.database, async (payload) => {
    queued.push(payload);
  });
  member = await createUserInWorkspace(ctx, { role: "member" });
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username, access_token_enc)
     values ($1, $2, $3, 'ts', $4)`,
    [member.organizationId, member.userId, ME, encryptSecret("pk_test", ctx.deps.secrets.encryptionKey)],
  );
  await ctx.database.raw.query(
    `insert into clickup_workspace_connections (organization_id, clickup_team_id, auth_type, access_token_enc, status)
     values ($1, 'team-1', 'personal', 'x', 'active')`,
    [member.organizationId],
  );
  await seedClickupData(ctx.deps.database.db, member.organizationId, {
    tasks: [
      {
        id: "ta",
        name: "Edit",
        status: "in progress",
        startDate: at("2026-11-16T00:00:00Z"),
        dueDate: at("2026-11-20T00:00:00Z"),
        assigneesArray: [{ id: ME }],
      },
      {
        id: "tb",
        name: "Grade",
        status: "open",
        dueDate: at("2026-11-22T00:00:00Z"),
        assigneesArray: [{ id: ME }],
      },
      {
        id: "tc",
        name: "Not mine",
        status: "open",
        dueDate: at("2026-11-19T00:00:00Z"),
        assigneesArray: [{ id: "someone" }],
      },
    ],
    timeEntries: [
      // Logged in ClickUp itself: must survive every save.
      {
        id: "cu-1",
        clickupId: "cu-1",
        userId: ME,
        taskId: "ta",
        startTime: at("2026-11-17T14:00:00Z"),
        durationMs: 3_600_000,
        source: "clickup",
      },
    ],
  });
});
afterAll(() => ctx.close());

describe("GET /api/timesheet", () => {
  it("lists the week's tasks with ClickUp hours counted separately", async () => {
    const res = await member.client.get<TimesheetResponse>("/api/timesheet?week=2026-11-18");
    expect(res.status).toBe(200);
    expect(res.body.weekStart).toBe("2026-11-16");
    expect(res.body.days).toHaveLength(7);
    expect(res.body.rows.map((r) => r.taskId).sort()).toEqual(["ta", "tb"]);
    expect(res.body.cells["ta:2026-11-17"]).toMatchObject({ hours: 0, clickupHours: 1 });
    expect(res.body.writeBackEnabled).toBe(true);
  });
});

describe("PUT /api/timesheet", () => {
  it("validates hours: step 0.5, 0–24, numbers only", async () => {
    for (const value of [0.3, 25, -1, "2"]) {
      const res = await member.client.put<{ error: { fields: { field: string }[] } }>("/api/timesheet", {
        weekStart: "2026-11-16",
        cells: { "ta:2026-11-16": value },
      });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.error.fields[0]!.field).toContain("cells");
    }
  });

  it("refuses cells outside the week or for tasks not on the timesheet, and a non-Monday week", async () => {
    const outside = await member.client.put("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-23": 1 },
    });
    expect(outside.status).toBe(400);
    const foreign = await member.client.put("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "tc:2026-11-17": 1 },
    });
    expect(foreign.status).toBe(400);
    const tuesday = await member.client.put("/api/timesheet", { weekStart: "2026-11-17", cells: {} });
    expect(tuesday.status).toBe(400);
  });

  it("refuses a day whose hours pass 24, ClickUp's own included, naming a cell of that day", async () => {
    type Refusal = { error: { fields: { field: string; message: string }[] } };
    // 23.5 h typed + 1 h logged in ClickUp itself on Tuesday.
    const withClickup = await member.client.put<Refusal>("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-17": 23.5 },
    });
    expect(withClickup.status, withClickup.text).toBe(400);
    expect(withClickup.body.error.fields[0]).toEqual({
      field: "cells.ta:2026-11-17",
      message: "A day holds at most 24 hours, ClickUp's included.",
    });
    const twoTasks = await member.client.put<Refusal>("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-18": 20, "tb:2026-11-18": 4.5 },
    });
    expect(twoTasks.status, twoTasks.text).toBe(400);
    expect(twoTasks.body.error.fields[0]!.field).toMatch(/^cells\.t[ab]:2026-11-18$/);
    const saved = await rows(
      `select count(*)::int as n from time_entries where organization_id = $1 and source = 'timesheet'`,
      [member.organizationId],
    );
    expect(saved).toEqual([{ n: 0 }]);
  });

  it("saves entries at 09:00Z with rounded durations and never touches ClickUp's own entries", async () => {
    const res = await member.client.put<SaveTimesheetResponse>("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-17": 2.5, "tb:2026-11-18": 8, "ta:2026-11-16": 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({ inserted: 2, updated: 0, deleted: 0, unchanged: 0 });
    expect(res.body.cells["ta:2026-11-17"]).toMatchObject({
      hours: 2.5,
      clickupHours: 1,
      writeBack: "pending",
    });
    const saved = await rows(
      `select task_id, start_time, end_time, duration_ms, billable, description, logged_by
       from time_entries where organization_id = $1 and source = 'timesheet' and not deleted order by task_id`,
      [member.organizationId],
    );
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({
      task_id: "ta",
      duration_ms: 9_000_000,
      billable: true,
      description: "Time logged via timesheet",
      logged_by: member.userId,
    });
    expect(new Date(saved[0]!.start_time as string).toISOString()).toBe("2026-11-17T09:00:00.000Z");
    expect(new Date(saved[0]!.end_time as string).toISOString()).toBe("2026-11-17T11:30:00.000Z");
    const clickupOwn = await rows(
      `select deleted from time_entries where organization_id = $1 and id = 'cu-1'`,
      [member.organizationId],
    );
    expect(clickupOwn).toEqual([{ deleted: false }]);
  });

  it("is idempotent: saving the same grid again changes nothing", async () => {
    const res = await member.client.put<SaveTimesheetResponse>("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-17": 2.5, "tb:2026-11-18": 8 },
    });
    expect(res.body.changes).toEqual({ inserted: 0, updated: 0, deleted: 0, unchanged: 2 });
  });

  it("replaces only the timesheet's own entry of a changed cell and deletes cleared ones", async () => {
    const res = await member.client.put<SaveTimesheetResponse>("/api/timesheet", {
      weekStart: "2026-11-16",
      cells: { "ta:2026-11-17": 4 },
    });
    expect(res.body.changes).toEqual({ inserted: 0, updated: 1, deleted: 1, unchanged: 0 });
    expect(res.body.cells["ta:2026-11-17"]).toMatchObject({ hours: 4, clickupHours: 1 });
    expect(res.body.cells["tb:2026-11-18"]).toBeUndefined();
    const live = await rows(
      `select source, sum(duration_ms)::float8 as ms from time_entries
       where organization_id = $1 and not deleted group by source order by source`,
      [member.organizationId],
    );
    expect(live).toEqual([
      { source: "clickup", ms: 3_600_000 },
      { source: "timesheet", ms: 4 * 3_600_000 },
    ]);
  });
});

describe("dates outside 2000–2100 (issue 11, item 10: weekStart 9999-12-27 answered 500)", () => {
  type ErrorAnswer = { error: { code: string; fields?: { field: string }[] } };
  it.each(["9999-12-27", "1999-12-27", "2101-01-03", "0001-01-01"])(
    "%s as PUT weekStart and GET ?week → 400 naming the field",
    async (day) => {
      const put = await member.client.put<ErrorAnswer>("/api/timesheet", { weekStart: day, cells: {} });
      expect(put.status, put.text).toBe(400);
      expect(put.body.error.fields?.[0]?.field).toBe("weekStart");
      const get = await member.client.get<ErrorAnswer>(`/api/timesheet?week=${day}`);
      expect(get.status, get.text).toBe(400);
      expect(get.body.error.fields?.[0]?.field).toBe("week");
    },
  );
  it("accepts the first and last weeks of the range", async () => {
    expect((await member.client.get("/api/timesheet?week=2000-01-03")).status).toBe(200);
    expect((await member.client.get("/api/timesheet?week=2100-12-27")).status).toBe(200);
  });
});

describe("timesheet audit trail", () => {
  const auditRows = () =>
    rows(
      `select actor_user_id, impersonator_user_id, object_id, action, before, after from audit_events
       where organization_id = $1 and object_type = 'timesheet_week'`,
      [member.organizationId],
    );

  it("records the changed cells of each save that changed something, in its transaction", async () => {
    const audit = await auditRows();
    // the first save inserted two cells, the idempotent one changed nothing, the third changed two
    expect(audit).toHaveLength(2);
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          actor_user_id: member.userId,
          impersonator_user_id: null,
          object_id: `${ME}:2026-11-16`,
          action: "saved",
          before: { cells: { "ta:2026-11-17": 0, "tb:2026-11-18": 0 } },
          after: { cells: { "ta:2026-11-17": 2.5, "tb:2026-11-18": 8 } },
        },
        {
          actor_user_id: member.userId,
          impersonator_user_id: null,
          object_id: `${ME}:2026-11-16`,
          action: "saved",
          before: { cells: { "ta:2026-11-17": 2.5, "tb:2026-11-18": 8 } },
          after: { cells: { "ta:2026-11-17": 4, "tb:2026-11-18": 0 } },
        },
      ]),
    );
  });

  it("keeps neither the entries nor the audit row when the save's transaction fails", async () => {
    const entriesBefore = await rows(
      `select id, task_id, duration_ms, deleted, write_back_status from time_entries
       where organization_id = $1 order by id`,
      [member.organizationId],
    );
    const queuedBefore = queued.length;
    await failAuditInserts(ctx, true);
    try {
      const res = await member.client.put("/api/timesheet", {
        weekStart: "2026-11-16",
        cells: { "ta:2026-11-17": 6, "tb:2026-11-20": 2 },
      });
      expect(res.status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    const entriesAfter = await rows(
      `select id, task_id, duration_ms, deleted, write_back_status from time_entries
       where organization_id = $1 order by id`,
      [member.organizationId],
    );
    expect(entriesAfter).toEqual(entriesBefore);
    expect(await auditRows()).toHaveLength(2);
    expect(queued).toHaveLength(queuedBefore);
    const sheet = await member.client.get<TimesheetResponse>("/api/timesheet?week=2026-11-16");
    expect(sheet.body.cells["ta:2026-11-17"]).toMatchObject({ hours: 4 });
  });
});

describe("write-back to ClickUp", () => {
  it("creates, updates and deletes through the client, keeps ClickUp ids, and adopts instead of duplicating", async () => {
    const remote = new Map<string, CuTimeEntry>();
    let seq = 0;
    const calls: string[] = [];
    const fake = {
      getTimeEntries: async () => [...remote.values()],
      createTimeEntry: async (
        _team: string,
        input: { start: number; duration: number; taskId?: string | null; description?: string },
      ) => {
        calls.push("create");
        const e: CuTimeEntry = {
          id: `r${++seq}`,
          taskId: input.taskId ?? null,
          userId: ME,
          start: input.start,
          end: input.start + input.duration,
          duration: input.duration,
          billable: true,
          description: input.description ?? null,
          at: null,
        };
        remote.set(e.id, e);
        return e;
      },
      updateTimeEntry: async (_team: string, id: string, patch: { start?: number; duration?: number }) => {
        calls.push(`update ${id}`);
        const e = remote.get(id)!;
        remote.set(id, { ...e, start: patch.start ?? e.start, duration: patch.duration ?? e.duration });
      },
      deleteTimeEntry: async (_team: string, id: string) => {
        calls.push(`delete ${id}`);
        remote.delete(id);
      },
    } as unknown as ClickUpClient;
    const payload = { organizationId: member.organizationId, userId: member.userId };
    const first = await writeBackTimeEntries(ctx.deps, payload, () => fake);
    // the 4 h entry is created; the deleted 8 h one never reached ClickUp (nothing to delete remotely)
    expect(first).toMatchObject({ created: 1, deleted: 1, failed: 0 });
    const linked = await rows(
      `select clickup_id, write_back_status from time_entries where organization_id = $1 and source = 'timesheet' and not deleted`,
      [member.organizationId],
    );
    expect(linked).toEqual([{ clickup_id: "r1", write_back_status: "synced" }]);

    // Simulate a crash after ClickUp created an entry: the row lost its link, the retry adopts it.
    await ctx.database.raw.query(
      `update time_entries set clickup_id = null, write_back_status = 'pending' where organization_id = $1 and clickup_id = 'r1'`,
      [member.organizationId],
    );
    const retry = await writeBackTimeEntries(ctx.deps, payload, () => fake);
    expect(retry).toMatchObject({ adopted: 1, created: 0 });
    expect(remote.size).toBe(1);

    await member.client.put("/api/timesheet", { weekStart: "2026-11-16", cells: { "ta:2026-11-17": 1.5 } });
    expect(queued.at(-1)).toEqual(payload);
    const update = await writeBackTimeEntries(ctx.deps, payload, () => fake);
    expect(update).toMatchObject({ updated: 1 });
    expect(remote.get("r1")!.duration).toBe(5_400_000);

    await member.client.put("/api/timesheet", { weekStart: "2026-11-16", cells: {} });
    const removal = await writeBackTimeEntries(ctx.deps, payload, () => fake);
    expect(removal).toMatchObject({ deleted: 1 });
    expect(remote.size).toBe(0);
    expect(calls.filter((c) => c === "create")).toHaveLength(1);
  });

  it("marks failures and throws so the queue retries, and shows them in the timesheet", async () => {
    await member.client.put("/api/timesheet", { weekStart: "2026-11-16", cells: { "tb:2026-11-19": 3 } });
    const broken = {
      getTimeEntries: async () => [],
      createTimeEntry: async () => {
        throw new Error("ClickUp 500: boom");
      },
    } as unknown as ClickUpClient;
    await expect(
      writeBackTimeEntries(
        ctx.deps,
        { organizationId: member.organizationId, userId: member.userId },
        () => broken,
      ),
    ).rejects.toThrow(/1 of 1 failed/);
    const sheet = await member.client.get<TimesheetResponse>("/api/timesheet?week=2026-11-16");
    expect(sheet.body.cells["tb:2026-11-19"]).toMatchObject({ hours: 3, writeBack: "failed" });
    expect(sheet.body.cells["tb:2026-11-19"]!.writeBackError).toContain("boom");
  });
});
