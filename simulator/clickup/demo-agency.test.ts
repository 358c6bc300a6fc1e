import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createClickUpSimulator, type ClickUpSimulator } from "./index";
import { testNow } from "../../tests/test-clock";
import { call, testSim as fixedSim, TEST_NOW } from "./test-support";

const DAY = 86_400_000;
/** The test clock: AGENCY_HUB_NOW under scripts/test-dates.sh, else TEST_NOW (a Wednesday). */
const NOW = testNow(TEST_NOW).getTime();
const testSim = () => fixedSim({ now: () => NOW });

/** Digest of everything generated: hierarchy, tasks (with field values) and time entries. */
function fingerprint(sim: ClickUpSimulator): string {
  const h = createHash("sha256");
  h.update(JSON.stringify(sim.demo));
  h.update(JSON.stringify(sim.state.userList));
  h.update(JSON.stringify([...sim.state.spaces.values()]));
  h.update(JSON.stringify([...sim.state.folders.values()]));
  h.update(JSON.stringify([...sim.state.lists.values()]));
  h.update(JSON.stringify([...sim.state.fields.values()]));
  for (const t of sim.state.tasks) h.update(JSON.stringify(t));
  const store = sim.state.timeEntries;
  for (let i = 0; i < store.count; i++) h.update(JSON.stringify(store.get(i)));
  return h.digest("hex");
}

type Task = {
  id: string;
  name: string;
  custom_item_id: number;
  parent: string | null;
  start_date: string | null;
  due_date: string | null;
  status: { status: string; type: string };
  folder: { id: string };
  custom_fields: Array<{ name: string; value?: unknown }>;
};

