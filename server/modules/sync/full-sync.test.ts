import { sql } from "drizzle-orm";
import { rows } from "../../db/executor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFullSync } from "./full-sync";
import { simTruth, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";

describe("full sync against the simulator", () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await syncFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it("ingests the whole workspace: tasks (closed, subtasks, archived), fields, people and time", async () => {
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test" });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe("succeeded");
    const truth = simTruth(f.sim);
    const o = f.orgId;
    expect(
      await f.count(sql`select count(*) n from tasks where organization_id = ${o} and not deleted`),
    ).toBe(truth.tasks.length);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${o} and not deleted and archived`,
      ),
    ).toBe(truth.tasks.filter((t) => t.archived).length);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${o} and not deleted and parent_task_id is not null`,
      ),
    ).toBe(truth.tasks.filter((t) => t.parentId).length);
    expect(
      await f.count(sql`select count(*) n from time_entries where organization_id = ${o} and not deleted`),
    ).toBe(truth.timeEntries);
    expect(await f.count(sql`select count(*) n from provider_users where organization_id = ${o}`)).toBe(
      f.sim.demo.users.length,
    );
    expect(
      await f.count(sql`select count(*) n from folders where organization_id = ${o} and not deleted`),
    ).toBe(f.sim.state.folders.size);
    expect(
      await f.count(sql`select count(*) n from spaces where organization_id = ${o} and not deleted`),
    ).toBe(f.sim.state.spaces.size);

    // A sample of fields, including custom fields and derived ones.
    const sample = truth.tasks.filter((_, i) => i % 97 === 0);
    const r = await rows<Record<string, unknown>>(
      f.deps.database.db,
      sql`select id, name, status, parent_task_id, archived, custom_item_id, assignee_id, time_estimate_ms, job_code,
            space_name, folder_name, custom_fields from tasks where organization_id = ${o}`,
    );
    const byId = new Map(r.map((row) => [row.id as string, row]));
    for (const t of sample) {
      const row = byId.get(t.id);
      expect(row, t.id).toBeDefined();
      expect(row!.name).toBe(t.name);
      expect(row!.status).toBe(t.status);
      expect(row!.parent_task_id ?? null).toBe(t.parentId);
      expect(row!.archived).toBe(t.archived);
      expect(row!.custom_item_id).toBe(t.customItemId);
      expect(row!.assignee_id ?? null).toBe(t.assignees[0] !== undefined ? String(t.assignees[0]) : null);
      expect(row!.time_estimate_ms ?? null).toBe(t.timeEstimate);
      expect(row!.space_name).toBe(f.sim.state.spaces.get(t.spaceId)!.name);
      expect((row!.custom_fields as unknown[]).length).toBe(Object.keys(t.fields ?? {}).length);
    }

    // Each assignee row keeps the name its entry on the task carries (spec §8's first source).
    const assigneeRows = await rows<{
      task_id: string;
      user_id: string;
      username: string | null;
      email: string | null;
    }>(
      f.deps.database.db,
      sql`select task_id, user_id, username, email from task_assignees where organization_id = ${o}`,
    );
    expect(assigneeRows.length).toBeGreaterThan(0);
    for (const a of assigneeRows) {
      const user = f.sim.state.users.get(Number(a.user_id));
      expect(user, a.user_id).toBeDefined();
      expect(a.username).toBe(user!.username.trim() || null);
      expect(a.email).toBe(user!.email.trim() || null);
    }

    // Project meta tasks carry their job code; their folders' tasks inherit it.
    const project = f.sim.demo.projects[0]!;
    const meta = byId.get(project.metaTaskId)!;
    expect(meta.job_code).toBe(project.jobCode);
    const inFolder = r.find(
      (row) => row.folder_name === project.name && row.id !== project.metaTaskId && !row.custom_fields,
    );
    if (inFolder) expect(inFolder.job_code).toBe(project.jobCode);
    const jobField = await rows<{ value: { text: string } }>(
      f.deps.database.db,
      sql`select v.value from custom_field_values v join custom_fields c on c.organization_id = v.organization_id and c.id = v.custom_field_id
          where v.organization_id = ${o} and v.task_id = ${project.metaTaskId} and c.name = 'Job Code'`,
    );
    expect(jobField[0]?.value.text).toBe(project.jobCode);

    // Totals in hours: logged equals the non-deleted entries of the task and its subtasks.
    const totals = await rows<{ time_logged_total: number; direct: number | string }>(
      f.deps.database.db,
      sql`
      select t.id, t.time_logged_total,
        (select coalesce(sum(e.duration_ms), 0) from time_entries e where e.organization_id = t.organization_id and not e.deleted
          and (e.task_id = t.id or e.task_id in (select c.id from tasks c where c.organization_id = t.organization_id and c.parent_task_id = t.id and not c.deleted)))
          / 3600000.0 as direct
      from tasks t where t.organization_id = ${o} and not t.deleted and t.parent_task_id is null
        and not exists (select 1 from tasks g join tasks c on c.organization_id = g.organization_id and c.parent_task_id = g.id
                        where g.organization_id = t.organization_id and g.parent_task_id = t.id)
      limit 50`,
    );
    for (const row of totals) expect(row.time_logged_total).toBeCloseTo(Number(row.direct), 6);

    const runs = await f.count(
      sql`select count(*) n from sync_runs where organization_id = ${o} and kind = 'full' and status = 'succeeded'`,
    );
    expect(runs).toBe(1);

    // Every report line has its rates read at the workspace's rates version (repriceReportLines).
    const lines = await f.count(sql`select count(*) n from time_entry_days where organization_id = ${o}`);
    expect(lines).toBeGreaterThan(0);
    expect(
      await f.count(
        sql`select count(*) n from time_entry_days l join organizations g on g.id = l.organization_id
             where l.organization_id = ${o} and l.rates_version = g.rates_version`,
      ),
    ).toBe(lines);

    // Planner statistics gathered for what it filled (PGlite has no autovacuum to do it).
    const analyzed = await rows<{ relname: string }>(
      f.deps.database.db,
      sql`select relname from pg_stat_user_tables
           where relname in ('tasks', 'time_entries', 'custom_field_values', 'task_assignees')
             and last_analyze is not null order by relname`,
    );
    expect(analyzed.map((r) => r.relname)).toEqual([
      "custom_field_values",
      "task_assignees",
      "tasks",
      "time_entries",
    ]);
  });

  it("reads archived tasks list by list: archived is a Get Tasks (list) parameter, not a team one", async () => {
    f.sim.stats.reset();
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test" });
    expect(result.status).toBe("succeeded");
    const truth = simTruth(f.sim);
    const archived = truth.tasks.filter((t) => t.archived);
    expect(archived.length).toBeGreaterThan(0);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${f.orgId} and not deleted and archived`,
      ),
    ).toBe(archived.length);
    const active = truth.tasks.length - archived.length;
    // The team endpoint is read once, for what is not archived; each list once for its archived tasks.
    expect(f.sim.stats.byRoute["GET /api/v2/team/:team_id/task"]).toBe(Math.ceil(active / 100));
    const lists = [...f.sim.state.lists.values()].filter(
      (l) => !l.deleted && f.sim.state.spaces.get(l.spaceId)?.teamId === f.teamId,
    );
    const perList = new Map<string, number>();
    for (const t of archived) perList.set(t.listId, (perList.get(t.listId) ?? 0) + 1);
    const extraPages = [...perList.values()].reduce((n, c) => n + Math.ceil(c / 100) - 1, 0);
    expect(f.sim.stats.byRoute["GET /api/v2/list/:list_id/task"]).toBe(lists.length + extraPages);
  });

  it("applies deletes, archivals and new subtasks on the next full sync", async () => {
    const truth = simTruth(f.sim);
    const victim = truth.tasks.find(
      (t) => !t.parentId && !f.sim.state.childrenByParent.get(t.id)?.length && t.customItemId !== 1001,
    )!;
    const toArchive = truth.tasks.find((t) => !t.archived && t.id !== victim.id && t.customItemId !== 1001)!;
    const parent = truth.tasks.find((t) => t.customItemId === 1009 && !t.archived)!;
    f.sim.mutate.deleteTask(victim.id);
    f.sim.mutate.archiveTask(toArchive.id);
    const child = f.sim.mutate.createTask(parent.listId, {
      name: "Revision 9 — client notes",
      parentId: parent.id,
      customItemId: 1033,
      timeEstimate: 7_200_000,
    });
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test" });
    expect(result.status).toBe("succeeded");
    const o = f.orgId;
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${o} and id = ${victim.id} and deleted`,
      ),
    ).toBe(1);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${o} and id = ${toArchive.id} and archived and not deleted`,
      ),
    ).toBe(1);
    expect(
      await f.count(
        sql`select count(*) n from tasks where organization_id = ${o} and id = ${child.id} and parent_task_id = ${parent.id}`,
      ),
    ).toBe(1);
    expect(
      await f.count(sql`select count(*) n from tasks where organization_id = ${o} and not deleted`),
    ).toBe(simTruth(f.sim).tasks.length);
    // The parent's estimate now includes the new subtask's 2 h.
    const r = await rows<{ estimated_time_total: number }>(
      f.deps.database.db,
      sql`select estimated_time_total from tasks where organization_id = ${o} and id = ${parent.id}`,
    );
    const subtreeMs = [
      parent,
      ...(f.sim.state.childrenByParent.get(parent.id) ?? []).filter((c) => !c.deleted),
    ].reduce((s, t) => s + (t.timeEstimate ?? 0), 0);
    expect(r[0]!.estimated_time_total).toBeCloseTo(subtreeMs / 3_600_000, 6);
  });
});
