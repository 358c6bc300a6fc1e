import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookedTodayPercent,
  hoursPerDayEstimate,
  projectRevisionSummaries,
  selectOtherTasks as domainOtherTasks,
  sortMyProjects,
  taskCoversDay,
  weekDays,
  type RevisionTask,
} from "@domain/index";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { testNow } from "../../../tests/test-clock";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import type * as s from "../../db/schema";
import type {
  DashboardSummary,
  OtherTasksResponse,
  ProjectDetailResponse,
  ProjectsResponse,
  TaskDetailResponse,
  WeekResponse,
} from "./contract";

/*
 * Every date is relative to NOW (AGENCY_HUB_NOW under scripts/test-dates.sh, else a Wednesday),
 * so the hand-computed figures below hold on any day of the week, month or year.
 */
const NOW = testNow(new Date("2026-11-18T10:00:00Z"));
const ME = "cu-member";
const OTHER = "cu-other";
type TaskInsert = Omit<typeof s.tasks.$inferInsert, "organizationId">;

const DAY = 86_400_000;
const TODAY_NOON = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate(), 12);
/** Noon UTC `offset` days from today (ClickUp's date-only values). */
const d = (offset: number) => new Date(TODAY_NOON + offset * DAY);
/** This week's Monday, by hand: today minus the days since Monday (Sunday is day 6). */
const MONDAY = (NOW.getUTCDay() + 6) % 7;
/** Noon UTC `offset` days from this week's Monday. */
const w = (offset: number) => d(offset - MONDAY);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const hpd = (value: unknown, name = "H/D Est") => [{ id: `cf-${name}`, name, value }];

let n = 0;
function task(partial: Partial<TaskInsert> & { assignee?: string | null }): TaskInsert {
  n += 1;
  const { assignee = ME, ...rest } = partial;
  return {
    id: `t${String(n).padStart(3, "0")}`,
    name: `Task ${String(n).padStart(3, "0")}`,
    status: "to do",
    folderId: "f-alpha",
    folderName: "Alpha",
    spaceName: "Creative",
    assigneesArray: assignee ? [{ id: assignee, username: assignee }] : [],
    ...rest,
  };
}

const tasks: TaskInsert[] = [
  // Week and Booked Today edges
  task({ id: "both", startDate: d(-2), dueDate: d(2), customFields: hpd("4") }),
  task({ id: "start-only", startDate: d(-6), customFields: hpd({ text: "2,5" }, "hrs/day") }),
  task({ id: "due-only", dueDate: d(7), customFields: hpd(2, "Hours/Day") }),
  task({ id: "undated", customFields: hpd(8) }),
  task({
    id: "not-mine",
    startDate: d(0),
    dueDate: d(0),
    customFields: hpd(8),
    assignee: OTHER,
  }),
  task({
    id: "finished",
    status: "complete",
    startDate: d(0),
    dueDate: d(0),
    customFields: hpd(1),
  }),
  task({
    id: "deleted",
    deleted: true,
    startDate: d(0),
    dueDate: d(0),
    customFields: hpd(8),
  }),
  task({
    id: "fallthrough",
    startDate: d(-1),
    dueDate: d(1),
    customFields: [
      { id: "a", name: "hours/day", value: null },
      { id: "b", name: "Budget", type: "currency", value: 12500.5 },
      { id: "c", name: "HRS/DAY planned", value: "1.5 hrs" },
    ],
  }),
  task({ id: "next-week", startDate: w(7), dueDate: w(8), customFields: hpd(3) }),
  task({ id: "inverted", startDate: d(2), dueDate: d(-1), customFields: hpd(5) }),
  task({ id: "negative", startDate: d(0), dueDate: d(0), customFields: hpd(-3) }),
  task({ id: "zero", startDate: d(0), dueDate: d(0), customFields: hpd(0) }),
  // Revisions and assignments (folder Alpha)
  task({ id: "asset", customItemId: 1009, status: "in progress", assignee: OTHER }),
  task({ id: "asset-archived", customItemId: 1009, status: "archived", assignee: OTHER }),
  task({
    id: "rev-live",
    customItemId: 1033,
    parentTaskId: "asset",
    status: "In Progress - Revision",
    dueDate: d(1),
  }),
  task({
    id: "rev-not-started",
    customItemId: 1033,
    parentTaskId: "asset",
    status: "not started",
    dueDate: d(1),
  }),
  task({ id: "rev-dead-parent", customItemId: 1033, parentTaskId: "asset-archived", status: "open" }),
  task({ id: "rev-orphan", customItemId: 1033, status: "open" }),
  task({ id: "assign-2d", customItemId: 1014, status: "open", dueDate: d(2) }),
  task({ id: "assign-3d", customItemId: 1031, status: "open", dueDate: d(3) }),
  task({ id: "assign-closed", customItemId: 1014, status: "closed", dueDate: d(0) }),
  task({
    id: "assign-overdue",
    customItemId: 1014,
    status: "pending",
    dueDate: d(-8),
    folderId: "f-beta",
    folderName: "Beta",
  }),
  // 11 projects in all: nine more folders with one open task each
  ...Array.from({ length: 9 }, (_, i) =>
    task({
      folderId: `f-p${i}`,
      folderName: `Project ${String.fromCharCode(75 - i)}`,
      dueDate: d(13 + i),
    }),
  ),
  // Other tasks: undated ones must come last
  task({ id: "other-undated", folderId: null, folderName: null, status: "open" }),
  task({ id: "other-canceled", status: "Canceled", dueDate: d(-17) }),
];

