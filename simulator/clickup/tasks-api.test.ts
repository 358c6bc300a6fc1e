import { describe, expect, it } from "vitest";
import { call, testClock, testSim } from "./test-support";

type Task = {
  id: string;
  custom_id: string | null;
  custom_item_id: number;
  name: string;
  status: { status: string; type: string };
  parent: string | null;
  archived: boolean;
  date_updated: string;
  date_created: string;
  time_spent?: number;
  list: { id: string };
  folder: { id: string; name: string; hidden: boolean };
  custom_fields: Array<{
    id: string;
    name: string;
    type: string;
    value?: unknown;
    type_config: { options?: Array<{ id: string; orderindex: number; name?: string }> };
  }>;
  assignees: Array<{ id: number }>;
  url: string;
};
type TaskPage = { tasks: Task[]; last_page: boolean };

async function allPages(
  sim: ReturnType<typeof testSim>,
  auth: string,
  path: string,
): Promise<{ tasks: Task[]; pages: number }> {
  const tasks: Task[] = [];
  for (let page = 0; ; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call<TaskPage>(sim, "GET", `${path}${sep}page=${page}`, { auth });
    expect(res.status).toBe(200);
    expect(res.body.tasks.length).toBeLessThanOrEqual(100);
    tasks.push(...res.body.tasks);
    if (res.body.last_page) return { tasks, pages: page + 1 };
    expect(res.body.tasks).toHaveLength(100);
  }
}

describe("auth and errors", () => {
  it("accepts personal tokens without Bearer, rejects missing and unknown tokens", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    expect(pk).toMatch(/^pk_\d+_[A-Z0-9]{32}$/);
    expect(sim.createPersonalToken(sim.demo.memberUserId)).toBe(pk);
    expect((await call(sim, "GET", "/api/v2/user", { auth: pk })).status).toBe(200);
    expect((await call(sim, "GET", "/api/v2/user", { auth: `Bearer ${pk}` })).status).toBe(200);
    const missing = await call(sim, "GET", "/api/v2/user");
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ err: "Authorization header required", ECODE: "OAUTH_017" });
    const unknown = await call(sim, "GET", "/api/v2/user", { auth: "pk_1_NOPE" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ ECODE: "OAUTH_019" });
    // Regenerating invalidates the old token.
    const fresh = sim.createPersonalToken(sim.demo.memberUserId, { regenerate: true });
    expect(fresh).not.toBe(pk);
    expect((await call(sim, "GET", "/api/v2/user", { auth: pk })).status).toBe(401);
  });

  it("answers 401 for inaccessible or unknown ids, 404 for unknown workspaces and routes", async () => {
    const sim = testSim();
    const member = sim.createPersonalToken(sim.demo.memberUserId);
    const owner = sim.createPersonalToken(sim.demo.ownerUserId);
    const priv = sim.demo.privateSpaceId ?? "";
    const denied = await call(sim, "GET", `/api/v2/space/${priv}`, { auth: member });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({ err: "Team(s) not authorized", ECODE: "OAUTH_023" });
    expect((await call(sim, "GET", `/api/v2/space/${priv}`, { auth: owner })).status).toBe(200);
    const privateList = [...sim.state.lists.values()].find((l) => l.spaceId === priv);
    expect((await call(sim, "GET", `/api/v2/list/${privateList?.id}/task`, { auth: member })).status).toBe(
      401,
    );
    const privateTask = sim.state.tasks.find((t) => t.spaceId === priv);
    const taskDenied = await call(sim, "GET", `/api/v2/task/${privateTask?.id}`, { auth: member });
    expect(taskDenied.status).toBe(401);
    expect(taskDenied.body).toEqual({ err: "Oauth token not found", ECODE: "OAUTH_018" });
    expect((await call(sim, "GET", "/api/v2/task/86zzzzzzz", { auth: member })).status).toBe(401);
    expect((await call(sim, "GET", "/api/v2/folder/123", { auth: member })).status).toBe(401);
    const noTeam = await call(sim, "GET", "/api/v2/team/999999/space", { auth: member });
    expect(noTeam.status).toBe(404);
    expect(noTeam.body).toEqual({ err: "Workspace not found", ECODE: "SHARD_031" });
    const route = await call(sim, "GET", "/api/v2/does/not/exist", { auth: member });
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({ err: expect.any(String), ECODE: expect.any(String) });
    // The member's view of the team tasks excludes the private space.
    const all = await allPages(
      sim,
      member,
      `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true`,
    );
    expect(all.tasks.some((t) => t.id === privateTask?.id)).toBe(false);
  });
});

