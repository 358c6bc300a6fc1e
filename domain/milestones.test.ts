import { describe, expect, it } from "vitest";
import { milestoneType, summarizeTasks, upcomingMilestones } from "./milestones";

const TODAY = "2025-03-12T15:30:00Z";

describe("milestoneType", () => {
  it("classifies by name keyword first", () => {
    expect(milestoneType({ name: "Hero SHOOT day", customItemId: 3 })).toBe("shoot");
    expect(milestoneType({ name: "Creative presentation", customItemId: null })).toBe("creative");
    expect(milestoneType({ name: "Client approval", customItemId: 1 })).toBe("approval");
  });
  it("checks shoot before creative before approval", () => {
    expect(milestoneType({ name: "creative shoot approval", customItemId: 1 })).toBe("shoot");
    expect(milestoneType({ name: "creative approval", customItemId: 1 })).toBe("creative");
  });
  it("falls back to 'milestone' for type 1 and null for others", () => {
    expect(milestoneType({ name: "Kick-off", customItemId: "1" })).toBe("milestone");
    expect(milestoneType({ name: "Kick-off", customItemId: 2 })).toBeNull();
    expect(milestoneType({ name: null, customItemId: null })).toBeNull();
  });
});

describe("upcomingMilestones (spec §9)", () => {
  const m = (id: string, name: string, dueDate: string | null, customItemId: number | null = 1) => ({
    id,
    name,
    dueDate,
    customItemId,
  });
  it("keeps today..today+7 inclusive, earliest first", () => {
    const result = upcomingMilestones(
      [
        m("late", "Delivery", "2025-03-19T23:59:59Z"),
        m("past", "Kick-off", "2025-03-11T23:59:59Z"),
        m("today", "Review", "2025-03-12T08:00:00Z"),
        m("too-far", "Launch", "2025-03-20T00:00:00Z"),
        m("undated", "Sync", null),
      ],
      TODAY,
    );
    expect(result).toEqual([
      {
        id: "today",
        name: "Review",
        dueDate: "2025-03-12T08:00:00.000Z",
        daysUntilDue: 0,
        type: "milestone",
      },
      {
        id: "late",
        name: "Delivery",
        dueDate: "2025-03-19T23:59:59.000Z",
        daysUntilDue: 7,
        type: "milestone",
      },
    ]);
  });
  it("includes keyword-named tasks of any type and excludes plain tasks", () => {
    const result = upcomingMilestones(
      [m("s", "Location shoot", "2025-03-13", 3), m("t", "Edit", "2025-03-13", 3)],
      TODAY,
    );
    expect(result.map((r) => [r.id, r.type])).toEqual([["s", "shoot"]]);
  });
  it("returns at most 5", () => {
    const many = Array.from({ length: 8 }, (_, i) => m(`m${i}`, "Milestone", `2025-03-${12 + (7 - i)}`));
    const result = upcomingMilestones(many, TODAY);
    expect(result.map((r) => r.id)).toEqual(["m7", "m6", "m5", "m4", "m3"]);
  });
});

describe("summarizeTasks", () => {
  it("counts totals, completed, overdue-and-open and lists milestones", () => {
    const summary = summarizeTasks(
      [
        { id: 1, name: "A", status: "complete", customItemId: 3, dueDate: "2025-03-01" },
        { id: 2, name: "B", status: "to do", customItemId: 3, dueDate: "2025-03-01" },
        { id: 3, name: "C", status: "archived", customItemId: 3, dueDate: "2025-03-01" },
        { id: 4, name: "Approval", status: "to do", customItemId: 3, dueDate: "2025-03-14" },
      ],
      TODAY,
    );
    expect(summary.totalTasks).toBe(4);
    expect(summary.completedTasks).toBe(1);
    expect(summary.overdueTasks).toBe(1);
    expect(summary.upcomingMilestones.map((u) => [u.id, u.type, u.daysUntilDue])).toEqual([
      ["4", "approval", 2],
    ]);
  });
});
