// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProjectHealthResponse, ProjectTimeReportResponse } from "./api";

/*
 * The Time Report and Health tabs say what their figures sum by the header's rule (spec §6):
 * the whole project for a member who sees every task, 'the N of M tasks you can see' otherwise —
 * never "Your tasks and the tasks shared with you" over whole-project figures.
 */

const state = vi.hoisted(() => ({ report: null as unknown, health: null as unknown }));
vi.mock("./api", () => ({
  useProjectTimeReport: () => ({ isPending: false, isError: false, data: state.report }),
  useProjectHealth: () => ({ isPending: false, isError: false, data: state.health }),
}));

const { ProjectTimeReport } = await import("./project-time-report");
const { ProjectHealth } = await import("./project-health");

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
// jsdom has no ResizeObserver (scrolling regions watch their width).
if (typeof globalThis.ResizeObserver === "undefined") {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
// The reader's day, for the year rule of the week columns.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
});

type Scope = Pick<ProjectTimeReportResponse, "hoursScopeAll" | "hoursTasks">;
const row = { id: "u1", name: "Maya", weeks: { "2026-11-16": 6 }, loggedHours: 6, estimatedHours: 10 };
const report = (scope: Scope): ProjectTimeReportResponse => ({
  weeks: ["2025-12-29", "2026-11-16"],
  people: [row],
  tasks: [],
  totals: { weeks: { "2026-11-16": 6 }, loggedHours: 6, estimatedHours: 10 },
  ...scope,
});
const health = (scope: Scope): ProjectHealthResponse => ({
  rows: [
    {
      assigneeId: "u1",
      name: "Maya",
      taskCount: 2,
      estimatedHours: 10,
      loggedHours: 6,
      varianceHours: -4,
      percentUsed: 60,
    },
  ],
  totals: { estimatedHours: 10, loggedHours: 6, varianceHours: -4, percentUsed: 60 },
  revenueAvailable: false,
  ...scope,
});

const whole: Scope = { hoursScopeAll: true, hoursTasks: { visible: 9, total: 9 } };
const admin: Scope = { hoursScopeAll: true, hoursTasks: null };
const partial: Scope = { hoursScopeAll: false, hoursTasks: { visible: 3, total: 40 } };

describe("what the project tabs' figures sum", () => {
  it("Time Report: whole-project figures for a member who sees every task, not 'Your tasks'", () => {
    for (const scope of [whole, admin]) {
      state.report = report(scope);
      const { unmount } = render(<ProjectTimeReport projectId="p1" />);
      expect(screen.getByText(/weeks start Monday/).textContent).toBe(
        "Every task of the project · weeks start Monday",
      );
      expect(screen.queryByText(/Your tasks/)).toBeNull();
      unmount();
    }
  });

  it("Time Report: 'The 3 of 40 tasks you can see' for a partial view", () => {
    state.report = report(partial);
    render(<ProjectTimeReport projectId="p1" />);
    expect(screen.getByText(/weeks start Monday/).textContent).toBe(
      "The 3 of 40 tasks you can see · weeks start Monday",
    );
  });

  it("Health: the same rule", () => {
    state.health = health(whole);
    const { unmount } = render(<ProjectHealth projectId="p1" />);
    expect(screen.getByText(/revenue columns/).textContent).toMatch(/^Every task of the project · revenue/);
    unmount();
    state.health = health(partial);
    render(<ProjectHealth projectId="p1" />);
    expect(screen.getByText(/revenue columns/).textContent).toMatch(
      /^The 3 of 40 tasks you can see · revenue/,
    );
    expect(screen.queryByText(/Your tasks/)).toBeNull();
  });

  it("Time Report: week columns in the list format, with the year only outside the reader's", () => {
    state.report = report(whole);
    render(<ProjectTimeReport projectId="p1" />);
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toContain("Dec 29, 2025");
    expect(headers).toContain("Nov 16");
  });
});
