import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { buildQuery, ClickUpApiError, ClickUpClient } from "./client";
import { RateLimitScheduler } from "./rate-limit";
import { decodeList, decodeSpace, decodeTask, decodeTimeEntry, decodeUserRef } from "./types";

const TOKEN = "pk_12345_SECRETSECRETSECRET";

/** A ClickUp-like endpoint: `limit` requests per `windowMs` per token, with X-RateLimit-* headers. */
function limitedServer(limit: number, windowMs: number) {
  let windowStart = Date.now();
  let count = 0;
  const stats = { ok: 0, limited: 0, maxInWindow: 0 };
  const fetchImpl: typeof fetch = async () => {
    const now = Date.now();
    if (now >= windowStart + windowMs) {
      windowStart = now;
      count = 0;
    }
    const reset = Math.ceil((windowStart + windowMs) / 1000);
    const headers = {
      "content-type": "application/json",
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-reset": String(reset),
    };
    // Seconds-resolution reset headers round up; keep the test server honest about its window.
    if (count >= limit) {
      stats.limited++;
      return new Response(JSON.stringify({ err: "Rate limit reached", ECODE: "APP_002" }), {
        status: 429,
        headers: { ...headers, "x-ratelimit-remaining": "0" },
      });
    }
    count++;
    stats.ok++;
    stats.maxInWindow = Math.max(stats.maxInWindow, count);
    await new Promise((r) => setTimeout(r, 2));
    return new Response(JSON.stringify({ user: { id: 1, username: "A" } }), {
      status: 200,
      headers: { ...headers, "x-ratelimit-remaining": String(limit - count) },
    });
  };
  return { fetchImpl, stats };
}

