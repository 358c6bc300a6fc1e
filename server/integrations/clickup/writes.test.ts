import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClickUpSimulator, type ClickUpSimulator } from "../../../simulator/clickup/index";
import { TEST_NOW } from "../../../simulator/clickup/test-support";
import { ClickUpApiError, ClickUpClient, type ClickUpClientOptions } from "./client";
import { RateLimitScheduler } from "./rate-limit";
import type { CuTask } from "./types";

/**
 * The safe creates (clickup-api-writes.md §6) through real HTTP against the simulator served on
 * a local port, with its "apply then fail" fault standing in for a lost response: the write
 * happens in ClickUp, the client sees a 5xx or a timeout. A create must then be adopted, never
 * repeated; refusals stop at once; 429s are waited out; 5xx before applying are retried.
 */

let sim: ClickUpSimulator;
let server: ServerType;
let baseUrl: string;
let ownerToken: string;

beforeAll(async () => {
  sim = createClickUpSimulator({ seed: 11, agency: "small", rateLimitPerMinute: null, now: () => TEST_NOW });
  ownerToken = sim.createPersonalToken(sim.demo.ownerUserId);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: sim.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
});

afterAll(async () => {
  sim.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => sim.faults.clear());

function client(opts: Partial<ClickUpClientOptions> = {}): ClickUpClient {
  return new ClickUpClient({
    baseUrl,
    token: ownerToken,
    backoffMs: 5,
    timeoutMs: 2_000,
    scheduler: new RateLimitScheduler(),
    ...opts,
  });
}

let counter = 0;
/** A fresh folder name per test (the simulator is shared by the file). */
const unique = (label: string) => `${label} ${++counter}`;

const spaceId = () => {
  const space = sim.demo.spaces.find((s) => s.name === "CREATIVE");
  if (!space) throw new Error("no CREATIVE space");
  return space.id;
};
const foldersNamed = (name: string) =>
  [...sim.state.folders.values()].filter((f) => !f.deleted && f.name === name);
const listsNamed = (folderId: string, name: string) =>
  [...sim.state.lists.values()].filter((l) => !l.deleted && l.folderId === folderId && l.name === name);
const tasksNamed = (listId: string, name: string) =>
  (sim.state.tasksByList.get(listId) ?? []).filter((t) => !t.deleted && t.name === name);

describe("safe creates without faults", () => {
  it("cost exactly one call each and send the template's fields", async () => {
    const c = client();
    const name = unique("Spring Launch");
    const folder = await c.createFolder(spaceId(), name);
    expect(c.calls).toBe(1);
    expect(folder).toMatchObject({ name, spaceId: spaceId(), hidden: false });
    const list = await c.createList(folder.id, { name: "Production", dueDate: 1774000000000, status: "red" });
    expect(c.calls).toBe(2);
    expect(list).toMatchObject({ name: "Production", folderId: folder.id, spaceId: spaceId() });
    const outcomes: Array<{ adopted: boolean; attempts: number }> = [];
    const parent = await c.createTask(
      list.id,
      {
        name: "Client approval",
        description: "**Sign-off**",
        customItemId: 1,
        assignees: [String(sim.demo.memberUserId)],
        tags: ["milestone"],
        timeEstimateMs: 3_600_000,
        startDate: 1773900000000,
        dueDate: 1774000000000,
        dueDateTime: true,
        customFields: [{ id: sim.demo.fieldIds["h/d est"] ?? "", value: 2 }],
      },
      { onOutcome: (o) => outcomes.push(o) },
    );
    expect(c.calls).toBe(3);
    expect(outcomes).toEqual([{ adopted: false, attempts: 1 }]);
    const child = await c.createTask(list.id, { name: "Send deck", parent: parent.id });
    expect(c.calls).toBe(4);
    expect(child.parentId).toBe(parent.id);
    expect(parent).toMatchObject({
      customItemId: 1,
      dueDate: 1774000000000,
      startDate: 1773900000000,
      timeEstimate: 3_600_000,
      tags: ["milestone"],
      listId: list.id,
    });
    expect(sim.state.taskById.get(parent.id)).toMatchObject({ dueDateTime: true, startDateTime: false });
    expect(parent.customFields.find((f) => f.name === "h/d est")?.value).toBe("2");

    const moved = await c.updateTask(parent.id, { dueDate: 1774086400000, startDate: null });
    expect(moved).toMatchObject({ dueDate: 1774086400000, startDate: null });
    expect(sim.state.taskById.get(parent.id)?.dueDateTime).toBe(false);
    await c.setCustomFieldValue(parent.id, sim.demo.fieldIds["h/d est"] ?? "", 4);
    expect(sim.state.taskById.get(parent.id)?.fields?.[sim.demo.fieldIds["h/d est"] ?? ""]).toBe(4);
    expect(c.calls).toBe(6);
  });
});

describe("a lost response (apply then fail) is adopted, not repeated", () => {
  it("folder: a 502 after the write → the lookup adopts the one folder", async () => {
    const c = client();
    const name = unique("Lost Folder");
    sim.faults.set({ applyThenFailNext: 1, methods: ["POST"] });
    const outcomes: Array<{ adopted: boolean; attempts: number }> = [];
    const folder = await c.createFolder(spaceId(), name, { onOutcome: (o) => outcomes.push(o) });
    expect(foldersNamed(name)).toHaveLength(1);
    expect(folder.id).toBe(foldersNamed(name)[0]?.id);
    expect(outcomes).toEqual([{ adopted: true, attempts: 2 }]);
    expect(c.calls).toBe(2); // the POST, then GET /space/{id}/folder
    expect(sim.stats.faultsInjected).toBeGreaterThanOrEqual(1);
  });

  it("list: the connection hangs after the write → timeout, lookup, adopt", async () => {
    const c = client({ timeoutMs: 300 });
    const folder = await c.createFolder(spaceId(), unique("Hang Folder"));
    sim.faults.set({ applyThenFailNext: 1, applyThenFailStatus: "hang", hangMs: 20_000, methods: ["POST"] });
    const started = performance.now();
    const list = await c.createList(folder.id, { name: "Deliverables" });
    expect(performance.now() - started).toBeLessThan(10_000); // the client timed out; it did not wait for the 504
    expect(listsNamed(folder.id, "Deliverables")).toHaveLength(1);
    expect(list.id).toBe(listsNamed(folder.id, "Deliverables")[0]?.id);
    expect(c.calls).toBe(3);
  });

  it("task: default match is same name and parent; a custom adopt skips tasks the caller already has", async () => {
    const c = client();
    const folder = await c.createFolder(spaceId(), unique("Task Folder"));
    const list = await c.createList(folder.id, { name: "Tasks" });
    const parent = await c.createTask(list.id, { name: "Shoot" });

    sim.faults.set({ applyThenFailNext: 1, methods: ["POST"] });
    const child = await c.createTask(list.id, { name: "Call sheet", parent: parent.id });
    expect(tasksNamed(list.id, "Call sheet")).toHaveLength(1);
    expect(child.id).toBe(tasksNamed(list.id, "Call sheet")[0]?.id);
    expect(child.parentId).toBe(parent.id);

    // A second "Shoot" whose answer is lost: the default matcher would adopt the first one, the
    // caller's matcher (ids it has recorded) adopts the new one. Two tasks, not three.
    const known = new Set([parent.id]);
    sim.faults.set({ applyThenFailNext: 1, applyThenFailStatus: 503, methods: ["POST"] });
    const second = await c.createTask(
      list.id,
      { name: "Shoot" },
      { adopt: (t: CuTask) => t.name === "Shoot" && !known.has(t.id) },
    );
    expect(second.id).not.toBe(parent.id);
    expect(
      tasksNamed(list.id, "Shoot")
        .map((t) => t.id)
        .sort(),
    ).toEqual([parent.id, second.id].sort());
  });

  it("task: a cut-off 2xx body counts as unknown too; closed tasks are found", async () => {
    const c = client();
    const folder = await c.createFolder(spaceId(), unique("Malformed Folder"));
    const list = await c.createList(folder.id, { name: "Tasks" });
    const closed = sim.state.spaces.get(spaceId())?.statuses.find((s) => s.type === "closed")?.status;
    sim.faults.set({ malformedRate: 1, methods: ["POST"] });
    const task = await c.createTask(list.id, { name: "Wrap", status: closed });
    expect(tasksNamed(list.id, "Wrap")).toHaveLength(1);
    expect(task.status?.status).toBe(closed);
  });

  it("a retry answered CAT_014 / SUBCAT_016 adopts by name; a first attempt only with adoptExisting", async () => {
    const c = client();
    const name = unique("Existing Folder");
    const existing = await c.createFolder(spaceId(), name);
    const refused = await c.createFolder(spaceId(), name).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ClickUpApiError);
    expect((refused as ClickUpApiError).ecode).toBe("CAT_014");
    const before = c.calls;
    const adopted = await c.createFolder(spaceId(), name, { adoptExisting: true });
    expect(adopted.id).toBe(existing.id);
    expect(c.calls - before).toBe(2);
    const list = await c.createList(existing.id, { name: "Plan" });
    expect((await c.createList(existing.id, { name: "plan" }, { adoptExisting: true })).id).toBe(list.id);
    expect(foldersNamed(name)).toHaveLength(1);
  });
});

