import { describe, expect, it } from "vitest";
import { shapeErrors, TASK_SHAPE_DEVIATIONS } from "./openapi/shape";
import { call, testClock, testSim } from "./test-support";

type Sim = ReturnType<typeof testSim>;
type ErrorBody = {
  err: string;
  ECODE: string;
  meta?: {
    authorization_failures: Array<{
      object_id: string;
      object_type: string;
      workspace_id: string;
      invalid_permissions: string[];
    }>;
  };
};
type Folder = {
  id: string;
  name: string;
  task_count: string;
  lists: Array<{ id: string }>;
  deleted?: boolean;
};
type List = {
  id: string;
  name: string;
  deleted: boolean;
  task_count: string;
  status: { status: string; color: string; hide_label: boolean } | null;
  priority: { priority: string } | null;
  assignee: { id: number } | null;
  due_date: string | null;
  folder: { id: string; name: string; hidden: boolean };
  statuses: Array<{ status: string; type: string }>;
};
type Task = {
  id: string;
  name: string;
  parent: string | null;
  custom_item_id: number;
  time_estimate: number | null;
  due_date: string | null;
  start_date: string | null;
  status: { status: string };
  tags: Array<{ name: string }>;
  assignees: Array<{ id: number }>;
  description: string;
  list: { id: string };
  folder: { id: string; name: string };
  custom_fields: Array<{ id: string; name: string; value?: unknown }>;
};

function spaceNamed(sim: Sim, name: string): string {
  const space = sim.demo.spaces.find((s) => s.name === name);
  if (!space) throw new Error(`no space ${name}`);
  return space.id;
}

/** A guest of the workspace (role 4) with a personal token. */
function guestToken(sim: Sim): string {
  const user = sim.state.addUser({ username: "Gail Guest", email: "guest@demo.test" });
  sim.state.addMember(sim.demo.teamId, user.id, 4);
  return sim.createPersonalToken(user.id);
}