describe("ClickUpClient", () => {
  it("refuses a token with CR/LF or spaces as malformed (400 naming token), without calling ClickUp (issue 11, item 10)", async () => {
    for (const token of ["pk_1_AB\r\nX-Injected: 1", "pk_1 AB", "pk_1_ÄB", ""]) {
      let calls = 0;
      const client = new ClickUpClient({
        baseUrl: "https://clickup.test/api/v2",
        token,
        fetch: async () => {
          calls++;
          return new Response("{}");
        },
        backoffMs: 1,
      });
      const err = await client.getUser().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      expect((err as AppError).fields).toEqual([
        { field: "token", message: expect.stringMatching(/malformed/) },
      ]);
      expect(calls).toBe(0);
    }
  });

  it("never exceeds the per-token limit: it waits for the window instead of drawing 429s", async () => {
    // Windows of whole seconds, like ClickUp's epoch-second X-RateLimit-Reset.
    const server = limitedServer(5, 1000);
    const client = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: server.fetchImpl,
      scheduler: new RateLimitScheduler(4),
    });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, () => client.getUser()));
    expect(results).toHaveLength(12);
    expect(server.stats.limited).toBe(0);
    expect(server.stats.maxInWindow).toBeLessThanOrEqual(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  }, 15_000);

  it("retries 5xx and malformed bodies with backoff, but never a 401", async () => {
    let calls = 0;
    const flaky: typeof fetch = async () => {
      calls++;
      if (calls === 1)
        return new Response(JSON.stringify({ err: "Internal", ECODE: "APP_500" }), { status: 502 });
      if (calls === 2) return new Response('{"user": {"id"', { status: 200 });
      return new Response(JSON.stringify({ user: { id: 7, username: "Z" } }), { status: 200 });
    };
    const client = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: flaky,
      backoffMs: 1,
      scheduler: new RateLimitScheduler(),
    });
    expect((await client.getUser()).id).toBe("7");
    expect(calls).toBe(3);

    let authCalls = 0;
    const denied: typeof fetch = async () => {
      authCalls++;
      return new Response(JSON.stringify({ err: "Oauth token not found", ECODE: "OAUTH_019" }), {
        status: 401,
      });
    };
    const c2 = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: denied,
      backoffMs: 1,
      scheduler: new RateLimitScheduler(),
    });
    const err = await c2.getUser().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickUpApiError);
    expect((err as ClickUpApiError).isAuth).toBe(true);
    expect((err as ClickUpApiError).ecode).toBe("OAUTH_019");
    expect(authCalls).toBe(1);
  });

  it("times out slow answers and sends the token only in the Authorization header, never to the logs", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "trace" },
      new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) }),
    );
    const seen: string[] = [];
    let calls = 0;
    const slow: typeof fetch = (input, init) => {
      calls++;
      seen.push(new Headers(init?.headers).get("authorization") ?? "");
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => resolve(new Response("{}", { status: 200 })), 1000);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(t);
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    };
    const client = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: slow,
      logger,
      timeoutMs: 20,
      maxRetries: 2,
      backoffMs: 1,
      scheduler: new RateLimitScheduler(),
    });
    const err = await client.getTeams().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickUpApiError);
    expect((err as Error).message).toContain("timeout");
    expect(calls).toBe(3);
    expect(seen.every((h) => h === TOKEN)).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain("SECRET");
    expect((err as Error).message).not.toContain("SECRET");

    const bearer: string[] = [];
    const oauth = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: "123_abcdef",
      fetch: async (_i, init) => {
        bearer.push(new Headers(init?.headers).get("authorization") ?? "");
        return new Response(JSON.stringify({ teams: [] }), { status: 200 });
      },
      scheduler: new RateLimitScheduler(),
    });
    await oauth.getTeams();
    expect(bearer).toEqual(["Bearer 123_abcdef"]);
  });

  it("serialises array parameters with [] and decodes ClickUp's mixed types leniently", () => {
    expect(
      buildQuery({ page: 0, statuses: ["to do", "in progress"], archived: false, skip: undefined }),
    ).toBe("?page=0&statuses%5B%5D=to+do&statuses%5B%5D=in+progress&archived=false");
    const t = decodeTask({
      id: "86c7mc1dq",
      custom_item_id: 1001,
      name: "Spring launch",
      status: { status: "in progress", type: "custom", color: "#1090e0", orderindex: 1 },
      date_updated: "1768558024446",
      due_date: 1768892822646,
      time_estimate: 5400000.5,
      assignees: [
        { id: 272627274, username: "Ann", email: "ann@example.com", color: null, profilePicture: null },
      ],
      custom_fields: [
        { id: "f1", name: "Job Code", type: "short_text", type_config: {}, value: "NB-104" },
        { id: "f2", name: "Client", type: "drop_down" },
      ],
      list: { id: "901520000152", name: "Production" },
      folder: { id: "901513462389", name: "hidden", hidden: true },
      space: { id: 90159451300 },
      parent: null,
    });
    expect(t.dateUpdated).toBe(1768558024446);
    expect(t.dueDate).toBe(1768892822646);
    expect(t.assignees[0]!.id).toBe("272627274");
    expect(t.folderId).toBeNull();
    expect(t.spaceId).toBe("90159451300");
    expect(t.customFields.map((f) => f.hasValue)).toEqual([true, false]);
    const e = decodeTimeEntry({
      id: "4927022626604154715",
      user: { id: 1 },
      start: 1737925200000,
      end: "1737927000000",
      duration: "1800000",
      task: { id: "abc" },
    });
    expect(e.id).toBe("4927022626604154715");
    expect(e.duration).toBe(1_800_000);
    expect(e.end).toBe(1737927000000);
  });

  it("reads `error` as well as `err` from refusals and tolerates non-JSON bodies", async () => {
    const answers = [
      new Response(JSON.stringify({ error: "Name is required", ECODE: "TEMPLH_001" }), { status: 400 }),
      new Response("<html>Bad Request</html>", { status: 400 }),
    ];
    const client = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: async () => answers.shift() ?? new Response("{}"),
      scheduler: new RateLimitScheduler(),
    });
    expect(await client.createFolder("1", "X").catch((e: unknown) => e)).toMatchObject({
      status: 400,
      err: "Name is required",
    });
    expect(await client.createFolder("1", "X").catch((e: unknown) => e)).toMatchObject({
      status: 400,
      ecode: null,
      err: "HTTP 400",
    });
    expect(client.calls).toBe(2);
  });

  it("after a transport error, pages through the list's tasks before creating again", async () => {
    const seen: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      seen.push(`${init?.method} ${url.pathname}${url.search}`);
      if (init?.method === "POST") throw new TypeError("socket hang up");
      const page = Number(url.searchParams.get("page"));
      const tasks =
        page === 0
          ? Array.from({ length: 100 }, (_, i) => ({ id: `t${i}`, name: `Other ${i}`, parent: null }))
          : [{ id: "mine", name: "Kick-off", parent: "p1" }];
      return new Response(JSON.stringify({ tasks, last_page: page > 0 }), { status: 200 });
    };
    const client = new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: fetchImpl,
      backoffMs: 1,
      scheduler: new RateLimitScheduler(),
    });
    const task = await client.createTask("42", { name: "Kick-off", parent: "p1" });
    expect(task.id).toBe("mine");
    expect(seen).toEqual([
      "POST /api/v2/list/42/task",
      "GET /api/v2/list/42/task?page=0&subtasks=true&include_closed=true",
      "GET /api/v2/list/42/task?page=1&subtasks=true&include_closed=true",
    ]);
  });
});

