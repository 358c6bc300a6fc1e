import { describe, expect, it } from "vitest";
import { CALENDAR_MAX_HIDDEN, CALENDAR_SEARCH_MAX } from "@domain/calendar";
import type { CalendarItem, CalendarMetaTask, CalendarProject } from "./api";
import {
  filterParams,
  isFiltered,
  itemsByDay,
  monthGridDays,
  NO_PROJECT,
  shiftDate,
  showsDay,
  sidebarProjects,
  viewLabel,
  viewRange,
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

describe("filterParams (the sidebar's filters, applied by the server in SQL)", () => {
  const params = (filter: Partial<ItemFilter>) => filterParams({ ...NONE, ...filter });

  it("sends nothing by default", () => {
    expect(params({})).toEqual({});
    expect(isFiltered(NONE)).toBe(false);
    expect(params({ searchTerm: "  ", visibleFolders: { f1: true } })).toEqual({});
  });
  it("hides projects (the folderless items too) and meta tasks, sorted, comma-separated", () => {
    expect(params({ visibleFolders: { f2: false, f1: false, f3: true, [NO_PROJECT]: false } })).toEqual({
      hideProjects: `f1,f2,${NO_PROJECT}`,
    });
    expect(params({ visibleMetaTasks: { m2: false, m1: true } })).toEqual({ hideMetaTasks: "m2" });
    expect(isFiltered({ ...NONE, visibleMetaTasks: { m2: false } })).toBe(true);
    const many = Object.fromEntries(
      Array.from({ length: CALENDAR_MAX_HIDDEN + 5 }, (_, i) => [`p${i}`, false]),
    );
    expect(params({ visibleFolders: many }).hideProjects!.split(",")).toHaveLength(CALENDAR_MAX_HIDDEN);
  });
  it("focuses one project (or the folderless items) or meta task", () => {
    expect(params({ selectedFolder: "f2" })).toEqual({ project: "f2" });
    expect(params({ selectedFolder: NO_PROJECT })).toEqual({ project: NO_PROJECT });
    expect(params({ selectedMetaTask: "m1" })).toEqual({ metaTask: "m1" });
  });
  it("searches with the trimmed term, cut to what the server accepts", () => {
    expect(params({ searchTerm: "  Shoot day " })).toEqual({ q: "Shoot day" });
    expect(params({ searchTerm: "x".repeat(CALENDAR_SEARCH_MAX + 9) }).q).toHaveLength(CALENDAR_SEARCH_MAX);
  });
});

describe("itemsByDay", () => {
  it("groups the server's items by day, keeping their order", () => {
    const byDay = itemsByDay([item("a"), item("b", { day: "2025-03-11" }), item("c")]);
    expect([...byDay].map(([day, list]) => [day, list.map((i) => i.id)])).toEqual([
      ["2025-03-10", ["a", "c"]],
      ["2025-03-11", ["b"]],
    ]);
  });
});

describe("sidebarProjects", () => {
  const projects: CalendarProject[] = [
    { id: "f1", name: "Alpha spot", spaceId: "s1", spaceName: "Creative", colorIndex: 3, count: 4 },
    { id: "f2", name: "Beta launch", spaceId: "s1", spaceName: "Creative", colorIndex: 7, count: 2 },
  ];
  const metas: CalendarMetaTask[] = [
    { id: "m1", name: "Alpha meta", projectId: "f1", count: 4 },
    { id: "m2", name: "Beta meta", projectId: "f2", count: 2 },
  ];
  /** The server's answer under a search: only the projects with matching items, their counts. */
  const counted = (counts: Record<string, number>) =>
    projects.flatMap((p) => (counts[p.id] ? [{ ...p, count: counts[p.id]! }] : []));

  it("lists projects with their meta tasks and counts, and 'No project' only when needed", () => {
    const all = sidebarProjects(projects, metas, 0, "");
    expect(all.map((p) => [p.key, p.count, p.metaTasks.map((m) => m.id)])).toEqual([
      ["f1", 4, ["m1"]],
      ["f2", 2, ["m2"]],
    ]);
    const loose = sidebarProjects(projects, metas, 3, "");
    expect(loose.map((p) => [p.key, p.count])).toEqual([
      ["f1", 4],
      ["f2", 2],
      [NO_PROJECT, 3],
    ]);
  });
  it("search keeps projects whose name, meta task or item matches", () => {
    expect(sidebarProjects(counted({ f2: 2 }), metas, 0, "beta").map((p) => p.key)).toEqual(["f2"]);
    expect(
      sidebarProjects(counted({ f1: 4 }), metas, 0, "alpha meta").map((p) => p.metaTasks.length),
    ).toEqual([1]);
    // An item of f2 named "Final shoot" matches: f2 stays, none of its meta tasks does.
    const byItem = sidebarProjects(counted({ f2: 1 }), metas, 0, "final shoot");
    expect(byItem.map((p) => [p.key, p.metaTasks.length])).toEqual([["f2", 0]]);
    expect(sidebarProjects(counted({}), metas, 0, "zzz")).toEqual([]);
    // A project the server still lists with no match (none of its items) goes.
    expect(sidebarProjects([{ ...projects[0]!, count: 0 }], [], 0, "zzz")).toEqual([]);
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
