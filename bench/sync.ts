/**
 * Sync benchmark (issue #4): a full sync through the real client and sync engine, from the
 * in-process ClickUp simulator into the database.
 *
 *   1. the large agency (300 people, 150 projects, 100k tasks, 1M time entries), rate limit lifted:
 *      tasks/s and time entries/s ingested, API calls made, peak RSS;
 *   2. the medium agency at ClickUp's 100 requests/minute: API calls made versus the minimum
 *      possible, and how long the rate limit makes it take.
 *
 *   npm run bench:sync                               # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:sync     # a PostgreSQL server (fresh database per run)
 *   BENCH_SYNC=large|medium npm run bench:sync       # one part only
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createClickUpSimulator, type AgencySize } from "../simulator/clickup/index";
import { loadConfig } from "../server/config";
import { run } from "../server/db/executor";
import { createLogger } from "../server/lib/logger";
import { encryptSecret } from "../server/lib/secrets";
import { runFullSync } from "../server/modules/sync/full-sync";
import { openBenchDatabase } from "./bench-database";

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
sampler.unref();

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

interface PartResult {
  tasks: number;
  timeEntries: number;
  calls: number;
  seconds: number;
  minimumCalls: number;
  rateLimited: number;
  taskSeconds: number;
  entrySeconds: number;
  finalizeSeconds: number;
}

async function syncAgency(size: AgencySize, rateLimitPerMinute: number | null): Promise<PartResult> {
  const generated = performance.now();
  const sim = createClickUpSimulator({
    seed: 42,
    agency: size,
    rateLimitPerMinute,
    // Deliveries are not part of this benchmark.
    webhookFetch: () => Promise.resolve(new Response("{}", { status: 200 })),
  });
  console.log(
    `  generated the ${size} agency in ${((performance.now() - generated) / 1000).toFixed(1)} s: ` +
      `${fmt(sim.demo.counts.tasks)} tasks, ${fmt(sim.demo.counts.timeEntries)} time entries, ${fmt(sim.demo.counts.users)} people`,
  );
  const { database, cleanup } = await openBenchDatabase(10);
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-bench-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      DEMO: "off",
      NODE_ENV: "production",
    });
    const secrets = { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) };
    const deps = {
      config,
      database,
      logger: createLogger(process.env.BENCH_LOG_LEVEL ?? "silent"),
      secrets,
      clickup: {
        apiUrl: "http://clickup.sim/api/v2",
        clientId: null,
        clientSecret: null,
        fetch: sim.fetch as typeof fetch,
        simulated: true,
      },
    };
    const orgId = "bench-org";
    const token = sim.createPersonalToken(sim.demo.ownerUserId);
    await run(database.db, sql`insert into organizations (id, name) values (${orgId}, 'Bench Agency')`);
    await run(
      database.db,
      sql`insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type, access_token_enc, status)
          values (${orgId}, ${sim.demo.teamId}, 'Bench', 'personal', ${encryptSecret(token, secrets.encryptionKey)}, 'active')`,
    );

    sim.stats.reset();
    const started = performance.now();
    let lastLog = started;
    const phaseStarted: Record<string, number> = { hierarchy: started };
    const result = await runFullSync(deps, orgId, {
      trigger: "bench",
      afterStep: (cp) => {
        phaseStarted[cp.phase] ??= performance.now();
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          console.log(
            `    … ${cp.phase}: ${fmt(cp.stats.tasks ?? 0)} tasks, ${fmt(cp.stats.timeEntries ?? 0)} time entries, ${fmt(sim.stats.total)} calls`,
          );
        }
      },
    });
    const finished = performance.now();
    const seconds = (finished - started) / 1000;
    const span = (from: string, to: string) =>
      ((phaseStarted[to] ?? finished) - (phaseStarted[from] ?? started)) / 1000;
    if (result.status !== "succeeded") throw new Error(`sync failed: ${result.error}`);
    fs.rmSync(dataDir, { recursive: true, force: true });

    // The least a full sync can do: /team, spaces, per space its folders and folderless lists,
    // every page of the team's tasks that are not archived, then — archived being a parameter of
    // Get Tasks of a list only in ClickUp's OpenAPI document, with nothing saying which lists
    // hold archived tasks — every list's archived tasks (one page per 100, at least one per
    // list), one time-entry request, webhook list + create.
    const team = sim.demo.teamId;
    const tasks = sim.state.tasks.filter((t) => !t.deleted && t.teamId === team);
    const spaceIds = new Set(
      [...sim.state.spaces.values()].filter((s) => s.teamId === team).map((s) => s.id),
    );
    const spaces = spaceIds.size;
    const active = tasks.filter((t) => !t.archived).length;
    const archivedByList = new Map<string, number>();
    for (const l of sim.state.lists.values())
      if (!l.deleted && spaceIds.has(l.spaceId)) archivedByList.set(l.id, 0);
    for (const t of tasks)
      if (t.archived) archivedByList.set(t.listId, (archivedByList.get(t.listId) ?? 0) + 1);
    const pages = (n: number) => Math.max(1, Math.ceil(n / 100));
    let archivedPages = 0;
    for (const n of archivedByList.values()) archivedPages += pages(n);
    const minimumCalls = 1 + 1 + 2 * spaces + pages(active) + archivedPages + 1 + 2;
    return {
      tasks: result.stats.tasks ?? 0,
      timeEntries: result.stats.timeEntries ?? 0,
      calls: sim.stats.total,
      seconds,
      minimumCalls,
      rateLimited: sim.stats.rateLimited,
      taskSeconds: span("tasks", "time_entries"),
      entrySeconds: span("time_entries", "finalize"),
      finalizeSeconds: span("finalize", "end"),
    };
  } finally {
    sim.close();
    await cleanup();
  }
}

const which = process.env.BENCH_SYNC;
const dbKind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded, in memory)";
console.log(`Sync benchmark on ${dbKind}, Node ${process.version}, ${os.cpus().length} CPUs\n`);

if (!which || which === "large") {
  console.log("1) Large agency, rate limit lifted");
  peakRss = process.memoryUsage().rss;
  const r = await syncAgency("large", null);
  console.log(`  full sync: ${r.seconds.toFixed(1)} s`);
  console.log(
    `  tasks:        ${fmt(r.tasks)} in ${r.taskSeconds.toFixed(1)} s of task paging (${fmt(r.tasks / r.taskSeconds)} tasks/s)`,
  );
  console.log(
    `  time entries: ${fmt(r.timeEntries)} in ${r.entrySeconds.toFixed(1)} s (${fmt(r.timeEntries / r.entrySeconds)} entries/s)`,
  );
  console.log(
    `  deletes, derived fields (names, job codes, hour totals), webhook: ${r.finalizeSeconds.toFixed(1)} s`,
  );
  console.log(`  API calls:    ${fmt(r.calls)} (minimum possible ${fmt(r.minimumCalls)})`);
  console.log(`  peak RSS:     ${mb(peakRss)} (simulator and its 1M entries included)\n`);
}

if (!which || which === "medium") {
  console.log("2) Medium agency at 100 requests/minute (ClickUp Free/Business plan)");
  const r = await syncAgency("medium", 100);
  console.log(`  full sync: ${(r.seconds / 60).toFixed(1)} min`);
  console.log(`  tasks: ${fmt(r.tasks)}, time entries: ${fmt(r.timeEntries)}`);
  console.log(
    `  API calls: ${fmt(r.calls)} made vs ${fmt(r.minimumCalls)} minimum possible; ${fmt(r.rateLimited)} answered 429`,
  );
  console.log(`  at 100 requests/minute even the minimum needs ≥ ${(r.minimumCalls / 100).toFixed(1)} min\n`);
}
clearInterval(sampler);
process.exit(0);
