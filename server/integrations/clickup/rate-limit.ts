import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { firstRow, run, type Executor } from "../../db/executor";

/**
 * Per-token request scheduling driven by ClickUp's `X-RateLimit-*` headers (clickup-api.md §6.1).
 *
 * ClickUp counts requests per token in one-minute windows. We keep our own budget for the
 * current window — seeded from the headers and decremented for every request we dispatch — and
 * never dispatch when the budget is spent: the caller waits until the window resets. Until the
 * first response tells us the limit, only one request is in flight, so we cannot overshoot.
 *
 * Two implementations of `RequestScheduler`:
 * - `DatabaseRateLimitScheduler` (production, through `databaseSchedulerFor`): the budget lives in
 *   `clickup_rate_budgets`, so every instance sharing the database spends one token's budget once;
 * - `RateLimitScheduler`: the same rules in memory, for one process (unit tests, tools).
 */
export interface RequestScheduler {
  snapshot(): RateLimitSnapshot;
  /** Wait for a slot; resolves when the request may be sent. Call `release` after the response. */
  acquire(): Promise<void>;
  /** The response (its rate headers) or null after a transport failure. */
  release(headers: RateLimitHeaders | null): void;
  /** A 429: the window is spent; wait for its reset (or `fallbackMs` when no header says when). */
  exhausted(headers: RateLimitHeaders | null, fallbackMs: number): void;
}

export interface RateLimitSnapshot {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms (local clock) when the window resets. */
  resetAt: number | null;
  inFlight: number;
  waits: number;
}

export interface RateLimitHeaders {
  limit: number | null;
  remaining: number | null;
  /** Epoch seconds (server clock). */
  reset: number | null;
  /** Server clock from the `Date` header (ms), to correct skew. */
  serverDate: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The budget of one token in this process only. */
export class RateLimitScheduler implements RequestScheduler {
  private limit: number | null = null;
  private budget: number | null = null;
  private resetAt: number | null = null;
  private inFlight = 0;
  private waits = 0;
  /** Responses came without rate-limit headers: the server does not limit us. */
  private unlimited = false;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly maxConcurrency = 4,
    private readonly now: () => number = Date.now,
  ) {}

  snapshot(): RateLimitSnapshot {
    return {
      limit: this.limit,
      remaining: this.budget,
      resetAt: this.resetAt,
      inFlight: this.inFlight,
      waits: this.waits,
    };
  }