async function newFolder(sim: Sim, auth: string, spaceId: string, name: string): Promise<Folder> {
  const res = await call<Folder>(sim, "POST", `/api/v2/space/${spaceId}/folder`, { auth, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function newList(
  sim: Sim,
  auth: string,
  folderId: string,
  body: Record<string, unknown>,
): Promise<List> {
  const res = await call<List>(sim, "POST", `/api/v2/folder/${folderId}/list`, { auth, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A webhook receiver recording every delivery's body. */
function receiver() {
  const bodies: Array<Record<string, unknown> & { event: string }> = [];
  const fetchImpl: typeof fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)) as (typeof bodies)[number]);
    return new Response("ok");
  };
  return { bodies, fetchImpl };
}

describe("folders", () => {
  it("creates, renames and deletes folders in the documented shapes; reads follow", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.adminUserId);
    const spaceId = spaceNamed(sim, "CREATIVE");
    const folder = await newFolder(sim, pk, spaceId, "  Q3 Launch ");
    expect(shapeErrors("CreateFolder", folder)).toEqual([]);
    expect(folder).toMatchObject({ name: "Q3 Launch", task_count: "0", lists: [], hidden: false });
    expect(folder.id).toMatch(/^\d+$/);

    const listed = await call<{ folders: Folder[] }>(sim, "GET", `/api/v2/space/${spaceId}/folder`, {
      auth: pk,
    });
    expect(listed.body.folders.map((f) => f.id)).toContain(folder.id);

    const renamed = await call<Folder>(sim, "PUT", `/api/v2/folder/${folder.id}`, {
      auth: pk,
      body: { name: "Q3 Launch (UK)" },
    });
    expect(renamed.status).toBe(200);
    expect(shapeErrors("UpdateFolder", renamed.body)).toEqual([]);
    expect(renamed.body.name).toBe("Q3 Launch (UK)");

    const list = await newList(sim, pk, folder.id, { name: "Production" });
    const task = await call<Task>(sim, "POST", `/api/v2/list/${list.id}/task`, {
      auth: pk,
      body: { name: "Shoot" },
    });
    expect(task.body.folder).toMatchObject({ id: folder.id, name: "Q3 Launch (UK)" });

    const deleted = await call(sim, "DELETE", `/api/v2/folder/${folder.id}`, { auth: pk });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect(shapeErrors("DeleteFolder", deleted.body)).toEqual([]);
    const after = await call<{ folders: Folder[] }>(sim, "GET", `/api/v2/space/${spaceId}/folder`, {
      auth: pk,
    });
    expect(after.body.folders.map((f) => f.id)).not.toContain(folder.id);
    // Deleted objects stay readable by id, flagged; their tasks are gone.
    expect((await call<Folder>(sim, "GET", `/api/v2/folder/${folder.id}`, { auth: pk })).body.deleted).toBe(
      true,
    );
    expect((await call<List>(sim, "GET", `/api/v2/list/${list.id}`, { auth: pk })).body.deleted).toBe(true);
    expect((await call(sim, "GET", `/api/v2/task/${task.body.id}`, { auth: pk })).status).toBe(401);
    // The name is free again.
    await newFolder(sim, pk, spaceId, "Q3 Launch (UK)");
  });

  it("refuses empty and taken names, malformed ids and unknown spaces with ClickUp's codes", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const spaceId = spaceNamed(sim, "CREATIVE");
    const post = (body: unknown, id = spaceId) =>
      call<ErrorBody>(sim, "POST", `/api/v2/space/${id}/folder`, { auth: pk, body });
    for (const body of [{}, { name: "" }, { name: "   " }, { name: 42 }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ err: "Project name invalid", ECODE: "CAT_021" });
    }
    const first = await newFolder(sim, pk, spaceId, "Brand Refresh");
    const taken = await post({ name: "brand refresh" });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ err: "Folder name taken", ECODE: "CAT_014" });
    // Unique per space only.
    await newFolder(sim, pk, spaceNamed(sim, "PRODUCTION"), "Brand Refresh");
    const other = await newFolder(sim, pk, spaceId, "Other");
    const rename = await call<ErrorBody>(sim, "PUT", `/api/v2/folder/${other.id}`, {
      auth: pk,
      body: { name: "Brand Refresh" },
    });
    expect(rename.body.ECODE).toBe("CAT_014");
    expect(
      (await call(sim, "PUT", `/api/v2/folder/${first.id}`, { auth: pk, body: { name: "Brand Refresh" } }))
        .status,
    ).toBe(200);
    const unknown = await post({ name: "X" }, "90159999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ err: "Space not found", ECODE: "PROJ_006" });
    for (const [method, path] of [
      ["PUT", "/api/v2/folder/abc"],
      ["DELETE", "/api/v2/folder/abc"],
      ["POST", "/api/v2/folder/abc/list"],
    ] as const) {
      const res = await call<ErrorBody>(sim, method, path, { auth: pk, body: { name: "X" } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ err: "Folder ID invalid", ECODE: "INPUT_011" });
    }
    for (const [method, path] of [
      ["PUT", "/api/v2/list/abc"],
      ["DELETE", "/api/v2/list/abc"],
      ["POST", "/api/v2/list/abc/task"],
    ] as const) {
      const res = await call<ErrorBody>(sim, method, path, { auth: pk, body: { name: "X" } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ err: "List ID invalid", ECODE: "INPUT_003" });
    }
    expect(
      (await call(sim, "PUT", "/api/v2/folder/901599999999", { auth: pk, body: { name: "X" } })).status,
    ).toBe(401);
  });

  it("refuses guests and members without access to the space with 401 ACCESS_064 and its meta", async () => {
    const sim = testSim();
    const guest = guestToken(sim);
    const member = sim.createPersonalToken(sim.demo.memberUserId);
    const owner = sim.createPersonalToken(sim.demo.ownerUserId);
    const creative = spaceNamed(sim, "CREATIVE");
    const priv = sim.demo.privateSpaceId ?? "";

    const byGuest = await call<ErrorBody>(sim, "POST", `/api/v2/space/${creative}/folder`, {
      auth: guest,
      body: { name: "Guest folder" },
    });
    expect(byGuest.status).toBe(401);
    expect(byGuest.body).toEqual({
      err: "You do not have permission to do this action",
      ECODE: "ACCESS_064",
      meta: {
        authorization_failures: [
          {
            object_id: creative,
            object_type: "project",
            workspace_id: sim.demo.teamId,
            code: "ACCESS_064",
            invalid_permissions: ["can_create_folders"],
          },
        ],
      },
    });
    const byMember = await call<ErrorBody>(sim, "POST", `/api/v2/space/${priv}/folder`, {
      auth: member,
      body: { name: "Not mine" },
    });
    expect(byMember.status).toBe(401);
    expect(byMember.body.ECODE).toBe("ACCESS_064");
    expect(byMember.body.meta?.authorization_failures[0]?.object_id).toBe(priv);

    const privFolder = await newFolder(sim, owner, priv, "Leadership offsite");
    const privList = await newList(sim, owner, privFolder.id, { name: "Agenda" });
    for (const [method, path, permission] of [
      ["PUT", `/api/v2/folder/${privFolder.id}`, "can_edit_folders"],
      ["DELETE", `/api/v2/folder/${privFolder.id}`, "can_delete_folders"],
      ["POST", `/api/v2/folder/${privFolder.id}/list`, "can_create_lists"],
      ["POST", `/api/v2/space/${priv}/list`, "can_create_lists"],
      ["PUT", `/api/v2/list/${privList.id}`, "can_edit_lists"],
      ["DELETE", `/api/v2/list/${privList.id}`, "can_delete_lists"],
      ["POST", `/api/v2/list/${privList.id}/task`, "can_create_tasks"],
    ] as const) {
      for (const auth of [member, guest]) {
        const res = await call<ErrorBody>(sim, method, path, { auth, body: { name: "X" } });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.ECODE).toBe("ACCESS_064");
        expect(res.body.meta?.authorization_failures[0]?.invalid_permissions).toEqual([permission]);
      }
    }
    // Nothing was changed by the refused calls.
    expect(sim.state.folders.get(privFolder.id)?.name).toBe("Leadership offsite");
    expect(sim.state.tasksByList.get(privList.id)).toEqual([]);
    // A member may write in a space they can see.
    await newFolder(sim, member, creative, "Member's folder");
  });
});

