import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import type {
  NavProjectsResponse,
  ProjectHeader,
  ProjectListResponse,
  ProjectHealthResponse,
  ProjectTimeReportResponse,
} from "./contract";

/*
 * The HTTP surface: sign-in and workspace required, another workspace's project is 404,
 * validation answers 400 naming the field, and the §6 time totals follow the caller's role.
 */

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let outsider: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  outsider = await createUserInWorkspace(ctx, { role: "owner" });
  const org = owner.organizationId;
  await seedClickupData(ctx.database.db, org, {
    spaces: [
      { id: "s1", name: "Production" },
      { id: "s2", name: "COMPLETED JOBS" },
    ],
    folders: [
      { id: "f1", name: "Acme Launch", spaceId: "s1" },
      { id: "f2", name: "Done", spaceId: "s2" },
    ],
    tasks: [
      {
        id: "p1",
        name: "Acme Launch",
        status: "creative",
        folderId: "f1",
        spaceId: "s1",
        customItemId: 1001,
      },
      { id: "p2", name: "Done Job", status: "bid", folderId: "f2", spaceId: "s2", customItemId: 1001 },
      {
        id: "t1",
        name: "Edit",
        status: "in progress",
        folderId: "f1",
        assigneesArray: [{ id: "cu-member" }],
        estimatedTimeTotal: 4,
        timeLoggedTotal: 3,
      },
      {
        id: "t2",
        name: "Grade",
        status: "in progress",
        folderId: "f1",
        assigneesArray: [{ id: "cu-other" }],
        estimatedTimeTotal: 6,
        timeLoggedTotal: 1,
      },
      {
        // In a public space: on the member's permitted list (get-accessible-tasks) though not theirs.
        id: "t3",
        name: "Conform",
        status: "to do",
        folderId: "f1",
        spaceId: "s1",
        assigneesArray: [{ id: "cu-other" }],
        estimatedTimeTotal: 2,
        timeLoggedTotal: 1,
      },
    ],
    timeEntries: [
      {
        id: "e1",
        userId: "cu-member",
        taskId: "t1",
        startTime: new Date("2025-03-03T09:00:00Z"),
        durationMs: 3 * 3_600_000,
      },
      {
        id: "e2",
        userId: "cu-other",
        taskId: "t2",
        startTime: new Date("2025-03-03T09:00:00Z"),
        durationMs: 3_600_000,
      },
    ],
  });
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, 'cu-member')`,
    [org, member.userId],
  );
  await seedClickupData(ctx.database.db, outsider.organizationId, {
    tasks: [{ id: "px", name: "Secret", status: "bid", folderId: "fx", customItemId: 1001 }],
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe("access", () => {
  it("answers 401 when signed out", async () => {
    const anon = ctx.client();
    for (const path of [
      "/api/projects",
      "/api/projects/nav",
      "/api/projects/p1",
      "/api/projects/p1/time-report",
    ]) {
      expect((await anon.get(path)).status, path).toBe(401);
    }
  });

  it("never lets a member of one workspace read a project of another", async () => {
    for (const path of ["", "/summary", "/team", "/tasks", "/timeline", "/time-report", "/health"]) {
      const res = await member.client.get<{ error: { message: string } }>(`/api/projects/px${path}`);
      expect(res.status, path).toBe(404);
    }
    const res = await member.client.get<{ error: { message: string } }>("/api/projects/px");
    expect(res.body.error.message).toBe("Project not found");
    const nav = await member.client.get<NavProjectsResponse>("/api/projects/nav");
    expect(nav.body.projects.map((p) => p.id)).toEqual(["p1"]);
    const list = await outsider.client.get<ProjectListResponse>("/api/projects");
    expect(list.body.items.map((p) => p.id)).toEqual(["px"]);
  });

  it("answers 400 naming the field for bad input", async () => {
    const res = await member.client.get<{ error: { fields: { field: string }[] } }>(
      "/api/projects?sort=bogus",
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields[0]?.field).toBe("sort");
    expect((await member.client.get("/api/projects/bad%20id")).status).toBe(400);
    expect((await member.client.get("/api/projects?pageSize=5000")).status).toBe(400);
  });
});

describe("time totals per role (spec §6)", () => {
  it("gives owners and admins every task of the folder", async () => {
    for (const user of [owner, admin]) {
      const res = await user.client.get<ProjectHeader>("/api/projects/p1");
      expect(res.status).toBe(200);
      expect([res.body.estimatedHours, res.body.loggedHours, res.body.percentComplete]).toEqual([12, 5, 42]);
      expect(res.body.hoursScopeAll).toBe(true);
    }
  });

  it("gives a member only their own tasks and the ones they are permitted to see", async () => {
    const res = await member.client.get<ProjectHeader>("/api/projects/p1");
    // t1 (own) + t3 (permitted); t2 is neither.
    expect([res.body.estimatedHours, res.body.loggedHours, res.body.percentComplete]).toEqual([6, 4, 67]);
    expect(res.body.hoursScopeAll).toBe(false);
    // p1, t1 and t3 of the folder's four tasks: what the header's label says it sums.
    expect(res.body.hoursTasks).toEqual({ visible: 3, total: 4 });
    const report = await member.client.get<ProjectTimeReportResponse>("/api/projects/p1/time-report");
    expect(report.body.totals.loggedHours).toBe(3);
    // The tabs label their figures by the header's rule: the 3 of 4 tasks the member can see.
    expect([report.body.hoursScopeAll, report.body.hoursTasks]).toEqual([false, { visible: 3, total: 4 }]);
    const health = await member.client.get<ProjectHealthResponse>("/api/projects/p1/health");
    expect([health.body.hoursScopeAll, health.body.hoursTasks]).toEqual([false, { visible: 3, total: 4 }]);
    expect(report.body.people.map((p) => p.id)).toEqual(["cu-member"]);
    const all = await admin.client.get<ProjectTimeReportResponse>("/api/projects/p1/time-report");
    expect(all.body.totals.loggedHours).toBe(4);
    const list = await member.client.get<ProjectListResponse>("/api/projects");
    expect(list.body.items[0]).toMatchObject({ id: "p1", loggedHours: 4, estimatedHours: 6 });
  });

  it("tells a member who sees every task of a project that the hours are the whole project's", async () => {
    const boss = await createUserInWorkspace(ctx, { role: "owner" });
    const worker = await createUserInWorkspace(ctx, { role: "member", organizationId: boss.organizationId });
    await seedClickupData(ctx.database.db, boss.organizationId, {
      spaces: [{ id: "open", name: "Creative" }],
      folders: [{ id: "fo", name: "Open Job", spaceId: "open" }],
      tasks: [
        {
          id: "po",
          name: "Open Job",
          status: "in creative",
          folderId: "fo",
          spaceId: "open",
          customItemId: 1001,
        },
        ...[1, 2, 3].map((i) => ({
          id: `o${i}`,
          name: `Work ${i}`,
          status: "in progress",
          folderId: "fo",
          spaceId: "open",
          assigneesArray: [{ id: i === 1 ? "cu-worker" : "cu-someone" }],
          estimatedTimeTotal: 10,
          timeLoggedTotal: i,
        })),
      ],
    });
    await ctx.database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, 'cu-worker')`,
      [boss.organizationId, worker.userId],
    );
    const asWorker = await worker.client.get<ProjectHeader>("/api/projects/po");
    const asOwner = await boss.client.get<ProjectHeader>("/api/projects/po");
    expect([asWorker.body.estimatedHours, asWorker.body.loggedHours]).toEqual([30, 6]);
    expect([asOwner.body.estimatedHours, asOwner.body.loggedHours]).toEqual([30, 6]);
    // Not "(your tasks)": the member's figures are the whole project's, and the header says so.
    expect(asWorker.body.hoursScopeAll).toBe(true);
    expect(asWorker.body.hoursTasks).toEqual({ visible: 4, total: 4 });
    expect(asOwner.body.hoursTasks).toBeNull();
    // The Time Report and Health tabs say the same: whole-project figures, not "your tasks".
    for (const tab of ["time-report", "health"]) {
      const seen = await worker.client.get<ProjectTimeReportResponse | ProjectHealthResponse>(
        `/api/projects/po/${tab}`,
      );
      expect(seen.status, tab).toBe(200);
      expect([seen.body.hoursScopeAll, seen.body.hoursTasks], tab).toEqual([true, { visible: 4, total: 4 }]);
      const owned = await boss.client.get<ProjectTimeReportResponse | ProjectHealthResponse>(
        `/api/projects/po/${tab}`,
      );
      expect([owned.body.hoursScopeAll, owned.body.hoursTasks], tab).toEqual([true, null]);
    }
  });

  it("finds 'My Tasks' through the caller's ClickUp connection", async () => {
    const mine = await member.client.get<{ assigneeId: string; tasks: { id: string }[] }>(
      "/api/projects/p1/tasks",
    );
    expect(mine.body.assigneeId).toBe("cu-member");
    expect(mine.body.tasks.map((t) => t.id)).toEqual(["t1"]);
    const notConnected = await owner.client.get<{ assigneeId: null; tasks: unknown[] }>(
      "/api/projects/p1/tasks",
    );
    expect(notConnected.body).toEqual({ assigneeId: null, tasks: [] });
  });
});

describe("CSV export", () => {
  it("downloads the list as CSV", async () => {
    const res = await admin.client.get("/api/projects/export.csv?sort=name");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="projects-/);
    expect(res.text.split("\r\n")[1]).toMatch(/^Acme Launch,Acme Launch,,Creative,Creative,/);
  });
});
