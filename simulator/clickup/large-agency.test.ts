import { describe, expect, it } from "vitest";
import { createClickUpSimulator } from "./index";
import { call, TEST_NOW } from "./test-support";

describe("large demo agency", () => {
  it("generates 300 people, 150 projects, ~100k tasks and ~1M time entries", async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const sim = createClickUpSimulator({
      seed: 1,
      agency: "large",
      rateLimitPerMinute: null,
      now: () => TEST_NOW,
    });
    const ms = performance.now() - started;
    const mem = process.memoryUsage();
    console.log(
      `[clickup-sim] large agency: ${ms.toFixed(0)} ms, ${sim.demo.counts.tasks} tasks, ${sim.demo.counts.timeEntries} time entries, ` +
        `heap +${((mem.heapUsed - heapBefore) / 1e6).toFixed(0)} MB, time-entry columns ${(sim.state.timeEntries.byteSize() / 1e6).toFixed(0)} MB`,
    );
    expect(sim.demo.counts.users).toBe(300);
    expect(sim.demo.projects).toHaveLength(150);
    expect(sim.demo.counts.tasks).toBeGreaterThan(95_000);
    expect(sim.demo.counts.tasks).toBeLessThan(105_000);
    expect(sim.demo.counts.timeEntries).toBeGreaterThan(950_000);
    expect(sim.demo.counts.timeEntries).toBeLessThan(1_050_000);

    // Paging the whole workspace stays cheap: one filter pass, then slices.
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const pageStarted = performance.now();
    let pages = 0;
    for (let page = 0; page < 20; page++, pages++) {
      const res = await call<{ tasks: unknown[]; last_page: boolean }>(
        sim,
        "GET",
        `/api/v2/team/${sim.demo.teamId}/task?include_closed=true&subtasks=true&page=${page}`,
        { auth: pk },
      );
      expect(res.body.tasks).toHaveLength(100);
    }
    console.log(
      `[clickup-sim] large agency: ${pages} task pages in ${(performance.now() - pageStarted).toFixed(0)} ms`,
    );
  }, 120_000);
});