describe("demo agency", () => {
  it("is deterministic: same seed and week ⇒ identical data; another seed differs", () => {
    const a = createClickUpSimulator({ seed: 123, agency: "small", now: () => NOW });
    // The last minute of the same week (Sunday 23:59 UTC).
    const b = createClickUpSimulator({
      seed: 123,
      agency: "small",
      now: () => a.demo.weekStart + 7 * DAY - 60_000,
    });
    const c = createClickUpSimulator({ seed: 124, agency: "small", now: () => NOW });
    expect(a.demo.counts).toEqual({
      users: 12,
      spaces: 7,
      folders: 15,
      lists: 48,
      tasks: expect.any(Number),
      timeEntries: expect.any(Number),
    });
    // Same seed, same clock ⇒ same bytes.
    const again = createClickUpSimulator({ seed: 123, agency: "small", now: () => NOW });
    expect(fingerprint(again)).toBe(fingerprint(a));
    expect(again.createPersonalToken(again.demo.memberUserId)).toBe(
      a.createPersonalToken(a.demo.memberUserId),
    );
    expect(fingerprint(c)).not.toBe(fingerprint(a));
    // Same seed, later in the same week ⇒ the same workspace layout.
    expect(b.demo.teamId).toBe(a.demo.teamId);
    expect(b.demo.projects.map((p) => p.name)).toEqual(a.demo.projects.map((p) => p.name));
    // Dated from the Monday 00:00 UTC of now's week (for TEST_NOW, Monday 16 March 2026).
    expect(new Date(a.demo.weekStart).getUTCDay()).toBe(1);
    expect(a.demo.weekStart % DAY).toBe(0);
    expect(NOW - a.demo.weekStart).toBeGreaterThanOrEqual(0);
    expect(NOW - a.demo.weekStart).toBeLessThan(7 * DAY);
    if (NOW === TEST_NOW) expect(a.demo.weekStart).toBe(Date.UTC(2026, 2, 16));
  }, 30_000); // four agencies: ~1 s each, several times that beside a browser test run

  it("has the sizes the brief asks for", () => {
    const small = testSim();
    expect(small.demo.counts.users).toBe(12);
    expect(small.demo.projects).toHaveLength(15);
    expect(small.demo.counts.tasks).toBeGreaterThan(1_400);
    expect(small.demo.counts.tasks).toBeLessThan(1_600);
    expect(small.demo.counts.timeEntries).toBeGreaterThan(14_000);
    expect(small.demo.counts.timeEntries).toBeLessThan(16_000);
    const none = createClickUpSimulator({ agency: "none", now: () => NOW });
    expect(none.demo.users.map((u) => u.email)).toEqual([
      "owner@demo.test",
      "admin@demo.test",
      "member@demo.test",
    ]);
    expect(none.demo.counts.tasks).toBe(0);
  });

  it("looks like a creative agency: spaces, projects with meta tasks and task types", () => {
    const sim = testSim();
    expect(sim.demo.spaces.map((s) => s.name)).toEqual([
      "BIDS",
      "CREATIVE",
      "PRODUCTION",
      "POST",
      "COMPLETED JOBS",
      "AGENCY",
      "LEADERSHIP",
    ]);
    const users = sim.demo.users.map((u) => `${u.username} <${u.email}> ${u.role}`);
    expect(users).toEqual(
      expect.arrayContaining([
        "Olivia Owner <owner@demo.test> owner",
        "Adam Admin <admin@demo.test> admin",
        "Maya Member <member@demo.test> member",
      ]),
    );
    const types = new Set(sim.state.tasks.map((t) => t.customItemId));
    for (const id of [0, 1, 2, 3, 1001, 1009, 1014, 1031, 1033]) expect(types.has(id)).toBe(true);
    for (const project of sim.demo.projects) {
      const meta = sim.state.taskById.get(project.metaTaskId);
      expect(meta?.customItemId).toBe(1001);
      expect(meta?.name).toBe(project.name);
      expect(meta?.customId).toBe(project.jobCode);
      expect(project.jobCode).toMatch(/^[A-Z]{3}-20\d\d-\d{3}$/);
      const metas = sim.state.tasks.filter((t) => t.folderId === project.folderId && t.customItemId === 1001);
      expect(metas).toHaveLength(1);
    }
    // Revisions are subtasks of assets.
    for (const rev of sim.state.tasks.filter((t) => t.customItemId === 1033)) {
      expect(sim.state.taskById.get(rev.parentId ?? "")?.customItemId).toBe(1009);
    }
    expect(sim.demo.overbookedUserIds.length).toBeGreaterThanOrEqual(2);
    expect(sim.demo.deleteCandidateTaskIds).toHaveLength(5);
  });

  it("gives member@demo.test work this week", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const weekStart = sim.demo.weekStart;
    const weekEnd = weekStart + 7 * DAY;
    const today = NOW - (NOW % DAY);
    const tasks: Task[] = [];
    for (let page = 0; ; page++) {
      const res = await call<{ tasks: Task[]; last_page: boolean }>(
        sim,
        "GET",
        `/api/v2/team/${sim.demo.teamId}/task?subtasks=true&include_closed=true&assignees[]=${sim.demo.memberUserId}&page=${page}`,
        { auth: pk },
      );
      tasks.push(...res.body.tasks);
      if (res.body.last_page) break;
    }
    const open = tasks.filter((t) => t.status.type !== "closed" && t.status.type !== "done");
    const thisWeek = open.filter(
      (t) => t.start_date && t.due_date && Number(t.start_date) < weekEnd && Number(t.due_date) >= weekStart,
    );
    expect(thisWeek.length).toBeGreaterThanOrEqual(5);
    const hd = (t: Task) => t.custom_fields.find((f) => f.name === "h/d est")?.value;
    expect(thisWeek.map(hd)).toEqual(expect.arrayContaining(["2", "3", "4"]));
    const overdue = open.filter((t) => t.due_date && Number(t.due_date) < today);
    expect(overdue.length).toBeGreaterThanOrEqual(2);
    const revisions = open.filter(
      (t) => t.custom_item_id === 1033 && t.parent && !/not started/.test(t.status.status),
    );
    expect(new Set(revisions.map((t) => t.folder.id)).size).toBeGreaterThanOrEqual(2);

    // Milestones due this week in the member's projects (not necessarily assigned to her).
    const folders = new Set(tasks.map((t) => t.folder.id));
    const milestones = sim.state.tasks.filter(
      (t) =>
        t.customItemId === 1 &&
        t.folderId &&
        folders.has(t.folderId) &&
        t.dueDate !== null &&
        t.dueDate >= weekStart &&
        t.dueDate < weekEnd &&
        !sim.state.isClosed(t),
    );
    expect(milestones.length).toBeGreaterThanOrEqual(2);

    // Time logged in the seven days up to now (this week alone is nearly empty on a Monday morning).
    const entries = await call<{ data: Array<{ start: string; duration: string }> }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries?start_date=${NOW - 7 * DAY}&end_date=${NOW}`,
      { auth: pk },
    );
    expect(entries.body.data.length).toBeGreaterThan(3);
    const hours = entries.body.data.reduce((s, e) => s + Number(e.duration), 0) / 3_600_000;
    expect(hours).toBeGreaterThan(5);
  });

  it("keeps every generated timestamp at or before now, and billable mostly true", () => {
    const sim = testSim();
    for (const t of sim.state.tasks) {
      expect(t.dateCreated).toBeLessThanOrEqual(NOW);
      expect(t.dateUpdated).toBeGreaterThanOrEqual(t.dateCreated);
      expect(t.dateUpdated).toBeLessThanOrEqual(NOW);
      if (t.dateClosed !== null) expect(t.dateClosed).toBeLessThanOrEqual(NOW);
    }
    const store = sim.state.timeEntries;
    let billable = 0;
    let future = 0;
    for (let i = 0; i < store.count; i++) {
      if (store.isBillable(i)) billable++;
      if ((store.start[i] ?? 0) > NOW) future++;
    }
    expect(billable / store.count).toBeGreaterThan(0.75);
    // Time is logged once worked: nothing after now (issue 10; it used to plan two weeks ahead).
    expect(future).toBe(0);
  });
});