describe("lists", () => {
  it("creates lists in folders and folderless, inheriting the space's statuses and fields", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.adminUserId);
    const production = spaceNamed(sim, "PRODUCTION");
    const folder = await newList(sim, pk, (await newFolder(sim, pk, production, "Spring Shoot")).id, {
      name: "Production",
      content: "plain",
      markdown_content: "**Shoot** days",
      due_date: 1774000000000,
      due_date_time: false,
      priority: 1,
      assignee: sim.demo.memberUserId,
      status: "red",
    });
    expect(shapeErrors("CreateList", folder, ["assignee.profilePicture", "assignee.color"])).toEqual([]);
    expect(folder).toMatchObject({
      name: "Production",
      deleted: false,
      content: "**Shoot** days",
      status: { status: "red", color: "#d33d44", hide_label: true },
      priority: { priority: "urgent", color: "#f50000" },
      assignee: { id: sim.demo.memberUserId },
      due_date: "1774000000000",
      task_count: "0",
      folder: { name: "Spring Shoot", hidden: false },
    });
    const spaceStatuses = sim.state.spaces.get(production)?.statuses.map((s) => s.status);
    expect(folder.statuses.map((s) => s.status)).toEqual(spaceStatuses);

    const folderless = await call<List>(sim, "POST", `/api/v2/space/${production}/list`, {
      auth: pk,
      body: { name: "Kit Hire" },
    });
    expect(folderless.status).toBe(200);
    expect(shapeErrors("CreateFolderlessList", folderless.body)).toEqual([]);
    expect(folderless.body.folder).toMatchObject({ name: "hidden", hidden: true });
    const lists = await call<{ lists: List[] }>(sim, "GET", `/api/v2/space/${production}/list`, { auth: pk });
    expect(lists.body.lists.map((l) => l.id)).toContain(folderless.body.id);
    const folderLists = await call<{ lists: List[] }>(
      sim,
      "GET",
      `/api/v2/folder/${sim.state.lists.get(folder.id)?.folderId}/list`,
      { auth: pk },
    );
    expect(folderLists.body.lists.map((l) => l.name)).toEqual(["Production"]);
    const read = await call<List>(sim, "GET", `/api/v2/list/${folder.id}`, { auth: pk });
    expect(shapeErrors("GetList", read.body, ["assignee"])).toEqual([]);

    // Workspace-level and PRODUCTION's space-level fields apply; a CREATIVE list lacks the latter.
    const fields = await call<{ fields: Array<{ name: string }> }>(
      sim,
      "GET",
      `/api/v2/list/${folder.id}/field`,
      { auth: pk },
    );
    expect(fields.body.fields.map((f) => f.name)).toEqual(
      expect.arrayContaining(["h/d est", "Client", "Shoot Location"]),
    );
    const creativeList = await call<List>(sim, "POST", `/api/v2/space/${spaceNamed(sim, "CREATIVE")}/list`, {
      auth: pk,
      body: { name: "Moodboards" },
    });
    const creativeFields = await call<{ fields: Array<{ name: string }> }>(
      sim,
      "GET",
      `/api/v2/list/${creativeList.body.id}/field`,
      { auth: pk },
    );
    expect(creativeFields.body.fields.map((f) => f.name)).not.toContain("Shoot Location");

    // Tasks created in the new list show up in the team listing with a space status.
    const task = await call<Task>(sim, "POST", `/api/v2/list/${folder.id}/task`, {
      auth: pk,
      body: { name: "Location recce", status: spaceStatuses?.[1] },
    });
    expect(task.status).toBe(200);
    const team = await call<{ tasks: Task[] }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/task?list_ids[]=${folder.id}`,
      {
        auth: pk,
      },
    );
    expect(team.body.tasks.map((t) => t.id)).toEqual([task.body.id]);
    expect((await call<List>(sim, "GET", `/api/v2/list/${folder.id}`, { auth: pk })).body.task_count).toBe(
      "1",
    );
  });

  it("validates names, colours and assignees; updates and deletes", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    const folder = await newFolder(sim, pk, space, "Autumn Campaign");
    const post = (body: unknown, path = `/api/v2/folder/${folder.id}/list`) =>
      call<ErrorBody>(sim, "POST", path, { auth: pk, body });
    for (const body of [{}, { name: " " }]) {
      expect((await post(body)).body).toEqual({ err: "List Name Invalid", ECODE: "SUBCAT_020" });
      expect((await post(body, `/api/v2/space/${space}/list`)).body.ECODE).toBe("SUBCAT_020");
    }
    const list = await newList(sim, pk, folder.id, { name: "Design" });
    const taken = await post({ name: "DESIGN" });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ err: "List name taken", ECODE: "SUBCAT_016" });
    // Unique per parent: the same name folderless or in another folder is fine.
    expect((await post({ name: "Design" }, `/api/v2/space/${space}/list`)).status).toBe(200);
    expect((await post({ name: "Design" }, `/api/v2/space/${space}/list`)).body.ECODE).toBe("SUBCAT_016");
    const hex = await post({ name: "Copy", status: "#f9d900" });
    expect(hex.status).toBe(400);
    expect(hex.body).toEqual({ err: "Invalid status", ECODE: "SUBCAT_104" });
    expect((await post({ name: "Copy", status: "in progress" })).body.ECODE).toBe("SUBCAT_104");
    const stranger = sim.state.addUser({ username: "Outsider", email: "out@example.com" });
    const outsider = await post({ name: "Copy", assignee: stranger.id });
    expect(outsider.status).toBe(400);
    expect([...sim.state.lists.values()].some((l) => l.name === "Copy")).toBe(false);

    const put = (body: unknown) => call<List>(sim, "PUT", `/api/v2/list/${list.id}`, { auth: pk, body });
    const updated = await put({ name: "Design v2", status: "yellow", priority: 3, due_date: 1774100000000 });
    expect(updated.status).toBe(200);
    expect(shapeErrors("UpdateList", updated.body)).toEqual([]);
    expect(updated.body).toMatchObject({
      name: "Design v2",
      status: { status: "yellow" },
      priority: { priority: "normal" },
      due_date: "1774100000000",
    });
    expect((await put({ unset_status: true })).body.status).toBeNull();
    expect((await put({ due_date: null })).body.due_date).toBeNull();
    expect(((await put({ status: "#ff0000" })) as unknown as { body: ErrorBody }).body.ECODE).toBe(
      "SUBCAT_104",
    );
    const other = await newList(sim, pk, folder.id, { name: "Copy" });
    expect(((await put({ name: "copy" })) as unknown as { body: ErrorBody }).body.ECODE).toBe("SUBCAT_016");
    expect(sim.state.lists.get(list.id)?.name).toBe("Design v2");

    const task = await call<Task>(sim, "POST", `/api/v2/list/${other.id}/task`, {
      auth: pk,
      body: { name: "Headline" },
    });
    const del = await call(sim, "DELETE", `/api/v2/list/${other.id}`, { auth: pk });
    expect(del.body).toEqual({});
    expect(shapeErrors("DeleteList", del.body)).toEqual([]);
    const read = await call<List>(sim, "GET", `/api/v2/list/${other.id}`, { auth: pk });
    expect(read.status).toBe(200);
    expect(read.body.deleted).toBe(true);
    const folderLists = await call<{ lists: List[] }>(sim, "GET", `/api/v2/folder/${folder.id}/list`, {
      auth: pk,
    });
    expect(folderLists.body.lists.map((l) => l.id)).toEqual([list.id]);
    const team = await call<{ tasks: Task[] }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true&list_ids[]=${other.id}`,
      { auth: pk },
    );
    expect(team.body.tasks).toEqual([]);
    expect((await call(sim, "GET", `/api/v2/task/${task.body.id}`, { auth: pk })).status).toBe(401);
    // Writes to a deleted list are refused like unknown ones.
    expect(
      (await call(sim, "POST", `/api/v2/list/${other.id}/task`, { auth: pk, body: { name: "Late" } })).status,
    ).toBe(401);
  });
});

