import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import { listMembers, profiles, timeEntries, userClickupConnections } from "../../db/schema";
import { csvChunks } from "../../lib/csv";
import { systemContext, type RequestContext } from "../../request-context";
import { projectListQuerySchema, type ProjectListItem } from "./contract";
import { exportProjectsCsv, PROJECT_CSV_COLUMNS } from "./export-projects-csv";
import { getProject } from "./get-project";
import { getProjectHealth } from "./get-project-health";
import { getProjectSummary } from "./get-project-summary";
import { getProjectTeam } from "./get-project-team";
import { getProjectTimeReport } from "./get-project-time-report";
import { getProjectTimeline } from "./get-project-timeline";
import { listNavProjects } from "./list-nav-projects";
import { listProjectUserTasks } from "./list-project-user-tasks";
import { listProjects } from "./list-projects";

/*
 * Use cases against a real database seeded like a sync would leave it. The HTTP layer (auth,
 * tenancy, validation) is covered in projects.test.ts.
 */

const NOW = new Date("2025-03-05T10:00:00Z"); // a Wednesday
const day = (d: string) => new Date(`${d}T12:00:00Z`);

let ctx: TestContext;
let ADMIN: RequestContext;
/** Members of orgA by the ClickUp user id their connection maps them to. */
const members = new Map<string, RequestContext>();

/** A request context in orgA at NOW. */
function contextFor(role: "admin" | "member", userId?: string): RequestContext {
  const base = systemContext({ ...ctx.deps, now: () => NOW }, "orgA", role);
  return userId ? { ...base, userId } : base;
}

/** The member whose ClickUp account is `clickupUserId` (u1, u2, u9). */
const asUser = (clickupUserId: string): RequestContext => members.get(clickupUserId)!;

/** Runs `fn` while `clickupUserId` is an explicit member of the list `listId` (spec §6 visibility). */
async function withListMember<T>(listId: string, clickupUserId: string, fn: () => Promise<T>): Promise<T> {
  const row = { organizationId: "orgA", listId, userId: clickupUserId };
  await ctx.database.db.insert(listMembers).values(row);
  try {
    return await fn();
  } finally {
    await ctx.database.db
      .delete(listMembers)
      .where(
        and(
          eq(listMembers.organizationId, "orgA"),
          eq(listMembers.listId, listId),
          eq(listMembers.userId, clickupUserId),
        ),
      );
  }
}

