import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../server/db/client";
import { migrate } from "../server/db/migrate";

/**
 * A migrated, throwaway database for one benchmark run: a fresh database on the PostgreSQL
 * server of DATABASE_URL (dropped by cleanup unless BENCH_KEEP=1, to explain queries on it
 * afterwards with psql or to rerun a benchmark on it with BENCH_REUSE=1), else an in-memory PGlite
 * (or, with BENCH_PGLITE_DIR, a PGlite kept in that directory, which BENCH_REUSE=1 opens again).
 */
export async function openBenchDatabase(
  poolSize = 4,
  /** Open DATABASE_URL's own database (kept by an earlier run) instead of a fresh one, and keep it. */
  options: { reuse?: boolean } = {},
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const pgliteDir = process.env.BENCH_PGLITE_DIR;
  if (!url && pgliteDir) {
    const database = await openDatabase({ dataDir: pgliteDir });
    await migrate(database);
    return {
      database,
      cleanup: async () => {
        await database.close();
        console.log(`kept the bench PGlite in ${pgliteDir}`);
      },
    };
  }
  if (options.reuse) {
    if (!url)
      throw new Error(
        "BENCH_REUSE=1 needs BENCH_DATABASE_URL (or DATABASE_URL) naming a kept bench database, or BENCH_PGLITE_DIR",
      );
    const database = await openDatabase({ databaseUrl: url, poolSize });
    await migrate(database);
    return { database, cleanup: () => database.close() };
  }
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return { database, cleanup: () => database.close() };
  }
  const name = `agency_hub_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize });
  await migrate(database);
  return {
    database,
    cleanup: async () => {
      await database.close();
      if (process.env.BENCH_KEEP === "1") console.log(`kept the bench database ${u.toString()}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
