import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, testClock, testSim, TEST_NOW } from "./test-support";

interface Delivery {
  url: string;
  raw: string;
  signature: string;
  body: {
    event: string;
    task_id?: string;
    webhook_id: string;
    history_items?: Array<{
      id: string;
      field: string;
      before: unknown;
      after: unknown;
      user: { id: number };
    }>;
    data?: Record<string, unknown>;
  };
}

/** A webhook receiver: records deliveries and answers with `status(delivery)`. */
function receiver(status: (d: Delivery, attempt: number) => number = () => 200) {
  const deliveries: Delivery[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const raw = String(init?.body ?? "");
    const headers = new Headers(init?.headers);
    const d: Delivery = {
      url: String(input),
      raw,
      signature: headers.get("x-signature") ?? "",
      body: JSON.parse(raw) as Delivery["body"],
    };
    deliveries.push(d);
    return new Response("ok", { status: status(d, deliveries.length) });
  };
  return { deliveries, fetchImpl };
}

function verify(raw: string, signature: string, secret: string): boolean {
  const mac = Buffer.from(createHmac("sha256", secret).update(raw).digest("hex"));
  const got = Buffer.from(signature);
  return got.length === mac.length && timingSafeEqual(got, mac);
}

type Hook = {
  id: string;
  secret: string;
  health: { status: string; fail_count: number };
  events: string[];
  team_id: number;
  userid: number;
  space_id: string | null;
};

async function createHook(sim: ReturnType<typeof testSim>, auth: string, body: Record<string, unknown>) {
  const res = await call<{ id: string; webhook: Hook }>(
    sim,
    "POST",
    `/api/v2/team/${sim.demo.teamId}/webhook`,
    { auth, body },
  );
  expect(res.status).toBe(200);
  return res.body.webhook;
}

