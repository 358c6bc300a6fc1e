import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toIsoDate, weekWindow } from "@domain/index";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";
import { registerWriteBackQueue, writeBackTimeEntries } from "../../jobs/write-back-time-entries";
import { encryptSecret } from "../../lib/secrets";

/**
 * The timesheet write-back against the simulator (not a fake client): what ClickUp keeps on an
 * entry the write-back did not mean to change must still be there after it.
 */
describe("timesheet write-back through the ClickUp simulator", () => {
  let f: SyncFixture;
  let member: WorkspaceUser;
  let clickupUserId: string;
  let taskId: string;
  let weekStart: string;
  let day: string;
  let token: string;

  beforeAll(async () => {
    f = await syncFixture();
    // The test runs the write-back itself, once per save.
    registerWriteBackQueue(f.deps.database, async () => undefined);
    clickupUserId = String(f.sim.demo.memberUserId);
    member = await createUserInWorkspace(f.ctx, { role: "member", organizationId: f.orgId });
    await f.ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username, access_token_enc)
       values ($1, $2, $3, 'member', $4)`,
      [
        f.orgId,
        member.userId,
        clickupUserId,
        encryptSecret(
          (token = f.sim.createPersonalToken(f.sim.demo.memberUserId)),
          f.deps.secrets.encryptionKey,
        ),
      ],
    );
    const task = f.sim.state.tasks.find(
      (t) =>
        !t.deleted && !t.archived && t.teamId === f.teamId && t.assignees.includes(f.sim.demo.memberUserId),
    )!;
    taskId = task.id;
    const window = weekWindow(f.deps.now!());
    weekStart = toIsoDate(window.start) as string;
    day = toIsoDate(new Date(window.start.getTime() + 86_400_000)) as string;
    await seedClickupData(f.deps.database.db, f.orgId, {
      tasks: [
        {
          id: taskId,
          name: task.name,
          status: "in progress",
          dueDate: new Date(window.start.getTime() + 3 * 86_400_000),
          assigneesArray: [{ id: clickupUserId }],
        },
      ],
    });
  });
  afterAll(async () => {
    await f.close();
  });

  const payload = () => ({ organizationId: f.orgId, userId: member.userId });
  const remoteEntry = () => {
    const store = f.sim.state.timeEntries;
    for (let i = 0; i < store.count; i++) {
      const e = store.get(i);
      if (!e.deleted && f.sim.state.tasks[e.taskIndex]?.id === taskId && e.source === "api") return e;
    }
    return null;
  };

  it("a tagged entry keeps its tags after a timesheet edit", async () => {
    const saved = await member.client.put("/api/timesheet", {
      weekStart,
      cells: { [`${taskId}:${day}`]: 2 },
    });
    expect(saved.status).toBe(200);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ created: 1, failed: 0 });
    const created = remoteEntry()!;
    expect(created.duration).toBe(2 * 3_600_000);

    // The person labels the entry in ClickUp (time-entry tags, clickup-api.md §4.1).
    f.sim.mutate.updateTimeEntry(created.id, {
      tags: [{ name: "invoiced", tag_fg: "#ffffff", tag_bg: "#7b68ee" }],
    });
    expect(remoteEntry()!.tags.map((t) => t.name)).toEqual(["invoiced"]);

    const edited = await member.client.put("/api/timesheet", {
      weekStart,
      cells: { [`${taskId}:${day}`]: 3 },
    });
    expect(edited.status).toBe(200);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ updated: 1, failed: 0 });
    const after = remoteEntry()!;
    expect(after.id).toBe(created.id);
    expect(after.duration).toBe(3 * 3_600_000);
    expect(after.tags.map((t) => t.name)).toEqual(["invoiced"]);
  });
  const save = async (hours: number | null) => {
    const res = await member.client.put("/api/timesheet", {
      weekStart,
      cells: hours === null ? {} : { [`${taskId}:${day}`]: hours },
    });
    expect(res.status).toBe(200);
  };
  const localStatus = async (clickupId: string) =>
    (
      await f.ctx.database.raw.query<{ write_back_status: string; deleted: boolean }>(
        `select write_back_status, deleted from time_entries where organization_id = $1 and clickup_id = $2`,
        [f.orgId, clickupId],
      )
    ).rows[0];

  it("deleting an entry already deleted in ClickUp (401 OAUTH_023, confirmed by GET /team) counts as deleted", async () => {
    await save(1);
    await writeBackTimeEntries(f.deps, payload());
    const entry = remoteEntry()!;
    f.sim.mutate.deleteTimeEntry(entry.id);
    await save(null);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ deleted: 1, failed: 0 });
    expect(await localStatus(entry.id)).toEqual({ write_back_status: "synced", deleted: true });
  });

  it("a 404 SHARD_031 (workspace not found) never counts as already gone", async () => {
    await save(2);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ created: 1 });
    const entry = remoteEntry()!;
    await save(null);
    await f.ctx.database.raw.query(
      `update clickup_workspace_connections set clickup_team_id = '999999999' where organization_id = $1`,
      [f.orgId],
    );
    try {
      await expect(writeBackTimeEntries(f.deps, payload())).rejects.toThrow(/1 of 1 failed/);
      expect(await localStatus(entry.id)).toMatchObject({ write_back_status: "failed" });
    } finally {
      await f.ctx.database.raw.query(
        `update clickup_workspace_connections set clickup_team_id = $2 where organization_id = $1`,
        [f.orgId, f.teamId],
      );
    }
    expect(remoteEntry()?.id).toBe(entry.id);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ deleted: 1, failed: 0 });
    expect(remoteEntry()).toBeNull();
  });

  it("a revoked token (401 OAUTH_019) never counts as already gone", async () => {
    await save(2);
    expect(await writeBackTimeEntries(f.deps, payload())).toMatchObject({ created: 1 });
    const entry = remoteEntry()!;
    await save(null);
    f.sim.revokeToken(token);
    await expect(writeBackTimeEntries(f.deps, payload())).rejects.toThrow(/1 of 1 failed/);
    expect(await localStatus(entry.id)).toMatchObject({ write_back_status: "failed" });
    expect(remoteEntry()?.id).toBe(entry.id);
  });
});
