import { describe, expect, it } from "vitest";
import { formatWeekRange, isCurrentWeek, shiftWeek, startOfWeek, weekDays, weekWindow } from "./week";

const iso = (d: Date) => d.toISOString();

describe("startOfWeek (Monday, UTC)", () => {
  it("maps every day of the week to its Monday 00:00Z", () => {
    for (const day of ["2025-03-10T00:00:00Z", "2025-03-12T15:30:00Z", "2025-03-16T23:59:59Z"]) {
      expect(iso(startOfWeek(day))).toBe("2025-03-10T00:00:00.000Z");
    }
  });
  it("puts Sunday in the week that started six days earlier, Monday in a new week", () => {
    expect(iso(startOfWeek("2025-03-16T12:00:00Z"))).toBe("2025-03-10T00:00:00.000Z");
    expect(iso(startOfWeek("2025-03-17T00:00:00Z"))).toBe("2025-03-17T00:00:00.000Z");
  });
  it("crosses month and year boundaries", () => {
    expect(iso(startOfWeek("2026-01-01"))).toBe("2025-12-29T00:00:00.000Z");
  });
  it("supports the Sunday-start reading", () => {
    expect(iso(startOfWeek("2025-03-12", 0))).toBe("2025-03-09T00:00:00.000Z");
    expect(iso(startOfWeek("2025-03-09", 0))).toBe("2025-03-09T00:00:00.000Z");
  });
  it("throws on an invalid date", () => {
    expect(() => startOfWeek("nope")).toThrow(RangeError);
  });
});

describe("weekWindow (timesheet, spec §7)", () => {
  it("is Monday 00:00:00Z to Sunday 23:59:59Z", () => {
    const w = weekWindow("2025-03-12T15:30:00Z");
    expect(iso(w.start)).toBe("2025-03-10T00:00:00.000Z");
    expect(iso(w.end)).toBe("2025-03-16T23:59:59.000Z");
    expect(iso(w.endExclusive)).toBe("2025-03-17T00:00:00.000Z");
  });
});

describe("weekDays", () => {
  it("gives Monday to Friday by default", () => {
    expect(weekDays("2025-03-12", false).map((d) => iso(d).slice(0, 10))).toEqual([
      "2025-03-10",
      "2025-03-11",
      "2025-03-12",
      "2025-03-13",
      "2025-03-14",
    ]);
  });
  it("gives seven days with weekends", () => {
    const days = weekDays("2025-03-10", true);
    expect(days).toHaveLength(7);
    expect(iso(days[6] as Date)).toBe("2025-03-16T00:00:00.000Z");
  });
});

describe("formatWeekRange ('MMM d - MMM d, yyyy')", () => {
  it("labels Monday to Friday", () => {
    expect(formatWeekRange("2025-03-12")).toBe("Mar 10 - Mar 14, 2025");
  });
  it("labels Monday to Sunday with weekends", () => {
    expect(formatWeekRange("2025-03-12", true)).toBe("Mar 10 - Mar 16, 2025");
  });
  it("uses the last day's year across New Year, no zero padding", () => {
    expect(formatWeekRange("2025-12-31")).toBe("Dec 29 - Jan 2, 2026");
    expect(formatWeekRange("2025-09-03", true)).toBe("Sep 1 - Sep 7, 2025");
  });
});

describe("isCurrentWeek / shiftWeek", () => {
  it("knows when the shown week is the current one", () => {
    expect(isCurrentWeek("2025-03-16T23:00:00Z", "2025-03-10T01:00:00Z")).toBe(true);
    expect(isCurrentWeek("2025-03-17", "2025-03-16")).toBe(false);
  });
  it("moves by whole weeks from the Monday", () => {
    expect(iso(shiftWeek("2025-03-12", 1))).toBe("2025-03-17T00:00:00.000Z");
    expect(iso(shiftWeek("2025-03-12", -1))).toBe("2025-03-03T00:00:00.000Z");
  });
});