describe("confirmsGone: when a 'not found' answer may delete local data", () => {
  const err = (status: number, ecode: string | null) => new ClickUpApiError(status, ecode, "x", "/task/t1");
  const clientAnswering = (teams: unknown, status = 200) => {
    const calls: string[] = [];
    const client = new ClickUpClient({
      baseUrl: "http://cu.test/api/v2",
      token: TOKEN,
      maxRetries: 0,
      fetch: (async (input: RequestInfo | URL) => {
        calls.push(new URL(String(input)).pathname);
        return new Response(JSON.stringify(teams), {
          status,
          headers: { "content-type": "application/json" },
        });
      }) as typeof fetch,
    });
    return { client, calls };
  };

  it("404 ITEM_* is gone without another call; 404 SHARD_031 / APP_001, token errors, 5xx never are", async () => {
    const { client, calls } = clientAnswering({ teams: [{ id: "9" }] });
    expect(await client.confirmsGone(err(404, "ITEM_015"), "9")).toBe(true);
    for (const e of [
      err(404, "SHARD_031"),
      err(404, "APP_001"),
      err(401, "OAUTH_019"),
      err(401, "OAUTH_025"),
      err(401, "ACCESS_064"),
      err(500, null),
      new Error("x"),
    ])
      expect(await client.confirmsGone(e, "9")).toBe(false);
    expect(calls).toEqual([]);
  });

  it("401 OAUTH_018 / OAUTH_023 is gone only while GET /team still lists the workspace", async () => {
    const listed = clientAnswering({ teams: [{ id: "9" }] });
    expect(await listed.client.confirmsGone(err(401, "OAUTH_018"), "9")).toBe(true);
    expect(listed.calls).toEqual(["/api/v2/team"]);
    const notListed = clientAnswering({ teams: [{ id: "8" }] });
    expect(await notListed.client.confirmsGone(err(401, "OAUTH_023"), "9")).toBe(false);
    const revoked = clientAnswering({ err: "Token invalid", ECODE: "OAUTH_025" }, 401);
    expect(await revoked.client.confirmsGone(err(401, "OAUTH_018"), "9")).toBe(false);
  });

  it("an object that still answers its GET is not gone", async () => {
    const { client } = clientAnswering({ teams: [{ id: "9" }] });
    expect(await client.confirmsGone(err(401, "OAUTH_023"), "9", async () => ({ data: {} }))).toBe(false);
    expect(
      await client.confirmsGone(err(401, "OAUTH_023"), "9", async () => {
        throw err(401, "OAUTH_023");
      }),
    ).toBe(true);
    expect(
      await client.confirmsGone(err(401, "OAUTH_023"), "9", async () => {
        throw err(401, "OAUTH_019");
      }),
    ).toBe(false);
  });
});

