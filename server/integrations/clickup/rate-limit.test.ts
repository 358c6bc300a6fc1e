import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClickUpSimulator, type ClickUpSimulator } from "../../../simulator/clickup/index";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createApp } from "../../app";
import type { AppDeps } from "../../context";
import { openDatabase, type Database } from "../../db/client";
import { firstRow } from "../../db/executor";
import { tokenKey, type RateLimitClock } from "./rate-limit";
import { clientForToken, type ClickUpRuntime } from "./runtime";

/**
 * Two app instances share one database and one ClickUp token: the token's budget lives in the
 * database, so together they never send more than the limit in a window (issue 9 item 8).
 *
 * The simulator and both instances read one clock that runs SPEED× faster than real time, so a
 * one-minute rate window lasts 60/SPEED seconds.
 */
const SPEED = 30;
const LIMIT = 10;
const PER_INSTANCE = 15;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fastClock(): RateLimitClock {
  const t0 = Date.now();
  return {
    now: () => t0 + (Date.now() - t0) * SPEED,
    sleep: (ms) => realSleep(ms / SPEED),
  };
}

interface Call {
  instance: "A" | "B";
  status: number;
  /** X-RateLimit-Reset: identifies the simulator's window the request was counted in. */
  window: string | null;
}

describe("ClickUp rate budget across instances", () => {
  let ctx: TestContext;
  let sim: ClickUpSimulator;
  let second: Database;
  const calls: Call[] = [];

  function runtime(instance: Call["instance"], clock: RateLimitClock): ClickUpRuntime {
    return {
      apiUrl: "http://clickup.sim/api/v2",
      clientId: null,
      clientSecret: null,
      simulated: true,
      rateLimitClock: clock,
      clientOptions: { backoffMs: 5, concurrency: 4 },
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await sim.fetch(input, init);
        calls.push({ instance, status: res.status, window: res.headers.get("x-ratelimit-reset") });
        return res;
      }) as typeof fetch,
    };
  }

  beforeAll(async () => {
    const clock = fastClock();
    sim = createClickUpSimulator({ seed: 3, agency: "none", rateLimitPerMinute: LIMIT, now: clock.now });
    ctx = await createTestContext({}, { clickup: runtime("A", clock) });
    // The second instance: its own app, runtime and connection pool over the same database
    // (PGlite is embedded: the same engine behind a second Database handle).
    second = ctx.database.pool
      ? await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString, poolSize: 3 })
      : { ...ctx.database };
    const depsB: AppDeps = { ...ctx.deps, database: second, clickup: runtime("B", clock) };
    createApp(depsB);
    instances = [ctx.deps, depsB];
  });

  let instances: AppDeps[] = [];

  afterAll(async () => {
    sim?.close();
    if (second?.pool) await second.close();
    await ctx?.close();
  });

  it("two instances spending one token's budget never draw a 429 nor exceed the limit per window", async () => {
    const token = sim.createPersonalToken(sim.demo.ownerUserId);
    const [a, b] = instances.map((deps) => clientForToken(deps, token));
    const results = await Promise.all([
      ...Array.from({ length: PER_INSTANCE }, () => a!.getUser()),
      ...Array.from({ length: PER_INSTANCE }, () => b!.getUser()),
    ]);
    expect(results).toHaveLength(2 * PER_INSTANCE);

    // The simulator never refused a request, and every request was counted exactly once.
    expect(sim.stats.rateLimited).toBe(0);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    expect(calls).toHaveLength(2 * PER_INSTANCE);

    // Per simulator window: never more than the limit, across both instances together.
    const perWindow = new Map<string, Call[]>();
    for (const c of calls) perWindow.set(c.window!, [...(perWindow.get(c.window!) ?? []), c]);
    const sizes = [...perWindow.values()].map((w) => w.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(LIMIT);
    expect(perWindow.size).toBeGreaterThanOrEqual(Math.ceil((2 * PER_INSTANCE) / LIMIT));
    // The budget really was shared: some window holds requests of both instances.
    expect([...perWindow.values()].some((w) => new Set(w.map((c) => c.instance)).size === 2)).toBe(true);

    // The database holds the budget under the token's hash, never the token.
    const row = await firstRow<{ token_hash: string; window_limit: number }>(
      ctx.database.db,
      sql`select token_hash, window_limit from clickup_rate_budgets`,
    );
    expect(row).toEqual({ token_hash: tokenKey(token), window_limit: LIMIT });
  });
});
