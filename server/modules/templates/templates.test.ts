import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TemplateTask, TemplateTree } from "@domain/templates";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import type { TemplateDetail, TemplateListResponse, TemplateVersionView } from "./contract";

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

type ErrorBody = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });

  // A synced project: folder f1 with two lists; the meta task starts 2025-04-07.
  const base = { spaceId: "s1", folderId: "f1", folderName: "Acme — Spring" } as const;
  await seedClickupData(ctx.database.db, owner.organizationId, {
    folders: [{ id: "f1", name: "Acme — Spring", spaceId: "s1" }],
    lists: [
      { id: "101", name: "Project Management", folderId: "f1", spaceId: "s1" },
      { id: "102", name: "Creative", folderId: "f1", spaceId: "s1" },
      { id: "103", name: "Old stuff", folderId: "f1", spaceId: "s1", archived: true },
    ],
    tasks: [
      {
        ...base,
        id: "m1",
        listId: "101",
        name: "Acme — Spring",
        customItemId: 1001,
        startDate: day("2025-04-07"),
        dueDate: day("2025-05-30"),
        dateCreated: day("2025-03-01"),
      },
      {
        ...base,
        id: "k1",
        listId: "101",
        name: "Kick-off",
        customItemId: 1,
        dueDate: day("2025-04-08"),
        assigneesArray: [{ id: "u1" }],
        tags: ["meeting"],
        dateCreated: day("2025-03-02"),
      },
      {
        ...base,
        id: "c1",
        listId: "102",
        name: "Concepts",
        customItemId: 2,
        startDate: day("2025-04-09"),
        dueDate: day("2025-04-18"),
        timeEstimateMs: 16 * 3_600_000,
        assigneesArray: [{ id: "u2" }],
        dateCreated: day("2025-03-03"),
      },
      {
        ...base,
        id: "c2",
        listId: "102",
        name: "Moodboards",
        parentTaskId: "c1",
        startDate: day("2025-04-09"),
        dueDate: day("2025-04-11"),
        timeEstimateMs: 90 * 60_000,
        assigneesArray: [{ id: "u1" }],
        dateCreated: day("2025-03-04"),
      },
      { ...base, id: "gone", listId: "102", name: "Deleted", deleted: true, dateCreated: day("2025-03-05") },
    ],
  });
  await seedClickupData(ctx.database.db, stranger.organizationId, {
    folders: [{ id: "fx", name: "Stranger job" }],
    lists: [{ id: "901", name: "Theirs", folderId: "fx" }],
    tasks: [{ id: "x1", listId: "901", folderId: "fx", name: "Their task" }],
  });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  // u1 has exactly one role tag (→ role), u2 has two (→ the person).
  await q(
    `insert into person_settings (organization_id, clickup_user_id, role_tags) values ($1, 'u1', '{producer}')`,
    [owner.organizationId],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, role_tags) values ($1, 'u2', '{designer,art director}')`,
    [owner.organizationId],
  );
});
afterAll(async () => {
  await ctx.close();
});

function task(key: string, over: Partial<TemplateTask> = {}): TemplateTask {
  return {
    key,
    name: `Task ${key}`,
    description: null,
    customItemId: null,
    startOffsetDays: 0,
    dueOffsetDays: 2,
    estimateMinutes: 60,
    assignee: null,
    tags: [],
    parentKey: null,
    ...over,
  };
}

function tree(over: Partial<TemplateTree> = {}): TemplateTree {
  return {
    lists: [
      {
        key: "l1",
        name: "Pre-Production",
        startOffsetDays: 0,
        endOffsetDays: 10,
        tasks: [
          task("t1", { name: "{project}", customItemId: 1001, dueOffsetDays: 10 }),
          task("t2", {
            name: "Creative Brief",
            customItemId: 1,
            assignee: { kind: "role", tag: "producer" },
          }),
          task("t3", { parentKey: "t2" }),
        ],
      },
      {
        key: "l2",
        name: "Delivery",
        startOffsetDays: 10,
        endOffsetDays: 20,
        tasks: [task("t4", { startOffsetDays: 12, dueOffsetDays: 20 })],
      },
    ],
    fieldDefaults: [{ field: "Client", value: "{client}" }],
    jobCodePattern: "{CLIENT}-{YYYY}-{SEQ}",
    ...over,
  };
}

async function trail(organizationId: string) {
  const { rows } = await ctx.database.raw.query<{ action: string; object_id: string }>(
    `select action, object_id from audit_events
      where organization_id = $1 and object_type = 'folder_template' order by occurred_at, id`,
    [organizationId],
  );
  return rows;
}

function expectField(res: { status: number; body: unknown; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  const fields = (res.body as ErrorBody).error.fields?.map((f) => f.field) ?? [];
  expect(fields).toContain(field);
}

describe("folder templates", () => {
  it("create, list, read; a changed tree is a new version and old versions stay readable; stale saves are 409", async () => {
    const created = await admin.client.post<TemplateDetail>("/api/templates", {
      name: "TV Spot",
      description: "30 seconds",
      tree: tree(),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: "TV Spot", description: "30 seconds", currentVersion: 1 });
    expect(created.body.tree).toEqual(tree());
    expect(created.body.versions).toMatchObject([{ version: 1, listCount: 2, taskCount: 4 }]);
    expect(created.body.versions[0]!.createdBy?.id).toBe(admin.userId);
    const id = created.body.id;

    const taken = await owner.client.post<ErrorBody>("/api/templates", { name: "tv spot", tree: tree() });
    expect(taken.status).toBe(409);

    const list = await owner.client.get<TemplateListResponse>("/api/templates?search=spot");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({
      id,
      name: "TV Spot",
      currentVersion: 1,
      listCount: 2,
      taskCount: 4,
      lastUsedAt: null,
    });
    expect((await owner.client.get<TemplateListResponse>("/api/templates?search=nothing")).body.total).toBe(
      0,
    );

    const edited = tree();
    edited.lists[1]!.tasks.push(task("t5", { startOffsetDays: 15, dueOffsetDays: 18 }));
    const saved = await owner.client.put<TemplateDetail>(`/api/templates/${id}`, {
      baseVersion: 1,
      name: "TV Spot — 30 sec",
      tree: edited,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      name: "TV Spot — 30 sec",
      currentVersion: 2,
      description: "30 seconds",
    });
    expect(saved.body.versions.map((v) => [v.version, v.taskCount])).toEqual([
      [2, 5],
      [1, 4],
    ]);

    const stale = await admin.client.put<ErrorBody>(`/api/templates/${id}`, { baseVersion: 1, tree: tree() });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe("This template was changed by someone else");

    const v1 = await owner.client.get<TemplateVersionView>(`/api/templates/${id}/versions/1`);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ templateId: id, version: 1, createdBy: { id: admin.userId } });
    expect(v1.body.tree).toEqual(tree());
    const v2 = await owner.client.get<TemplateVersionView>(`/api/templates/${id}/versions/2`);
    expect(v2.body.tree).toEqual(edited);
    expect((await owner.client.get(`/api/templates/${id}/versions/3`)).status).toBe(404);

    // Name alone: the template changes, the version does not.
    const renamed = await owner.client.put<TemplateDetail>(`/api/templates/${id}`, {
      baseVersion: 2,
      description: null,
    });
    expect(renamed.body).toMatchObject({ currentVersion: 2, description: null });

    const sorted = await owner.client.get<TemplateListResponse>("/api/templates?sort=taskCount&dir=desc");
    expect(sorted.body.items[0]).toMatchObject({ id, taskCount: 5 });
    expect(
      (await trail(owner.organizationId)).filter((r) => r.object_id === id).map((r) => r.action),
    ).toEqual(["created", "updated", "updated"]);
  });

  it("duplicate makes a unique copy; delete leaves the runs that used it", async () => {
    const source = await owner.client.post<TemplateDetail>("/api/templates", {
      name: "Social Campaign",
      tree: tree(),
    });
    expect(source.status).toBe(201);
    const copy = await owner.client.post<TemplateDetail>(`/api/templates/${source.body.id}/duplicate`, {});
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ name: "Social Campaign (copy)", currentVersion: 1 });
    expect(copy.body.tree).toEqual(source.body.tree);
    const again = await owner.client.post<TemplateDetail>(`/api/templates/${source.body.id}/duplicate`, {});
    expect(again.body.name).toBe("Social Campaign (copy 2)");
    const bodiless = await owner.client.request<TemplateDetail>(
      `/api/templates/${source.body.id}/duplicate`,
      {
        method: "POST",
      },
    );
    expect(bodiless.status, bodiless.text).toBe(201);
    expect(bodiless.body.name).toBe("Social Campaign (copy 3)");
    const named = await owner.client.post<TemplateDetail>(`/api/templates/${source.body.id}/duplicate`, {
      name: "Social — retail",
    });
    expect(named.body.name).toBe("Social — retail");
    const clash = await owner.client.post(`/api/templates/${source.body.id}/duplicate`, {
      name: "social campaign",
    });
    expect(clash.status).toBe(409);

    // A project made from version 1 (a run, as the template-runs work records it).
    await ctx.database.raw.query(
      `insert into template_runs (organization_id, id, template_id, template_version, space_id, name, start_date, status, total, done, folder_id)
       values ($1, 'run1', $2, 1, 's1', 'Acme social', '2025-04-01', 'succeeded', 5, 5, 'f9')`,
      [owner.organizationId, copy.body.id],
    );
    const detail = await owner.client.get<TemplateDetail>(`/api/templates/${copy.body.id}`);
    expect(detail.body.projects).toMatchObject([
      {
        runId: "run1",
        version: 1,
        name: "Acme social",
        status: "succeeded",
        folderId: "f9",
        startDate: "2025-04-01",
      },
    ]);
    const listed = await owner.client.get<TemplateListResponse>(
      "/api/templates?search=campaign%20(copy&sort=lastUsedAt",
    );
    expect(listed.body.items.map((i) => [i.name, i.lastUsedAt !== null])).toEqual([
      ["Social Campaign (copy)", true],
      ["Social Campaign (copy 2)", false],
      ["Social Campaign (copy 3)", false],
    ]);

    const deleted = await admin.client.delete(`/api/templates/${copy.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await owner.client.get(`/api/templates/${copy.body.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/templates/${copy.body.id}/versions/1`)).status).toBe(404);
    expect((await admin.client.delete(`/api/templates/${copy.body.id}`)).status).toBe(404);
    const { rows } = await ctx.database.raw.query<{ template_id: string; template_version: number }>(
      `select template_id, template_version from template_runs where organization_id = $1 and id = 'run1'`,
      [owner.organizationId],
    );
    expect(rows).toEqual([{ template_id: copy.body.id, template_version: 1 }]);
    const actions = (await trail(owner.organizationId)).filter((r) => r.object_id === copy.body.id);
    expect(actions.map((r) => r.action)).toEqual(["duplicated", "deleted"]);
  });

  it("two saves from the same version at once: one wins, the other is told it is stale", async () => {
    const created = await owner.client.post<TemplateDetail>("/api/templates", { name: "Race", tree: tree() });
    const url = `/api/templates/${created.body.id}`;
    const results = await Promise.all([
      owner.client.put<ErrorBody>(url, { baseVersion: 1, tree: tree() }),
      admin.client.put<ErrorBody>(url, { baseVersion: 1, tree: tree() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await owner.client.get<TemplateDetail>(url);
    expect(after.body.versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it("saves a synced project as a template: its lists, tasks, offsets from the meta task's start, roles", async () => {
    const res = await owner.client.post<TemplateDetail>("/api/templates/from-project", {
      projectId: "f1",
      name: "From Acme",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.sourceFolderId).toBe("f1");
    const { lists } = res.body.tree;
    expect(lists.map((l) => [l.name, l.startOffsetDays, l.endOffsetDays, l.tasks.length])).toEqual([
      ["Project Management", 0, 53, 2],
      ["Creative", 2, 11, 2],
    ]);
    const [meta, kickoff] = lists[0]!.tasks;
    expect(meta).toMatchObject({
      name: "Acme — Spring",
      customItemId: 1001,
      startOffsetDays: 0,
      dueOffsetDays: 53,
    });
    expect(kickoff).toMatchObject({
      name: "Kick-off",
      customItemId: 1,
      startOffsetDays: null,
      dueOffsetDays: 1,
      assignee: { kind: "role", tag: "producer" },
      tags: ["meeting"],
    });
    const [concepts, moodboards] = lists[1]!.tasks;
    expect(concepts).toMatchObject({
      customItemId: 2,
      startOffsetDays: 2,
      dueOffsetDays: 11,
      estimateMinutes: 960,
      assignee: { kind: "person", clickupUserId: "u2" },
      parentKey: null,
    });
    expect(moodboards).toMatchObject({ estimateMinutes: 90, parentKey: concepts!.key });
    expect(res.body.versions).toMatchObject([{ version: 1, listCount: 2, taskCount: 4 }]);

    expect(
      (await owner.client.post("/api/templates/from-project", { projectId: "fx", name: "Theirs" })).status,
    ).toBe(404);
    expect(
      (await owner.client.post("/api/templates/from-project", { projectId: "nope", name: "None" })).status,
    ).toBe(404);
    const clash = await owner.client.post("/api/templates/from-project", {
      projectId: "f1",
      name: "from acme",
    });
    expect(clash.status).toBe(409);
  });

  describe("bad input → 400 naming the field", () => {
    const post = (body: unknown) => owner.client.post<ErrorBody>("/api/templates", body);

    it("a parent cycle", async () => {
      const t = tree();
      t.lists[0]!.tasks[1]!.parentKey = "t3";
      expectField(await post({ name: "Cycle", tree: t }), "tree.lists.0.tasks.1.parentKey");
    });
    it("a task offset past its list's range, and due before start", async () => {
      const t = tree();
      t.lists[0]!.tasks[2]!.dueOffsetDays = 11;
      t.lists[1]!.tasks[0]!.dueOffsetDays = 11;
      const res = await post({ name: "Range", tree: t });
      expectField(res, "tree.lists.0.tasks.2.dueOffsetDays");
      expectField(res, "tree.lists.1.tasks.0.dueOffsetDays");
      expect(res.body.error.message).toContain("tree.lists.0.tasks.2.dueOffsetDays");
    });
    it("a missing or blank name", async () => {
      expectField(await post({ tree: tree() }), "name");
      const t = tree();
      t.lists[1]!.tasks[0]!.name = "   ";
      expectField(await post({ name: "Blank", tree: t }), "tree.lists.1.tasks.0.name");
      const noName = tree() as unknown as { lists: Record<string, unknown>[] };
      delete noName.lists[0]!.name;
      expectField(await post({ name: "No list name", tree: noName }), "tree.lists.0.name");
    });
    it("a date that is not a day offset", async () => {
      const t = tree() as unknown as { lists: { tasks: Record<string, unknown>[] }[] };
      t.lists[0]!.tasks[1]!.startOffsetDays = "2025-13-45";
      expectField(await post({ name: "Date", tree: t }), "tree.lists.0.tasks.1.startOffsetDays");
      t.lists[0]!.tasks[1]!.startOffsetDays = 1.5;
      expectField(await post({ name: "Date", tree: t }), "tree.lists.0.tasks.1.startOffsetDays");
    });
    it("a misplaced or second meta task, a duplicate key, a parent in another list", async () => {
      const t = tree();
      t.lists[1]!.tasks[0]!.customItemId = 1001;
      t.lists[1]!.tasks[0]!.key = "t2";
      t.lists[0]!.tasks[2]!.parentKey = "t4";
      const res = await post({ name: "Meta", tree: t });
      expectField(res, "tree.lists.1.tasks.0.customItemId");
      expectField(res, "tree.lists.1.tasks.0.key");
      expectField(res, "tree.lists.0.tasks.2.parentKey");
    });
    it("a NUL byte, a body nested too deep, too many tasks, an unknown field", async () => {
      expectField(await post({ name: "Nul\u0000", tree: tree() }), "name");
      let deep: unknown = "x";
      for (let i = 0; i < 200; i++) deep = { a: deep };
      const t = tree() as unknown as Record<string, unknown>;
      const deepRes = await post({ name: "Deep", tree: { ...t, extra: deep } });
      expect(deepRes.status).toBe(400);
      expect(deepRes.body.error.fields?.[0]?.field).toMatch(/^tree/);
      const huge = tree();
      huge.lists[1]!.tasks = Array.from({ length: 1001 }, (_, i) =>
        task(`h${i}`, { startOffsetDays: 10, dueOffsetDays: 12 }),
      );
      expectField(await post({ name: "Huge", tree: huge }), "tree.lists.1.tasks");
      expectField(await post({ name: "Extra", tree: { ...t, colour: "red" } }), "tree");
    });
    it("a bad baseVersion and a bad version in the path", async () => {
      const created = await owner.client.post<TemplateDetail>("/api/templates", {
        name: "For bad updates",
        tree: tree(),
      });
      expectField(
        await owner.client.put(`/api/templates/${created.body.id}`, { tree: tree() }),
        "baseVersion",
      );
      expect((await owner.client.get(`/api/templates/abc/versions/first`)).status).toBe(400);
    });
  });

  it("members get 403; another workspace's template is 404", async () => {
    const mine = await owner.client.post<TemplateDetail>("/api/templates", { name: "Private", tree: tree() });
    expect((await member.client.get("/api/templates")).status).toBe(403);
    expect((await member.client.get(`/api/templates/${mine.body.id}`)).status).toBe(403);
    expect((await member.client.post("/api/templates", { name: "Mine", tree: tree() })).status).toBe(403);
    expect(
      (await member.client.post("/api/templates/from-project", { projectId: "f1", name: "M" })).status,
    ).toBe(403);

    const id = mine.body.id;
    expect((await stranger.client.get(`/api/templates/${id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/templates/${id}/versions/1`)).status).toBe(404);
    expect(
      (await stranger.client.put(`/api/templates/${id}`, { baseVersion: 1, name: "Mine now" })).status,
    ).toBe(404);
    expect((await stranger.client.post(`/api/templates/${id}/duplicate`, {})).status).toBe(404);
    expect((await stranger.client.delete(`/api/templates/${id}`)).status).toBe(404);
    expect(
      (await stranger.client.post("/api/templates/from-project", { projectId: "f1", name: "Steal" })).status,
    ).toBe(404);
    const theirs = await stranger.client.get<TemplateListResponse>("/api/templates");
    expect(theirs.body.total).toBe(0);
    // A name is unique per workspace only.
    expect((await stranger.client.post("/api/templates", { name: "Private", tree: tree() })).status).toBe(
      201,
    );
    expect((await owner.client.get(`/api/templates/${id}`)).status).toBe(200);
  });
});
