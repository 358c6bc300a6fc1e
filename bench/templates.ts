/**
 * "Create project from template" benchmark: a 60-task template (3 lists, the meta task first,
 * subtasks, role assignees, custom-field defaults) applied to a synced simulated agency through
 * the run job (server/jobs/create-project-from-template.ts), against the in-process simulator.
 * Prints the ClickUp calls it cost — counted both by the client and by the simulator's stats —
 * against the target of one call per created object and no extra reads, and the wall time.
 * Then the same with one lost answer (the create happens, its response never arrives): calls =
 * objects + the lookup the safe create needs.
 *
 *   npm run bench:templates                       # embedded PGlite, in memory, small agency
 *   BENCH_DATABASE_URL=postgres://… npm run bench:templates
 */
import { countObjects, type TemplateTask, type TemplateTree } from "@domain/templates";
import { newId } from "../server/lib/ids";
import { runTemplateRun } from "../server/jobs/create-project-from-template";
import { insertRun } from "../server/modules/template-runs/repo";
import { runOnSyncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";

function sixtyTaskTemplate(): TemplateTree {
  const phases = ["Pre-production", "Production", "Post production"];
  const lists = phases.map((name, li) => {
    const tasks: TemplateTask[] = [];
    for (let i = 0; i < 20; i++) {
      const meta = li === 0 && i === 0;
      const day = li * 10 + Math.floor(i / 2);
      tasks.push({
        key: `l${li}t${i}`,
        name: meta ? "{jobCode} {project}" : `${name} step ${i + 1}`,
        description: meta ? "{project} for {client}" : null,
        customItemId: meta ? 1001 : i % 5 === 0 ? 1 : i % 5 === 1 ? 2 : 3,
        startOffsetDays: meta ? 0 : day,
        dueOffsetDays: meta ? 29 : day,
        estimateMinutes: meta ? null : 60 * (1 + (i % 4)),
        assignee: { kind: "role", tag: i % 2 ? "Editor" : "Producer" },
        tags: [],
        // Every fourth task is a subtask of the one before it.
        parentKey: !meta && i % 4 === 3 ? `l${li}t${i - 1}` : null,
      });
    }
    return { key: `l${li}`, name, startOffsetDays: 0, endOffsetDays: 29, tasks };
  });
  return { lists, fieldDefaults: [{ field: "Status Update", value: "Kick-off" }], jobCodePattern: null };
}

runOnSyncedAgency(ORG, { agency: "small" }, async ({ database, sim, deps }) => {
  const tree = sixtyTaskTemplate();
  const objects = countObjects(tree);
  const templateId = newId();
  await database.raw.query(
    `insert into folder_templates (organization_id, id, name) values ($1, $2, 'Bench 60 tasks')`,
    [ORG, templateId],
  );
  await database.raw.query(
    `insert into folder_template_versions (organization_id, template_id, version, tree) values ($1, $2, 1, $3::jsonb)`,
    [ORG, templateId, JSON.stringify(tree)],
  );
  const { rows: spaces } = await database.raw.query<{ id: string }>(
    `select id from spaces where organization_id = $1 and not archived and not deleted order by name limit 1`,
    [ORG],
  );
  const spaceId = spaces[0]!.id;

  const apply = async (label: string, arrange: () => void) => {
    const runId = newId();
    await insertRun(database.db, {
      organizationId: ORG,
      id: runId,
      templateId,
      templateVersion: 1,
      spaceId,
      name: `Bench project ${label}`,
      client: null,
      jobCode: "B-001",
      startDate: "2026-06-01",
      total: objects,
      createdBy: null,
      now: new Date(),
    });
    arrange();
    sim.stats.reset();
    const t = performance.now();
    const result = await runTemplateRun(deps, { organizationId: ORG, runId });
    const ms = performance.now() - t;
    sim.faults.clear();
    if (result.status !== "succeeded") throw new Error(`run ${label} ${result.status}: ${result.error}`);
    const reads = Object.entries(sim.stats.byRoute)
      .filter(([route]) => route.startsWith("GET"))
      .reduce((n, [, c]) => n + c, 0);
    console.log(
      `${label.padEnd(22)} objects ${objects}  client calls ${result.calls}  simulator requests ${sim.stats.total} ` +
        `(reads ${reads}, faults ${sim.stats.faultsInjected})  calls/object ${(result.calls / objects).toFixed(2)}  ` +
        `wall ${ms.toFixed(0)} ms`,
    );
    return result;
  };

  console.log(`\n${database.kind}: a 60-task template (${objects} objects: 1 folder, 3 lists, 60 tasks)`);
  const clean = await apply("no faults", () => {});
  await apply("one lost answer", () =>
    sim.faults.set({
      applyThenFailNext: 1,
      applyThenFailStatus: 502,
      match: /^\/api\/v2\/list\/[^/]+\/task$/,
      methods: ["POST"],
    }),
  );
  console.log(
    `target: one call per created object, no extra reads — ${clean.calls === objects ? "met" : "NOT met"} ` +
      `(${clean.calls} calls for ${objects} objects)`,
  );
});