describe("task create and update", () => {
  it("covers the fields a template needs, with ClickUp's refusals", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.adminUserId);
    const space = spaceNamed(sim, "CREATIVE");
    const folder = await newFolder(sim, pk, space, "Template Run");
    const list = await newList(sim, pk, folder.id, { name: "Milestones" });
    const otherList = await newList(sim, pk, folder.id, { name: "Elsewhere" });
    const create = (body: Record<string, unknown>, listId = list.id) =>
      call<Task & ErrorBody>(sim, "POST", `/api/v2/list/${listId}/task`, { auth: pk, body });

    const parent = await create({
      name: "Client approval",
      custom_item_id: 1,
      markdown_content: "**Sign-off** from the client",
      time_estimate: 5_400_000,
      start_date: 1774000000000,
      start_date_time: false,
      due_date: 1774090000000,
      due_date_time: true,
      assignees: [sim.demo.memberUserId, sim.demo.ownerUserId],
      tags: ["Milestone", "client"],
      status: sim.state.spaces.get(space)?.statuses[1]?.status,
      custom_fields: [{ id: sim.demo.fieldIds["h/d est"], value: 3 }],
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(200);
    expect(shapeErrors("CreateTask", parent.body, TASK_SHAPE_DEVIATIONS)).toEqual([]);
    expect(parent.body).toMatchObject({
      custom_item_id: 1,
      description: "**Sign-off** from the client",
      time_estimate: 5_400_000,
      start_date: "1774000000000",
      due_date: "1774090000000",
      tags: [{ name: "milestone" }, { name: "client" }],
      list: { id: list.id },
    });
    expect(parent.body.assignees.map((a) => a.id)).toEqual([sim.demo.memberUserId, sim.demo.ownerUserId]);
    expect(parent.body.custom_fields.find((f) => f.name === "h/d est")?.value).toBe("3");
    expect(sim.state.taskById.get(parent.body.id)).toMatchObject({ dueDateTime: true, startDateTime: false });
    // markdown_description (older name) is accepted too.
    expect((await create({ name: "Old style", markdown_description: "_md_" })).body.description).toBe("_md_");

    const child = await create({ name: "Send deck", parent: parent.body.id });
    expect(child.body.parent).toBe(parent.body.id);
    const grandchild = await create({ name: "Proofread deck", parent: child.body.id });
    expect(grandchild.status).toBe(200);

    const elsewhere = await create({ name: "Wrong list", parent: parent.body.id }, otherList.id);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({ err: "Parent not child of list", ECODE: "ITEM_137" });
    const badStatus = await create({ name: "X", status: "no such status" });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body).toEqual({ err: "Status does not exist", ECODE: "ITEM_114" });
    const stranger = sim.state.addUser({ username: "Outsider", email: "out@example.com" });
    expect((await create({ name: "X", assignees: [stranger.id] })).status).toBe(400);
    const long = await create({ name: "x".repeat(2049) });
    expect(long.body).toEqual({ err: "Task name invalid", ECODE: "INPUT_005" });
    expect((await create({ name: "x".repeat(2048) })).status).toBe(200);
    // custom_item_id null = a plain task.
    expect((await create({ name: "Plain", custom_item_id: null })).body.custom_item_id).toBe(0);

    const put = (body: Record<string, unknown>) =>
      call<Task>(sim, "PUT", `/api/v2/task/${parent.body.id}`, { auth: pk, body });
    const moved = await put({ due_date: 1774180000000, due_date_time: false, start_date: 1774090000000 });
    expect(moved.status).toBe(200);
    expect(shapeErrors("UpdateTask", moved.body, TASK_SHAPE_DEVIATIONS)).toEqual([]);
    expect(moved.body).toMatchObject({ due_date: "1774180000000", start_date: "1774090000000" });
    expect(sim.state.taskById.get(parent.body.id)?.dueDateTime).toBe(false);
    const cleared = await put({ due_date: null, start_date: null });
    expect(cleared.body).toMatchObject({ due_date: null, start_date: null });
    expect(
      (await call(sim, "PUT", `/api/v2/task/${parent.body.id}`, { auth: pk, body: { status: "nope" } })).body,
    ).toMatchObject({
      ECODE: "ITEM_114",
    });
    const field = await call(
      sim,
      "POST",
      `/api/v2/task/${parent.body.id}/field/${sim.demo.fieldIds["h/d est"]}`,
      {
        auth: pk,
        body: { value: 5 },
      },
    );
    expect(field.body).toEqual({});
    expect(shapeErrors("SetCustomFieldValue", field.body)).toEqual([]);
  });
});