describe("rate limit", () => {
  it("sends X-RateLimit headers and 429 with the documented body, then resets after the window", async () => {
    const clock = testClock();
    const sim = testSim({ rateLimitPerMinute: 3, now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const other = sim.createPersonalToken(sim.demo.ownerUserId);
    const first = await call(sim, "GET", "/api/v2/user", { auth: pk });
    expect(first.headers.get("x-ratelimit-limit")).toBe("3");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("2");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset).toBe(Math.ceil((clock.now() + 60_000) / 1000));
    await call(sim, "GET", "/api/v2/user", { auth: pk });
    const third = await call(sim, "GET", "/api/v2/team", { auth: pk });
    expect(third.headers.get("x-ratelimit-remaining")).toBe("0");
    const limited = await call(sim, "GET", "/api/v2/user", { auth: pk });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ err: "Rate limit reached", ECODE: "APP_002" });
    expect(limited.headers.get("x-ratelimit-reset")).toBe(String(reset));
    expect(sim.stats.rateLimited).toBe(1);
    // Limits are per token.
    expect((await call(sim, "GET", "/api/v2/user", { auth: other })).status).toBe(200);
    clock.advance(60_001);
    const after = await call(sim, "GET", "/api/v2/user", { auth: pk });
    expect(after.status).toBe(200);
    expect(after.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("can be unlimited and counts requests by route", async () => {
    const sim = testSim({ rateLimitPerMinute: null });
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    for (let i = 0; i < 150; i++) await call(sim, "GET", "/api/v2/user", { auth: pk });
    const res = await call(sim, "GET", `/api/v2/team/${sim.demo.teamId}/task`, { auth: pk });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    expect(sim.stats.total).toBe(151);
    expect(sim.stats.byRoute["GET /api/v2/user"]).toBe(150);
    expect(sim.stats.byRoute["GET /api/v2/team/:team_id/task"]).toBe(1);
  });
});

describe("hierarchy", () => {
  it("lists spaces, folders, folder lists, folderless lists and custom task types", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const spaces = await call<{
      spaces: Array<{ id: string; name: string; statuses: Array<{ status: string; type: string }> }>;
    }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/space`, { auth: pk });
    const names = spaces.body.spaces.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "BIDS",
        "CREATIVE",
        "PRODUCTION",
        "POST",
        "COMPLETED JOBS",
        "AGENCY",
        "LEADERSHIP",
      ]),
    );
    const creative = spaces.body.spaces.find((s) => s.name === "CREATIVE");
    expect(creative?.statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(["in creative", "revision", "needs work", "complete", "closed"]),
    );
    const folders = await call<{
      folders: Array<{ id: string; name: string; lists: unknown[]; task_count: string }>;
    }>(sim, "GET", `/api/v2/space/${creative?.id}/folder`, { auth: pk });
    expect(folders.body.folders.length).toBeGreaterThan(0);
    expect(folders.body.folders[0]?.name).toMatch(/ - /);
    expect(typeof folders.body.folders[0]?.task_count).toBe("string");
    const lists = await call<{ lists: Array<{ id: string; folder: { name: string } }> }>(
      sim,
      "GET",
      `/api/v2/folder/${folders.body.folders[0]?.id}/list`,
      { auth: pk },
    );
    expect(lists.body.lists.length).toBe(3);
    const agency = spaces.body.spaces.find((s) => s.name === "AGENCY");
    const folderless = await call<{ lists: Array<{ folder: { name: string; hidden: boolean } }> }>(
      sim,
      "GET",
      `/api/v2/space/${agency?.id}/list`,
      { auth: pk },
    );
    expect(folderless.body.lists.length).toBe(2);
    expect(folderless.body.lists[0]?.folder).toMatchObject({ name: "hidden", hidden: true });
    const items = await call<{ custom_items: Array<{ id: number; name: string }> }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/custom_item`,
      { auth: pk },
    );
    expect(items.body.custom_items.map((i) => i.id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 1001, 1009, 1014, 1031, 1033,
    ]);
    const team = await call<{
      teams: Array<{ members: Array<{ user: { email: string; role: number; role_key: string } }> }>;
    }>(sim, "GET", "/api/v2/team", { auth: pk });
    const roles = Object.fromEntries(
      team.body.teams[0]?.members.map((m) => [m.user.email, m.user.role]) ?? [],
    );
    expect(roles).toMatchObject({ "owner@demo.test": 1, "admin@demo.test": 2, "member@demo.test": 3 });
  });
});

