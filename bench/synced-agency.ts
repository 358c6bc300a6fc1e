/**
 * The benchmarks' common start (and their timer, `measure`): a simulated agency of the given size, synced in full into the
 * bench database (PGlite, or DATABASE_URL) for the workspace `org`, given the demo's rate cards,
 * capacity and time off (seedCapacityAndRates), then analysed. Returns the
 * simulator, the app deps wired to it, and the data directory to remove afterwards.
 * `runOnSyncedAgency` is a whole benchmark's main() around it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createClickUpSimulator, type AgencySize } from "../simulator/clickup/index";
import { loadConfig } from "../server/config";
import type { AppDeps } from "../server/context";
import type { Database } from "../server/db/client";
import { createLogger } from "../server/lib/logger";
import { encryptSecret } from "../server/lib/secrets";
import { repriceReportLines } from "../server/modules/reports/repo";
import { refreshWorkloadBookings } from "../server/modules/workload/bookings-repo";
import { repriceWorkloadDays } from "../server/modules/workload/repo";
import { runFullSync } from "../server/modules/sync/full-sync";
import { seedCapacityAndRates } from "../server/demo/seed-capacity-rates";
import { systemContext, type RequestContext } from "../server/request-context";
import { openBenchDatabase } from "./bench-database";

export interface Stat {
  p50: number;
  p95: number;
}

/** p50/p95 of `runs` timed calls after two warm-up calls (plans, caches). */
export async function measure(fn: () => Promise<unknown>, runs: number): Promise<Stat> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

export async function syncedAgency(
  database: Database,
  agency: AgencySize,
  org: string,
  /** After the sync: "analyze", or "vacuum analyze" when an index-only scan needs the visibility map. */
  maintenance: "analyze" | "vacuum analyze" = "analyze",
  /** The database already holds this agency, synced by an earlier run: wire the app to it, no sync. */
  reuse = false,
): Promise<{ sim: ReturnType<typeof createClickUpSimulator>; deps: AppDeps; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-bench-"));
  let t = performance.now();
  const sim = createClickUpSimulator({ seed: 7, agency, rateLimitPerMinute: null });
  console.log(
    `simulator: ${agency} agency generated in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    sim.demo.counts,
  );
  const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO: "off" });
  const deps = {
    config,
    database,
    logger: createLogger("silent"),
    secrets: { authSecret: randomBytes(32).toString("base64url"), encryptionKey: randomBytes(32) },
    now: () => new Date(),
    clickup: {
      apiUrl: "http://clickup.sim/api/v2",
      clientId: null,
      clientSecret: null,
      fetch: sim.fetch as typeof fetch,
      simulated: true,
      clientOptions: { backoffMs: 5, concurrency: 8 },
    },
  } as unknown as AppDeps;
  const token = sim.createPersonalToken(sim.demo.ownerUserId);
  // A reused database (BENCH_REUSE) already has both rows: the connection gets this run's token.
  await database.raw.query(
    `insert into organizations (id, name) values ($1, 'Bench Agency') on conflict do nothing`,
    [org],
  );
  await database.raw.query(
    `insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type, access_token_enc, status)
     values ($1, $2, $3, 'personal', $4, 'active')
     on conflict (organization_id) do update set access_token_enc = excluded.access_token_enc, status = 'active'`,
    [org, sim.demo.teamId, sim.demo.teamName, encryptSecret(token, deps.secrets.encryptionKey)],
  );
  if (reuse) {
    console.log(`${database.kind}: reusing the agency already synced in this database (BENCH_REUSE)`);
    await seedCapacityAndRates(deps, org, sim.demo); // when the kept run predates it
    await readLineRates(database, org);
    // Migrations run since the kept run may have added tables: plan on fresh statistics.
    await database.raw.query(maintenance);
    return { sim, deps, dataDir };
  }
  t = performance.now();
  await runFullSync(deps as Parameters<typeof runFullSync>[0], org, { trigger: "bench" });
  const counts = (
    await database.raw.query<{ tasks: number; entries: number }>(
      `select (select count(*) from tasks where organization_id = $1)::int as tasks,
              (select count(*) from time_entries where organization_id = $1)::int as entries`,
      [org],
    )
  ).rows[0]!;
  console.log(
    `${database.kind}: synced ${counts.tasks} tasks, ${counts.entries} time entries in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  // What the demo agency of `npm start` has beside its ClickUp data: rate cards (role and person
  // lines, a project card), role tags, capacity, time off and holidays — so reports and the
  // workload price their time as they would there.
  await seedCapacityAndRates(deps, org, sim.demo);
  await readLineRates(database, org);
  await database.raw.query(maintenance);
  return { sim, deps, dataDir };
}

/**
 * The rate cards, holidays and roles just written raised the workspace's rates version and marked
 * every workload booking: what the app's next poll does after any sync (sync/report-rates.ts,
 * recomputeDerived) — the report lines' rates read again, the bookings derived again and the
 * workload lines' rates read.
 */
async function readLineRates(database: Database, org: string): Promise<void> {
  let t = performance.now();
  const lines = await repriceReportLines(database.db, org);
  console.log(
    `${database.kind}: report lines' rates read: ${lines} lines in ${(performance.now() - t).toFixed(0)} ms`,
  );
  t = performance.now();
  const marks = await refreshWorkloadBookings(database.db, org);
  const days = await repriceWorkloadDays(database.db, org);
  console.log(
    `${database.kind}: workload bookings derived (${marks} marks) and ${days} workload lines' rates read in ${(performance.now() - t).toFixed(0)} ms`,
  );
}

/** What a benchmark body gets from runOnSyncedAgency. */
export interface SyncedRun {
  database: Database;
  sim: ReturnType<typeof createClickUpSimulator>;
  deps: AppDeps;
  agency: AgencySize;
  /** Timed runs per row (BENCH_RUNS). */
  runs: number;
  /** An admin of the bench workspace (user id 'bench-admin'). */
  admin: RequestContext;
}

/**
 * A benchmark's main(): the agency of BENCH_AGENCY (else `options.agency`) synced into a fresh bench
 * database (see openBenchDatabase), `body`, then the database dropped and the data directory
 * removed, whatever happened; exits 1 on an error. With BENCH_REUSE=1 and BENCH_DATABASE_URL naming
 * a database kept by an earlier run of the same agency (BENCH_KEEP=1), that database is used as it
 * is, without a new sync, and kept.
 */
export function runOnSyncedAgency(
  org: string,
  options: { agency: AgencySize; runs?: number; maintenance?: "analyze" | "vacuum analyze" },
  body: (run: SyncedRun) => Promise<void>,
): void {
  const main = async () => {
    const agency = (process.env.BENCH_AGENCY ?? options.agency) as AgencySize;
    const runs = Number(process.env.BENCH_RUNS ?? options.runs ?? 20);
    const reuse = process.env.BENCH_REUSE === "1";
    const { database, cleanup } = await openBenchDatabase(4, { reuse });
    let dataDir = "";
    try {
      const synced = await syncedAgency(database, agency, org, options.maintenance, reuse);
      dataDir = synced.dataDir;
      const base = systemContext(synced.deps, org, "admin");
      const admin: RequestContext = {
        ...base,
        user: { ...base.user, id: "bench-admin" },
        userId: "bench-admin",
      };
      await body({ database, sim: synced.sim, deps: synced.deps, agency, runs, admin });
      synced.sim.close();
    } finally {
      await cleanup();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