describe("webhooks of writes", () => {
  it("sends folder, list and task events with ClickUp's fan-out and history items", async () => {
    const rx = receiver();
    const sim = testSim({ webhookFetch: rx.fetchImpl });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const hook = await call(sim, "POST", `/api/v2/team/${sim.demo.teamId}/webhook`, {
      auth: pk,
      body: { endpoint: "https://hooks.example.com/cu", events: "*" },
    });
    expect(hook.status).toBe(200);
    const space = spaceNamed(sim, "CREATIVE");
    const folder = await newFolder(sim, pk, space, "Winter Launch");
    await sim.flushWebhooks();
    expect(rx.bodies.map((b) => b.event)).toEqual(["folderCreated", "spaceUpdated"]);
    expect(rx.bodies[0]).toMatchObject({ folder_id: folder.id });
    expect(rx.bodies[0]?.["history_items"]).toBeUndefined();
    expect(rx.bodies[1]).toMatchObject({ space_id: space });

    rx.bodies.length = 0;
    await call(sim, "PUT", `/api/v2/folder/${folder.id}`, { auth: pk, body: { name: "Winter Launch 2" } });
    const list = await newList(sim, pk, folder.id, { name: "Plan" });
    await call(sim, "PUT", `/api/v2/list/${list.id}`, { auth: pk, body: { name: "Plan v2", status: "red" } });
    await sim.flushWebhooks();
    expect(rx.bodies.map((b) => b.event)).toEqual([
      "folderUpdated",
      "listCreated",
      "spaceUpdated",
      "listUpdated",
    ]);
    const listUpdated = rx.bodies[3] as unknown as {
      list_id: string;
      history_items: Array<Record<string, unknown>>;
    };
    expect(listUpdated.list_id).toBe(list.id);
    expect(listUpdated.history_items.map((h) => [h["field"], h["before"], h["after"]])).toEqual([
      ["name", "Plan", "Plan v2"],
      ["status", null, "red"],
    ]);
    expect(listUpdated.history_items[0]).toMatchObject({
      type: 6,
      parent_id: list.id,
      user: { id: sim.demo.ownerUserId },
    });

    rx.bodies.length = 0;
    const task = await call<Task>(sim, "POST", `/api/v2/list/${list.id}/task`, {
      auth: pk,
      body: { name: "Kick-off", due_date: 1774000000000 },
    });
    await call(sim, "PUT", `/api/v2/task/${task.body.id}`, {
      auth: pk,
      body: { due_date: 1774086400000, due_date_time: true },
    });
    await sim.flushWebhooks();
    expect(rx.bodies.map((b) => b.event)).toEqual([
      "taskCreated",
      "taskStatusUpdated",
      "taskDueDateUpdated",
      "taskUpdated",
    ]);
    const due = rx.bodies[2] as unknown as { task_id: string; history_items: Array<Record<string, unknown>> };
    expect(due.task_id).toBe(task.body.id);
    expect(due.history_items[0]).toMatchObject({
      field: "due_date",
      parent_id: list.id,
      before: "1774000000000",
      after: "1774086400000",
      data: { due_date_time: true, old_due_date_time: false },
    });

    rx.bodies.length = 0;
    await call(sim, "DELETE", `/api/v2/folder/${folder.id}`, { auth: pk });
    await sim.flushWebhooks();
    expect(rx.bodies.map((b) => [b.event, b["list_id"] ?? b["folder_id"]])).toEqual([
      ["listDeleted", list.id],
      ["folderDeleted", folder.id],
    ]);
  });

  it("delivers list events to a webhook filtered on the folder, not to one on another space", async () => {
    const rx = receiver();
    const sim = testSim({ webhookFetch: rx.fetchImpl });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    const folder = sim.mutate.createFolder(space, "Filtered");
    for (const filter of [{ folder_id: folder.id }, { space_id: spaceNamed(sim, "PRODUCTION") }])
      await call(sim, "POST", `/api/v2/team/${sim.demo.teamId}/webhook`, {
        auth: pk,
        body: {
          endpoint: `https://hooks.example.com/${Object.keys(filter)[0]}`,
          events: ["listCreated"],
          ...filter,
        },
      });
    sim.mutate.createList({ folderId: folder.id }, { name: "Inside" });
    await sim.flushWebhooks();
    expect(rx.bodies).toHaveLength(1);
    expect(rx.bodies[0]?.event).toBe("listCreated");
  });
});

