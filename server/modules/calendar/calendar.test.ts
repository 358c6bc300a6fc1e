import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALENDAR_MAX_HIDDEN,
  CALENDAR_MONTH_CELL_ITEMS,
  CALENDAR_SEARCH_MAX,
  projectColorIndex,
} from "@domain/calendar";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import { SYNC_TEST_NOW, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";
import { firstRow, rows } from "../../db/executor";
import type * as s from "../../db/schema";
import { encryptSecret } from "../../lib/secrets";
import { runFullSync } from "../sync/full-sync";
import type {
  CalendarFeedCreated,
  CalendarFeedStatus,
  CalendarItem,
  CalendarMoveResponse,
  CalendarResponse,
} from "./contract";

type ErrorBody = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };
type TaskInsert = Omit<typeof s.tasks.$inferInsert, "organizationId">;

/*
 * Part 1, hand-seeded (workspace zone Europe/Berlin, today Wednesday 2026-06-10): which tasks are
 * calendar items, their kinds, days, projects and meta tasks, and who sees them (spec §6).
 * Part 2, against the ClickUp simulator: moving a milestone in ClickUp, refusals, and the feed.
 */

const NOW = new Date("2026-06-10T10:00:00Z");
const ANN = "cu-ann";

function task(t: Partial<TaskInsert> & { id: string }): TaskInsert {
  return {
    name: `Task ${t.id}`,
    status: "in progress",
    statusColor: "#5f55ee",
    statusType: "custom",
    spaceId: "sp-open",
    spaceName: "Studio",
    folderId: "f-job",
    folderName: "Job",
    listId: "l-job",
    listName: "Production",
    customItemId: 3,
    url: `https://app.clickup.com/t/${t.id}`,
    ...t,
  };
}

const seeded: TaskInsert[] = [
  task({
    id: "meta-job",
    name: "Job meta",
    customItemId: 1001,
    dateCreated: new Date("2026-01-01T00:00:00Z"),
  }),
  task({
    id: "meta-job-2",
    name: "Job meta later",
    customItemId: 1001,
    dateCreated: new Date("2026-02-01T00:00:00Z"),
  }),
  // 22:30 UTC on 31 May is 00:30 on 1 June in Berlin: a June item.
  task({ id: "m-boundary", name: "Kick-off", customItemId: 1, dueDate: new Date("2026-05-31T22:30:00Z") }),
  // 21:30 UTC on 30 June is 23:30 on 30 June in Berlin: still June.
  task({ id: "d-late", name: "Final master", customItemId: 2, dueDate: new Date("2026-06-30T21:30:00Z") }),
  // 22:00 UTC on 30 June is midnight 1 July in Berlin: July.
  task({ id: "d-july", name: "Cut-down", customItemId: 2, dueDate: new Date("2026-06-30T22:00:00Z") }),
  // Under a sub-project meta task (nearest 1001 ancestor wins over the folder's).
  task({ id: "meta-sub", name: "Sub meta", customItemId: 1001, parentTaskId: null }),
  task({ id: "parent", name: "Parent", parentTaskId: "meta-sub" }),
  task({
    id: "shoot",
    name: "Location SHOOT",
    parentTaskId: "parent",
    dueDate: new Date("2026-06-15T08:00:00Z"),
    assigneesArray: [{ id: ANN }, { id: "cu-bob" }, { id: "cu-ghost" }],
  }),
  task({
    id: "creative",
    name: "Creative review",
    customItemId: null,
    dueDate: new Date("2026-06-16T08:00:00Z"),
  }),
  // Not calendar items: an ordinary task, archived, deleted, no due date.
  task({ id: "edit", name: "Edit", dueDate: new Date("2026-06-16T08:00:00Z") }),
  task({ id: "archived", name: "Old approval", archived: true, dueDate: new Date("2026-06-16T08:00:00Z") }),
  task({ id: "deleted", name: "Gone approval", deleted: true, dueDate: new Date("2026-06-16T08:00:00Z") }),
  task({ id: "undated", name: "Undated milestone", customItemId: 1 }),
  // A private space: one item assigned to Ann, one nobody gave her; no meta task in its folder.
  task({
    id: "p-mine",
    name: "Client approval",
    spaceId: "sp-private",
    spaceName: "Clients",
    folderId: "f-secret",
    folderName: "Secret",
    listId: "l-secret",
    dueDate: new Date("2026-06-20T10:00:00Z"),
    assigneesArray: [{ id: ANN }],
    status: "complete",
    statusType: "closed",
  }),
  task({
    id: "p-hidden",
    name: "Secret milestone",
    customItemId: 1,
    spaceId: "sp-private",
    spaceName: "Clients",
    folderId: "f-secret",
    folderName: "Secret",
    listId: "l-secret",
    dueDate: new Date("2026-06-21T10:00:00Z"),
  }),
  // A folderless list.
  task({
    id: "loose",
    name: "Approval round",
    folderId: null,
    folderName: null,
    listId: "l-loose",
    dueDate: new Date("2026-06-22T10:00:00Z"),
  }),
];

