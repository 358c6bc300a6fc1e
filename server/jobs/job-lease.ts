import pg from "pg";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { JOB_LEASE_PREFIX } from "./recover-interrupted-jobs";

/**
 * Proof that a running job's process is alive, for several instances on one PostgreSQL: while a
 * job runs, this process holds a session advisory lock named after the job on one dedicated
 * connection. A killed process loses the connection, so the lock goes with it and the recovery
 * (recover-interrupted-jobs.ts, "unlocked") can tell an orphan from a job another instance is
 * still running. The embedded database has one process and needs none of this.
 */
export interface JobLeases {
  hold<T>(jobId: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const LOCK = `select pg_advisory_lock(hashtextextended($1::text || $2::text, 0))`;
const UNLOCK = `select pg_advisory_unlock(hashtextextended($1::text || $2::text, 0))`;

export function jobLeases(database: Pick<Database, "kind" | "pool">, log: Logger): JobLeases {
  const pool = database.pool;
  if (database.kind !== "postgres" || !pool) return { hold: (_id, fn) => fn(), close: async () => {} };
  let client: Promise<pg.Client> | null = null;
  const connection = () =>
    (client ??= (async () => {
      const c = new pg.Client(pool.options);
      c.on("error", (err) => {
        // Locks held on it are gone: a job running now may be recovered by another instance.
        log.warn({ err: err.message }, "job lease connection lost");
        client = null;
      });
      await c.connect();
      return c;
    })().catch((err: unknown) => {
      client = null;
      throw err;
    }));
  return {
    hold: async (jobId, fn) => {
      const c = await connection();
      await c.query(LOCK, [JOB_LEASE_PREFIX, jobId]);
      try {
        return await fn();
      } finally {
        await c.query(UNLOCK, [JOB_LEASE_PREFIX, jobId]).catch(() => undefined);
      }
    },
    close: async () => {
      const c = await client?.catch(() => null);
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
