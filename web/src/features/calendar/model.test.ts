import { describe, expect, it } from "vitest";
import type { CalendarItem, CalendarMetaTask, CalendarProject } from "./api";
import {
  monthGridDays,
  NO_PROJECT,
  shiftDate,
  showsDay,
  sidebarProjects,
  viewLabel,
  viewRange,
  visibleItems,
  weekDaysOf,
  type ItemFilter,
} from "./model";
import { defaultCalendarState } from "./ui-state";

function item(id: string, over: Partial<CalendarItem> = {}): CalendarItem {
  return {
    id,
    name: `Item ${id}`,
    dueDate: "2025-03-10T17:00:00.000Z",
    day: "2025-03-10",
    status: "open",
    statusColor: null,
    statusType: "open",
    finished: false,
    kind: "milestone",
    customItemId: 1,
    projectId: "f1",
    projectName: "Alpha spot",
    spaceId: "s1",
    spaceName: "Creative",
    listName: "Production",
    metaTaskId: "m1",
    url: null,
    assignees: [],
    ...over,
  };
}

const NONE: ItemFilter = {
  searchTerm: "",
  visibleFolders: {},
  visibleMetaTasks: {},
  selectedFolder: null,
  selectedMetaTask: null,
};

describe("calendar days", () => {
  it("month grid: 6 weeks from the week start on or before the 1st (Monday or Sunday)", () => {
    // March 2025 starts on a Saturday.
    const monday = monthGridDays("2025-03-19", 1);
    expect(monday).toHaveLength(42);
    expect(monday[0]).toBe("2025-02-24");
    expect(monday[41]).toBe("2025-04-06");
    const sunday = monthGridDays("2025-03-19", 0);
    expect(sunday[0]).toBe("2025-02-23");
    expect(viewRange("month", "2025-03-19", 1)).toEqual({ from: "2025-02-24", to: "2025-04-06" });
  });

  it("week and list windows, labels, shifting and the Today check", () => {
    expect(weekDaysOf("2025-03-05", 1)).toEqual([
      "2025-03-03",
      "2025-03-04",
      "2025-03-05",
      "2025-03-06",
      "2025-03-07",
      "2025-03-08",
      "2025-03-09",
    ]);
    expect(viewRange("week", "2025-03-05", 0)).toEqual({ from: "2025-03-02", to: "2025-03-08" });
    expect(viewRange("list", "2024-02-10", 1)).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(viewLabel("month", "2025-03-05", 1)).toBe("March 2025");
    expect(viewLabel("list", "2025-03-05", 1)).toBe("March 2025");
    expect(viewLabel("week", "2025-12-31", 1)).toBe("Dec 29 - Jan 4, 2026");
    expect(shiftDate("month", "2025-01-31", 1)).toBe("2025-02-01");
    expect(shiftDate("list", "2025-01-31", -1)).toBe("2024-12-01");
    expect(shiftDate("week", "2025-03-05", -1)).toBe("2025-02-26");
    expect(showsDay("month", "2025-03-01", "2025-03-31", 1)).toBe(true);
    expect(showsDay("month", "2025-03-01", "2025-04-01", 1)).toBe(false);
    expect(showsDay("week", "2025-03-05", "2025-03-09", 1)).toBe(true);
    expect(showsDay("week", "2025-03-05", "2025-03-10", 1)).toBe(false);
  });
});

describe("visibleItems", () => {
  const metas: CalendarMetaTask[] = [
    { id: "m1", name: "Alpha meta", projectId: "f1" },
    { id: "m2", name: "Beta meta", projectId: "f2" },
  ];
  const items = [
    item("a"),
    item("b", { projectId: "f2", projectName: "Beta launch", metaTaskId: "m2", name: "Shoot day" }),
    item("c", { projectId: null, projectName: null, metaTaskId: null, name: "Loose approval" }),
  ];
  const ids = (filter: Partial<ItemFilter>) =>
    visibleItems(items, metas, { ...NONE, ...filter }).map((i) => i.id);

  it("shows everything by default", () => {
    expect(ids({})).toEqual(["a", "b", "c"]);
  });
  it("hides a project, a meta task, or the folderless items", () => {
    expect(ids({ visibleFolders: { f1: false } })).toEqual(["b", "c"]);
    expect(ids({ visibleFolders: { f1: true, [NO_PROJECT]: false } })).toEqual(["a", "b"]);
    expect(ids({ visibleMetaTasks: { m2: false } })).toEqual(["a", "c"]);
  });
  it("focuses one project or meta task", () => {
    expect(ids({ selectedFolder: "f2" })).toEqual(["b"]);
    expect(ids({ selectedFolder: NO_PROJECT })).toEqual(["c"]);
    expect(ids({ selectedMetaTask: "m1" })).toEqual(["a"]);
  });
  it("searches item, project and meta task names, case-insensitively", () => {
    expect(ids({ searchTerm: "SHOOT" })).toEqual(["b"]);
    expect(ids({ searchTerm: "alpha" })).toEqual(["a"]);
    expect(ids({ searchTerm: "beta meta" })).toEqual(["b"]);
    expect(ids({ searchTerm: "  " })).toEqual(["a", "b", "c"]);
  });
});

describe("sidebarProjects", () => {
  const projects: CalendarProject[] = [
    { id: "f1", name: "Alpha spot", spaceId: "s1", spaceName: "Creative", colorIndex: 3 },
    { id: "f2", name: "Beta launch", spaceId: "s1", spaceName: "Creative", colorIndex: 7 },
  ];
  const metas: CalendarMetaTask[] = [
    { id: "m1", name: "Alpha meta", projectId: "f1" },
    { id: "m2", name: "Beta meta", projectId: "f2" },
  ];
  const items = [item("a"), item("b", { projectId: "f2", name: "Final shoot" })];

  it("lists projects with their meta tasks, and 'No project' only when needed", () => {
    const all = sidebarProjects(projects, metas, items, "");
    expect(all.map((p) => [p.key, p.metaTasks.map((m) => m.id)])).toEqual([
      ["f1", ["m1"]],
      ["f2", ["m2"]],
    ]);
    const loose = sidebarProjects(projects, metas, [...items, item("c", { projectId: null })], "");
    expect(loose.map((p) => p.key)).toEqual(["f1", "f2", NO_PROJECT]);
  });
  it("search keeps projects whose name, meta task or item matches", () => {
    expect(sidebarProjects(projects, metas, items, "beta").map((p) => p.key)).toEqual(["f2"]);
    expect(sidebarProjects(projects, metas, items, "alpha meta").map((p) => p.metaTasks.length)).toEqual([1]);
    const byItem = sidebarProjects(projects, metas, items, "final shoot");
    expect(byItem.map((p) => [p.key, p.metaTasks.length])).toEqual([["f2", 0]]);
    expect(sidebarProjects(projects, metas, items, "zzz")).toEqual([]);
  });
});

describe("defaultCalendarState (spec §3/§4)", () => {
  it("month view, today, everything shown; the list on phones", () => {
    expect(defaultCalendarState("2025-03-05", false)).toEqual({
      sidebarVisible: true,
      searchTerm: "",
      visibleFolders: {},
      visibleMetaTasks: {},
      selectedFolder: null,
      selectedMetaTask: null,
      currentDate: "2025-03-05",
      viewMode: "month",
    });
    expect(defaultCalendarState("2025-03-05", true)).toMatchObject({
      viewMode: "list",
      sidebarVisible: false,
    });
  });
});
