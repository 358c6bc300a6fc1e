import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countObjects } from "@domain/templates";
import { rows } from "../db/executor";
import { newId } from "../lib/ids";
import { insertRun, requeueFailedRun, selectRun } from "../modules/template-runs/repo";
import { runFixture, spotTemplate, type RunFixture } from "../modules/template-runs/test-support";
import type { FaultConfig } from "../../simulator/clickup/faults";
import { bossDb } from "./boss";
import { runTemplateRun, TEMPLATE_RUN_QUEUE, type TemplateRunOptions } from "./create-project-from-template";
import { startJobsFor, stopJobs } from "./index";

/*
 * The job against the real simulator over HTTP: the tree as created in ClickUp, the rows here,
 * webhooks that change nothing, a run stopped half way and a run killed between ClickUp's answer
 * and the record, and refusals on every kind of write — each retried to exactly one of each.
 */

const START = "2026-03-30";
/** Midnight in Berlin (CEST, UTC+2 from 29 March 2026) of START + n days. */
const berlinMidnight = (n: number) => Date.UTC(2026, 2, 30 + n) - 2 * 3_600_000;

describe("create project from template (job)", { timeout: 120_000 }, () => {
  let x: RunFixture;
  let templateId: string;
  beforeAll(async () => {
    x = await runFixture();
    templateId = await x.insertTemplate(spotTemplate(x.personId));
  });
  afterAll(async () => {
    await x.close();
  });

  const newRun = async (name: string, client: string | null = null) => {
    const id = newId();
    await insertRun(x.f.deps.database.db, {
      organizationId: x.f.orgId,
      id,
      templateId,
      templateVersion: 1,
      spaceId: x.spaceId,
      name,
      client,
      jobCode: "J-042",
      startDate: START,
      total: countObjects(spotTemplate(x.personId)),
      createdBy: null,
      now: new Date(),
    });
    return id;
  };
  const go = (runId: string, options?: TemplateRunOptions) =>
    runTemplateRun(x.f.deps, { organizationId: x.f.orgId, runId }, options);
  const retry = async (runId: string) => {
    expect(await requeueFailedRun(x.f.deps.database.db, x.f.orgId, runId, new Date())).toBe(true);
    return go(runId);
  };

  /** What ClickUp holds under the run's folder name: folders, lists, tasks (live ones). */
  const inClickUp = (name: string) => {
    const st = x.f.sim.state;
    const folders = [...st.folders.values()].filter(
      (f) => f.spaceId === x.spaceId && f.name === name && !f.deleted,
    );
    const folderIds = new Set(folders.map((f) => f.id));
    const lists = [...st.lists.values()].filter((l) => l.folderId !== null && folderIds.has(l.folderId));
    const listIds = new Set(lists.map((l) => l.id));
    const tasks = st.tasks.filter((t) => listIds.has(t.listId) && !t.deleted);
    return { folders, lists, tasks };
  };
  const expectExactlyOneOfEach = (name: string) => {
    const { folders, lists, tasks } = inClickUp(name);
    expect(folders).toHaveLength(1);
    expect(lists.map((l) => l.name).sort()).toEqual(["Pre-production", `${name} production`].sort());
    expect(tasks.map((t) => t.name).sort()).toEqual(
      ["Cut", "Deliverable: 30s", `J-042 ${name}`, "Kick-off", "Script", "Script review", "Shoot day"].sort(),
    );
  };

  const snapshot = async (folderId: string) => {
    const db = x.f.deps.database.db;
    const org = x.f.orgId;
    const strip = <T extends Record<string, unknown>>(r: T[]) => r.map(({ synced_at: _s, ...rest }) => rest);
    return {
      folders: strip(
        await rows<Record<string, unknown>>(
          db,
          sql`select * from folders where organization_id = ${org} and id = ${folderId}`,
        ),
      ),
      lists: strip(
        await rows<Record<string, unknown>>(
          db,
          sql`select * from lists where organization_id = ${org} and folder_id = ${folderId} order by id`,
        ),
      ),
      tasks: strip(
        await rows<Record<string, unknown>>(
          db,
          sql`select * from tasks where organization_id = ${org} and folder_id = ${folderId} order by id`,
        ),
      ),
      assignees: await rows(
        db,
        sql`select a.* from task_assignees a join tasks t on t.organization_id = a.organization_id and t.id = a.task_id
            where a.organization_id = ${org} and t.folder_id = ${folderId} order by a.task_id, a.user_id`,
      ),
      values: strip(
        await rows<Record<string, unknown>>(
          db,
          sql`select v.* from custom_field_values v join tasks t on t.organization_id = v.organization_id and t.id = v.task_id
              where v.organization_id = ${org} and t.folder_id = ${folderId} order by v.task_id, v.custom_field_id`,
        ),
      ),
    };
  };

  const settleWebhooks = async () => {
    await x.f.sim.flushWebhooks();
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const pending = await x.f.count(
        sql`select count(*) n from webhook_events where organization_id = ${x.f.orgId} and status = 'received'`,
      );
      if (pending === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("webhook events still unprocessed");
  };

  it("creates the tree in ClickUp (meta first, dates, estimates, roles, parents, fields) and in our tables; the webhooks that follow change no row", async () => {
    x.holdWebhooks(true);
    const runId = await newRun("Acme spot", x.clientName);
    const result = await go(runId);
    expect(result).toMatchObject({ status: "succeeded" });
    // One call per object: folder + 2 lists + 7 tasks, no reads.
    expect(result.calls).toBe(10);
    const run = (await selectRun(x.f.deps.database.db, x.f.orgId, runId))!;
    expect(run).toMatchObject({ status: "succeeded", done: 10, total: 10, created_count: 10, error: null });

    const { folders, lists, tasks } = inClickUp("Acme spot");
    expect(folders).toHaveLength(1);
    expect(run.folder_id).toBe(folders[0]!.id);
    const pre = lists.find((l) => l.name === "Pre-production")!;
    const prod = lists.find((l) => l.name === "Acme spot production")!;
    expect(pre.dueDate).toBe(berlinMidnight(10));
    expect(prod.dueDate).toBe(berlinMidnight(20));
    const byName = new Map(tasks.map((t) => [t.name, t]));
    const meta = byName.get("J-042 Acme spot")!;
    // The meta task is the first task created.
    expect([...tasks].sort((a, b) => a.dateCreated - b.dateCreated || a.index - b.index)[0]!.id).toBe(
      meta.id,
    );
    expect(meta).toMatchObject({
      customItemId: 1001,
      listId: pre.id,
      startDate: berlinMidnight(0),
      dueDate: berlinMidnight(10),
      dueDateTime: false,
      assignees: [Number(x.producerId)],
      tags: ["meta"],
      parentId: null,
    });
    expect(meta.description).toContain(`Project for ${x.clientName}`);
    const fieldIds = await rows<{ id: string; name: string }>(
      x.f.deps.database.db,
      sql`select id, name from custom_fields where organization_id = ${x.f.orgId} and name in ('Client', 'Job Code', 'Status Update')`,
    );
    const fieldId = (name: string) => fieldIds.find((f) => f.name === name)!.id;
    expect(JSON.stringify(meta.fields?.[fieldId("Client")])).toContain(x.clientOptionId);
    expect(JSON.stringify(meta.fields?.[fieldId("Job Code")])).toContain("J-042");
    expect(JSON.stringify(meta.fields?.[fieldId("Status Update")])).toContain("Kick-off for Acme spot");
    expect(byName.get("Kick-off")).toMatchObject({
      customItemId: 1,
      dueDate: berlinMidnight(1),
      startDate: null,
      timeEstimate: 3_600_000,
      assignees: [Number(x.producerId)],
    });
    const script = byName.get("Script")!;
    expect(script).toMatchObject({
      customItemId: 3,
      startDate: berlinMidnight(1),
      dueDate: berlinMidnight(5),
      timeEstimate: 14_400_000,
      assignees: [Number(x.editorId)],
    });
    expect(byName.get("Script review")).toMatchObject({
      parentId: script.id,
      listId: pre.id,
      assignees: [Number(x.personId)],
    });
    const deliverable = byName.get("Deliverable: 30s")!;
    expect(deliverable).toMatchObject({
      customItemId: 2,
      listId: prod.id,
      tags: ["film"],
      timeEstimate: 28_800_000,
    });
    expect(byName.get("Cut")).toMatchObject({ parentId: deliverable.id, assignees: [] });
    expect(byName.get("Shoot day")).toMatchObject({
      startDate: berlinMidnight(12),
      dueDate: berlinMidnight(12),
    });

    // Here at once: the project, its lists and tasks with their derived names.
    const before = await snapshot(run.folder_id!);
    expect(before.folders).toHaveLength(1);
    expect(before.lists).toHaveLength(2);
    expect(before.tasks).toHaveLength(7);
    expect(before.tasks.every((t) => t.folder_name === "Acme spot" && t.list_name)).toBe(true);
    expect(before.tasks.find((t) => t.id === meta.id)).toMatchObject({
      custom_item_id: 1001,
      job_code: "J-042",
    });

    expect(await x.releaseWebhooks()).toBeGreaterThanOrEqual(10);
    await settleWebhooks();
    expect(
      await x.f.count(
        sql`select count(*) n from webhook_events where organization_id = ${x.f.orgId} and status = 'processed'`,
      ),
    ).toBeGreaterThanOrEqual(10);
    expect(await snapshot(run.folder_id!)).toEqual(before);
  });

  it("a run stopped half way by a refusal resumes without creating anything twice", async () => {
    const runId = await newRun("Half way");
    const failed = await go(runId, {
      afterStep: (_step, done) => {
        // Folder, list, 3 tasks recorded: ClickUp starts refusing writes.
        if (done === 5)
          x.f.sim.faults.set({ failNextRequests: 1000, failNextStatus: 401, methods: ["POST"] });
      },
    });
    x.f.sim.faults.clear();
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/Could not create the task "Script review": ClickUp answered 401/);
    const stopped = (await selectRun(x.f.deps.database.db, x.f.orgId, runId))!;
    expect(stopped).toMatchObject({ status: "failed", done: 5 });
    expect(inClickUp("Half way").tasks).toHaveLength(3);

    const resumed = await retry(runId);
    expect(resumed.status).toBe("succeeded");
    // The 5 objects left, and one look for a task the stopped attempt may have left behind.
    expect(resumed.calls).toBe(6);
    expectExactlyOneOfEach("Half way");
    expect((await selectRun(x.f.deps.database.db, x.f.orgId, runId))!).toMatchObject({
      status: "succeeded",
      done: 10,
    });
  });

  it("a run killed between ClickUp's answer and the record adopts the task instead of repeating it", async () => {
    const runId = await newRun("Killed");
    const options = x.f.deps.clickup!.clientOptions;
    // No retries: after the next create happens in ClickUp and its answer is lost, nothing looks
    // it up — the state a process killed at that moment leaves behind.
    x.f.deps.clickup!.clientOptions = { ...options, maxRetries: 0 };
    const failed = await go(runId, {
      afterStep: (_step, done) => {
        if (done === 5)
          x.f.sim.faults.set({ applyThenFailNext: 1, applyThenFailStatus: 502, methods: ["POST"] });
      },
    });
    x.f.deps.clickup!.clientOptions = options;
    x.f.sim.faults.clear();
    expect(failed.status).toBe("failed");
    expect(inClickUp("Killed").tasks).toHaveLength(4); // one more than recorded
    const resumed = await retry(runId);
    expect(resumed.status).toBe("succeeded");
    expectExactlyOneOfEach("Killed");
  });

  it("a run whose process died half way is put back in the queue at the next start and finishes without a duplicate", async () => {
    const db = x.f.deps.database.db;
    // A first start installs pg-boss and its queues, as the first `npm start` did.
    await startJobsFor(x.f.deps, { schedule: false, pollingIntervalSeconds: 60 });
    await stopJobs(x.f.deps);
    const runId = await newRun("Process died");
    const jobsOfRun = () =>
      rows<{ id: string; state: string }>(
        db,
        sql`select id::text as id, state::text as state from pgboss.job
            where name = ${TEMPLATE_RUN_QUEUE} and singleton_key = ${runId} order by created_on`,
      );
    // The process that died: its pg-boss fetched the run's job (state active) and its worker
    // created the folder, a list and three tasks, then froze there for good, as under kill -9.
    const dead = new PgBoss({
      db: bossDb(x.f.deps.database),
      schema: "pgboss",
      supervise: false,
      schedule: false,
    });
    await dead.start();
    const jobId = await dead.send(
      TEMPLATE_RUN_QUEUE,
      { organizationId: x.f.orgId, runId },
      { singletonKey: runId },
    );
    const [job] = await dead.fetch(TEMPLATE_RUN_QUEUE);
    expect(job?.id).toBe(jobId);
    let reached!: () => void;
    const halfWay = new Promise<void>((resolve) => (reached = resolve));
    void go(runId, {
      afterStep: (_step, done) => {
        if (done < 5) return;
        reached();
        return new Promise<void>(() => undefined); // never continues
      },
    });
    await halfWay;
    await dead.stop({ graceful: false, close: false, wait: true });
    expect((await selectRun(db, x.f.orgId, runId))!).toMatchObject({ status: "running", done: 5 });
    expect(inClickUp("Process died").tasks).toHaveLength(3);
    expect((await jobsOfRun()).map((j) => j.state)).toEqual(["active"]);

    // The next start: recovery puts the job back, a worker resumes the run from its records.
    try {
      await startJobsFor(x.f.deps, { schedule: false, pollingIntervalSeconds: 0.5, orphanGraceSeconds: 0 });
      const until = Date.now() + 60_000;
      while ((await selectRun(db, x.f.orgId, runId))!.status !== "succeeded") {
        if (Date.now() > until) throw new Error("the run did not finish after the restart");
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await stopJobs(x.f.deps);
    }
    expect((await selectRun(db, x.f.orgId, runId))!).toMatchObject({ status: "succeeded", done: 10 });
    expectExactlyOneOfEach("Process died");
    const jobs = await jobsOfRun();
    expect(jobs.find((j) => j.id === jobId)?.state).toBe("completed");
    expect(jobs.filter((j) => ["created", "retry", "active"].includes(j.state))).toEqual([]);
  });

  const writes = {
    folder: /^\/api\/v2\/space\/[^/]+\/folder$/,
    list: /^\/api\/v2\/folder\/[^/]+\/list$/,
    task: /^\/api\/v2\/list\/[^/]+\/task$/,
  };
  const refusals: Array<[string, FaultConfig, RegExp]> = [
    ["401", { failNextRequests: 1000, failNextStatus: 401 }, /ClickUp answered 401/],
    ["403", { failNextRequests: 1000, failNextStatus: 403 }, /ClickUp answered 403/],
    ["404", { failNextRequests: 1000, failNextStatus: 404 }, /ClickUp answered 404/],
    ["400", { failNextRequests: 1000, failNextStatus: 400 }, /ClickUp answered 400/],
    ["5xx", { failNextRequests: 1000, failNextStatus: 503 }, /ClickUp answered 503/],
  ];
  for (const [kind, match] of Object.entries(writes)) {
    for (const [label, fault, reason] of refusals) {
      it(`${label} on every ${kind} create: the run fails with the reason, a retry completes with one of each`, async () => {
        const name = `Fault ${kind} ${label}`;
        const runId = await newRun(name);
        const options = x.f.deps.clickup!.clientOptions;
        x.f.deps.clickup!.clientOptions = {
          ...options,
          maxRateLimitRetries: 1,
          maxRetries: 2,
          timeoutMs: 300,
        };
        x.f.sim.faults.set({ ...fault, match, methods: ["POST"] });
        const failed = await go(runId);
        x.f.sim.faults.clear();
        x.f.deps.clickup!.clientOptions = options;
        expect(failed.status).toBe("failed");
        expect(failed.error).toMatch(new RegExp(`Could not create the ${kind} `));
        expect(failed.error).toMatch(reason);
        const stored = (await selectRun(x.f.deps.database.db, x.f.orgId, runId))!;
        expect(stored).toMatchObject({ status: "failed", error: failed.error });
        const resumed = await retry(runId);
        expect(resumed, resumed.error).toMatchObject({ status: "succeeded" });
        expectExactlyOneOfEach(name);
      });
    }
    const survived: Array<[string, FaultConfig]> = [
      ["a lost answer (502 after the write)", { applyThenFailNext: 1, applyThenFailStatus: 502 }],
      [
        "a timeout (no answer after the write)",
        { applyThenFailNext: 1, applyThenFailStatus: "hang", hangMs: 5_000 },
      ],
    ];
    for (const [label, fault] of survived) {
      // A timed-out request stalls the token's rate budget for up to a window (60 s; see the
      // report): the timeout case runs on task creates only, to keep the file's time sane.
      if (label.startsWith("a timeout") && kind !== "task") continue;
      it(`${label} on a ${kind} create is survived without a duplicate`, async () => {
        const name = `Lost ${kind} ${label.slice(0, 12)}`;
        const runId = await newRun(name);
        const options = x.f.deps.clickup!.clientOptions;
        x.f.deps.clickup!.clientOptions = { ...options, timeoutMs: 500 };
        x.f.sim.faults.set({ ...fault, match, methods: ["POST"] });
        const result = await go(runId);
        x.f.sim.faults.clear();
        x.f.deps.clickup!.clientOptions = options;
        expect(result.status, result.error).toBe("succeeded");
        // One object cost its POST and the lookup that found it; nothing more.
        expect(result.calls).toBe(11);
        expectExactlyOneOfEach(name);
      });
    }
  }

  // Last: a 429 storm leaves the token's rate budget waiting for the window ClickUp announced.
  it("a 429 storm on task creates: the run fails with the reason, a retry completes with one of each", async () => {
    const name = "Fault task 429";
    const runId = await newRun(name);
    const options = x.f.deps.clickup!.clientOptions;
    x.f.deps.clickup!.clientOptions = { ...options, maxRateLimitRetries: 1 };
    x.f.sim.faults.set({
      failNextRequests: 1000,
      failNextStatus: 429,
      match: writes.task,
      methods: ["POST"],
    });
    const failed = await go(runId);
    x.f.sim.faults.clear();
    x.f.deps.clickup!.clientOptions = options;
    expect(failed.status).toBe("failed");
    expect(failed.error).toMatch(/Could not create the task .*429 Too Many Requests/);
    const resumed = await retry(runId);
    expect(resumed, resumed.error).toMatchObject({ status: "succeeded" });
    expectExactlyOneOfEach(name);
  });
});
