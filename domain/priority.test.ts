import { describe, expect, it } from "vitest";
import {
  classifyTeamTask,
  sortTeamMembers,
  sortUserTasks,
  summarizeTeamMembers,
  taskPriority,
  toUserTask,
  type TaskPriority,
} from "./priority";

const TODAY = "2025-03-12T15:30:00Z";

describe("taskPriority (spec §4)", () => {
  it.each([
    ["2025-03-01", "high"],
    ["2025-03-11T23:59:59Z", "high"],
    ["2025-03-12", "high"],
    ["2025-03-15T23:00:00Z", "high"],
    ["2025-03-16", "medium"],
    ["2025-03-19T23:59:59Z", "medium"],
    ["2025-03-20", "low"],
    ["2026-01-01", "low"],
  ] as const)("due %s → %s", (due, priority) => {
    expect(taskPriority(due, TODAY)).toBe(priority);
  });
  it("is low when undated", () => {
    expect(taskPriority(null, TODAY)).toBe("low");
    expect(taskPriority("", TODAY)).toBe("low");
  });
});

describe("toUserTask", () => {
  it("derives priority, daysUntilDue and isOverdue", () => {
    expect(
      toUserTask({ id: "t1", name: "Cut", status: "to do", dueDate: String(Date.UTC(2025, 2, 10)) }, TODAY),
    ).toEqual({
      id: "t1",
      name: "Cut",
      status: "to do",
      priority: "high",
      dueDate: "2025-03-10T00:00:00.000Z",
      daysUntilDue: -2,
      isOverdue: true,
      customId: null,
    });
  });
  it("handles undated tasks", () => {
    const t = toUserTask({ id: "t2", name: "X", status: "open", dueDate: null, customId: "JOB-1" }, TODAY);
    expect(t).toMatchObject({
      dueDate: null,
      daysUntilDue: null,
      isOverdue: false,
      priority: "low",
      customId: "JOB-1",
    });
  });
});

describe("sortUserTasks (spec §9)", () => {
  const t = (id: string, isOverdue: boolean, priority: TaskPriority, dueDate: string | null) => ({
    id,
    isOverdue,
    priority,
    dueDate,
  });
  it("orders overdue first, then priority, then due date (undated last)", () => {
    const sorted = sortUserTasks([
      t("low-undated", false, "low", null),
      t("low-late", false, "low", "2025-05-01"),
      t("med", false, "medium", "2025-03-18"),
      t("high-later", false, "high", "2025-03-14"),
      t("high-sooner", false, "high", "2025-03-13"),
      t("overdue-new", true, "high", "2025-03-11"),
      t("overdue-old", true, "high", "2025-03-01"),
      t("low-early", false, "low", "2025-04-01"),
    ]);
    expect(sorted.map((x) => x.id)).toEqual([
      "overdue-old",
      "overdue-new",
      "high-sooner",
      "high-later",
      "med",
      "low-early",
      "low-late",
      "low-undated",
    ]);
  });
  it("returns a new array", () => {
    const input = [t("b", false, "low", null), t("a", true, "high", "2025-03-01")];
    const sorted = sortUserTasks(input);
    expect(sorted).not.toBe(input);
    expect(input[0]?.id).toBe("b");
  });
});

describe("classifyTeamTask (spec §4)", () => {
  it("complete or closed is completed, even when past due", () => {
    expect(classifyTeamTask("Complete", "2025-01-01", TODAY)).toBe("completed");
    expect(classifyTeamTask({ status: "closed" }, null, TODAY)).toBe("completed");
  });
  it("otherwise a due date before today is overdue", () => {
    expect(classifyTeamTask("in progress", "2025-03-11", TODAY)).toBe("overdue");
    expect(classifyTeamTask("archived", "2025-03-11", TODAY)).toBe("overdue");
  });
  it("otherwise active: due today, later or undated", () => {
    expect(classifyTeamTask("to do", "2025-03-12T01:00:00Z", TODAY)).toBe("active");
    expect(classifyTeamTask("to do", "2025-04-01", TODAY)).toBe("active");
    expect(classifyTeamTask("to do", null, TODAY)).toBe("active");
  });
});

describe("summarizeTeamMembers", () => {
  it("counts each assignee's tasks by classification, skipping rows without a name", () => {
    const members = summarizeTeamMembers(
      [
        { assigneeId: 1, assigneeName: "Ann", status: "to do", dueDate: "2025-03-20" },
        { assigneeId: "1", assigneeName: "Ann", status: "to do", dueDate: "2025-03-01" },
        { assigneeId: 1, assigneeName: "Ann", status: "closed", dueDate: null },
        { assigneeId: 2, assigneeName: "Bob", status: "in progress", dueDate: null },
        { assigneeId: 3, assigneeName: "  ", status: "to do", dueDate: null },
        { assigneeId: null, assigneeName: "Cy", status: "to do", dueDate: null },
      ],
      TODAY,
    );
    expect(members).toEqual([
      { id: "1", name: "Ann", activeTasks: 1, overdueTasks: 1, completedTasks: 1 },
      { id: "2", name: "Bob", activeTasks: 1, overdueTasks: 0, completedTasks: 0 },
      { id: "Cy", name: "Cy", activeTasks: 1, overdueTasks: 0, completedTasks: 0 },
    ]);
  });
});

describe("sortTeamMembers (spec §9)", () => {
  const m = (name: string, activeTasks: number, overdueTasks: number) => ({
    name,
    activeTasks,
    overdueTasks,
  });
  it("sorts by active + overdue descending, name on ties, and keeps 5", () => {
    const sorted = sortTeamMembers([
      m("Fay", 0, 0),
      m("Eve", 1, 0),
      m("dan", 2, 1),
      m("Cat", 0, 3),
      m("Bo", 5, 0),
      m("Al", 1, 1),
    ]);
    expect(sorted.map((x) => x.name)).toEqual(["Bo", "Cat", "dan", "Al", "Eve"]);
  });
  it("does not count completed tasks", () => {
    const sorted = sortTeamMembers([
      { name: "A", activeTasks: 1, overdueTasks: 0, completedTasks: 50 },
      { name: "B", activeTasks: 2, overdueTasks: 0, completedTasks: 0 },
    ]);
    expect(sorted[0]?.name).toBe("B");
  });
});
