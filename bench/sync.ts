/**
 * Sync benchmark (issue #4): a full sync through the real client and sync engine, from the
 * ClickUp simulator into the database. The simulator runs in a process of its own
 * (bench/sync-simulator-process.ts), reached over HTTP like ClickUp, so the peak RSS printed is
 * the app's alone (the simulator's is printed beside it).
 *
 *   1. the large agency (300 people, 150 projects, 100k tasks, 1M time entries), rate limit lifted:
 *      tasks/s and time entries/s ingested, API calls made versus the minimum, peak RSS;
 *   2. the medium agency at ClickUp's 100 requests/minute: API calls made versus the minimum
 *      possible, and how long the rate limit makes it take.
 *
 *   npm run bench:sync                               # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:sync     # a PostgreSQL server (fresh database per run)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:sync   # the same, without touching DATABASE_URL
 *   BENCH_SYNC=large|medium npm run bench:sync       # one part only (BENCH_AGENCY is read alike)
 *
 * The app's peaks are printed for the whole sync and per phase (tasks, time entries, finalize),
 * to tell which phase makes them.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { fork, type ChildProcess } from "node:child_process";
import type { AgencySize } from "../simulator/clickup/index";
import { loadConfig } from "../server/config";
import { run } from "../server/db/executor";
import { createLogger } from "../server/lib/logger";
import { encryptSecret } from "../server/lib/secrets";
import { runFullSync } from "../server/modules/sync/full-sync";
import { openBenchDatabase } from "./bench-database";
import type { SimReady, SimSummary } from "./sync-simulator-process";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

// RSS is what the process holds; the JS heap (V8's objects) and external memory (Buffers, the
// PGlite WASM heap) beside it tell which of them makes the peak.
let peakRss = 0;
let peakHeap = 0;
let peakExternal = 0;
/** The sync's phase being sampled, and the peaks (RSS, heap used) seen in each. */
let phase = "";
const phasePeaks = new Map<string, { rss: number; heap: number }>();
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakExternal = Math.max(peakExternal, m.external);
  if (!phase) return;
  const p = phasePeaks.get(phase) ?? { rss: 0, heap: 0 };
  phasePeaks.set(phase, { rss: Math.max(p.rss, m.rss), heap: Math.max(p.heap, m.heapUsed) });
};
const sampler = setInterval(sample, 100);
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
  windows: number;
}

/** The simulator's process, and a way to ask it one thing at a time. */
async function startSimulator(
  size: AgencySize,
  rateLimitPerMinute: number | null,
): Promise<{ child: ChildProcess; ready: SimReady; ask: <T>(type: string) => Promise<T> }> {
  const child = fork(new URL("./sync-simulator-process.ts", import.meta.url), [], {
    // A heap cap given to the app (node --max-old-space-size=… to test a memory target) is the
    // app's alone: the simulator stands for ClickUp, whose memory is not ours.
    execArgv: process.execArgv.filter((a) => !a.startsWith("--max-old-space-size")),
    env: { ...process.env, BENCH_SIM_AGENCY: size, BENCH_SIM_RATE_LIMIT: String(rateLimitPerMinute ?? "") },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the simulator exited (${code})`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const ready = await next<SimReady>("ready");
  const ask = <T>(type: string) => {
    const answer = next<T>(type);
    child.send({ type });
    return answer;
  };
  return { child, ready, ask };
}

async function syncAgency(
  size: AgencySize,
  rateLimitPerMinute: number | null,
): Promise<PartResult & { simPeakRss: number }> {
  const generated = performance.now();
  const { child, ready, ask } = await startSimulator(size, rateLimitPerMinute);
  console.log(
    `  generated the ${size} agency in its own process in ${((performance.now() - generated) / 1000).toFixed(1)} s: ` +
      `${fmt(ready.counts.tasks)} tasks, ${fmt(ready.counts.timeEntries)} time entries, ${fmt(ready.counts.users)} people`,
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
        apiUrl: `http://127.0.0.1:${ready.port}/api/v2`,
        clientId: null,
        clientSecret: null,
        fetch: globalThis.fetch,
        simulated: true,
      },
    };
    const orgId = "bench-org";
    const token = ready.token;
    await run(database.db, sql`insert into organizations (id, name) values (${orgId}, 'Bench Agency')`);
    await run(
      database.db,
      sql`insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type, access_token_enc, status)
          values (${orgId}, ${ready.teamId}, 'Bench', 'personal', ${encryptSecret(token, secrets.encryptionKey)}, 'active')`,
    );

    await ask("reset");
    const started = performance.now();
    let lastLog = started;
    const phaseStarted: Record<string, number> = { hierarchy: started };
    phasePeaks.clear();
    phase = "hierarchy";
    const result = await runFullSync(deps, orgId, {
      trigger: "bench",
      afterStep: (cp) => {
        phaseStarted[cp.phase] ??= performance.now();
        if (cp.phase !== phase) {
          sample();
          phase = cp.phase;
        }
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          console.log(
            `    … ${cp.phase}: ${fmt(cp.stats.tasks ?? 0)} tasks, ${fmt(cp.stats.timeEntries ?? 0)} time entries`,
          );
        }
      },
    });
    sample();
    phase = "";
    const finished = performance.now();
    const seconds = (finished - started) / 1000;
    const span = (from: string, to: string) =>
      ((phaseStarted[to] ?? finished) - (phaseStarted[from] ?? started)) / 1000;
    if (result.status !== "succeeded") throw new Error(`sync failed: ${result.error}`);
    fs.rmSync(dataDir, { recursive: true, force: true });

    const sim = await ask<SimSummary>("summary");
    if (process.env.BENCH_SYNC_ROUTES) console.log(sim.byRoute);
    return {
      tasks: result.stats.tasks ?? 0,
      timeEntries: result.stats.timeEntries ?? 0,
      calls: sim.calls,
      seconds,
      minimumCalls: sim.minimumCalls,
      rateLimited: sim.rateLimited,
      simPeakRss: sim.peakRss,
      taskSeconds: span("tasks", "time_entries"),
      entrySeconds: span("time_entries", "finalize"),
      finalizeSeconds: span("finalize", "end"),
      windows: result.stats.windows ?? 0,
    };
  } finally {
    child.disconnect();
    await cleanup();
  }
}