describe("refusals, rate limits and failures before the write", () => {
  it("a 401 ACCESS_064 stops at once with ClickUp's message", async () => {
    const guest = sim.state.addUser({ username: "Gus Guest", email: "gus@example.com" });
    sim.state.addMember(sim.demo.teamId, guest.id, 4);
    const c = client({ token: sim.createPersonalToken(guest.id) });
    const err = await c.createFolder(spaceId(), unique("Guest Folder")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickUpApiError);
    expect(err).toMatchObject({
      status: 401,
      ecode: "ACCESS_064",
      err: "You do not have permission to do this action",
      isAuth: true,
    });
    expect(c.calls).toBe(1);
    const refused = await c
      .createTask(sim.demo.projects[0]?.listIds[0] ?? "", { name: "Nope" })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 401, ecode: "ACCESS_064" });
    expect(c.calls).toBe(2);
  });

  it("other 4xx are not retried either", async () => {
    const c = client();
    const folder = await c.createFolder(spaceId(), unique("Refusal Folder"));
    const list = await c.createList(folder.id, { name: "Tasks" });
    const before = c.calls;
    const err = await c.createTask(list.id, { name: "X", status: "no such status" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, ecode: "ITEM_114", err: "Status does not exist" });
    const hex = await c.createList(folder.id, { name: "Colour", status: "#f9d900" }).catch((e: unknown) => e);
    expect(hex).toMatchObject({ status: 400, ecode: "SUBCAT_104" });
    expect(c.calls - before).toBe(2);
  });

  it("a 429 storm is waited out and the create sent once it passes", async () => {
    const c = client();
    const name = unique("Storm Folder");
    sim.faults.set({ failNextRequests: 2, failNextStatus: 429, methods: ["POST"] });
    const started = performance.now();
    const folder = await c.createFolder(spaceId(), name);
    expect(foldersNamed(name).map((f) => f.id)).toEqual([folder.id]);
    expect(c.calls).toBe(3); // two 429s, then the create; no lookups: a 429 is a refusal
    // Each injected 429 says the window resets within about a second; the client waits for it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  }, 15_000);

  it("a 5xx before the write is checked, then retried: one folder", async () => {
    const c = client();
    const name = unique("Retry Folder");
    sim.faults.set({ failNextRequests: 1, failNextStatus: 500, methods: ["POST"] });
    const outcomes: Array<{ adopted: boolean; attempts: number }> = [];
    const folder = await c.createFolder(spaceId(), name, { onOutcome: (o) => outcomes.push(o) });
    expect(foldersNamed(name).map((f) => f.id)).toEqual([folder.id]);
    expect(c.calls).toBe(3); // POST 500, GET (not there), POST 200
    expect(outcomes).toEqual([{ adopted: false, attempts: 2 }]);
  });

  it("gives up after maxRetries unknown outcomes, having created nothing", async () => {
    const c = client();
    const name = unique("Down Folder");
    sim.faults.set({ error5xxRate: 1, methods: ["POST"] });
    const err = await c.createFolder(spaceId(), name, { maxRetries: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClickUpApiError);
    expect((err as ClickUpApiError).status).toBeGreaterThanOrEqual(500);
    expect(c.calls).toBe(5); // 3 POSTs, 2 lookups between them
    expect(foldersNamed(name)).toHaveLength(0);
  });
});
