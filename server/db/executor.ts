import type { SQL } from "drizzle-orm";
import type { Database, Db } from "./client";

/*
 * The one way a repo reaches the database.
 *
 * Every repo function takes an `Executor` first: either the pool (`database.db`) or the open
 * transaction a use case passed down, so a repo call made inside a use case's transaction always
 * runs in it and rolls back with it, on PGlite and on PostgreSQL alike. Repos never touch
 * `database.raw` (that is for infrastructure: migrations, pg-boss, LISTEN, benchmarks).
 *
 * Which form to write:
 * - the Drizzle builder for plain CRUD on one table (insert/update/delete/select by key);
 * - `sql` templates read through `rows()` / `firstRow()` for aggregates, joins, CTEs and
 *   anything clearer as SQL. The row type is declared next to the query (snake_case columns as
 *   PostgreSQL returns them) and is the typed boundary: the caller maps it to the contract.
 */

/** An open transaction (what `db.transaction(fn)` hands to `fn`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The pool or an open transaction: the first argument of every repo function. */
export type Executor = Db | Tx;

/** The result of `execute()` on both drivers (node-postgres QueryResult, PGlite Results). */
interface ExecuteResult {
  rows: unknown[];
  rowCount?: number | null;
  affectedRows?: number;
}

function isExecuteResult(value: unknown): value is ExecuteResult {
  return typeof value === "object" && value !== null && Array.isArray((value as ExecuteResult).rows);
}

async function execute(executor: Executor, query: SQL): Promise<ExecuteResult> {
  const result: unknown = await executor.execute(query);
  if (!isExecuteResult(result)) throw new Error("The database driver returned no rows array");
  return result;
}

/** The rows of a `sql` query, typed by the caller's row interface (snake_case columns). */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return (await execute(executor, query)).rows as T[];
}

/** The first row of a `sql` query, or undefined. */
export async function firstRow<T>(executor: Executor, query: SQL): Promise<T | undefined> {
  return (await rows<T>(executor, query))[0];
}

/** Run a statement for its effect; resolves to the number of affected rows when the driver says. */
export async function run(executor: Executor, query: SQL): Promise<number> {
  const result = await execute(executor, query);
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * Run `fn` in one transaction: it commits when `fn` resolves and rolls back when it throws.
 * Pass the `tx` it receives to every repo call inside, never `database.db`.
 */
export function transaction<T>(database: Pick<Database, "db">, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(fn);
}

/**
 * Run the reads of `fn` on one snapshot (a read-only, repeatable-read transaction): a read whose
 * second statement depends on what its first one saw (a probe, then a statement shaped by it)
 * sees the same rows in both, whatever commits in between.
 */
export function readSnapshot<T>(database: Pick<Database, "db">, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(fn, { isolationLevel: "repeatable read", accessMode: "read only" });
}