describe("calendar items (hand-seeded)", () => {
  let ctx: TestContext;
  let owner: WorkspaceUser;
  let member: WorkspaceUser;
  let unlinked: WorkspaceUser;
  let stranger: WorkspaceUser;

  beforeAll(async () => {
    ctx = await createTestContext({}, { now: () => NOW });
    owner = await createUserInWorkspace(ctx, { role: "owner" });
    member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    unlinked = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    stranger = await createUserInWorkspace(ctx, { role: "owner" });
    const org = owner.organizationId;
    await ctx.database.raw.query(`update organizations set time_zone = 'Europe/Berlin' where id = $1`, [org]);
    await ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
       values ($1, $2, $3, 'Ann')`,
      [org, member.userId, ANN],
    );
    await seedClickupData(ctx.database.db, org, {
      spaces: [
        { id: "sp-open", name: "Studio" },
        { id: "sp-private", name: "Clients", private: true },
      ],
      folders: [
        { id: "f-job", name: "Job", spaceId: "sp-open" },
        { id: "f-secret", name: "Secret", spaceId: "sp-private" },
      ],
      providerUsers: [
        { id: ANN, username: "Ann", email: "ann@agency.test" },
        { id: "cu-bob", username: null, email: "bob@agency.test" },
      ],
      tasks: seeded,
    });
    await seedClickupData(ctx.database.db, stranger.organizationId, {
      spaces: [{ id: "sp-b", name: "B" }],
      folders: [{ id: "f-b", name: "B job", spaceId: "sp-b" }],
      tasks: [
        task({
          id: "b-ms",
          name: "B milestone",
          customItemId: 1,
          spaceId: "sp-b",
          folderId: "f-b",
          dueDate: new Date("2026-06-12T10:00:00Z"),
        }),
      ],
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const june = "/api/calendar?from=2026-06-01&to=2026-06-30";

  it("gives the owner every calendar item of the month by workspace day, with kinds, projects and meta tasks", async () => {
    const res = await owner.client.get<CalendarResponse>(june);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = res.body;
    expect(body).toMatchObject({
      from: "2026-06-01",
      to: "2026-06-30",
      timeZone: "Europe/Berlin",
      today: "2026-06-10",
    });
    expect(body.items.map((i) => [i.id, i.day, i.kind, i.metaTaskId])).toEqual([
      ["m-boundary", "2026-06-01", "milestone", "meta-job"],
      ["shoot", "2026-06-15", "shoot", "meta-sub"],
      ["creative", "2026-06-16", "creative", "meta-job"],
      ["p-mine", "2026-06-20", "approval", null],
      ["p-hidden", "2026-06-21", "milestone", null],
      ["loose", "2026-06-22", "approval", null],
      ["d-late", "2026-06-30", "deliverable", "meta-job"],
    ]);
    const shoot = body.items.find((i) => i.id === "shoot")!;
    expect(shoot).toEqual<CalendarItem>({
      id: "shoot",
      name: "Location SHOOT",
      dueDate: "2026-06-15T08:00:00.000Z",
      day: "2026-06-15",
      status: "in progress",
      statusColor: "#5f55ee",
      statusType: "custom",
      finished: false,
      kind: "shoot",
      customItemId: 3,
      projectId: "f-job",
      projectName: "Job",
      spaceId: "sp-open",
      spaceName: "Studio",
      listName: "Production",
      metaTaskId: "meta-sub",
      url: "https://app.clickup.com/t/shoot",
      assignees: ["Ann", "bob@agency.test", "User cu-ghost"],
    });
    expect(body.items.find((i) => i.id === "p-mine")!.finished).toBe(true);
    expect(body.projects).toEqual([
      {
        id: "f-job",
        name: "Job",
        spaceId: "sp-open",
        spaceName: "Studio",
        colorIndex: projectColorIndex("f-job"),
        count: 4,
      },
      {
        id: "f-secret",
        name: "Secret",
        spaceId: "sp-private",
        spaceName: "Clients",
        colorIndex: projectColorIndex("f-secret"),
        count: 2,
      },
    ]);
    expect(body.metaTasks).toEqual([
      { id: "meta-job", name: "Job meta", projectId: "f-job", count: 3 },
      { id: "meta-sub", name: "Sub meta", projectId: "f-job", count: 1 },
    ]);
    expect(body).toMatchObject({ view: "full", perDay: null, total: 7, rangeTotal: 7, noProjectCount: 1 });
    expect(body.days).toEqual([
      { day: "2026-06-01", count: 1 },
      { day: "2026-06-15", count: 1 },
      { day: "2026-06-16", count: 1 },
      { day: "2026-06-20", count: 1 },
      { day: "2026-06-21", count: 1 },
      { day: "2026-06-22", count: 1 },
      { day: "2026-06-30", count: 1 },
    ]);
  });

  it("month view: each day's count and only its first CALENDAR_MONTH_CELL_ITEMS items; '+N more' asks for the day", async () => {
    // Five more items on 2026-06-16 (Berlin), due at different hours: the cell shows the first 3.
    const org = owner.organizationId;
    const crowd = [0, 1, 2, 3, 4].map((n) =>
      task({
        id: `crowd-${n}`,
        name: `Crowd milestone ${n}`,
        customItemId: 1,
        dueDate: new Date(`2026-06-16T0${n}:30:00Z`),
      }),
    );
    await seedClickupData(ctx.database.db, org, { tasks: crowd });
    try {
      const full = await owner.client.get<CalendarResponse>(june);
      const month = await owner.client.get<CalendarResponse>(`${june}&view=month`);
      expect(month.status, month.text).toBe(200);
      expect(month.body).toMatchObject({ view: "month", perDay: CALENDAR_MONTH_CELL_ITEMS, total: 12 });
      expect(month.body.days.find((d) => d.day === "2026-06-16")).toEqual({ day: "2026-06-16", count: 6 });
      const byDay = new Map<string, string[]>();
      for (const i of full.body.items) byDay.set(i.day, [...(byDay.get(i.day) ?? []), i.id]);
      expect(month.body.items.map((i) => i.id)).toEqual(
        [...byDay.values()].flatMap((ids) => ids.slice(0, CALENDAR_MONTH_CELL_ITEMS)),
      );
      expect(month.body.items.filter((i) => i.day === "2026-06-16").map((i) => i.id)).toEqual([
        "crowd-0",
        "crowd-1",
        "crowd-2",
      ]);
      // The same items, fields and meta tasks as the full answer; the same projects and counts.
      for (const item of month.body.items)
        expect(item).toEqual(full.body.items.find((i) => i.id === item.id));
      expect(month.body.projects).toEqual(full.body.projects);
      expect(month.body.metaTasks).toEqual(full.body.metaTasks);
      expect(month.body.days).toEqual(full.body.days);
      // '+3 more' on the 16th: that day in full.
      const day = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-06-16&to=2026-06-16");
      expect(day.body.items.map((i) => i.id)).toEqual([
        "crowd-0",
        "crowd-1",
        "crowd-2",
        "crowd-3",
        "crowd-4",
        "creative",
      ]);
    } finally {
      await ctx.database.raw.query(`delete from tasks where organization_id = $1 and id like 'crowd-%'`, [
        org,
      ]);
    }
  });

  it("applies the sidebar's search, hidden and focused projects and meta tasks in SQL, with the counts", async () => {
    const ids = async (query: string, who: WorkspaceUser = owner) => {
      const res = await who.client.get<CalendarResponse>(`${june}&${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return res.body;
    };
    // Search: an item's name, any case …
    let body = await ids("q=SHOOT");
    expect(body.items.map((i) => i.id)).toEqual(["shoot"]);
    expect(body).toMatchObject({ total: 1, rangeTotal: 7, noProjectCount: 0 });
    expect(body.projects.map((p) => [p.id, p.count])).toEqual([["f-job", 1]]);
    expect(body.metaTasks.map((m) => [m.id, m.count])).toEqual([["meta-sub", 1]]);
    // … a project's name (every item of it) …
    body = await ids("q=secret");
    expect(body.items.map((i) => i.id)).toEqual(["p-mine", "p-hidden"]);
    // … a meta task's name (its items); a search of '%' or '_' is text, not a pattern.
    body = await ids(`q=${encodeURIComponent("sub meta")}`);
    expect(body.items.map((i) => i.id)).toEqual(["shoot"]);
    expect((await ids("q=%25")).items).toEqual([]);
    expect((await ids("q=%20%20")).total).toBe(7);
    expect((await ids("q=_")).items).toEqual([]);
    // Hidden projects (and 'none', the folderless items) and meta tasks: gone from items and
    // days, still in the sidebar with their counts.
    body = await ids("hideProjects=f-secret,none");
    expect(body.items.map((i) => i.id)).toEqual(["m-boundary", "shoot", "creative", "d-late"]);
    expect(body).toMatchObject({ total: 4, rangeTotal: 7, noProjectCount: 1 });
    expect(body.projects.map((p) => [p.id, p.count])).toEqual([
      ["f-job", 4],
      ["f-secret", 2],
    ]);
    expect(body.days.map((d) => d.day)).toEqual(["2026-06-01", "2026-06-15", "2026-06-16", "2026-06-30"]);
    body = await ids("hideMetaTasks=meta-job");
    expect(body.items.map((i) => i.id)).toEqual(["shoot", "p-mine", "p-hidden", "loose"]);
    // Focus: one project, the folderless items, or one meta task.
    expect((await ids("project=f-secret")).items.map((i) => i.id)).toEqual(["p-mine", "p-hidden"]);
    expect((await ids("project=none")).items.map((i) => i.id)).toEqual(["loose"]);
    expect((await ids("metaTask=meta-sub")).items.map((i) => i.id)).toEqual(["shoot"]);
    // Together, and in the month view; a member still sees only what spec §6 lets them.
    body = await ids("view=month&q=a&hideProjects=none&metaTask=meta-job");
    // ('a' is in the meta task's name "Job meta": all three of its items)
    expect(body.items.map((i) => i.id)).toEqual(["m-boundary", "creative", "d-late"]);
    expect((await ids("project=f-secret", member)).items.map((i) => i.id)).toEqual(["p-mine"]);
    expect((await ids("q=secret", unlinked)).items).toEqual([]);
  });

  it("answers 400 naming the field for bad sidebar filters", async () => {
    const field = async (query: string) => {
      const res = await owner.client.get<ErrorBody>(`${june}&${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      return [...new Set(res.body.error.fields?.map((f) => f.field.split(".")[0]))];
    };
    expect(await field("view=year")).toEqual(["view"]);
    expect(await field(`q=${"x".repeat(CALENDAR_SEARCH_MAX + 1)}`)).toEqual(["q"]);
    expect(await field("hideProjects=a,b%20c")).toEqual(["hideProjects"]);
    expect(await field(`hideProjects=${"x".repeat(65)}`)).toEqual(["hideProjects"]);
    const many = Array.from({ length: CALENDAR_MAX_HIDDEN + 1 }, (_, i) => `p${i}`).join(",");
    expect(await field(`hideMetaTasks=${many}`)).toEqual(["hideMetaTasks"]);
    expect(await field("project=a'b")).toEqual(["project"]);
    expect(await field("metaTask=")).toEqual(["metaTask"]);
    const limit = Array.from({ length: CALENDAR_MAX_HIDDEN }, (_, i) => `p${i}`).join(",");
    expect((await owner.client.get(`${june}&hideMetaTasks=${limit}`)).status).toBe(200);
  });

  it("puts midnight in the workspace zone on the next month, and a window of one day works", async () => {
    const july = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-07-01&to=2026-07-01");
    expect(july.body.items.map((i) => i.id)).toEqual(["d-july"]);
    const may = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-05-01&to=2026-05-31");
    expect(may.body.items).toEqual([]);
    expect(may.body.projects).toEqual([]);
  });

  it("shows a member only what spec §6 lets them see, and a member without ClickUp nothing", async () => {
    const res = await member.client.get<CalendarResponse>(june);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.id)).toEqual([
      "m-boundary",
      "shoot",
      "creative",
      "p-mine",
      "loose",
      "d-late",
    ]);
    expect(res.body.projects.map((p) => p.id)).toEqual(["f-job", "f-secret"]);
    const none = await unlinked.client.get<CalendarResponse>(june);
    expect(none.body.items).toEqual([]);
    expect(none.body.metaTasks).toEqual([]);
    const other = await stranger.client.get<CalendarResponse>(june);
    expect(other.body.items.map((i) => i.id)).toEqual(["b-ms"]);
  });

  it("answers 400 naming the field for bad windows and dates, 401 signed out", async () => {
    const field = async (query: string) => {
      const res = await owner.client.get<ErrorBody>(`/api/calendar${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      return [...new Set(res.body.error.fields?.map((f) => f.field))];
    };
    expect(await field("?from=2026-06-01")).toEqual(["to"]);
    expect(await field("?from=2026-06-30&to=2026-06-01")).toEqual(["to"]);
    expect(await field("?from=2026-06-01&to=2026-09-09")).toEqual(["to"]);
    expect(await field("?from=2026-02-30&to=2026-03-01")).toEqual(["from"]);
    expect(await field("?from=2026-06-01%00&to=2026-06-02")).toEqual(["from"]);
    expect(await field("?from=0001-01-01&to=0001-01-02")).toEqual(["from", "to"]);
    expect(await field("?from=June&to=2026-06-02")).toEqual(["from"]);
    const extra = await owner.client.get<ErrorBody>("/api/calendar?from=2026-06-01&to=2026-06-02&surprise=1");
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body.error)).toContain("surprise");
    const hundred = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-06-01&to=2026-09-08");
    expect(hundred.status).toBe(200);
    expect((await ctx.client().get(june)).status).toBe(401);
  });

  it("refuses moves of what is not a visible calendar item of the workspace with 404, and bad bodies with 400", async () => {
    const move = (who: WorkspaceUser, id: string, body: unknown) =>
      who.client.patch<ErrorBody>(`/api/calendar/items/${id}`, body);
    for (const [who, id] of [
      [stranger, "m-boundary"],
      [owner, "b-ms"],
      [owner, "edit"],
      [owner, "undated"],
      [owner, "deleted"],
      [member, "p-hidden"],
      [unlinked, "shoot"],
      [owner, "nope"],
    ] as const) {
      const res = await move(who, id, { dueDate: "2026-06-12" });
      expect(res.status, `${id}: ${res.text}`).toBe(404);
    }
    const bad = await move(owner, "shoot", { dueDate: "12/06/2026" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.[0]?.field).toBe("dueDate");
    expect((await move(owner, "shoot", {})).body.error.fields?.[0]?.field).toBe("dueDate");
    expect((await move(owner, "shoot", { dueDate: "2026-06-12", x: 1 })).status).toBe(400);
    expect((await move(owner, "bad%20id", { dueDate: "2026-06-12" })).status).toBe(400);
    // The same day changes nothing and needs no ClickUp connection.
    const same = await owner.client.patch<CalendarMoveResponse>("/api/calendar/items/shoot", {
      dueDate: "2026-06-15",
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body.previousDueDate).toBe("2026-06-15");
    // Another day without any ClickUp connection: 409 naming what to do.
    const unconnected = await move(owner, "shoot", { dueDate: "2026-06-16" });
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.error.message).toBe("Connect ClickUp before moving milestones");
  });
});

describe("moving milestones in ClickUp and the private feed (simulator)", () => {
  let f: SyncFixture;
  let owner: WorkspaceUser;
  let admin: WorkspaceUser;
  let stranger: WorkspaceUser;

  async function connect(user: WorkspaceUser, clickupUserId: number, token: string) {
    await f.ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username, access_token_enc)
       values ($1, $2, $3, $3, $4)`,
      [f.orgId, user.userId, String(clickupUserId), encryptSecret(token, f.deps.secrets.encryptionKey)],
    );
  }

  beforeAll(async () => {
    f = await syncFixture();
    f.deps.now = () => new Date(SYNC_TEST_NOW);
    const result = await runFullSync(f.deps, f.orgId, { trigger: "test", now: () => SYNC_TEST_NOW });
    expect(result.status).toBe("succeeded");
    owner = await createUserInWorkspace(f.ctx, { role: "owner", organizationId: f.orgId });
    admin = await createUserInWorkspace(f.ctx, { role: "admin", organizationId: f.orgId });
    stranger = await createUserInWorkspace(f.ctx, { role: "owner" });
    await connect(owner, f.sim.demo.ownerUserId, f.token);
    // The admin sees every task here, but acts in ClickUp as the demo member (no private space).
    await connect(admin, f.sim.demo.memberUserId, f.sim.createPersonalToken(f.sim.demo.memberUserId));
  }, 120_000);
  afterAll(async () => {
    await f.close();
  });

  async function row(id: string) {
    return firstRow<Record<string, unknown>>(
      f.deps.database.db,
      sql`select name, status, due_date, start_date, custom_item_id, folder_id, list_id, parent_task_id,
                 assignees_array, date_updated, deleted, archived
          from tasks where organization_id = ${f.orgId} and id = ${id}`,
    );
  }
  const simDue = (id: string) => f.sim.state.taskById.get(id)!.dueDate;

  async function settle(taskId: string): Promise<void> {
    await f.sim.flushWebhooks();
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const [r] = await rows<{ waiting: number | string; processed: number | string }>(
        f.deps.database.db,
        sql`select count(*) filter (where status = 'received') waiting, count(*) filter (where status = 'processed') processed
            from webhook_events where organization_id = ${f.orgId} and task_id = ${taskId}`,
      );
      if (Number(r!.waiting) === 0 && Number(r!.processed) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("webhook events still unprocessed");
  }

  async function march(): Promise<CalendarItem[]> {
    const res = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-03-01&to=2026-03-31");
    expect(res.status, res.text).toBe(200);
    return res.body.items;
  }

  it("moves a milestone's due date in ClickUp keeping its time, stores ClickUp's answer, and the webhook changes nothing", async () => {
    const items = await march();
    const item = items.find((i) => i.kind === "milestone" && i.spaceId !== f.sim.demo.privateSpaceId)!;
    expect(item).toBeDefined();
    const target = new Date(Date.parse(`${item.day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const expected = Date.parse(item.dueDate) + 2 * 86_400_000; // UTC workspace: whole days

    const res = await owner.client.patch<CalendarMoveResponse>(`/api/calendar/items/${item.id}`, {
      dueDate: target,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.previousDueDate).toBe(item.day);
    expect(res.body.item).toMatchObject({
      id: item.id,
      day: target,
      dueDate: new Date(expected).toISOString(),
    });
    expect(simDue(item.id)).toBe(expected);
    const stored = await row(item.id);
    expect(new Date(stored!.due_date as string).getTime()).toBe(expected);
    const [audit] = await rows<{ n: number | string; before: unknown; after: unknown }>(
      f.deps.database.db,
      sql`select count(*) over () n, before, after from audit_events
          where organization_id = ${f.orgId} and object_type = 'task' and object_id = ${item.id} and action = 'due_date_moved'`,
    );
    expect(Number(audit!.n)).toBe(1);
    expect(audit!.before).toEqual({ dueDate: item.dueDate, day: item.day });
    expect(audit!.after).toEqual({ dueDate: new Date(expected).toISOString(), day: target });
    const after = await march();
    expect(after.find((i) => i.id === item.id)!.day).toBe(target);

    // ClickUp's taskUpdated webhook arrives and is processed: the row is as the PATCH left it.
    await settle(item.id);
    expect(await row(item.id)).toEqual(stored);

    // Undo: the same PATCH with the previous day.
    const undo = await owner.client.patch<CalendarMoveResponse>(`/api/calendar/items/${item.id}`, {
      dueDate: res.body.previousDueDate,
    });
    expect(undo.status, undo.text).toBe(200);
    expect(undo.body.item.dueDate).toBe(item.dueDate);
    expect(simDue(item.id)).toBe(Date.parse(item.dueDate));
  });

  it("answers 409 clickup_refused with ClickUp's reason and 503 when ClickUp fails, storing nothing", async () => {
    // A milestone made in ClickUp in the private space the demo member cannot see (it reaches us
    // through its taskCreated webhook); the admin sees it here but acts as that member in ClickUp.
    const list = [...f.sim.state.lists.values()].find((l) => l.spaceId === f.sim.demo.privateSpaceId)!;
    const made = f.sim.mutate.createTask(list.id, {
      name: "Private approval",
      customItemId: 1,
      dueDate: Date.parse("2026-03-25T12:00:00Z"),
    });
    await settle(made.id);
    const hidden = await firstRow<{ id: string }>(
      f.deps.database.db,
      sql`select id from tasks where organization_id = ${f.orgId} and id = ${made.id} and not deleted`,
    );
    expect(hidden).toBeDefined();
    const before = await row(hidden!.id);
    const beforeSim = simDue(hidden!.id);
    const refused = await admin.client.patch<ErrorBody>(`/api/calendar/items/${hidden!.id}`, {
      dueDate: "2026-04-02",
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.code).toBe("clickup_refused");
    expect(refused.body.error.message).toMatch(/^ClickUp refused the change: \S/);
    expect(await row(hidden!.id)).toEqual(before);
    expect(simDue(hidden!.id)).toBe(beforeSim);

    const item = (await march()).find((i) => i.kind !== "approval")!;
    const stored = await row(item.id);
    f.sim.faults.set({ failNextRequests: 50, failNextStatus: 503, match: `/task/${item.id}` });
    try {
      const failed = await owner.client.patch<ErrorBody>(`/api/calendar/items/${item.id}`, {
        dueDate: "2026-04-03",
      });
      expect(failed.status, failed.text).toBe(503);
      expect(failed.body.error).toEqual({
        code: "service_unavailable",
        message: "ClickUp is not answering right now. Try again in a moment.",
      });
    } finally {
      f.sim.faults.clear();
    }
    expect(await row(item.id)).toEqual(stored);

    // Another workspace's owner cannot reach the task at all.
    const other = await stranger.client.patch(`/api/calendar/items/${item.id}`, { dueDate: "2026-04-03" });
    expect(other.status).toBe(404);
  });

  it("serves a private feed that parses as iCalendar, and rotating or revoking it makes the old URL 404", async () => {
    const empty = await owner.client.get<CalendarFeedStatus>("/api/calendar/feed");
    expect(empty.body).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    const created = await owner.client.post<CalendarFeedCreated>("/api/calendar/feed");
    expect(created.status, created.text).toBe(200);
    expect(created.body.url).toMatch(
      /^http:\/\/localhost:3000\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    const status = await owner.client.get<CalendarFeedStatus>("/api/calendar/feed");
    expect(status.body).toEqual({ active: true, createdAt: created.body.createdAt, lastFetchedAt: null });
    expect(status.text).not.toContain(".ics");
    const path = new URL(created.body.url).pathname;

    const feed = await f.ctx.client().get(path);
    expect(feed.status, feed.text).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("private, max-age=300");
    const calendar = new ICAL.Component(ICAL.parse(feed.text) as unknown[]);
    const events = calendar.getAllSubcomponents("vevent").map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        day: e.startDate.toString(),
        allDay: e.startDate.isDate,
        summary: e.summary,
        url: String(v.getFirstPropertyValue("url")),
      };
    });
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.allDay).toBe(true);
      expect(e.day >= "2026-01-17" && e.day <= "2027-03-18").toBe(true);
    }
    // The first 100 days of the feed are exactly what /api/calendar gives for them.
    const window = await owner.client.get<CalendarResponse>("/api/calendar?from=2026-01-17&to=2026-04-26");
    const inWindow = events.filter((e) => e.day <= "2026-04-26");
    expect(inWindow).toEqual(
      window.body.items.map((i) => ({
        uid: `${i.id}@agency-hub`,
        day: i.day,
        allDay: true,
        summary: i.projectName ? `${i.name} — ${i.projectName}` : i.name,
        url: String(i.url),
      })),
    );
    const fetched = await owner.client.get<CalendarFeedStatus>("/api/calendar/feed");
    expect(fetched.body.lastFetchedAt).toBe(new Date(SYNC_TEST_NOW).toISOString());

    const rotated = await owner.client.post<CalendarFeedCreated>("/api/calendar/feed");
    expect(rotated.body.url).not.toBe(created.body.url);
    expect((await f.ctx.client().get(path)).status).toBe(404);
    const rotatedPath = new URL(rotated.body.url).pathname;
    expect((await f.ctx.client().get(rotatedPath)).status).toBe(200);

    const revoked = await owner.client.delete<CalendarFeedStatus>("/api/calendar/feed");
    expect(revoked.body).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    expect((await f.ctx.client().get(rotatedPath)).status).toBe(404);
    expect((await f.ctx.client().get("/api/calendar/feed/not-a-token.ics")).status).toBe(404);

    // A feed whose owner left the workspace answers 404.
    const leaving = await admin.client.post<CalendarFeedCreated>("/api/calendar/feed");
    const leavingPath = new URL(leaving.body.url).pathname;
    expect((await f.ctx.client().get(leavingPath)).status).toBe(200);
    await f.ctx.database.raw.query(
      `delete from user_organizations where organization_id = $1 and user_id = $2`,
      [f.orgId, admin.userId],
    );
    expect((await f.ctx.client().get(leavingPath)).status).toBe(404);
    expect((await f.ctx.client().post("/api/calendar/feed")).status).toBe(401);
  });
});
