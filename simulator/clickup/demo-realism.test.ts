import { describe, expect, it } from "vitest";
import { isCompletedJobsSpace, projectHeaderFields, projectPhase, type ProjectPhase } from "@domain/index";
import { workdays } from "./demo/calendar";
import { createClickUpSimulator, type ClickUpSimulator } from "./index";
import { TEST_NOW } from "./test-support";

/*
 * The demo agency as a producer reads it (issue 10): every phase has projects, every live space
 * has tentative (Bid) work, hour estimates a team could actually deliver, a status update the
 * project header shows, and no time logged after now. Each clock below is pinned.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const sims = new Map<string, ClickUpSimulator>();
function sim(seed: number, now: number, agency: "small" | "medium" = "small"): ClickUpSimulator {
  const key = `${seed}:${now}:${agency}`;
  let s = sims.get(key);
  if (!s) {
    s = createClickUpSimulator({ seed, agency, rateLimitPerMinute: null, now: () => now });
    sims.set(key, s);
  }
  return s;
}

/** The projects the app lists (COMPLETED JOBS left out, spec §2) with their phase by the domain rule. */
function listed(s: ClickUpSimulator) {
  return s.demo.projects
    .filter((p) => !isCompletedJobsSpace(p.spaceName))
    .map((p) => {
      const meta = s.state.taskById.get(p.metaTaskId);
      if (!meta) throw new Error(`meta task of ${p.name} missing`);
      return { project: p, meta, phase: projectPhase(meta.status) };
    });
}

/** Estimated hours of a project: every task of its folder (what the project header sums). */
function estimateHours(s: ClickUpSimulator, folderId: string): number {
  let ms = 0;
  for (const t of s.state.tasks) if (t.folderId === folderId && !t.deleted) ms += t.timeEstimate ?? 0;
  return ms / HOUR;
}

const CASES = [
  ["small seed 7", 7, "small"],
  ["small seed 42 (npm start)", 42, "small"],
  ["medium seed 42", 42, "medium"],
] as const;

describe("demo agency a producer recognises", () => {
  it.each(CASES)(
    "%s: at least one project per phase, and a Bid-phase project in every space",
    (_, seed, size) => {
      const rows = listed(sim(seed, TEST_NOW, size));
      const phases = new Set<ProjectPhase>(rows.map((r) => r.phase));
      for (const phase of ["bid", "creative", "post"] as const) expect(phases, phase).toContain(phase);
      // The POST space's post-production jobs are Post (not Creative).
      const postSpace = rows.filter((r) => r.project.spaceName === "POST" && r.phase !== "bid");
      expect(postSpace.length).toBeGreaterThan(0);
      for (const r of postSpace) expect(r.phase, r.meta.status).toBe("post");
      const spaces = new Set(rows.map((r) => r.project.spaceName));
      expect([...spaces].sort()).toEqual(["BIDS", "CREATIVE", "POST", "PRODUCTION"]);
      for (const space of spaces) {
        expect(
          rows.some((r) => r.project.spaceName === space && r.phase === "bid"),
          `a bid in ${space}`,
        ).toBe(true);
      }
    },
  );

  it.each(CASES)("%s: hour estimates a team could deliver", (_, seed, size) => {
    const s = sim(seed, TEST_NOW, size);
    for (const project of s.demo.projects) {
      const hours = estimateHours(s, project.folderId);
      const days = workdays(0, Math.round((project.end - project.start) / DAY));
      const capacity = project.teamUserIds.length * days * 8;
      // Not a 2,874 h social campaign run by 8 people for 12 weeks (77 % of every hour they
      // have): at most 40 % of the team's 8 h days over the schedule, and never past 2,500 h.
      expect(hours, project.name).toBeGreaterThanOrEqual(40);
      expect(hours, project.name).toBeLessThanOrEqual(2_500);
      expect(hours, `${project.name}: ${hours} h of ${capacity} h`).toBeLessThanOrEqual(capacity * 0.4);
      // The meta task carries no estimate of its own (the work's estimates are the project's).
      expect(s.state.taskById.get(project.metaTaskId)?.timeEstimate ?? null, project.name).toBeNull();
    }
    for (const t of s.state.tasks) expect(t.timeEstimate ?? 0, t.name).toBeLessThanOrEqual(240 * HOUR);
  });

  it.each(CASES)(
    "%s: a status update the project header reads (spec §7: a field named with 'status')",
    (_, seed, size) => {
      const s = sim(seed, TEST_NOW, size);
      const fieldNames = new Map([...s.state.fields.values()].map((f) => [f.id, f.name]));
      for (const { project, meta } of listed(s)) {
        const fields = Object.entries(meta.fields ?? {}).map(([id, value]) => ({
          id,
          name: fieldNames.get(id) ?? "",
          value,
        }));
        const header = projectHeaderFields(fields);
        expect(header.statusUpdate, project.name).toMatch(/\S/);
      }
    },
  );
});

