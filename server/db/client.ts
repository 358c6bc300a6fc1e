import fs from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes, type QueryOptions } from "@electric-sql/pglite";
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

/*
 * drizzle reads timestamps, dates, intervals and their arrays (and numeric arrays) as the text
 * PostgreSQL sends (its column mappers parse them), and asks PGlite for that text by passing these
 * nine types' parsers with every query (drizzle-orm/pglite/session.js, 0.45). PGlite merges
 * per-query parsers into its map of every type on each query: ~130 µs a statement, more than a
 * small statement's own time. So the app's PGlite reads the nine types as text for every query,
 * drizzle's queries go without per-query parsers, and the raw surface (migrations, pg-boss,
 * benchmarks) asks for PGlite's usual values (Dates). server/db/value-types.test.ts holds each
 * path to the values it read before.
 */
/** Element type of each array type drizzle reads as text. */
const TEXT_ARRAY_TYPES: Record<number, number> = {
  1115: 1114,
  1185: 1184,
  1187: 1186,
  1182: 1082,
  1231: 1700,
};
const TEXT_TYPES = [
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  ...Object.keys(TEXT_ARRAY_TYPES).map(Number),
];
type Parser = (value: string, typeId?: number) => unknown;
const asText: Parser = (value) => value;
const rawParsersOf = new WeakMap<PGlite, Record<number, Parser>>();

/**
 * Make `pglite` read drizzle's text types as text (once per instance) and return the parsers that
 * give a raw query PGlite's usual values for them.
 */
export function pgliteRawParsers(pglite: PGlite): Record<number, Parser> {
  const known = rawParsersOf.get(pglite);
  if (known) return known;
  const current = pglite.parsers as Record<number, Parser | undefined>;
  const raw: Record<number, Parser> = {};
  for (const type of [pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, pgliteTypes.DATE])
    raw[type] = current[type] ?? asText;
  for (const [array, element] of Object.entries(TEXT_ARRAY_TYPES)) {
    const parseElement = current[element] ?? asText;
    raw[Number(array)] = (value) => pgliteTypes.arrayParser(value, parseElement, Number(array));
  }
  for (const type of TEXT_TYPES) current[type] = asText;
  rawParsersOf.set(pglite, raw);
  return raw;
}

interface PgliteQueryable {
  query: PGlite["query"];
  transaction?: PGlite["transaction"];
}

/** `client` (PGlite or one of its transactions) with the parsers drizzle passes to each query dropped. */
function withoutQueryParsers<T extends PgliteQueryable>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "query")
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
      if (prop === "transaction" && target.transaction) {
        const transaction = target.transaction.bind(target);
        return (fn: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<unknown>) =>
          transaction((tx) => fn(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function wrapPglite(pglite: PGlite): Database {
  const parsers = pgliteRawParsers(pglite);
  const raw: RawSql = {
    query: async <T>(text: string, params?: unknown[]) => {
      const r = await pglite.query<T>(text, params as unknown[], { parsers });
      return { rows: r.rows };
    },
    exec: async (text) => {
      await pglite.exec(text, { parsers });
    },
  };
  return {
    kind: "pglite",
    db: drizzlePglite(withoutQueryParsers(pglite), { schema }) as unknown as Db,
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