/** The CSV text of an export, as the download streams it. */
async function csvText(batches: AsyncIterable<readonly ProjectListItem[]>): Promise<string> {
  let text = "";
  for await (const chunk of csvChunks(PROJECT_CSV_COLUMNS, batches)) text += chunk;
  return text;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ADMIN = contextFor("admin");
  await ctx.database.raw.query(
    `insert into organizations (id, name) values ('orgA', 'Agency A'), ('orgB', 'Agency B')`,
  );
  await seedClickupData(ctx.database.db, "orgA", {
    spaces: [
      { id: "s1", name: "Production" },
      { id: "s2", name: "COMPLETED JOBS" },
    ],
    folders: [
      { id: "f1", name: "Acme Launch", spaceId: "s1" },
      { id: "f2", name: "Old Job", spaceId: "s2" },
      { id: "f3", name: "Beta Edit", spaceId: "s1" },
      { id: "f4", name: "Orphan", spaceId: "s9" },
    ],
    providerUsers: [
      { id: "u1", username: "Ana Producer", email: "ana@a.test" },
      { id: "u2", username: "Ben Editor", email: "ben@a.test" },
    ],
    customFields: [
      { id: "cf1", name: "Client", fieldType: "short_text" },
      { id: "cf2", name: "Producer Status Update", fieldType: "text" },
      { id: "cf3", name: "ClickUp Folder ID", fieldType: "short_text" },
    ],
    customFieldValues: [
      { taskId: "p1", customFieldId: "cf1", value: { text: "Acme Corp" } },
      { taskId: "p1", customFieldId: "cf2", value: "Shoot wrapped, edit next" },
      { taskId: "p1", customFieldId: "cf3", value: '"f1"' },
    ],
    tasks: [
      {
        id: "p1",
        name: "Acme Launch",
        status: "bid_pending",
        folderId: "f1",
        spaceId: "s1",
        customItemId: 1001,
        customId: "JOB-001",
        startDate: day("2025-03-01"),
        dueDate: day("2025-04-01"),
        assigneesArray: [{ id: "u1", username: "Ana Producer" }],
        estimatedTimeTotal: 0,
        timeLoggedTotal: 0,
      },
      { id: "p2", name: "Old Job", status: "post", folderId: "f2", spaceId: "s2", customItemId: 1001 },
      { id: "p3", name: "Beta Edit", status: "in post", folderId: "f3", spaceId: "s1", customItemId: 1001 },
      { id: "p4", name: "Orphan Project", status: "creative review", folderId: "f4", customItemId: 1001 },
      {
        id: "t1",
        name: "Edit v1",
        status: "in progress",
        folderId: "f1",
        customItemId: 0,
        dueDate: day("2025-03-03"),
        timeEstimateMs: 10 * 3_600_000,
        assigneesArray: [{ id: "u1", username: "Ana Producer" }],
        estimatedTimeTotal: 12,
        timeLoggedTotal: 5,
      },
      {
        id: "t1a",
        name: "Edit v1 notes",
        status: "to do",
        folderId: "f1",
        parentTaskId: "t1",
        listId: "l-notes",
        dueDate: day("2025-03-07"),
        timeEstimateMs: 2 * 3_600_000,
        assigneesArray: [{ id: "u2", username: "Ben Editor" }],
        estimatedTimeTotal: 2,
        timeLoggedTotal: 1,
      },
      {
        id: "t2",
        name: "Client approval",
        status: "open",
        folderId: "f1",
        customItemId: 1,
        listId: "l-approvals",
        dueDate: day("2025-03-10"),
        timeEstimateMs: 5 * 3_600_000,
        assigneesArray: [{ id: "u2", username: "Ben Editor" }],
        estimatedTimeTotal: 5,
        timeLoggedTotal: 6,
      },
      {
        id: "t3",
        name: "Kickoff",
        status: "complete",
        folderId: "f1",
        dueDate: day("2025-02-20"),
        assigneesArray: [{ id: "u2", username: "Ben Editor" }],
      },
      { id: "t4", name: "Archive", status: "closed", folderId: "f1", dueDate: day("2025-02-21") },
    ],
    timeEntries: [
      { id: "e1", userId: "u1", taskId: "t1", startTime: day("2025-03-03"), durationMs: 2 * 3_600_000 },
      { id: "e2", userId: "u2", taskId: "t2", startTime: day("2025-03-04"), durationMs: 3 * 3_600_000 },
      { id: "e3", userId: "u2", taskId: "t2", startTime: day("2025-02-25"), durationMs: 3 * 3_600_000 },
      { id: "e4", userId: "u1", taskId: "t1a", startTime: day("2025-03-04"), durationMs: 1 * 3_600_000 },
      {
        id: "e5",
        userId: "u1",
        taskId: "t1",
        startTime: day("2025-03-04"),
        durationMs: 9 * 3_600_000,
        deleted: true,
      },
    ],
  });
  await seedClickupData(ctx.database.db, "orgB", {
    folders: [{ id: "fb", name: "Other agency" }],
    tasks: [{ id: "pb", name: "Other agency project", status: "bid", folderId: "fb", customItemId: 1001 }],
  });
  for (const clickupUserId of ["u1", "u2", "u9"]) {
    const userId = `person-${clickupUserId}`;
    await ctx.database.db.insert(profiles).values({ id: userId, name: userId, email: `${userId}@a.test` });
    await ctx.database.db
      .insert(userClickupConnections)
      .values({ organizationId: "orgA", userId, clickupUserId });
    members.set(clickupUserId, contextFor("member", userId));
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe("navigation list", () => {
  it("lists the workspace's projects with phases, leaves COMPLETED JOBS and other workspaces out", async () => {
    const nav = await listNavProjects(ADMIN);
    expect(nav.projects.map((p) => [p.id, p.phase, p.spaceName])).toEqual([
      ["p1", "bid", "Production"],
      ["p3", "post", "Production"],
      ["p4", "creative", null],
    ]);
    expect(nav.total).toBe(3);
  });
});

describe("project header", () => {
  it("reads the meta task, its custom fields and the admin's folder sums without double counting subtasks", async () => {
    const p = await getProject(ADMIN, { projectId: "p1" });
    expect(p).toMatchObject({
      name: "Acme Launch",
      jobCode: "JOB-001",
      client: "Acme Corp",
      statusUpdate: "Shoot wrapped, edit next",
      clickupFolderId: "f1",
      producer: "Ana Producer",
      startDate: "2025-03-01T12:00:00.000Z",
      endDate: "2025-04-01T12:00:00.000Z",
      phase: "bid",
      // t1 (12 incl. t1a) + t2 (5) + meta 0; logged 5 + 6
      estimatedHours: 17,
      loggedHours: 11,
      percentComplete: 65,
      hoursScopeAll: true,
    });
  });

  it("sums only a non-admin's own tasks, or permitted ones (spec §6)", async () => {
    const ben = await getProject(asUser("u2"), { projectId: "p1" });
    expect([ben.estimatedHours, ben.loggedHours, ben.percentComplete]).toEqual([7, 7, 100]); // t1a + t2
    const ana = await getProject(asUser("u1"), { projectId: "p1" });
    expect([ana.estimatedHours, ana.loggedHours]).toEqual([12, 5]); // t1 with its subtask
    const anaPermitted = await withListMember("l-approvals", "u1", () =>
      getProject(asUser("u1"), { projectId: "p1" }),
    );
    expect([anaPermitted.estimatedHours, anaPermitted.loggedHours]).toEqual([17 - 0, 11]);
    const stranger = await getProject(asUser("u9"), { projectId: "p1" });
    expect([stranger.estimatedHours, stranger.loggedHours, stranger.percentComplete]).toEqual([0, 0, 0]);
  });

  it("uses the name as job code without a custom id and answers 404 'Project not found' otherwise", async () => {
    expect((await getProject(ADMIN, { projectId: "p3" })).jobCode).toBe("Beta Edit");
    await expect(getProject(ADMIN, { projectId: "nope" })).rejects.toMatchObject({
      status: 404,
      message: "Project not found",
    });
    await expect(getProject(ADMIN, { projectId: "pb" })).rejects.toMatchObject({ status: 404 });
    await expect(getProject(ADMIN, { projectId: "t1" })).rejects.toMatchObject({ status: 404 });
  });
});

describe("project dashboard panels", () => {
  it("summarises tasks (closed excluded) with the next 7 days' milestones", async () => {
    const s = await getProjectSummary(ADMIN, { projectId: "p1" });
    expect(s.totalTasks).toBe(4); // t1, t1a, t2, t3 (t4 closed, p1 meta)
    expect(s.completedTasks).toBe(1); // t3
    expect(s.overdueTasks).toBe(1); // t1
    expect(s.upcomingMilestones.map((m) => [m.id, m.type, m.daysUntilDue])).toEqual([["t2", "approval", 5]]);
  });

  it("classifies each team member's tasks", async () => {
    const team = await getProjectTeam(asUser("u2"), { projectId: "p1" });
    expect(team.myAssigneeId).toBe("u2");
    expect(team.members).toEqual(
      expect.arrayContaining([
        { id: "u1", name: "Ana Producer", activeTasks: 0, overdueTasks: 1, completedTasks: 0 },
        { id: "u2", name: "Ben Editor", activeTasks: 2, overdueTasks: 0, completedTasks: 1 },
      ]),
    );
    expect(team.members).toHaveLength(2);
  });

  it("lists one person's open tasks overdue first, then by priority and due date", async () => {
    const ben = await listProjectUserTasks(ADMIN, { projectId: "p1", assignee: "u2" });
    expect(ben.tasks.map((t) => [t.id, t.priority, t.isOverdue])).toEqual([
      ["t1a", "high", false],
      ["t2", "medium", false],
    ]);
    const ana = await listProjectUserTasks(ADMIN, { projectId: "p1", assignee: "u1" });
    expect(ana.tasks.map((t) => [t.id, t.priority, t.isOverdue])).toEqual([["t1", "high", true]]);
    expect((await listProjectUserTasks(ADMIN, { projectId: "p1", assignee: "me" })).tasks).toEqual([]);
  });

  it("puts dated milestones and tasks on the timeline", async () => {
    const tl = await getProjectTimeline(ADMIN, { projectId: "p1" });
    expect(tl.items.map((i) => i.id)).toEqual(["t3", "t4", "t1", "t1a", "t2"]);
    expect(tl.items.find((i) => i.id === "t2")).toMatchObject({
      typeLabel: "Milestones",
      milestoneType: "approval",
    });
    expect(tl.items.find((i) => i.id === "t3")?.isOverdue).toBe(false); // complete
  });
});

describe("time report and health", () => {
  it("gives an admin hours per person, task and week against estimates, ignoring deleted entries", async () => {
    const r = await getProjectTimeReport(ADMIN, { projectId: "p1" });
    expect(r.weeks).toEqual(["2025-02-24", "2025-03-03"]);
    expect(r.totals).toMatchObject({
      loggedHours: 9,
      estimatedHours: 17,
      weeks: { "2025-02-24": 3, "2025-03-03": 6 },
    });
    const ben = r.people.find((p) => p.id === "u2");
    expect(ben).toMatchObject({ name: "Ben Editor", loggedHours: 6, estimatedHours: 7 });
    const ana = r.people.find((p) => p.id === "u1");
    expect(ana).toMatchObject({ loggedHours: 3, estimatedHours: 10, weeks: { "2025-03-03": 3 } });
    expect(r.tasks.find((t) => t.id === "t2")).toMatchObject({ loggedHours: 6, estimatedHours: 5 });
  });

  it("limits a non-admin's time report to their own or permitted tasks", async () => {
    const r = await getProjectTimeReport(asUser("u1"), { projectId: "p1" });
    expect(r.tasks.map((t) => t.id).sort()).toEqual(["t1"]);
    expect(r.totals.loggedHours).toBe(2);
    const permitted = await withListMember("l-notes", "u1", () =>
      getProjectTimeReport(asUser("u1"), { projectId: "p1" }),
    );
    expect(permitted.totals.loggedHours).toBe(3);
  });

  it("compares estimated and logged hours per assignee", async () => {
    const h = await getProjectHealth(ADMIN, { projectId: "p1" });
    expect(h.rows.map((r) => [r.name, r.estimatedHours, r.loggedHours, r.varianceHours])).toEqual([
      ["Ana Producer", 10, 3, -7],
      ["Ben Editor", 7, 6, -1],
    ]);
    expect(h.totals).toEqual({ estimatedHours: 17, loggedHours: 9, varianceHours: -8, percentUsed: 53 });
    expect(h.revenueAvailable).toBe(false);
  });

  it("names a person ClickUp has not synced 'User {id}' (spec §8) in the time report and health", async () => {
    const entry = { organizationId: "orgA", id: "e-ghost", userId: "u404", taskId: "t2" };
    await ctx.database.db
      .insert(timeEntries)
      .values({ ...entry, startTime: day("2025-03-04"), durationMs: 3_600_000 });
    try {
      const r = await getProjectTimeReport(ADMIN, { projectId: "p1" });
      expect(r.people.find((p) => p.id === "u404")).toMatchObject({ name: "User u404", loggedHours: 1 });
      expect(r.people.find((p) => p.id === "u2")?.name).toBe("Ben Editor");
      const h = await getProjectHealth(ADMIN, { projectId: "p1" });
      expect(h.rows.find((row) => row.assigneeId === "u404")).toMatchObject({
        name: "User u404",
        loggedHours: 1,
      });
    } finally {
      await ctx.database.db
        .delete(timeEntries)
        .where(and(eq(timeEntries.organizationId, "orgA"), eq(timeEntries.id, entry.id)));
    }
  });
});

describe("All Projects", () => {
  const q = (input: Record<string, unknown>) => projectListQuerySchema.parse(input);

  it("returns every visible project with its columns", async () => {
    const r = await listProjects(ADMIN, q({}));
    expect(r.total).toBe(3);
    expect(r.items[0]).toMatchObject({
      id: "p1",
      jobCode: "JOB-001",
      client: "Acme Corp",
      phase: "bid",
      producer: "Ana Producer",
      percentComplete: 65,
      loggedHours: 11,
      estimatedHours: 17,
      spaceName: "Production",
    });
    expect(r.phaseCounts).toEqual({ bid: 1, creative: 1, post: 1, other: 0 });
  });

  it("searches, filters by phase and space, sorts and pages", async () => {
    expect((await listProjects(ADMIN, q({ search: "acme" }))).items.map((p) => p.id)).toEqual(["p1"]);
    expect((await listProjects(ADMIN, q({ phase: "post" }))).items.map((p) => p.id)).toEqual(["p3"]);
    expect((await listProjects(ADMIN, q({ spaceId: "s1" }))).items.map((p) => p.id)).toEqual(["p1", "p3"]);
    const byHours = await listProjects(ADMIN, q({ sort: "loggedHours", dir: "desc" }));
    expect(byHours.items[0]?.id).toBe("p1");
    const page2 = await listProjects(ADMIN, q({ pageSize: 2, page: 2 }));
    expect([page2.items.length, page2.total]).toEqual([1, 3]);
    // Missing clients sort last in both directions.
    const byClient = await listProjects(ADMIN, q({ sort: "client", dir: "desc" }));
    expect(byClient.items[0]?.id).toBe("p1");
  });

  it("exports the filtered list as CSV", async () => {
    const csv = await csvText(exportProjectsCsv(ADMIN, q({ phase: "bid" })));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Job Code,Project,Client,Phase,Status,Producer,Space,Start Date,End Date,Percent Complete,Hours Logged,Hours Estimated",
    );
    expect(lines[1]).toBe(
      "JOB-001,Acme Launch,Acme Corp,Bid,Bid Pending,Ana Producer,Production,2025-03-01,2025-04-01,65,11,17",
    );
    expect(lines).toHaveLength(2);
  });
});
