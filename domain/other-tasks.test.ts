import { describe, expect, it } from "vitest";
import { isOtherTask, selectOtherTasks } from "./other-tasks";

describe("isOtherTask", () => {
  it("excludes assignments, freelance assignments and activities", () => {
    expect(isOtherTask({ customItemId: 1014, status: "to do" })).toBe(false);
    expect(isOtherTask({ customItemId: "1031", status: "to do" })).toBe(false);
    expect(isOtherTask({ customItemId: 1033, status: "to do" })).toBe(false);
  });
  it("excludes finished statuses", () => {
    expect(isOtherTask({ customItemId: 2, status: "Complete" })).toBe(false);
    expect(isOtherTask({ customItemId: 2, status: "canceled" })).toBe(false);
  });
  it("keeps other types, including untyped, milestones and assets", () => {
    expect(isOtherTask({ customItemId: null, status: "to do" })).toBe(true);
    expect(isOtherTask({ customItemId: 1, status: "in progress" })).toBe(true);
    expect(isOtherTask({ customItemId: 1009, status: "review" })).toBe(true);
  });
});

describe("selectOtherTasks (spec §9)", () => {
  it("sorts by due date with undated last and keeps at most 7", () => {
    const tasks = [
      { id: "u1", customItemId: 3, status: "to do", dueDate: null },
      { id: "d5", customItemId: 3, status: "to do", dueDate: "2025-03-15" },
      { id: "x1", customItemId: 1014, status: "to do", dueDate: "2025-03-01" },
      { id: "d1", customItemId: 3, status: "to do", dueDate: String(Date.UTC(2025, 2, 11)) },
      { id: "d3", customItemId: 2, status: "to do", dueDate: "2025-03-13" },
      { id: "x2", customItemId: 2, status: "closed", dueDate: "2025-03-02" },
      { id: "d2", customItemId: 2, status: "to do", dueDate: "2025-03-12" },
      { id: "d4", customItemId: 2, status: "to do", dueDate: "2025-03-14" },
      { id: "d6", customItemId: 2, status: "to do", dueDate: "2025-03-16" },
      { id: "u2", customItemId: 2, status: "to do" },
      { id: "d7", customItemId: 2, status: "to do", dueDate: "2025-03-17" },
    ];
    expect(selectOtherTasks(tasks).map((t) => t.id)).toEqual(["d1", "d2", "d3", "d4", "d5", "d6", "d7"]);
  });
  it("keeps undated tasks in input order when there is room", () => {
    const tasks = [
      { id: "u1", customItemId: 3, status: "to do", dueDate: null },
      { id: "d1", customItemId: 3, status: "to do", dueDate: "2025-03-15" },
      { id: "u2", customItemId: 3, status: "to do", dueDate: undefined },
    ];
    expect(selectOtherTasks(tasks).map((t) => t.id)).toEqual(["d1", "u1", "u2"]);
  });
});
