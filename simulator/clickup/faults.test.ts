import { describe, expect, it } from "vitest";
import { testSim } from "./test-support";

async function statuses(
  sim: ReturnType<typeof testSim>,
  auth: string,
  n: number,
  path = "/api/v2/user",
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await sim.app.request(path, { headers: { Authorization: auth } })).status);
  return out;
}

describe("fault injection", () => {
  it("fails the next n requests, then recovers", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    sim.faults.set({ failNextRequests: 2 });
    expect(await statuses(sim, pk, 4)).toEqual([500, 500, 200, 200]);
    sim.faults.set({ failNextRequests: 1, failNextStatus: 429 });
    const res = await sim.app.request("/api/v2/user", { headers: { Authorization: pk } });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ err: "Rate limit reached", ECODE: "APP_002" });
    expect(sim.stats.faultsInjected).toBe(3);
  });

  it("injects 5xx errors at a rate, reproducibly for the same seed", async () => {
    const run = async () => {
      const sim = testSim();
      const pk = sim.createPersonalToken(sim.demo.memberUserId);
      sim.faults.set({ error5xxRate: 0.3, seed: 99 });
      return statuses(sim, pk, 40);
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    const failures = a.filter((s) => s >= 500);
    expect(failures.length).toBeGreaterThan(3);
    expect(failures.length).toBeLessThan(25);
    expect(failures.every((s) => [500, 502, 503].includes(s))).toBe(true);
    // A different seed gives a different sequence.
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    sim.faults.set({ error5xxRate: 0.3, seed: 100 });
    expect(await statuses(sim, pk, 40)).not.toEqual(a);
  });

  it("returns truncated JSON bodies at malformedRate, only on matching paths", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    sim.faults.set({ malformedRate: 1, match: /\/time_entries/ });
    const bad = await sim.app.request(`/api/v2/team/${sim.demo.teamId}/time_entries`, {
      headers: { Authorization: pk },
    });
    expect(bad.status).toBe(200);
    await expect(bad.clone().json()).rejects.toThrow();
    const good = await sim.app.request("/api/v2/user", { headers: { Authorization: pk } });
    expect(await good.json()).toMatchObject({ user: { email: "member@demo.test" } });
    sim.faults.clear();
    const ok = await sim.app.request(`/api/v2/team/${sim.demo.teamId}/time_entries`, {
      headers: { Authorization: pk },
    });
    expect(await ok.json()).toHaveProperty("data");
  });

  it("adds latency with slowMs", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    sim.faults.set({ slowMs: 60 });
    const started = performance.now();
    await statuses(sim, pk, 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("drops and duplicates webhook deliveries", async () => {
    const seen: string[] = [];
    const sim = testSim({
      webhookFetch: async (_input, init) => {
        seen.push(String(init?.body));
        return new Response("ok");
      },
    });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    await sim.app.request(`/api/v2/team/${sim.demo.teamId}/webhook`, {
      method: "POST",
      headers: { Authorization: pk, "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: "https://hooks.example.com", events: ["taskDeleted"] }),
    });
    sim.faults.set({ dropWebhooks: true });
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[0] ?? "");
    await sim.flushWebhooks();
    expect(seen).toHaveLength(0);
    expect(sim.stats.webhooks.dropped).toBe(1);
    sim.faults.set({ duplicateWebhookRate: 1 });
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[1] ?? "");
    await sim.flushWebhooks();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
  });
});
