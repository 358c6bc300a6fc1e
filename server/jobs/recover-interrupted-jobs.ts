import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rows, run, transaction, type Executor } from "../db/executor";

/*
 * Jobs a killed process left "active" (pg-boss 10 has no heartbeat: they would stay active until
 * they expire, an hour for a full sync, and on a stately queue they block every later job of
 * their workspace). They go back to the queue here, without ever writing a state pg-boss's
 * unique indexes forbid:
 *
 *   job_i3 (stately):   one job per (name, state, singleton_key) for created, retry and active;
 *   job_i2 (singleton): one active job per (name, singleton_key);
 *   job_i1 (short):     one created job per (name, singleton_key).
 *
 * So "active → retry" collides when the workspace already has a retry waiting (a sync that
 * failed once and waits for its backoff, then a second sync killed). Such an orphan is merged
 * into the waiting job instead: the orphan is cancelled and the waiting job is made due now
 * (a full sync resumes from its checkpoint whichever job runs it). A workspace that has both a
 * created and a retry job waiting keeps only the created one, so it syncs once, not twice.
 */

/** Policies whose jobs are one-per-key: a waiting job of the same key stands for the orphan. */
const KEYED_POLICIES = ["stately", "singleton"];

export interface RecoveryOptions {
  /** Queues to look at (our queues; cron and others are left alone). */
  queues: readonly string[];
  /**
   * "all": every active job is an orphan (the embedded database has exactly one process, and
   * recovery runs before its workers start). "unlocked": only active jobs whose job lease
   * (session advisory lock, see job-lease.ts) no live connection holds (several instances on
   * one PostgreSQL).
   */
  orphans: "all" | "unlocked";
  /** Active jobs started less than this many seconds ago are left alone ("unlocked" only). */
  graceSeconds?: number;
}

export interface RecoveryResult {
  /** Orphans put back as due retries. */
  requeued: number;
  /** Orphans cancelled because a job of the same key was already waiting (made due now). */
  merged: number;
  /** Duplicate waiting jobs cancelled (a retry next to a created job of the same key). */
  deduplicated: number;
}

interface OrphanRow {
  id: string;
  name: string;
  singleton_key: string | null;
  policy: string | null;
}

interface IdRow {
  id: string;
}

/** Prefix of a job's lease key: hashtextextended(prefix || job id, 0) (see job-lease.ts). */
export const JOB_LEASE_PREFIX = "agency-hub-job:";

function inQueues(queues: readonly string[]) {
  return sql`(${sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  )})`;
}

async function findOrphans(tx: Executor, opts: RecoveryOptions): Promise<OrphanRow[]> {
  if (opts.orphans === "all")
    return rows<OrphanRow>(
      tx,
      sql`select id::text as id, name, singleton_key, policy from pgboss.job
          where state = 'active' and name in ${inQueues(opts.queues)}
          for update`,
    );
  // The transaction-level try-lock succeeds only when no live session holds the job's lease,
  // and it keeps another instance's recovery off the same job until this transaction ends.
  return rows<OrphanRow>(
    tx,
    sql`with active as materialized (
          select id, name, singleton_key, policy from pgboss.job
          where state = 'active' and name in ${inQueues(opts.queues)}
            and started_on < now() - make_interval(secs => ${opts.graceSeconds ?? 10})
          for update skip locked
        )
        select id::text as id, name, singleton_key, policy from active
        where pg_try_advisory_xact_lock(hashtextextended(${JOB_LEASE_PREFIX}::text || id::text, 0))`,
  );
}

function sameKey(name: string, key: string | null) {
  return sql`name = ${name} and coalesce(singleton_key, '') = ${key ?? ""}`;
}

/** Put orphaned active jobs back in their queues (see the note at the top). */
export async function recoverInterruptedJobs(
  database: Pick<Database, "db">,
  opts: RecoveryOptions,
): Promise<RecoveryResult> {
  return transaction(database, async (tx) => {
    const result: RecoveryResult = { requeued: 0, merged: 0, deduplicated: 0 };
    for (const orphan of await findOrphans(tx, opts)) {
      const keyed = KEYED_POLICIES.includes(orphan.policy ?? "");
      if (keyed) {
        // Keep one waiting job per key: the created one (the latest request) over a retry.
        const waiting = await rows<IdRow & { state: string }>(
          tx,
          sql`select id::text as id, state::text as state from pgboss.job
              where ${sameKey(orphan.name, orphan.singleton_key)} and state in ('created', 'retry')
              order by state, created_on
              for update`,
        );
        if (waiting.length > 0) {
          const [keep, ...duplicates] = waiting;
          for (const d of duplicates) {
            await cancelJob(tx, orphan.name, d.id, "a newer request of the same key was waiting");
            result.deduplicated++;
          }
          await cancelJob(tx, orphan.name, orphan.id, "interrupted; merged into the job already waiting");
          await run(
            tx,
            sql`update pgboss.job set start_after = least(start_after, now())
                where name = ${orphan.name} and id = ${keep!.id}::uuid`,
          );
          result.merged++;
          continue;
        }
      }
      // No waiting job of this key (or a policy without one-per-key): a due retry is allowed.
      result.requeued += await run(
        tx,
        sql`update pgboss.job set state = 'retry', start_after = now()
            where name = ${orphan.name} and id = ${orphan.id}::uuid and state = 'active'`,
      );
    }
    result.deduplicated += await deduplicateWaiting(tx, opts.queues);
    return result;
  });
}

/**
 * A stately key with a created job and a retry job would sync twice in a row: the retry goes.
 * (pg-boss allows the pair; "Sync now" no longer makes it, older versions did.)
 */
async function deduplicateWaiting(tx: Executor, queues: readonly string[]): Promise<number> {
  const doomed = await rows<IdRow & { name: string }>(
    tx,
    sql`select r.id::text as id, r.name from pgboss.job r
        where r.state = 'retry' and r.policy in ('stately', 'singleton')
          and r.name in ${inQueues(queues)}
          and exists (
            select 1 from pgboss.job c
            where c.name = r.name and c.state = 'created'
              and coalesce(c.singleton_key, '') = coalesce(r.singleton_key, '')
          )
        for update of r skip locked`,
  );
  for (const d of doomed) await cancelJob(tx, d.name, d.id, "a newer request of the same key was waiting");
  return doomed.length;
}

/** pg-boss's own cancel (plans.cancelJobs), with a reason in the job's output. */
async function cancelJob(tx: Executor, name: string, id: string, reason: string): Promise<void> {
  await run(
    tx,
    sql`update pgboss.job set state = 'cancelled', completed_on = now(),
          output = jsonb_build_object('message', ${reason}::text)
        where name = ${name} and id = ${id}::uuid and state < 'completed'`,
  );
}

/**
 * "Sync now" while the workspace's failed sync waits for its retry: that retry becomes due now
 * instead of a second job being queued beside it (which would sync twice and, killed while
 * running, left a retry and an active job of one key). Returns false when no retry was waiting.
 */
export async function hurryWaitingRetry(
  database: Pick<Database, "db">,
  name: string,
  singletonKey: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const n = await run(
    database.db,
    sql`update pgboss.job set start_after = now(), data = ${JSON.stringify(data)}::jsonb
        where ${sameKey(name, singletonKey)} and state = 'retry'`,
  );
  return n > 0;
}