describe("faults and limits on writes", () => {
  it("apply then fail: the folder exists although the answer is a 5xx; only matching methods", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    sim.faults.set({ applyThenFailNext: 1, methods: ["POST"], match: /\/folder$/ });
    // A GET of the same path is not affected and does not use the fault up.
    expect((await call(sim, "GET", `/api/v2/space/${space}/folder`, { auth: pk })).status).toBe(200);
    const lost = await call<ErrorBody>(sim, "POST", `/api/v2/space/${space}/folder`, {
      auth: pk,
      body: { name: "Lost" },
    });
    expect(lost.status).toBe(502);
    expect(lost.body.ECODE).toBe("APP_500");
    expect([...sim.state.folders.values()].filter((f) => f.name === "Lost")).toHaveLength(1);
    expect(sim.stats.faultsInjected).toBe(1);
    // The retry answers "name taken": the earlier attempt went through.
    const retry = await call<ErrorBody>(sim, "POST", `/api/v2/space/${space}/folder`, {
      auth: pk,
      body: { name: "Lost" },
    });
    expect(retry.body.ECODE).toBe("CAT_014");
  });

  it("apply then hang: the write happens, the answer is a 504 after hangMs", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const list = sim.demo.projects[0]?.listIds[0] ?? "";
    sim.faults.set({ applyThenFailNext: 1, applyThenFailStatus: "hang", hangMs: 80 });
    const started = performance.now();
    const res = await call(sim, "POST", `/api/v2/list/${list}/task`, {
      auth: pk,
      body: { name: "Hung task" },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(res.status).toBe(504);
    expect(sim.state.tasks.filter((t) => t.name === "Hung task")).toHaveLength(1);
  });

  it("sim.fetch rejects like fetch when the caller gives up, while the write still happens", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    sim.faults.set({ applyThenFailNext: 1, applyThenFailStatus: "hang", hangMs: 10_000 });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 50);
    const outcome = await sim
      .fetch(`/api/v2/space/${space}/folder`, {
        method: "POST",
        headers: { Authorization: pk, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Timed out" }),
        signal: controller.signal,
      })
      .then(
        (res) => `answered ${res.status}`,
        (err: unknown) => (err instanceof Error ? err.name : String(err)),
      );
    clearTimeout(timer);
    expect(outcome).toBe("AbortError");
    expect([...sim.state.folders.values()].filter((f) => f.name === "Timed out")).toHaveLength(1);
  });

  it("failures before the handler leave no trace; the rate limit counts writes", async () => {
    const clock = testClock();
    const sim = testSim({ rateLimitPerMinute: 2, now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    sim.faults.set({ failNextRequests: 1, failNextStatus: 503 });
    expect(
      (await call(sim, "POST", `/api/v2/space/${space}/folder`, { auth: pk, body: { name: "Before" } }))
        .status,
    ).toBe(503);
    expect([...sim.state.folders.values()].some((f) => f.name === "Before")).toBe(false);
    sim.faults.clear();
    expect(
      (await call(sim, "POST", `/api/v2/space/${space}/folder`, { auth: pk, body: { name: "One" } })).status,
    ).toBe(200);
    expect(
      (await call(sim, "POST", `/api/v2/space/${space}/folder`, { auth: pk, body: { name: "Two" } })).status,
    ).toBe(200);
    const limited = await call<ErrorBody>(sim, "POST", `/api/v2/space/${space}/folder`, {
      auth: pk,
      body: { name: "Three" },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.ECODE).toBe("APP_002");
    expect([...sim.state.folders.values()].some((f) => f.name === "Three")).toBe(false);
    clock.advance(60_001);
    expect(
      (await call(sim, "POST", `/api/v2/space/${space}/folder`, { auth: pk, body: { name: "Three" } }))
        .status,
    ).toBe(200);
  });
});

describe("SimMutations for folders and lists", () => {
  it("apply ClickUp's name rules and show up in the API", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const space = spaceNamed(sim, "CREATIVE");
    const folder = sim.mutate.createFolder(space, "From the UI");
    expect(() => sim.mutate.createFolder(space, "from the ui")).toThrow(/Folder name taken/);
    const list = sim.mutate.createList({ folderId: folder.id }, { name: "Board", color: "green" });
    const folderless = sim.mutate.createList({ spaceId: space }, { name: "Loose" });
    expect(folderless.folderId).toBeNull();
    sim.mutate.updateList(list.id, { name: "Board v2" });
    sim.mutate.renameFolder(folder.id, "From the UI (renamed)");
    const read = await call<List>(sim, "GET", `/api/v2/list/${list.id}`, { auth: pk });
    expect(read.body).toMatchObject({
      name: "Board v2",
      status: { status: "green" },
      folder: { name: "From the UI (renamed)" },
    });
    sim.mutate.deleteList(folderless.id);
    sim.mutate.deleteFolder(folder.id);
    expect(sim.state.lists.get(list.id)?.deleted).toBe(true);
    expect(
      (
        await call<{ folders: Folder[] }>(sim, "GET", `/api/v2/space/${space}/folder`, { auth: pk })
      ).body.folders.map((f) => f.id),
    ).not.toContain(folder.id);
  });
});