  /** Wait for a slot; resolves when the request may be sent. Call `release` after the response. */
  async acquire(): Promise<void> {
    for (;;) {
      this.rollWindow();
      const concurrency = this.limit === null && !this.unlimited ? 1 : this.maxConcurrency;
      if (this.inFlight < concurrency && (this.budget === null || this.budget > 0)) {
        this.inFlight++;
        if (this.budget !== null) this.budget--;
        return;
      }
      if (this.budget !== null && this.budget <= 0 && this.inFlight === 0) {
        this.waits++;
        if (this.resetAt === null) {
          await sleep(1000);
          this.budget = 1;
        } else {
          await sleep(Math.max(25, this.resetAt - this.now() + 50));
        }
        continue;
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
  }

  release(headers: RateLimitHeaders | null): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (headers) this.observe(headers);
    // Wake everyone waiting; each re-checks the budget.
    const waiting = this.queue.splice(0);
    for (const wake of waiting) wake();
  }

  /** A 429: the window is spent; wait for its reset (or `fallbackMs` when no header says when). */
  exhausted(headers: RateLimitHeaders | null, fallbackMs: number): void {
    this.budget = 0;
    const resetAt = headers ? this.resetFrom(headers) : null;
    this.resetAt = resetAt ?? this.now() + fallbackMs;
  }

  private resetFrom(h: RateLimitHeaders): number | null {
    if (h.reset === null) return null;
    const skew = h.serverDate !== null ? h.serverDate - this.now() : 0;
    return h.reset * 1000 - skew;
  }

  private observe(h: RateLimitHeaders): void {
    if (h.limit === null || h.remaining === null) {
      if (this.limit === null) this.unlimited = true;
      return;
    }
    this.unlimited = false;
    const resetAt = this.resetFrom(h);
    const newWindow = resetAt !== null && (this.resetAt === null || resetAt > this.resetAt + 500);
    this.limit = h.limit;
    if (newWindow) {
      this.resetAt = resetAt;
      // Requests already in flight in this window will count against it too.
      this.budget = Math.max(0, h.remaining - this.inFlight);
    } else {
      this.budget = Math.min(this.budget ?? h.remaining, Math.max(0, h.remaining - this.inFlight));
    }
  }

  private rollWindow(): void {
    if (this.resetAt !== null && this.now() >= this.resetAt) {
      // Window over: the budget is refilled, but until a response confirms it, be conservative
      // and let one request through to learn the new window.
      this.resetAt = null;
      this.budget = this.limit === null ? null : 1;
    }
  }
}

/** SHA-256 of a token: how schedulers and the budget table name a token (never the token itself). */
export function tokenKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const schedulers = new Map<string, RateLimitScheduler>();

/** One in-process scheduler per token (keyed by a hash so tokens are never kept as map keys). */
export function schedulerFor(token: string, maxConcurrency = 4): RateLimitScheduler {
  const key = tokenKey(token);
  let s = schedulers.get(key);
  if (!s) {
    s = new RateLimitScheduler(maxConcurrency);
    schedulers.set(key, s);
  }
  return s;
}

// ---- the budget in the database, shared by every instance --------------------------------

/** The clock a scheduler reads and sleeps on; tests run windows faster. */
export interface RateLimitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: RateLimitClock = { now: Date.now, sleep };

/** ClickUp's window length: how long a window whose reset no response reported yet may last. */
const WINDOW_MS = 60_000;
/** Reset estimates of one window differ between instances by the skew estimate (whole seconds). */
const SAME_WINDOW_MS = 1_500;

export interface DatabaseSchedulerOptions {
  /** Concurrent requests per token in this process once the limit is known. */
  maxConcurrency?: number;
  clock?: RateLimitClock;
  /** How often to look again while a response of the window is awaited (probe, unknown reset). */
  pollMs?: number;
  /** Longest single wait before the budget is read again. */
  maxWaitMs?: number;
  /** A budget correction failed (it runs after the response, unawaited by the client). */
  onError?: (err: unknown) => void;
}

/** A `clickup_rate_budgets` row as the statements below return it. */
interface BudgetRow {
  window_limit: number | null;
  remaining: number;
  reset_at: number | string | null;
  window_started_at: number | string;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/**
 * Reserve one request of the token's current window: one atomic statement. The first request
 * ever creates the row and is the probe (limit unknown: one request at a time until a response
 * reports it). A window whose reset has passed (or, its reset unknown, that began a full minute
 * ago) rolls over to a fresh one with the last known limit. Returns nothing when the window is
 * spent.
 */
export async function reserveRequest(
  ex: Executor,
  tokenHash: string,
  now: number,
): Promise<BudgetRow | undefined> {
  const rolled = sql`((b.reset_at is not null and b.reset_at <= ${now})
      or (b.reset_at is null and b.window_started_at + ${WINDOW_MS} <= ${now}))`;
  return firstRow<BudgetRow>(
    ex,
    sql`insert into clickup_rate_budgets as b (token_hash, window_limit, remaining, reset_at, window_started_at)
        values (${tokenHash}, null, 0, null, ${now})
        on conflict (token_hash) do update set
          remaining = case when ${rolled} then coalesce(b.window_limit, 1) - 1 else b.remaining - 1 end,
          reset_at = case when ${rolled} then null else b.reset_at end,
          window_started_at = case when ${rolled} then ${now} else b.window_started_at end,
          updated_at = now()
        where ${rolled} or b.remaining > 0
        returning window_limit, remaining, reset_at, window_started_at`,
  );
}

export async function readBudget(ex: Executor, tokenHash: string): Promise<BudgetRow | undefined> {
  return firstRow<BudgetRow>(
    ex,
    sql`select window_limit, remaining, reset_at, window_started_at
          from clickup_rate_budgets where token_hash = ${tokenHash}`,
  );
}

/**
 * Correct the stored budget from a response's headers. `remaining` is what the server still
 * allows minus this process's requests still in flight. A response of the current window only
 * ever lowers the budget (other instances' reservations are already counted in it); the first
 * report of a window sets its reset, and a report of a later window than the stored one replaces
 * it. A response of a window that has ended changes nothing but the limit.
 */
export async function correctBudget(
  ex: Executor,
  tokenHash: string,
  report: { limit: number; remaining: number; resetAt: number | null; now: number },
): Promise<void> {
  const { limit, remaining, resetAt, now } = report;
  if (resetAt === null) {
    await run(
      ex,
      sql`update clickup_rate_budgets as b set
            remaining = case when b.window_limit is null then ${remaining} else least(b.remaining, ${remaining}) end,
            window_limit = ${limit}, updated_at = now()
          where token_hash = ${tokenHash}`,
    );
    return;
  }
  if (resetAt <= now) {
    await run(
      ex,
      sql`update clickup_rate_budgets set window_limit = ${limit}, updated_at = now() where token_hash = ${tokenHash}`,
    );
    return;
  }
  const later = sql`(b.reset_at is not null and ${resetAt} > b.reset_at + ${SAME_WINDOW_MS})`;
  const earlier = sql`(b.reset_at is not null and ${resetAt} < b.reset_at - ${SAME_WINDOW_MS})`;
  await run(
    ex,
    sql`update clickup_rate_budgets as b set
          remaining = case
            when ${later} or b.window_limit is null then ${remaining}
            when ${earlier} then b.remaining
            else least(b.remaining, ${remaining}) end,
          reset_at = case when b.reset_at is null or ${later} then ${resetAt} else b.reset_at end,
          window_started_at = case when ${later} then ${now} else b.window_started_at end,
          window_limit = ${limit}, updated_at = now()
        where token_hash = ${tokenHash}`,
  );
}

/** A 429: nothing is left until the reset the server reports (or `fallbackAt`). */
export async function spendBudget(
  ex: Executor,
  tokenHash: string,
  report: { limit: number | null; resetAt: number | null; fallbackAt: number },
): Promise<void> {
  const resetAt =
    report.resetAt !== null
      ? sql`${report.resetAt}::bigint`
      : sql`greatest(coalesce(b.reset_at, 0), ${report.fallbackAt})`;
  await run(
    ex,
    sql`update clickup_rate_budgets as b set remaining = 0, reset_at = ${resetAt},
          window_limit = coalesce(${report.limit}::integer, b.window_limit), updated_at = now()
        where token_hash = ${tokenHash}`,
  );
}

/** Hand the probe slot back: its request learned nothing (transport failure, no rate headers). */
export async function returnProbe(ex: Executor, tokenHash: string): Promise<void> {
  await run(
    ex,
    sql`update clickup_rate_budgets set remaining = remaining + 1, updated_at = now()
        where token_hash = ${tokenHash} and window_limit is null and remaining < 1`,
  );
}

/**
 * The budget of one token, shared through the database by every instance. The count of
 * requests per window comes from the database (`reserveRequest`); this process only caps its own
 * concurrency, orders its corrections before its next reservation, and skips the database
 * altogether once responses show the server does not limit the token.
 */
export class DatabaseRateLimitScheduler implements RequestScheduler {
  /** Requests of this process holding a concurrency slot (sent, or waiting for the budget). */
  private inFlight = 0;
  /** Requests of this process sent and not answered yet. */
  private sent = 0;
  private waits = 0;
  private limit: number | null = null;
  private remaining: number | null = null;
  private resetAt: number | null = null;
  /** Responses came without rate-limit headers: the server does not limit us. */
  private unlimited = false;
  /** Requests of this process that hold the probe slot (limit unknown when reserved). */
  private probes = 0;
  private readonly slotQueue: Array<() => void> = [];
  private readonly budgetWaiters = new Set<() => void>();
  /** Corrections in flight: the next reservation of this process waits for them. */
  private pending: Promise<void> = Promise.resolve();
  private readonly maxConcurrency: number;
  private readonly clock: RateLimitClock;
  private readonly pollMs: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly ex: Executor,
    private readonly tokenHash: string,
    private readonly options: DatabaseSchedulerOptions = {},
  ) {
    this.maxConcurrency = options.maxConcurrency ?? 4;
    this.clock = options.clock ?? realClock;
    this.pollMs = options.pollMs ?? 200;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
  }

