import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

/** Minimal raw-SQL surface shared by both drivers (migrations, job queue, benchmarks). */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements separated by semicolons, no parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  raw: RawSql;
  /** Run fn with one dedicated connection (session-level locks, LISTEN). */
  withConnection<T>(fn: (conn: RawSql) => Promise<T>): Promise<T>;
  /** The embedded instance, when embedded (pg-boss adapter, data-dir dumps in tests). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

// Keep bigint/numeric as JS numbers where they fit: ClickUp ids are text columns, never numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** An already-opened PGlite (tests clone a migrated template into memory). */
  pglite?: PGlite;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  let pglite = opts.pglite;
  if (!pglite) {
    const dir = opts.dataDir ? path.join(opts.dataDir, "db") : undefined;
    if (dir) fs.mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir ? { dataDir: dir } : {});
  }
  return wrapPglite(pglite);
}

export function wrapPglite(pglite: PGlite): Database {
  const raw: RawSql = {
    query: async <T>(text: string, params?: unknown[]) => {
      const r = await pglite.query<T>(text, params as unknown[]);
      return { rows: r.rows };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
  };
  return {
    kind: "pglite",
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    raw,
    withConnection: (fn) => fn(raw),
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // JIT off for the app's sessions: its statements (a workload grid, a calendar month) cost enough
  // in the planner's eyes to be compiled, and compiling took most of their time (677 of 879 ms
  // for the large agency's month) — it pays only for queries that run for many seconds.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    options: "-c jit=off",
  });
  pool.on("error", () => {
    /* idle client errors surface on the next query */
  });
  const probe = await pool.connect().catch(async (err: Error) => {
    await pool.end().catch(() => {});
    throw new Error(`Cannot connect to DATABASE_URL (${describeUrl(url)}): ${err.message}`);
  });
  probe.release();
  const raw = clientRaw(pool);
  return {
    kind: "postgres",
    db: drizzlePg(pool, { schema }) as unknown as Db,
    raw,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(clientRaw(client));
      } finally {
        client.release();
      }
    },
    pool,
    close: () => pool.end(),
  };
}

function clientRaw(q: pg.Pool | pg.PoolClient): RawSql {
  return {
    query: async <T>(text: string, params?: unknown[]) => {
      const r = await q.query(text, params);
      return { rows: r.rows as T[] };
    },
    exec: async (text) => {
      await q.query(text);
    },
  };
}

/** host:port/db of a URL, without credentials, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "unparseable URL";
  }
}
