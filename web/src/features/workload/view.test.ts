import { describe, expect, it } from "vitest";
import { readView, shiftView, viewWindow, weekStartsOn, windowLabel, workloadQuery, writeView } from "./view";

const TODAY = "2025-03-05"; // a Wednesday

describe("readView / writeView", () => {
  it("defaults: 2 weeks around today, grouped by role, tentative included, no filters", () => {
    expect(readView(new URLSearchParams(), TODAY)).toEqual({
      zoom: "2w",
      date: TODAY,
      group: "role",
      q: "",
      space: null,
      project: null,
      person: null,
      role: null,
      tentative: true,
    });
  });

  it("reads every key and refuses malformed ones", () => {
    const view = readView(
      new URLSearchParams(
        "zoom=quarter&date=2025-02-10&group=space&q=ann&space=s1&project=f2&person=7&role=Editor&tentative=false",
      ),
      TODAY,
    );
    expect(view).toMatchObject({
      zoom: "quarter",
      date: "2025-02-10",
      group: "space",
      q: "ann",
      space: "s1",
    });
    expect(view).toMatchObject({ project: "f2", person: "7", role: "Editor", tentative: false });
    const bad = readView(new URLSearchParams("zoom=year&date=2025-02-30&group=team"), TODAY);
    expect(bad).toMatchObject({ zoom: "2w", date: TODAY, group: "role" });
  });

  it("drops defaults and empty values from the URL, keeps the rest", () => {
    const start = new URLSearchParams("zoom=month&space=s1&q=x");
    const next = writeView(start, { zoom: "2w", space: null, q: "", role: "Editor", tentative: false });
    expect(next.toString()).toBe("role=Editor&tentative=false");
    expect(writeView(next, { tentative: true, group: "space" }).toString()).toBe("role=Editor&group=space");
  });
});

describe("viewWindow", () => {
  it("2 weeks from the workspace's week start (Monday, or Sunday)", () => {
    expect(viewWindow("2w", TODAY, weekStartsOn("monday"))).toEqual({ from: "2025-03-03", to: "2025-03-16" });
    expect(viewWindow("2w", TODAY, weekStartsOn("sunday"))).toEqual({ from: "2025-03-02", to: "2025-03-15" });
    expect(viewWindow("2w", TODAY, weekStartsOn(undefined))).toEqual({
      from: "2025-03-03",
      to: "2025-03-16",
    });
  });

  it("the calendar month and quarter (leap February, year end)", () => {
    expect(viewWindow("month", "2024-02-14", 1)).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(viewWindow("quarter", "2025-11-30", 1)).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(viewWindow("quarter", TODAY, 1)).toEqual({ from: "2025-01-01", to: "2025-03-31" });
  });
});

describe("shiftView", () => {
  it("moves by the zoom's own unit, across year ends", () => {
    expect(shiftView("2w", TODAY, 1, 1)).toBe("2025-03-17");
    expect(shiftView("2w", TODAY, -1, 0)).toBe("2025-02-16");
    expect(shiftView("month", "2025-01-31", -1, 1)).toBe("2024-12-01");
    expect(shiftView("quarter", "2025-11-30", 1, 1)).toBe("2026-01-01");
  });
});

describe("workloadQuery and windowLabel", () => {
  it("sends the window and only the filters set; tentative only when off", () => {
    const view = readView(new URLSearchParams("space=s1&person=unassigned"), TODAY);
    expect(workloadQuery(view, { from: "2025-03-03", to: "2025-03-16" }).toString()).toBe(
      "from=2025-03-03&to=2025-03-16&space=s1&person=unassigned",
    );
    const off = readView(new URLSearchParams("tentative=false&role=Editor"), TODAY);
    expect(workloadQuery(off, { from: "a", to: "b" }).toString()).toBe(
      "from=a&to=b&role=Editor&tentative=false",
    );
  });

  it("labels each zoom", () => {
    expect(windowLabel("2w", { from: "2024-12-30", to: "2025-01-12" })).toBe("Dec 30 - Jan 12, 2025");
    expect(windowLabel("month", { from: "2025-03-01", to: "2025-03-31" })).toBe("March 2025");
    expect(windowLabel("quarter", { from: "2025-10-01", to: "2025-12-31" })).toBe("Q4 2025");
  });
});