describe("demo agency time entries", () => {
  // Wednesday afternoon, Monday before work starts, Monday just after midnight, a Sunday night,
  // the last day of February, 31 December and 29 February.
  const NOWS = [
    TEST_NOW,
    Date.UTC(2026, 2, 16, 8, 0),
    Date.UTC(2026, 2, 16, 0, 30),
    Date.UTC(2026, 2, 22, 21, 0),
    Date.UTC(2026, 1, 28, 17, 45),
    Date.UTC(2026, 11, 31, 12, 0),
    Date.UTC(2028, 1, 29, 16, 0),
  ];

  it.each(NOWS.map((now) => [new Date(now).toISOString(), now] as const))(
    "at %s: nothing is logged after now, and the weeks before are logged",
    (_, now) => {
      const s = sim(7, now);
      const store = s.state.timeEntries;
      let late = 0;
      let lastWeek = 0;
      for (let i = 0; i < store.count; i++) {
        const entry = store.get(i);
        const end = entry.start + Math.max(0, entry.duration);
        if (entry.start > now || end > now) late++;
        if (entry.start >= s.demo.weekStart - 7 * DAY && entry.start < s.demo.weekStart) lastWeek++;
      }
      expect(late).toBe(0);
      expect(lastWeek).toBeGreaterThan(1_000);
      expect(store.count).toBeGreaterThan(14_000);
      expect(store.count).toBeLessThan(16_000);
    },
  );
});

describe("demo agency leadership space", () => {
  // A Sunday night, the last day of a month, 31 December and 29 February.
  const NOWS = [
    TEST_NOW,
    Date.UTC(2026, 2, 22, 21, 0),
    Date.UTC(2026, 1, 28, 17, 45),
    Date.UTC(2026, 11, 31, 12, 0),
    Date.UTC(2028, 1, 29, 16, 0),
  ];

  it.each(NOWS.map((now) => [new Date(now).toISOString(), now] as const))(
    "at %s: private to the owner (not admin@ or member@demo.test), with a milestone due in two days",
    (_, now) => {
      const s = sim(7, now);
      const space = s.state.spaces.get(s.demo.privateSpaceId ?? "");
      expect(space?.private).toBe(true);
      // The Head of Production is a ClickUp admin outside the space: an Agency Hub admin whose
      // own ClickUp account cannot change its milestones (the calendar e2e's real refusal).
      expect(space?.memberIds).toContain(s.demo.ownerUserId);
      expect(space?.memberIds).not.toContain(s.demo.adminUserId);
      expect(space?.memberIds).not.toContain(s.demo.memberUserId);
      const tasks = s.state.tasks.filter((t) => t.spaceId === space?.id && !t.deleted);
      for (const t of tasks) for (const a of t.assignees) expect(space?.memberIds, t.name).toContain(a);
      // Due two days after today (UTC): on the month grid of any today (≥ 5 days past the month).
      const today = Date.UTC(
        new Date(now).getUTCFullYear(),
        new Date(now).getUTCMonth(),
        new Date(now).getUTCDate(),
      );
      const due = tasks.filter((t) => t.customItemId === 1 && t.dueDate !== null && !t.dateDone);
      expect(due.map((t) => t.name)).toContain("Board approval — annual budget");
      const approval = due.find((t) => t.name === "Board approval — annual budget")!;
      expect(Math.floor(approval.dueDate! / DAY) * DAY).toBe(today + 2 * DAY);
    },
  );
});