let ctx: TestContext;
let member: WorkspaceUser;
let outsider: WorkspaceUser;

async function connect(userId: string, orgId: string, clickupUserId: string, username: string) {
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
     values ($1, $2, $3, $4)`,
    [orgId, userId, clickupUserId, username],
  );
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  member = await createUserInWorkspace(ctx, { role: "member" });
  outsider = await createUserInWorkspace(ctx, { role: "member" });
  await connect(member.userId, member.organizationId, ME, "maria");
  await connect(outsider.userId, outsider.organizationId, ME, "intruder");
  await seedClickupData(ctx.deps.database.db, member.organizationId, {
    tasks,
    // As sync stores a ClickUp currency field: its definition's type_config, and the value's raw text.
    customFields: [
      {
        id: "b",
        name: "Budget",
        fieldType: "currency",
        typeConfig: { precision: 2, currency_type: "EUR", default: null },
      },
    ],
    customFieldValues: [
      { taskId: "fallthrough", customFieldId: "b", value: { text: "12500.5", raw: "12500.50" } },
    ],
    timeEntries: [
      { id: "te1", userId: ME, taskId: "both", startTime: d(-2), durationMs: 5_400_000 },
      { id: "te2", userId: OTHER, taskId: "both", startTime: d(-1), durationMs: 1_800_000 },
      {
        id: "te3",
        userId: ME,
        taskId: "both",
        startTime: d(-1),
        durationMs: 3_600_000,
        deleted: true,
      },
    ],
  });
});
afterAll(() => ctx.close());

/** The rows the member can see, in the shape the domain rules read. */
const visible = tasks.filter((t) => !t.deleted && (t.assigneesArray ?? []).some((a) => a.id === ME));
const asDomain = (t: TaskInsert) => ({
  id: t.id,
  name: t.name,
  status: t.status ?? "",
  customItemId: t.customItemId ?? null,
  parentTaskId: t.parentTaskId ?? null,
  dueDate: t.dueDate ?? null,
  startDate: t.startDate ?? null,
  folderId: t.folderId ?? null,
  folderName: t.folderName ?? null,
  hoursPerDayEstimate: hoursPerDayEstimate(t.customFields ?? []),
});

describe("GET /api/dashboard (summary)", () => {
  it("answers 401 when signed out", async () => {
    expect((await ctx.client().get("/api/dashboard")).status).toBe(401);
  });

  it("greets the ClickUp username and computes Booked Today as the domain rule does", async () => {
    const res = await member.client.get<DashboardSummary>("/api/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      connected: true,
      username: "maria",
      canLogTime: true,
      canImpersonate: false,
    });
    expect(res.body.impersonation).toEqual({ active: false, user: null });
    // both 4 + start-only 2.5 + due-only 2 + finished 1 + fallthrough 1.5 = 11 h → 138 %
    expect(res.body.bookedToday.hours).toBeCloseTo(11);
    expect(res.body.bookedToday.percent).toBe(138);
    expect(res.body.bookedToday.percent).toBe(bookedTodayPercent(visible.map(asDomain), NOW));
    // the tasks that count: a positive hours-per-day estimate ('zero' and 'negative' do not)
    expect(res.body.bookedToday.taskCount).toBe(5);
    expect(res.body.bookedToday.taskCount).toBe(
      visible
        .map(asDomain)
        .filter((t) => (t.hoursPerDayEstimate ?? 0) > 0 && taskCoversDay(t.startDate, t.dueDate, NOW)).length,
    );
    expect(res.body.assignedProjectsCount).toBe(11);
  });

  it("shows the connect state without a ClickUp connection", async () => {
    const lonely = await createUserInWorkspace(ctx, {
      role: "member",
      organizationId: member.organizationId,
    });
    const res = await lonely.client.get<DashboardSummary>("/api/dashboard");
    expect(res.status).toBe(200);
    expect(res.body.connected).toBe(false);
    const week = await lonely.client.get<WeekResponse>("/api/dashboard/week");
    expect(week.body.tasks).toEqual([]);
  });
});

describe("GET /api/dashboard/week", () => {
  it("returns exactly the tasks whose effective range overlaps the week, with derived fields", async () => {
    const res = await member.client.get<WeekResponse>(`/api/dashboard/week?date=${iso(NOW)}`);
    expect(res.status).toBe(200);
    expect(res.body.weekStart).toBe(iso(w(0)));
    expect(res.body.weekEnd).toBe(iso(w(6)));
    const days = weekDays(iso(w(0)), true);
    const expected = visible
      .filter((t) => days.some((day) => taskCoversDay(t.startDate, t.dueDate, day)))
      .map((t) => t.id)
      .sort();
    expect(res.body.tasks.map((t) => t.id).sort()).toEqual(expected);
    expect(expected).toContain("start-only");
    expect(expected).not.toContain("next-week");
    expect(expected).not.toContain("inverted");
    const both = res.body.tasks.find((t) => t.id === "both")!;
    expect(both.hoursLogged).toBeCloseTo(2); // 1.5 h + 0.5 h, the deleted entry ignored
    expect(both.hoursPerDayEstimate).toBe(4);
    expect(both.folderName).toBe("Alpha");
    expect(res.body.tasks.find((t) => t.id === "start-only")!.hoursPerDayEstimate).toBe(2.5);
    expect(res.body.tasks.find((t) => t.id === "fallthrough")!.hoursPerDayEstimate).toBe(1.5);
    expect(res.body.tasks.find((t) => t.id === "negative")!.hoursPerDayEstimate).toBeNull();
  });

  it("matches the domain hours-per-day rule for every visible task", async () => {
    const all = await member.client.get<WeekResponse>(`/api/dashboard/week?date=${iso(w(0))}`);
    for (const t of all.body.tasks) {
      const source = tasks.find((x) => x.id === t.id)!;
      expect(t.hoursPerDayEstimate, t.id).toBe(hoursPerDayEstimate(source.customFields ?? []));
    }
  });

  it("answers 400 naming the field for a bad date", async () => {
    const res = await member.client.get<{ error: { fields: { field: string }[] } }>(
      "/api/dashboard/week?date=2026-02-30",
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]!.field).toBe("date");
  });

  it("never shows another workspace's tasks", async () => {
    const res = await outsider.client.get<WeekResponse>(`/api/dashboard/week?date=${iso(w(0))}`);
    expect(res.body.tasks).toEqual([]);
  });
});

describe("GET /api/dashboard/projects", () => {
  it("summarises revisions per project exactly as the domain rules, sorted and capped at 10", async () => {
    const res = await member.client.get<ProjectsResponse>("/api/dashboard/projects");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(11);
    expect(res.body.projects).toHaveLength(10);
    const parents: RevisionTask[] = tasks.filter((t) => !t.deleted).map(asDomain);
    const expected = sortMyProjects(projectRevisionSummaries(visible.map(asDomain), NOW, parents));
    expect(
      res.body.projects.map(
        ({ folderId, projectName, status, urgentCount, activityCount, assignmentCount }) => ({
          folderId,
          projectName,
          status,
          urgentCount,
          activityCount,
          assignmentCount,
        }),
      ),
    ).toEqual(
      expected.map((p) => ({
        folderId: p.projectId,
        projectName: p.projectName,
        status: p.status,
        urgentCount: p.urgentCount,
        activityCount: p.activityCount,
        assignmentCount: p.assignmentCount,
      })),
    );
    const alpha = res.body.projects.find((p) => p.folderId === "f-alpha")!;
    // rev-live only; assign-2d and assign-3d open; urgent: rev-live (1 day) and assign-2d (2 days)
    expect(alpha).toMatchObject({
      status: "Needs Work",
      activityCount: 1,
      assignmentCount: 2,
      urgentCount: 2,
    });
    expect(res.body.projects[0]!.status).toBe("Needs Work");
  });
});

describe("GET /api/dashboard/other-tasks", () => {
  it("lists at most 7 open non-assignment tasks by due date, undated last, as the domain rule", async () => {
    const res = await member.client.get<OtherTasksResponse>("/api/dashboard/other-tasks");
    expect(res.status).toBe(200);
    const sorted = [...visible].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const expected = domainOtherTasks(sorted.map(asDomain)).map((t) => t.id);
    expect(res.body.tasks.map((t) => t.id)).toEqual(expected);
    expect(res.body.tasks).toHaveLength(7);
    expect(res.body.tasks.map((t) => t.id)).not.toContain("other-canceled");
  });
});

describe("task and project detail", () => {
  it("returns a visible task with its additional fields, 404 for someone else's", async () => {
    const res = await member.client.get<TaskDetailResponse>("/api/dashboard/tasks/fallthrough");
    expect(res.status).toBe(200);
    expect(res.body.task.url).toBe("https://app.clickup.com/t/fallthrough");
    expect(res.body.additionalFields.map((f) => f.name)).toEqual(["Budget"]);
    // The currency field carries its currency and an exact amount in minor units, not a bare 12500.5.
    expect(res.body.additionalFields[0]!.money).toEqual({ amountMinor: 1250050, currency: "EUR" });
    expect((await member.client.get("/api/dashboard/tasks/not-mine")).status).toBe(404);
    expect((await outsider.client.get("/api/dashboard/tasks/both")).status).toBe(404);
  });

  it("lists outstanding revisions of a project the member works in", async () => {
    const res = await member.client.get<ProjectDetailResponse>("/api/dashboard/projects/f-alpha");
    expect(res.status).toBe(200);
    expect(res.body.projectName).toBe("Alpha");
    expect(res.body.revisions.map((r) => r.id)).toEqual(["rev-live"]);
    expect(res.body.assignments.map((r) => r.id)).toEqual(["assign-2d", "assign-3d"]);
    expect((await member.client.get("/api/dashboard/projects/f-nowhere")).status).toBe(404);
  });

  it("lists in every project dialog exactly the rows its My Projects count counts", async () => {
    const projects = await member.client.get<ProjectsResponse>("/api/dashboard/projects");
    expect(projects.body.projects.length).toBeGreaterThan(1);
    for (const p of projects.body.projects) {
      const detail = await member.client.get<ProjectDetailResponse>(`/api/dashboard/projects/${p.folderId}`);
      expect(detail.status, p.folderId).toBe(200);
      expect(detail.body.revisions.length, p.folderId).toBe(p.activityCount);
      expect(detail.body.assignments.length, p.folderId).toBe(p.assignmentCount);
    }
  });
});

describe("project detail: the count's rows and the §6 milestones", () => {
  it("lists the viewed person's outstanding revisions and open assignments (the My Projects count), and the milestones they can see", async () => {
    const viewer = await createUserInWorkspace(ctx, { role: "member" });
    const org = viewer.organizationId;
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: org });
    await connect(viewer.userId, org, "cu-viewer", "vera");
    await connect(admin.userId, org, "cu-boss", "boss");
    const inFolder = { folderId: "f-x", folderName: "X", status: "open" };
    const underAsset = { ...inFolder, customItemId: 1033, parentTaskId: "x-asset" };
    await seedClickupData(ctx.deps.database.db, org, {
      spaces: [
        { id: "sp-private", name: "Private", private: true },
        { id: "sp-open", name: "Open", private: false },
      ],
      tasks: [
        {
          ...inFolder,
          id: "x-boss",
          name: "Boss",
          spaceId: "sp-private",
          listId: "l-hidden",
          assigneesArray: [{ id: "cu-boss" }],
        },
        {
          ...inFolder,
          id: "x-asset",
          name: "Asset",
          customItemId: 1009,
          status: "in progress",
          spaceId: "sp-private",
          listId: "l-hidden",
        },
        // The viewer's: one outstanding revision, one finished round the rule keeps, one open assignment.
        {
          ...underAsset,
          id: "x-rev-mine",
          name: "Rev mine",
          spaceId: "sp-private",
          listId: "l-hidden",
          assigneesArray: [{ id: "cu-viewer" }],
        },
        {
          ...underAsset,
          id: "x-rev-mine-done",
          name: "Rev mine done",
          status: "complete",
          spaceId: "sp-private",
          listId: "l-hidden",
          assigneesArray: [{ id: "cu-viewer" }],
        },
        {
          ...inFolder,
          id: "x-assign-mine",
          name: "Assignment mine",
          customItemId: 1014,
          spaceId: "sp-private",
          listId: "l-hidden",
          assigneesArray: [{ id: "cu-viewer" }],
        },
        // Revisions the viewer can see (a list they belong to, a public space) but are not theirs.
        { ...underAsset, id: "x-rev-listed", name: "Rev listed", spaceId: "sp-private", listId: "l-team" },
        {
          ...underAsset,
          id: "x-rev-open",
          name: "Rev open space",
          spaceId: "sp-open",
          listId: "l-hidden",
          assigneesArray: [{ id: "cu-boss" }],
        },
        { ...underAsset, id: "x-rev-hidden", name: "Rev hidden", spaceId: "sp-private", listId: "l-hidden" },
        // Milestones due today: one the viewer can see, one they cannot.
        {
          ...inFolder,
          id: "x-ms-open",
          name: "Milestone open",
          customItemId: 1,
          dueDate: d(0),
          spaceId: "sp-open",
          listId: "l-hidden",
        },
        {
          ...inFolder,
          id: "x-ms-hidden",
          name: "Milestone hidden",
          customItemId: 1,
          dueDate: d(0),
          spaceId: "sp-private",
          listId: "l-hidden",
        },
      ],
    });
    await ctx.database.raw.query(
      `insert into list_members (organization_id, list_id, user_id) values ($1, 'l-team', 'cu-viewer')`,
      [org],
    );

    const row = (await viewer.client.get<ProjectsResponse>("/api/dashboard/projects")).body.projects.find(
      (p) => p.folderId === "f-x",
    )!;
    expect(row).toMatchObject({ activityCount: 2, assignmentCount: 1 });
    const seen = await viewer.client.get<ProjectDetailResponse>("/api/dashboard/projects/f-x");
    expect(seen.status).toBe(200);
    expect(seen.body.revisions.map((r) => r.id).sort()).toEqual(["x-rev-mine", "x-rev-mine-done"]);
    expect(seen.body.assignments.map((r) => r.id)).toEqual(["x-assign-mine"]);
    expect(seen.body.revisions.length + seen.body.assignments.length).toBe(
      row.activityCount + row.assignmentCount,
    );
    expect(seen.body.milestones.map((m) => m.id)).toEqual(["x-ms-open"]);

    // An admin's dialog lists their own rows too (the round assigned to them), and every milestone.
    const bossRow = (await admin.client.get<ProjectsResponse>("/api/dashboard/projects")).body.projects.find(
      (p) => p.folderId === "f-x",
    )!;
    const all = await admin.client.get<ProjectDetailResponse>("/api/dashboard/projects/f-x");
    expect(all.body.revisions.map((r) => r.id)).toEqual(["x-rev-open"]);
    expect(all.body.assignments).toEqual([]);
    expect(bossRow).toMatchObject({ activityCount: 1, assignmentCount: 0 });
    expect(all.body.milestones.map((m) => m.id).sort()).toEqual(["x-ms-hidden", "x-ms-open"]);
  });
});