const which = process.env.BENCH_SYNC ?? process.env.BENCH_AGENCY;
const dbKind = process.env.DATABASE_URL
  ? "PostgreSQL"
  : process.env.BENCH_PGLITE_DIR
    ? `PGlite (embedded, in ${process.env.BENCH_PGLITE_DIR})`
    : "PGlite (embedded, in memory: the whole database counts in the app's RSS)";
console.log(`Sync benchmark on ${dbKind}, Node ${process.version}, ${os.cpus().length} CPUs\n`);

if (!which || which === "large") {
  console.log("1) Large agency, rate limit lifted");
  peakRss = process.memoryUsage().rss;
  peakHeap = process.memoryUsage().heapUsed;
  peakExternal = 0;
  const r = await syncAgency("large", null);
  console.log(`  full sync: ${r.seconds.toFixed(1)} s`);
  console.log(
    `  tasks:        ${fmt(r.tasks)} in ${r.taskSeconds.toFixed(1)} s of task paging (${fmt(r.tasks / r.taskSeconds)} tasks/s)`,
  );
  console.log(
    `  time entries: ${fmt(r.timeEntries)} in ${r.entrySeconds.toFixed(1)} s (${fmt(r.timeEntries / r.entrySeconds)} entries/s), ${fmt(r.windows)} windows`,
  );
  console.log(
    `  deletes, derived fields (names, job codes, hour totals), webhook: ${r.finalizeSeconds.toFixed(1)} s`,
  );
  console.log(
    `  API calls:    ${fmt(r.calls)} (minimum possible ${fmt(r.minimumCalls)}: ${(r.calls / r.minimumCalls).toFixed(3)}×)`,
  );
  console.log(`  peak RSS:     ${mb(peakRss)} the app (the simulator's own process: ${mb(r.simPeakRss)})`);
  console.log(
    `  of the app:   peak JS heap used ${mb(peakHeap)}, peak external (Buffers, WASM) ${mb(peakExternal)}`,
  );
  const byPhase = [...phasePeaks].map(([name, p]) => `${name} ${mb(p.rss)} (heap ${mb(p.heap)})`);
  console.log(`  peak by phase: ${byPhase.join(", ")}\n`);
}

if (!which || which === "medium") {
  console.log("2) Medium agency at 100 requests/minute (ClickUp Free/Business plan)");
  const r = await syncAgency("medium", 100);
  console.log(`  full sync: ${(r.seconds / 60).toFixed(1)} min`);
  console.log(`  tasks: ${fmt(r.tasks)}, time entries: ${fmt(r.timeEntries)}`);
  console.log(
    `  API calls: ${fmt(r.calls)} made vs ${fmt(r.minimumCalls)} minimum possible (${(r.calls / r.minimumCalls).toFixed(3)}×); ${fmt(r.rateLimited)} answered 429`,
  );
  console.log(`  at 100 requests/minute even the minimum needs ≥ ${(r.minimumCalls / 100).toFixed(1)} min\n`);
}
clearInterval(sampler);
process.exit(0);