  snapshot(): RateLimitSnapshot {
    return {
      limit: this.limit,
      remaining: this.remaining,
      resetAt: this.resetAt,
      inFlight: this.inFlight,
      waits: this.waits,
    };
  }

  async acquire(): Promise<void> {
    await this.localSlot();
    try {
      for (;;) {
        await this.pending;
        if (this.unlimited) {
          this.sent++;
          return;
        }
        const now = Math.floor(this.clock.now());
        const row = await reserveRequest(this.ex, this.tokenHash, now);
        if (row) {
          this.learn(row);
          if (row.window_limit === null) this.probes++;
          this.sent++;
          return;
        }
        this.waits++;
        const current = await readBudget(this.ex, this.tokenHash);
        if (current) this.learn(current);
        const reset = current ? num(current.reset_at) : null;
        const wait = reset !== null ? Math.max(25, reset - this.clock.now() + 50) : this.pollMs;
        await this.budgetWait(Math.min(wait, this.maxWaitMs));
      }
    } catch (err) {
      this.releaseSlot();
      throw err;
    }
  }

  release(headers: RateLimitHeaders | null): void {
    const probe = this.probes > 0;
    if (probe) this.probes--;
    this.sent = Math.max(0, this.sent - 1);
    this.releaseSlot();
    if (headers && (headers.limit === null || headers.remaining === null)) {
      if (this.limit === null) this.unlimited = true;
    } else if (headers) {
      this.unlimited = false;
      this.limit = headers.limit;
    }
    const rated = headers !== null && headers.limit !== null && headers.remaining !== null;
    const now = Math.floor(this.clock.now());
    // What the server still allows, minus what this process sent that it has not counted yet.
    const remaining = rated ? Math.max(0, headers.remaining! - this.sent) : 0;
    const resetAt = rated ? this.resetFrom(headers) : null;
    this.enqueue(async () => {
      if (rated) {
        await correctBudget(this.ex, this.tokenHash, { limit: headers.limit!, remaining, resetAt, now });
      } else if (probe) {
        await returnProbe(this.ex, this.tokenHash);
      }
    });
  }