describe("decoders accept the document's time-entry and hierarchy formats", () => {
  const user = {
    id: 7,
    username: "Ann",
    email: "a@x.test",
    color: null,
    initials: "A",
    profilePicture: null,
  };
  it("time entries: read strings, stop/DELETE numbers, a running timer's negative integer, no task", () => {
    const read = decodeTimeEntry({
      id: "4927022626604154715",
      task: { id: "t1" },
      user,
      start: "1000",
      end: "4000",
      duration: "3000",
      at: "5000",
    });
    expect(read).toMatchObject({
      id: "4927022626604154715",
      taskId: "t1",
      start: 1000,
      end: 4000,
      duration: 3000,
      at: 5000,
    });
    const stop = decodeTimeEntry({
      id: "1",
      user,
      start: "1000",
      end: 4000,
      duration: 3000,
      at: 5000,
      source: "clickup",
    });
    expect(stop).toMatchObject({ taskId: null, start: 1000, end: 4000, duration: 3000, at: 5000 });
    const running = decodeTimeEntry({
      id: "2",
      task: { id: "t1" },
      user,
      start: "1737925200000",
      duration: -1737925200000,
      at: "1",
    });
    expect(running).toMatchObject({ start: 1737925200000, end: null, duration: -1737925200000 });
    expect(decodeTimeEntry({ id: "3", user, start: 10, end: "20", duration: 10 })).toMatchObject({
      start: 10,
      end: 20,
      duration: 10,
    });
  });

  it("lists with string, integer or null task_count; members with profileInfo; spaces with or without features", () => {
    expect(
      decodeList({ id: "1", name: "L", task_count: "12", folder: { name: "hidden", hidden: true } })
        .taskCount,
    ).toBe(12);
    expect(decodeList({ id: "1", name: "L", task_count: 12 }).taskCount).toBe(12);
    expect(decodeList({ id: "1", name: "L", task_count: null }).taskCount).toBe(0);
    expect(decodeUserRef({ ...user, profileInfo: { display_profile: null } })).toEqual({
      id: "7",
      username: "Ann",
      email: "a@x.test",
      color: null,
      initials: "A",
      profilePicture: null,
    });
    expect(
      decodeSpace({
        id: "9",
        name: "S",
        features: { time_tracking: { enabled: false }, checklists: { enabled: true } },
      }).timeTracking,
    ).toBe(false);
    expect(decodeSpace({ id: "9", name: "S", features: { due_dates: { enabled: true } } }).timeTracking).toBe(
      true,
    );
  });
});

