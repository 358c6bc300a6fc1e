import { describe, expect, it } from "vitest";
import type { WorkloadPerson, WorkloadResponse, WorkloadTotals } from "./api";
import {
  cellLoad,
  dayInfos,
  gridItems,
  moneyFigure,
  NO_ROLE,
  searchPeople,
  showUnassigned,
  targetState,
  targetText,
} from "./model";

const totals = (booked = 0, tentative = 0): WorkloadTotals => ({
  booked,
  tentative,
  capacity: 0,
  timeOff: 0,
  utilisationBp: null,
  overdueTasks: 0,
  cost: null,
  revenue: null,
  unpricedCostMinutes: null,
  unpricedRevenueMinutes: null,
});

function person(id: string, name: string, roles: string[], spaceIds: string[] = []): WorkloadPerson {
  return {
    id,
    name,
    resolved: true,
    email: null,
    roles,
    spaceIds,
    booked: [0],
    tentative: [0],
    capacity: [480],
    timeOff: [0],
    off: [],
    overdue: [],
    utilisationTargetBp: null,
    totals: totals(),
  };
}

function response(people: WorkloadPerson[], unassigned = totals()): WorkloadResponse {
  return {
    from: "2025-03-01",
    to: "2025-03-03",
    today: "2025-03-03",
    days: ["2025-03-01", "2025-03-02", "2025-03-03"],
    holidays: [1],
    people,
    unassigned: { booked: [0, 0, 0], tentative: [0, 0, 0], overdue: [], totals: unassigned },
    totals: totals(),
    spaces: [
      { id: "s1", name: "Studio" },
      { id: "s2", name: "Agency" },
    ],
    unresolvedNames: 0,
    canViewFinancials: false,
    currency: "USD",
  };
}

describe("cellLoad (spec §9 through domain/capacity)", () => {
  it.each([
    [0, null, false],
    [1, "green", false],
    [240, "green", false],
    [241, "blue", false],
    [480, "blue", false],
    [481, "orange", true],
    [600, "orange", true],
    [601, "red", true],
  ] as const)("%i minutes → %s, over 8 h %s", (minutes, color, over) => {
    expect(cellLoad(minutes)).toMatchObject({ color, over });
  });

  it("the bar is full at 12 h", () => {
    expect(cellLoad(360).bar).toBe(50);
    expect(cellLoad(720).bar).toBe(100);
    expect(cellLoad(900).bar).toBe(100);
  });
});

describe("gridItems", () => {
  const ann = person("1", "Ann", ["Producer", "Editor"], ["s1"]);
  const bob = person("2", "Bob", [], ["s1", "s2"]);
  const cy = person("3", "Cy", ["editor"], []);

  it("groups by role tag (a person under each), names sorted, 'No role' last, Unassigned at the end", () => {
    const items = gridItems(response([ann, bob, cy]), [ann, bob, cy], "role", true);
    expect(
      items.map((i) =>
        i.kind === "person" ? `  ${i.person.name}` : i.kind === "group" ? i.label : "UNASSIGNED",
      ),
    ).toEqual(["Editor", "  Ann", "editor", "  Cy", "Producer", "  Ann", NO_ROLE, "  Bob", "UNASSIGNED"]);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
  });

  it("groups by the spaces people are booked in", () => {
    const items = gridItems(response([ann, bob, cy]), [ann, bob, cy], "space", false);
    const groups = items
      .filter((i) => i.kind === "group")
      .map((i) => (i.kind === "group" ? `${i.label} ${i.count}` : ""));
    expect(groups).toEqual(["Agency 1", "Studio 2", "No booked space 1"]);
  });
});

describe("search and the Unassigned row", () => {
  it("searches names case-insensitively", () => {
    const people = [person("1", "Ann Lee", []), person("2", "Bob", [])];
    expect(searchPeople(people, " lee").map((p) => p.id)).toEqual(["1"]);
    expect(searchPeople(people, "")).toHaveLength(2);
  });

  it("shows Unassigned only with load, without another person's filter, and when the search matches it", () => {
    expect(showUnassigned(response([]), "", null)).toBe(false);
    const loaded = response([], totals(60));
    expect(showUnassigned(loaded, "", null)).toBe(true);
    expect(showUnassigned(loaded, "", "unassigned")).toBe(true);
    expect(showUnassigned(loaded, "", "7")).toBe(false);
    expect(showUnassigned(loaded, "ann", null)).toBe(false);
    expect(showUnassigned(response([], totals(0, 30)), "unass", null)).toBe(true);
  });
});

describe("dayInfos", () => {
  it("marks holidays, today and week/month boundaries", () => {
    const days = dayInfos(response([]), 1);
    expect(days.map((d) => [d.iso, d.weekday, d.holiday, d.today, d.boundary])).toEqual([
      ["2025-03-01", "Sat", false, false, false],
      ["2025-03-02", "Sun", true, false, false],
      ["2025-03-03", "Mon", false, true, true],
    ]);
  });
});

describe("utilisation against the person's target", () => {
  it("compares basis points: met at or above, below under it, nothing without a target or capacity", () => {
    expect(targetState(8000, 8000)).toBe("met");
    expect(targetState(8001, 8000)).toBe("met");
    expect(targetState(7999, 8000)).toBe("below");
    expect(targetState(null, 8000)).toBeNull();
    expect(targetState(5000, null)).toBeNull();
    expect(targetText(2963, 8000)).toBe("below the 80.00 % target");
    expect(targetText(9000, 8000)).toBe("at or above the 80.00 % target");
    expect(targetText(null, 8000)).toBe("target 80.00 %");
    expect(targetText(5000, null)).toBeNull();
  });
});

describe("money totals", () => {
  it("formats with the domain formatter and says when part is unpriced", () => {
    expect(moneyFigure("Cost", 80_000, 0, "USD")).toEqual({
      text: "$800.00",
      partly: false,
      description: "Cost $800.00",
    });
    expect(moneyFigure("Revenue", 60_000, 600, "USD")).toEqual({
      text: "$600.00",
      partly: true,
      description: "Revenue $600.00, partly unpriced: 10.0h without a rate",
    });
    expect(moneyFigure("Revenue", null, 960, "USD")).toMatchObject({
      text: "Unpriced",
      partly: false,
      description: "Revenue unpriced: 16.0h without a rate",
    });
    expect(moneyFigure("Cost", 1234, 0, "JPY").text).toBe("¥1,234");
  });
});
