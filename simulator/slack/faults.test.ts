import { describe, expect, it } from "vitest";
import { call, install, testClock, testSlack } from "./test-support";
import { DEMO_CHANNELS } from "./workspace";

const post = (
  sim: ReturnType<typeof testSlack>,
  token: string,
  text = "x",
  channel: string = DEMO_CHANNELS.general,
) => call(sim, "chat.postMessage", { channel, text }, { token, json: true });

describe("rate limits", () => {
  it("answers 429 ratelimited with Retry-After per method tier (conversations.list is Tier 2)", async () => {
    const clock = testClock();
    const sim = testSlack({ now: clock.now, rateLimits: {} });
    const { token } = await install(sim);
    for (let i = 0; i < 20; i++)
      expect((await call(sim, "conversations.list", {}, { token })).status, `call ${i + 1}`).toBe(200);
    const limited = await call(sim, "conversations.list", {}, { token });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ ok: false, error: "ratelimited" });
    // 20 per minute: the next call is possible in 3 seconds.
    expect(limited.headers.get("retry-after")).toBe("3");
    // Other methods are unaffected.
    expect((await call(sim, "auth.test", {}, { token })).status).toBe(200);
    clock.advance(3000);
    expect((await call(sim, "conversations.list", {}, { token })).status).toBe(200);
    expect(sim.stats.rateLimited).toBe(1);
  });

  it("limits chat.postMessage per channel, not per workspace", async () => {
    const clock = testClock();
    const sim = testSlack({
      now: clock.now,
      rateLimits: { "chat.postMessage": { burst: 2, perMinute: 60 } },
    });
    const { token } = await install(sim);
    expect((await post(sim, token)).status).toBe(200);
    expect((await post(sim, token)).status).toBe(200);
    const limited = await post(sim, token);
    expect([limited.status, limited.body["error"], limited.headers.get("retry-after")]).toEqual([
      429,
      "ratelimited",
      "1",
    ]);
    expect((await post(sim, token, "x", DEMO_CHANNELS.finance)).status).toBe(200);
    clock.advance(1000);
    expect((await post(sim, token)).status).toBe(200);
    expect(sim.messages()).toHaveLength(4);
  });

  it("caps chat.postMessage per workspace too", async () => {
    const sim = testSlack({ rateLimits: { "chat.postMessage:workspace": { burst: 1, perMinute: 6 } } });
    const { token } = await install(sim);
    expect((await post(sim, token)).status).toBe(200);
    const limited = await post(sim, token, "x", DEMO_CHANNELS.finance);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "10"]);
  });

  it("can be changed at run time", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.rateLimits.set("auth.test", { burst: 1, perMinute: 1 });
    expect((await call(sim, "auth.test", {}, { token })).status).toBe(200);
    const limited = await call(sim, "auth.test", {}, { token });
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "60"]);
    sim.rateLimits.set("auth.test", null);
    expect((await call(sim, "auth.test", {}, { token })).status).toBe(200);
  });
});

describe("injected faults", () => {
  it("fails the next n calls of one method with the given error, then recovers", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.faults.add({ method: "chat.postMessage", times: 2, error: "internal_error" });
    expect((await post(sim, token)).body).toEqual({ ok: false, error: "internal_error" });
    // Other methods are untouched.
    expect((await call(sim, "auth.test", {}, { token })).body["ok"]).toBe(true);
    const second = await post(sim, token);
    expect([second.status, second.body["error"]]).toEqual([200, "internal_error"]);
    expect((await post(sim, token)).body["ok"]).toBe(true);
    expect(sim.messages()).toHaveLength(1);
    expect(sim.stats.faultsInjected).toBe(2);
  });

  it("injects ratelimited as HTTP 429 with the given Retry-After", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.faults.add({ method: "chat.postMessage", error: "ratelimited", retryAfter: 7 });
    const res = await post(sim, token);
    expect([res.status, res.headers.get("retry-after")]).toEqual([429, "7"]);
    expect(res.body).toEqual({ ok: false, error: "ratelimited" });
    expect((await post(sim, token)).status).toBe(200);
  });

  it("injects any status and error, e.g. a 503 or the HTTP 200 rate_limited of chat.postMessage", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.faults.set([
      { method: "chat.postMessage", error: "rate_limited" },
      { method: "chat.postMessage", status: 503 },
    ]);
    const first = await post(sim, token);
    expect([first.status, first.body["error"]]).toEqual([200, "rate_limited"]);
    const second = await post(sim, token);
    expect([second.status, second.body["error"]]).toEqual([503, "internal_error"]);
    expect((await post(sim, token)).status).toBe(200);
  });

  it("fails the token exchange and webhooks too", async () => {
    const sim = testSlack();
    sim.faults.add({ method: "oauth.v2.access", error: "internal_error" });
    await expect(install(sim)).rejects.toThrow(/internal_error/);
    const { body } = await install(sim, { scope: "incoming-webhook", channelId: DEMO_CHANNELS.finance });
    const path = new URL(String((body["incoming_webhook"] as Record<string, unknown>)["url"])).pathname;
    sim.faults.add({ method: "webhook" });
    const res = await sim.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x" }),
    });
    expect([res.status, await res.text()]).toEqual([500, "rollup_error"]);
  });

  it("delays calls, then answers normally", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.faults.add({ method: "auth.test", delayMs: 60 });
    const started = performance.now();
    const res = await call(sim, "auth.test", {}, { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(res.body["ok"]).toBe(true);
    expect(sim.faults.current).toEqual([]);
  });

  it("fails every call until cleared with times: null, and at a seeded rate reproducibly", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.faults.add({ method: "*", times: null, error: "account_inactive" });
    for (let i = 0; i < 3; i++)
      expect((await call(sim, "auth.test", {}, { token })).body["error"]).toBe("account_inactive");
    sim.faults.clear();
    expect((await call(sim, "auth.test", {}, { token })).body["ok"]).toBe(true);

    const run = async () => {
      const s = testSlack();
      const t = (await install(s)).token;
      s.faults.set([{ method: "auth.test", rate: 0.4 }], 5);
      const out: boolean[] = [];
      for (let i = 0; i < 30; i++)
        out.push((await call(s, "auth.test", {}, { token: t })).body["ok"] === true);
      return out;
    };
    const a = await run();
    expect(await run()).toEqual(a);
    const failures = a.filter((ok) => !ok).length;
    expect(failures).toBeGreaterThan(3);
    expect(failures).toBeLessThan(27);
  });

  it("can be set over HTTP by a person or a browser test (validated)", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const bad = await sim.app.request("/sim/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "chat.postMessage", times: -1 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("times");
    const ok = await sim.app.request("/sim/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "chat.postMessage", times: 1, error: "not_in_channel" }),
    });
    expect(ok.status).toBe(200);
    expect(
      ((await (await sim.app.request("/sim/faults")).json()) as { rules: unknown[] }).rules,
    ).toHaveLength(1);
    expect((await post(sim, token)).body["error"]).toBe("not_in_channel");
    await sim.app.request("/sim/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ method: "chat.postMessage", times: 5 }),
    });
    expect((await sim.app.request("/sim/faults", { method: "DELETE" })).status).toBe(200);
    expect((await post(sim, token)).body["ok"]).toBe(true);
    const stats = (await (await sim.app.request("/sim/stats")).json()) as {
      byMethod: Record<string, number>;
    };
    expect(stats.byMethod["chat.postMessage"]).toBe(2);
  });
});