describe("streamTimeEntries: a window's response is read as a stream, never held whole", () => {
  const user = { id: 7, username: "Ann" };
  /** Entry `i` in the document's read format (strings for instants, a 19-digit id). */
  const rawEntry = (i: number) => ({
    id: String(4927022626604154715n + BigInt(i)),
    task: i % 5 === 0 ? undefined : { id: `t${i % 97}` },
    user,
    billable: i % 2 === 0,
    start: String(1_737_925_200_000 + i * 60_000),
    end: String(1_737_925_200_000 + i * 60_000 + 1_800_000),
    duration: "1800000",
    description: `entry ${i} — "quoted" \\ é`,
    at: String(1_769_469_573_082 + i),
  });
  /**
   * A `{data: [...]}` body of `total` entries produced lazily, `perChunk` entries a chunk, and
   * (`cutAfter`) cut off mid-entry after that many entries, as after a dropped connection.
   */
  function streamedBody(total: number, perChunk: number, produced: { entries: number }, cutAfter?: number) {
    const encoder = new TextEncoder();
    let next = 0;
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (cutAfter !== undefined && next >= cutAfter) {
            controller.enqueue(encoder.encode(',{"id":"99","user":{"id":7},"sta'));
            controller.close();
            return;
          }
          let text = next === 0 ? '{"data":[' : "";
          const end = Math.min(total, next + perChunk);
          for (; next < end; next++) text += (next === 0 ? "" : ",") + JSON.stringify(rawEntry(next));
          produced.entries = next;
          if (next === total) text += "]}";
          controller.enqueue(encoder.encode(text));
          if (next === total) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
  }
  const clientWith = (fetchImpl: typeof fetch, opts: { timeoutMs?: number } = {}) =>
    new ClickUpClient({
      baseUrl: "https://api.test/api/v2",
      token: TOKEN,
      fetch: fetchImpl,
      backoffMs: 1,
      maxRetries: 2,
      scheduler: new RateLimitScheduler(),
      ...opts,
    });
  const window = { startDate: 0, endDate: 10, assignees: ["7"] };

  it("hands a 12,345-entry response to the repo in batches of at most 1,000 while it streams in, decoded as before", async () => {
    const total = 12_345;
    const produced = { entries: 0 };
    const client = clientWith(async () => new Response(streamedBody(total, 250, produced), { status: 200 }));
    const batches: number[] = [];
    const aheadAtBatch: number[] = [];
    const received: unknown[] = [];
    let delivered = 0;
    let writing = 0;
    let mostWriting = 0;
    const count = await client.streamTimeEntries(
      "9",
      window,
      async (batch) => {
        mostWriting = Math.max(mostWriting, ++writing);
        batches.push(batch.length);
        delivered += batch.length;
        // How far the body had been read when this batch was handed over.
        aheadAtBatch.push(produced.entries - delivered);
        received.push(...batch);
        await new Promise((r) => setTimeout(r, 1));
        writing--;
      },
      1000,
    );
    // One batch written at a time (the next one is parsed meanwhile).
    expect(mostWriting).toBe(1);
    expect(count).toBe(total);
    expect(batches.length).toBe(Math.ceil(total / 1000));
    expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(total);
    // The first batches were handed over long before the body's end was read, and the reading
    // never ran more than a batch and a couple of chunks ahead of the repo.
    expect(aheadAtBatch[0]).toBeLessThan(total - 1000);
    expect(Math.max(...aheadAtBatch)).toBeLessThan(1000 + 3 * 250);
    // Every entry decoded exactly as the whole-body decoder does, in order.
    expect(received).toEqual(Array.from({ length: total }, (_, i) => decodeTimeEntry(rawEntry(i))));
    expect((received[1] as { id: string }).id).toBe("4927022626604154716");
  });

  it("reads a body cut off half-way again from its start; a failed batch is thrown as is, never retried", async () => {
    let calls = 0;
    const cutThenWhole: typeof fetch = async () => {
      calls++;
      const produced = { entries: 0 };
      return new Response(streamedBody(3000, 500, produced, calls === 1 ? 1500 : undefined), { status: 200 });
    };
    let delivered = 0;
    const client = clientWith(cutThenWhole);
    const count = await client.streamTimeEntries(
      "9",
      window,
      async (batch) => void (delivered += batch.length),
      700,
    );
    expect(calls).toBe(2);
    expect(count).toBe(3000);
    // The first attempt's complete batches were handed over before the cut (upserts: harmless).
    expect(delivered).toBe(1400 + 3000);

    // Cut on every attempt: a transport failure (status 0) once the retries are spent, which the
    // full sync answers by splitting the window.
    calls = 0;
    const alwaysCut = clientWith(async () => {
      calls++;
      return new Response(streamedBody(3000, 500, { entries: 0 }, 1000), { status: 200 });
    });
    const cut = await alwaysCut.streamTimeEntries("9", window, async () => undefined, 700).catch((e) => e);
    expect(cut).toBeInstanceOf(ClickUpApiError);
    expect((cut as ClickUpApiError).status).toBe(0);
    expect((cut as ClickUpApiError).err).toBe("malformed JSON body");
    expect(calls).toBe(3);

    calls = 0;
    const dbDown = new Error("database down");
    const failing = clientWith(async () => {
      calls++;
      return new Response(streamedBody(3000, 500, { entries: 0 }), { status: 200 });
    });
    const err = await failing
      .streamTimeEntries(
        "9",
        window,
        async () => {
          throw dbDown;
        },
        700,
      )
      .catch((e: unknown) => e);
    expect(err).toBe(dbDown);
    expect(calls).toBe(1);
  });

  it("times out a body that stalls, but not while the repo writes what it was handed", async () => {
    // 40 ms of timeout; the repo takes 60 ms a batch: its time is not ClickUp's.
    const slowRepo = clientWith(
      async () => new Response(streamedBody(2000, 100, { entries: 0 }), { status: 200 }),
      { timeoutMs: 40 },
    );
    const count = await slowRepo.streamTimeEntries(
      "9",
      window,
      () => new Promise((r) => setTimeout(r, 60)),
      500,
    );
    expect(count).toBe(2000);

    let calls = 0;
    const stalls = clientWith(
      async (_input, init) => {
        calls++;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`{"data":[${JSON.stringify(rawEntry(0))}`));
            init?.signal?.addEventListener("abort", () =>
              controller.error(new DOMException("aborted", "AbortError")),
            );
          },
        });
        return new Response(body, { status: 200 });
      },
      { timeoutMs: 40 },
    );
    const err = await stalls.streamTimeEntries("9", window, async () => undefined, 500).catch((e) => e);
    expect(err).toBeInstanceOf(ClickUpApiError);
    expect((err as ClickUpApiError).status).toBe(0);
    expect((err as ClickUpApiError).err).toBe("timeout");
    expect(calls).toBe(3);
  });
});