describe("task listing", () => {
  it("pages 100 at a time with last_page, excluding closed tasks, subtasks and archived by default", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/task`;
    const all = await allPages(sim, pk, `${base}?include_closed=true&subtasks=true`);
    const live = sim.state.tasks.filter((t) => !t.deleted && !t.archived);
    expect(all.tasks.length).toBe(live.length);
    expect(all.pages).toBe(Math.ceil(live.length / 100));
    expect(new Set(all.tasks.map((t) => t.id)).size).toBe(all.tasks.length);

    const defaults = await allPages(sim, pk, base);
    expect(
      defaults.tasks.every(
        (t) => t.parent === null && t.status.type !== "closed" && t.status.type !== "done",
      ),
    ).toBe(true);
    expect(defaults.tasks.length).toBeLessThan(all.tasks.length);

    expect(all.tasks.some((t) => t.archived)).toBe(false);

    const withSubtasks = all.tasks.filter((t) => t.parent !== null);
    expect(withSubtasks.length).toBeGreaterThan(0);
    const beyond = await call<TaskPage>(sim, "GET", `${base}?page=999`, { auth: pk });
    expect(beyond.body).toEqual({ tasks: [], last_page: true });
  });

  it("archived=true is a list parameter (the OpenAPI document): only archived tasks there, ignored on the team endpoint", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const archivedTasks = sim.state.tasks.filter(
      (t) => !t.deleted && t.archived && t.teamId === sim.demo.teamId,
    );
    expect(archivedTasks.length).toBeGreaterThan(0);
    const listId = archivedTasks[0]!.listId;
    const inList = await allPages(
      sim,
      pk,
      `/api/v2/list/${listId}/task?archived=true&include_closed=true&subtasks=true`,
    );
    expect(inList.tasks.map((t) => t.id).sort()).toEqual(
      archivedTasks
        .filter((t) => t.listId === listId)
        .map((t) => t.id)
        .sort(),
    );
    expect(inList.tasks.every((t) => t.archived)).toBe(true);
    const base = `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true`;
    const team = await allPages(sim, pk, `${base}&archived=true`);
    expect(team.tasks.some((t) => t.archived)).toBe(false);
    expect(team.tasks.length).toBe((await allPages(sim, pk, base)).tasks.length);
  });

  it("orders by created desc by default, reverse flips, date_updated_gt is strictly greater", async () => {
    const clock = testClock();
    const sim = testSim({ now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true`;
    const first = await call<TaskPage>(sim, "GET", base, { auth: pk });
    const created = first.body.tasks.map((t) => Number(t.date_created));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const rev = await call<TaskPage>(sim, "GET", `${base}&order_by=updated&reverse=true`, { auth: pk });
    const updated = rev.body.tasks.map((t) => Number(t.date_updated));
    expect(updated).toEqual([...updated].sort((a, b) => a - b));

    clock.advance(60_000);
    const cursor = clock.now();
    const target = sim.demo.memberFixtures.currentWeekTaskIds[0] ?? "";
    sim.mutate.updateTask(target, { name: "Renamed in ClickUp" });
    // The OpenAPI document: "date updated greater than" — an update at the bound is left out.
    const atBound = await allPages(
      sim,
      pk,
      `${base}&order_by=updated&reverse=true&date_updated_gt=${cursor}`,
    );
    expect(atBound.tasks).toEqual([]);
    const changed = await allPages(
      sim,
      pk,
      `${base}&order_by=updated&reverse=true&date_updated_gt=${cursor - 1}`,
    );
    expect(changed.tasks.map((t) => t.id)).toEqual([target]);
    expect(changed.tasks[0]?.name).toBe("Renamed in ClickUp");
  });

  it("filters by list, statuses, assignees, custom items, folders and parent", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const project = sim.demo.projects.find((p) => p.kind === "creative");
    const listId = project?.listIds[0] ?? "";
    const list = await call<TaskPage>(sim, "GET", `/api/v2/list/${listId}/task?include_closed=true`, {
      auth: pk,
    });
    expect(list.body.tasks.length).toBeGreaterThan(0);
    expect(list.body.tasks.every((t) => t.list.id === listId)).toBe(true);
    const metas = await allPages(
      sim,
      pk,
      `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&custom_items[]=1001`,
    );
    expect(metas.tasks).toHaveLength(sim.demo.projects.length);
    const byFolder = await allPages(
      sim,
      pk,
      `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true&project_ids[]=${project?.folderId}`,
    );
    expect(byFolder.tasks.every((t) => t.folder.id === project?.folderId)).toBe(true);
    const mine = await allPages(
      sim,
      pk,
      `/api/v2/team/${sim.demo.teamId}/task?subtasks=true&assignees[]=${sim.demo.memberUserId}`,
    );
    expect(mine.tasks.every((t) => t.assignees.some((a) => a.id === sim.demo.memberUserId))).toBe(true);
    const revision = sim.demo.memberFixtures.revisionTaskIds[0] ?? "";
    const parentId = sim.state.taskById.get(revision)?.parentId ?? "";
    const children = await call<TaskPage>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/task?parent=${parentId}&include_closed=true`,
      { auth: pk },
    );
    expect(children.body.tasks.map((t) => t.id)).toContain(revision);
    const statuses = await allPages(
      sim,
      pk,
      `/api/v2/team/${sim.demo.teamId}/task?statuses[]=revision&statuses[]=needs%20work&subtasks=true`,
    );
    expect(statuses.tasks.length).toBeGreaterThan(0);
    expect(
      statuses.tasks.every((t) => t.status.status === "revision" || t.status.status === "needs work"),
    ).toBe(true);
    const cf = encodeURIComponent(
      JSON.stringify([{ field_id: sim.demo.fieldIds["h/d est"], operator: ">=", value: 4 }]),
    );
    const heavy = await allPages(
      sim,
      pk,
      `/api/v2/team/${sim.demo.teamId}/task?subtasks=true&custom_fields=${cf}`,
    );
    expect(heavy.tasks.length).toBeGreaterThan(0);
    for (const t of heavy.tasks)
      expect(Number(t.custom_fields.find((f) => f.name === "h/d est")?.value)).toBeGreaterThanOrEqual(4);
  });

  it("returns a single task with subtasks and resolves custom task ids", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const project = sim.demo.projects[1];
    const meta = await call<Task & { attachments: unknown[] }>(
      sim,
      "GET",
      `/api/v2/task/${project?.jobCode}?custom_task_ids=true&team_id=${sim.demo.teamId}`,
      { auth: pk },
    );
    expect(meta.status).toBe(200);
    expect(meta.body.id).toBe(project?.metaTaskId);
    expect(meta.body.custom_item_id).toBe(1001);
    expect(meta.body.attachments).toEqual([]);
    expect(typeof meta.body.time_spent).toBe("number");
    const assetId = sim.state.taskById.get(sim.demo.memberFixtures.revisionTaskIds[0] ?? "")?.parentId ?? "";
    const asset = await call<Task & { subtasks: Task[] }>(
      sim,
      "GET",
      `/api/v2/task/${assetId}?include_subtasks=true`,
      { auth: pk },
    );
    expect(asset.body.custom_item_id).toBe(1009);
    expect(asset.body.subtasks.map((s) => s.custom_item_id)).toEqual([1033, 1033]);
  });
});

describe("custom fields", () => {
  it("reads values with ClickUp's encodings", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const project = sim.demo.projects[0];
    const meta = await call<Task>(sim, "GET", `/api/v2/task/${project?.metaTaskId}`, { auth: pk });
    const byName = Object.fromEntries(meta.body.custom_fields.map((f) => [f.name, f]));
    const client = byName["Client"];
    expect(client?.type).toBe("drop_down");
    expect(typeof client?.value).toBe("number"); // option orderindex on reads
    expect(client?.type_config.options?.find((o) => o.orderindex === client.value)?.name).toBe(
      project?.client,
    );
    expect(byName["Job Code"]?.value).toBe(project?.jobCode);
    expect(String(byName["ClickUp Folder ID"]?.value).replace(/"/g, "")).toBe(project?.folderId);
    expect(typeof byName["Budget"]?.value).toBe("number");
    expect(Array.isArray(byName["Account Lead"]?.value)).toBe(true);
    expect((byName["Account Lead"]?.value as Array<{ email: string }>)[0]?.email).toMatch(/@demo\.test$/);
    expect(byName["Progress"]?.value).toMatchObject({ current: expect.any(String) });
    // Fields without a value are listed without `value`.
    expect(byName["Shoot Date"]).toBeDefined();
    expect("value" in (byName["Shoot Date"] ?? {})).toBe(false);
    const booking = await call<Task>(
      sim,
      "GET",
      `/api/v2/task/${sim.demo.memberFixtures.currentWeekTaskIds[0]}`,
      { auth: pk },
    );
    expect(booking.body.custom_fields.find((f) => f.name === "h/d est")?.value).toBe("2"); // numbers read as strings
    const fields = await call<{ fields: Array<{ name: string }> }>(
      sim,
      "GET",
      `/api/v2/list/${project?.listIds[0]}/field`,
      { auth: pk },
    );
    expect(fields.body.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["Client", "Job Code", "Status Update", "ClickUp Folder ID", "h/d est"]),
    );
  });

  it("writes values per type and validates them", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const taskId = sim.demo.memberFixtures.currentWeekTaskIds[0] ?? "";
    const f = sim.demo.fieldIds;
    const set = (field: string | undefined, value: unknown) =>
      call(sim, "POST", `/api/v2/task/${taskId}/field/${field}`, { auth: pk, body: { value } });
    const read = async (name: string) =>
      (await call<Task>(sim, "GET", `/api/v2/task/${taskId}`, { auth: pk })).body.custom_fields.find(
        (x) => x.name === name,
      );

    const clientField = await read("Client");
    const option = clientField?.type_config.options?.[3];
    expect((await set(f["Client"], option?.id)).status).toBe(200);
    expect((await read("Client"))?.value).toBe(3);
    expect((await set(f["Client"], 5)).status).toBe(200); // index accepted too
    expect((await read("Client"))?.value).toBe(5);
    const bad = await set(f["Client"], "not-an-option");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ECODE: "FIELD_011" });

    expect((await set(f["h/d est"], 7.5)).status).toBe(200);
    expect((await read("h/d est"))?.value).toBe("7.5");
    expect((await set(f["h/d est"], "abc")).status).toBe(400);
    expect((await set(f["Approved"], true)).status).toBe(200);
    expect((await read("Approved"))?.value).toBe("true");
    expect((await set(f["Shoot Date"], 1773900000000)).status).toBe(200);
    expect((await read("Shoot Date"))?.value).toBe("1773900000000");
    expect((await set(f["Status Update"], "Client loved it")).status).toBe(200);
    expect((await read("Status Update"))?.value).toBe("Client loved it");
    const labels = (await read("Deliverable Type"))?.type_config.options ?? [];
    expect((await set(f["Deliverable Type"], [labels[0]?.id, labels[2]?.id])).status).toBe(200);
    expect((await read("Deliverable Type"))?.value).toEqual([labels[0]?.id, labels[2]?.id]);
    expect(
      (await set(f["Account Lead"], { add: [sim.demo.memberUserId, sim.demo.adminUserId], rem: [] })).status,
    ).toBe(200);
    expect((await set(f["Account Lead"], { add: [], rem: [sim.demo.adminUserId] })).status).toBe(200);
    expect(((await read("Account Lead"))?.value as Array<{ id: number }>).map((u) => u.id)).toEqual([
      sim.demo.memberUserId,
    ]);
    expect((await set(f["Budget"], 1234.5)).status).toBe(200);
    expect((await read("Budget"))?.value).toBe(1234.5);

    expect(
      (await call(sim, "DELETE", `/api/v2/task/${taskId}/field/${f["Budget"]}`, { auth: pk })).status,
    ).toBe(200);
    expect("value" in ((await read("Budget")) ?? {})).toBe(false);
  });
});

describe("task writes", () => {
  it("creates, updates and deletes tasks", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.adminUserId);
    const listId = sim.demo.projects[2]?.listIds[1] ?? "";
    const created = await call<Task>(sim, "POST", `/api/v2/list/${listId}/task`, {
      auth: pk,
      body: {
        name: "New storyboard",
        assignees: [sim.demo.memberUserId],
        status: "in progress",
        priority: 2,
        due_date: 1774000000000,
        custom_item_id: 1009,
        custom_fields: [{ id: sim.demo.fieldIds["Review Link"], value: "https://review.example.com/x" }],
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^[0-9a-z]{9}$/);
    expect(created.body.custom_item_id).toBe(1009);
    expect(created.body.custom_fields.find((x) => x.name === "Review Link")?.value).toBe(
      "https://review.example.com/x",
    );
    const updated = await call<Task>(sim, "PUT", `/api/v2/task/${created.body.id}`, {
      auth: pk,
      body: {
        status: "complete",
        name: "Storyboard v2",
        assignees: { add: [sim.demo.ownerUserId], rem: [sim.demo.memberUserId] },
      },
    });
    expect(updated.body.status.status).toBe("complete");
    expect(updated.body.assignees.map((a) => a.id)).toEqual([sim.demo.ownerUserId]);
    expect(
      (
        await call(sim, "PUT", `/api/v2/task/${created.body.id}`, {
          auth: pk,
          body: { status: "nonexistent" },
        })
      ).status,
    ).toBe(400);
    expect((await call(sim, "DELETE", `/api/v2/task/${created.body.id}`, { auth: pk })).body).toEqual({});
    expect((await call(sim, "GET", `/api/v2/task/${created.body.id}`, { auth: pk })).status).toBe(401);
  });
});