describe("webhook management", () => {
  it("creates, lists (own only), updates and deletes webhooks", async () => {
    const sim = testSim();
    const owner = sim.createPersonalToken(sim.demo.ownerUserId);
    const admin = sim.createPersonalToken(sim.demo.adminUserId);
    const hook = await createHook(sim, owner, {
      endpoint: "hooks.example.com/clickup",
      events: ["taskUpdated", "taskDeleted"],
    });
    expect(hook.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(hook.secret).toMatch(/^[A-Z0-9]{64}$/);
    expect(hook.health).toEqual({ status: "active", fail_count: 0 });
    expect(hook.team_id).toBe(Number(sim.demo.teamId));
    expect((hook as unknown as { endpoint: string }).endpoint).toBe("https://hooks.example.com/clickup");
    const dup = await call(sim, "POST", `/api/v2/team/${sim.demo.teamId}/webhook`, {
      auth: owner,
      body: { endpoint: "https://hooks.example.com/clickup", events: ["*"] },
    });
    expect(dup.body).toMatchObject({ ECODE: "OAUTH_171" });
    expect(
      (
        await call<{ webhooks: Hook[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/webhook`, {
          auth: owner,
        })
      ).body.webhooks,
    ).toHaveLength(1);
    expect(
      (
        await call<{ webhooks: Hook[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/webhook`, {
          auth: admin,
        })
      ).body.webhooks,
    ).toHaveLength(0);
    const put = await call<{ webhook: Hook }>(sim, "PUT", `/api/v2/webhook/${hook.id}`, {
      auth: owner,
      body: { endpoint: "https://hooks.example.com/clickup", events: "*", status: "active" },
    });
    expect(put.body.webhook.events).toEqual(["*"]);
    expect(
      (
        await call(sim, "PUT", `/api/v2/webhook/${hook.id}`, {
          auth: admin,
          body: { endpoint: "https://hooks.example.com/clickup", events: "*", status: "active" },
        })
      ).status,
    ).toBe(401);
    expect((await call(sim, "DELETE", `/api/v2/webhook/${hook.id}`, { auth: owner })).body).toEqual({});
    expect(
      (
        await call<{ webhooks: Hook[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/webhook`, {
          auth: owner,
        })
      ).body.webhooks,
    ).toHaveLength(0);
    expect(
      (
        await call(sim, "POST", `/api/v2/team/${sim.demo.teamId}/webhook`, {
          auth: owner,
          body: { endpoint: "https://x.example.com", events: ["nope"] },
        })
      ).status,
    ).toBe(400);
  });
});

type ErrorBody = { err: string; ECODE: string };

/** The request rules of ClickUp's OpenAPI document for CreateWebhook and UpdateWebhook. */
describe("webhook request rules (ClickUp's OpenAPI document)", () => {
  const setup = async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const post = (body: Record<string, unknown>) =>
      call<ErrorBody & { webhook: Hook }>(sim, "POST", `/api/v2/team/${sim.demo.teamId}/webhook`, {
        auth: pk,
        body,
      });
    const hook = await createHook(sim, pk, {
      endpoint: "https://hooks.example.com/cu",
      events: ["taskUpdated"],
    });
    const put = (body: Record<string, unknown>) =>
      call<ErrorBody & { webhook: Hook }>(sim, "PUT", `/api/v2/webhook/${hook.id}`, { auth: pk, body });
    return { sim, post, put, hook };
  };
  const full = { endpoint: "https://hooks.example.com/cu", events: ["taskCreated"], status: "active" };

  it('POST: events is an array of names; ["*"] subscribes to every event', async () => {
    const { post } = await setup();
    const one = await post({ endpoint: "https://a.example.com", events: "taskCreated" });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ ECODE: "WEBHOOK_002" });
    expect(typeof one.body.err).toBe("string");
    const all = await post({ endpoint: "https://a.example.com", events: ["*"] });
    expect(all.status).toBe(200);
    expect(all.body.webhook.events).toEqual(["*"]);
  });

  it("POST: events items are strings", async () => {
    const { post } = await setup();
    const res = await post({ endpoint: "https://a.example.com", events: [1] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ECODE: "WEBHOOK_002" });
  });

  it("POST: space_id, folder_id, list_id are integers (or digit strings), task_id a string", async () => {
    const { sim, post } = await setup();
    for (const bad of [{ space_id: "abc" }, { folder_id: true }, { list_id: 1.5 }, { task_id: 86 }]) {
      const res = await post({ endpoint: "https://a.example.com", events: ["taskCreated"], ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ ECODE: "WEBHOOK_005" });
    }
    const space = [...sim.state.spaces.values()].find((s) => s.teamId === sim.demo.teamId);
    const ok = await post({
      endpoint: "https://b.example.com",
      events: ["taskCreated"],
      space_id: Number(space?.id),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.webhook.space_id).toBe(space?.id);
  });

  it("PUT: endpoint is required", async () => {
    const { put } = await setup();
    const res = await put({ events: full.events, status: "active" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ECODE: "WEBHOOK_001" });
  });

  it("PUT: status is required", async () => {
    const { put } = await setup();
    const res = await put({ endpoint: full.endpoint, events: full.events });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ECODE: "WEBHOOK_004" });
  });

  it("PUT: events is required", async () => {
    const { put } = await setup();
    const res = await put({ endpoint: full.endpoint, status: "active" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ECODE: "WEBHOOK_002" });
  });

  it("PUT: a refused update changes nothing; the client's reactivation (all three fields) applies", async () => {
    const { sim, put, hook } = await setup();
    expect((await put({ endpoint: "https://other.example.com", events: full.events })).status).toBe(400);
    expect(sim.state.webhooks.get(hook.id)?.endpoint).toBe("https://hooks.example.com/cu");
    const res = await put(full);
    expect(res.status).toBe(200);
    expect(res.body.webhook.events).toEqual(["taskCreated"]);
    expect(res.body.webhook.health).toEqual({ status: "active", fail_count: 0 });
  });
});

describe("webhook delivery", () => {
  it("delivers signed payloads for API changes with the ClickUp fan-out", async () => {
    const rx = receiver();
    const sim = testSim({ webhookFetch: rx.fetchImpl, webhookRetryDelayMs: 1 });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const hook = await createHook(sim, pk, { endpoint: "https://hooks.example.com/cu", events: ["*"] });
    const taskId = sim.demo.memberFixtures.currentWeekTaskIds[0] ?? "";
    const res = await call(sim, "PUT", `/api/v2/task/${taskId}`, { auth: pk, body: { status: "revision" } });
    expect(res.status).toBe(200);
    await sim.flushWebhooks();
    expect(rx.deliveries.map((d) => d.body.event)).toEqual(["taskStatusUpdated", "taskUpdated"]);
    for (const d of rx.deliveries) {
      expect(verify(d.raw, d.signature, hook.secret)).toBe(true);
      expect(d.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(d.body.webhook_id).toBe(hook.id);
      expect(d.body.task_id).toBe(taskId);
    }
    const item = rx.deliveries[0]?.body.history_items?.[0];
    expect(item).toMatchObject({
      field: "status",
      before: { status: "in progress" },
      after: { status: "revision", type: "custom" },
      user: { id: sim.demo.ownerUserId },
    });
    expect(item?.id).toMatch(/^\d{19}$/);
    expect(verify(rx.deliveries[0]?.raw ?? "", rx.deliveries[0]?.signature ?? "", "wrong-secret")).toBe(
      false,
    );
  });

  it("fires the same webhooks for changes made 'in ClickUp' via the test helpers", async () => {
    const rx = receiver();
    const sim = testSim({ webhookFetch: rx.fetchImpl });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    await createHook(sim, pk, { endpoint: "https://hooks.example.com/cu", events: ["*"] });
    const [a, b, c] = sim.demo.memberFixtures.currentWeekTaskIds;
    sim.mutate.setTaskStatus(a ?? "", "complete", { userId: sim.demo.memberUserId });
    sim.mutate.archiveTask(b ?? "");
    sim.mutate.deleteTask(c ?? "");
    const entryId = sim.mutate.addTimeEntry({
      userId: sim.demo.memberUserId,
      taskId: a ?? "",
      start: TEST_NOW - 3_600_000,
      duration: 1_200_000,
    });
    sim.mutate.setCustomField(a ?? "", "h/d est", 5);
    sim.mutate.createTask(sim.demo.projects[0]?.listIds[0] ?? "", { name: "Fresh task" });
    await sim.flushWebhooks();
    const events = rx.deliveries.map((d) => d.body.event);
    expect(events).toEqual([
      "taskStatusUpdated",
      "taskUpdated",
      "taskUpdated",
      "taskDeleted",
      "taskTimeTrackedUpdated",
      "taskUpdated",
      "taskUpdated",
      "taskCreated",
      "taskStatusUpdated",
    ]);
    const tracked = rx.deliveries.find((d) => d.body.event === "taskTimeTrackedUpdated");
    expect(tracked?.body.data).toMatchObject({ description: "Time Tracking Created", interval_id: entryId });
    expect(tracked?.body.history_items?.[0]).toMatchObject({
      field: "time_spent",
      after: { id: entryId, time: "1200000" },
    });
    const deleted = rx.deliveries.find((d) => d.body.event === "taskDeleted");
    expect(deleted?.body.history_items).toBeUndefined();
    const cf = rx.deliveries.filter((d) => d.body.event === "taskUpdated").at(-1);
    expect(cf?.body.history_items?.[0]).toMatchObject({ field: "custom_field", after: "5" });
  });

  it("honours the event list and location filters", async () => {
    const rx = receiver();
    const sim = testSim({ webhookFetch: rx.fetchImpl });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const [inFirst] = sim.demo.memberFixtures.currentWeekTaskIds;
    const task = sim.state.taskById.get(inFirst ?? "");
    await createHook(sim, pk, { endpoint: "https://a.example.com", events: ["taskDeleted"] });
    await createHook(sim, pk, { endpoint: "https://b.example.com", events: ["*"], list_id: task?.listId });
    await createHook(sim, pk, {
      endpoint: "https://c.example.com",
      events: ["*"],
      space_id: sim.demo.privateSpaceId,
    });
    sim.mutate.updateTask(inFirst ?? "", { name: "Only list hook sees this" });
    await sim.flushWebhooks();
    expect(new Set(rx.deliveries.map((d) => new URL(d.url).host))).toEqual(new Set(["b.example.com"]));
  });

  it("retries up to 5 times, then drops the event and marks the webhook failing; success resets", async () => {
    let failing = true;
    const rx = receiver(() => (failing ? 500 : 200));
    const sim = testSim({ webhookFetch: rx.fetchImpl, webhookRetryDelayMs: 1 });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const hook = await createHook(sim, pk, {
      endpoint: "https://hooks.example.com/cu",
      events: ["taskDeleted"],
    });
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[0] ?? "");
    await sim.flushWebhooks();
    expect(rx.deliveries).toHaveLength(5);
    expect(new Set(rx.deliveries.map((d) => d.raw)).size).toBe(1); // same payload each try
    expect(sim.stats.webhooks).toMatchObject({ queued: 1, delivered: 0, failedAttempts: 5, dropped: 1 });
    let listed = await call<{ webhooks: Hook[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/webhook`, {
      auth: pk,
    });
    expect(listed.body.webhooks[0]?.health).toEqual({ status: "failing", fail_count: 1 });

    failing = false;
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[1] ?? "");
    await sim.flushWebhooks();
    expect(rx.deliveries).toHaveLength(6);
    listed = await call<{ webhooks: Hook[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/webhook`, {
      auth: pk,
    });
    expect(listed.body.webhooks[0]?.health).toEqual({ status: "active", fail_count: 0 });
    expect(hook.id).toBe(listed.body.webhooks[0]?.id);
  });

  it("suspends immediately on 410 and can be re-activated with PUT status=active", async () => {
    let status = 410;
    const rx = receiver(() => status);
    const sim = testSim({ webhookFetch: rx.fetchImpl, webhookRetryDelayMs: 1 });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const hook = await createHook(sim, pk, {
      endpoint: "https://hooks.example.com/cu",
      events: ["taskDeleted"],
    });
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[0] ?? "");
    await sim.flushWebhooks();
    expect(rx.deliveries).toHaveLength(1);
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[1] ?? "");
    await sim.flushWebhooks();
    expect(rx.deliveries).toHaveLength(1); // suspended: nothing sent
    const put = await call<{ webhook: Hook }>(sim, "PUT", `/api/v2/webhook/${hook.id}`, {
      auth: pk,
      // ClickUp's document requires endpoint, events and status together (as the client sends them).
      body: { endpoint: "https://hooks.example.com/cu", events: ["taskDeleted"], status: "active" },
    });
    expect(put.body.webhook.health).toEqual({ status: "active", fail_count: 0 });
    status = 200;
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[2] ?? "");
    await sim.flushWebhooks();
    expect(rx.deliveries).toHaveLength(2);
  });

  it("times out slow receivers", async () => {
    const clock = testClock();
    const slow: typeof fetch = (_input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response("late")), 1000);
        init?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new Error("aborted"));
        });
      });
    const sim = testSim({
      webhookFetch: slow,
      webhookTimeoutMs: 20,
      webhookRetryDelayMs: 1,
      webhookMaxAttempts: 2,
      now: clock.now,
    });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    await createHook(sim, pk, { endpoint: "https://hooks.example.com/cu", events: ["*"] });
    sim.mutate.deleteTask(sim.demo.deleteCandidateTaskIds[0] ?? "");
    await sim.flushWebhooks();
    expect(sim.webhookLog.map((l) => l.error)).toEqual(["timeout", "timeout"]);
    expect(sim.stats.webhooks.dropped).toBe(1);
  });
});