  exhausted(headers: RateLimitHeaders | null, fallbackMs: number): void {
    const now = this.clock.now();
    const resetAt = headers ? this.resetFrom(headers) : null;
    this.remaining = 0;
    this.resetAt = resetAt ?? now + fallbackMs;
    this.enqueue(() =>
      spendBudget(this.ex, this.tokenHash, {
        limit: headers?.limit ?? null,
        resetAt,
        fallbackAt: Math.floor(now + fallbackMs),
      }),
    );
  }

  private enqueue(task: () => Promise<void>): void {
    this.pending = this.pending
      .then(task)
      .catch((err: unknown) => this.options.onError?.(err))
      .finally(() => this.wakeBudgetWaiters());
  }

  private learn(row: BudgetRow): void {
    if (row.window_limit !== null) this.limit = row.window_limit;
    this.remaining = row.remaining;
    this.resetAt = num(row.reset_at);
  }

  private resetFrom(h: RateLimitHeaders): number | null {
    if (h.reset === null) return null;
    const skew = h.serverDate !== null ? h.serverDate - this.clock.now() : 0;
    return Math.floor(h.reset * 1000 - skew);
  }

  /** This process's concurrency cap: one request until the limit is known (the probe). */
  private async localSlot(): Promise<void> {
    for (;;) {
      const concurrency = this.limit === null && !this.unlimited ? 1 : this.maxConcurrency;
      if (this.inFlight < concurrency) {
        this.inFlight++;
        return;
      }
      await new Promise<void>((resolve) => this.slotQueue.push(resolve));
    }
  }

  private releaseSlot(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    for (const wake of this.slotQueue.splice(0)) wake();
    this.wakeBudgetWaiters();
  }

  /** Sleep `ms`, or less when this process learns something (a response, a 429). */
  private budgetWait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        this.budgetWaiters.delete(finish);
        resolve();
      };
      this.budgetWaiters.add(finish);
      void this.clock.sleep(ms).then(finish);
    });
  }

  private wakeBudgetWaiters(): void {
    for (const wake of [...this.budgetWaiters]) wake();
  }
}

const databaseSchedulers = new WeakMap<Database, Map<string, DatabaseRateLimitScheduler>>();

/** One database-backed scheduler per token and database (each instance has its own pool). */
export function databaseSchedulerFor(
  database: Database,
  token: string,
  options: DatabaseSchedulerOptions = {},
): DatabaseRateLimitScheduler {
  let byToken = databaseSchedulers.get(database);
  if (!byToken) {
    byToken = new Map();
    databaseSchedulers.set(database, byToken);
  }
  const key = tokenKey(token);
  let s = byToken.get(key);
  if (!s) {
    s = new DatabaseRateLimitScheduler(database.db, key, options);
    byToken.set(key, s);
  }
  return s;
}
