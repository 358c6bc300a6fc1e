import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDaysBetween,
  compareDueDates,
  daysUntilDue,
  isOverdue,
  isSameUtcDay,
  startOfUtcDay,
  toDate,
  toIsoDate,
  utcDayStartMs,
} from "./dates";

const MS = Date.UTC(2025, 2, 12, 15, 30); // Wed 2025-03-12 15:30Z

describe("toDate", () => {
  it("accepts Date, ms number, ms string (ClickUp) and ISO strings", () => {
    expect(toDate(new Date(MS))?.getTime()).toBe(MS);
    expect(toDate(MS)?.getTime()).toBe(MS);
    expect(toDate(String(MS))?.getTime()).toBe(MS);
    expect(toDate(` ${MS} `)?.getTime()).toBe(MS);
    expect(toDate("2025-03-12T15:30:00.000Z")?.getTime()).toBe(MS);
    expect(toDate("2025-03-12T16:30:00+01:00")?.getTime()).toBe(MS);
  });

  it("reads a date-only ISO string as UTC midnight", () => {
    expect(toDate("2025-03-12")?.toISOString()).toBe("2025-03-12T00:00:00.000Z");
  });

  it("returns null for missing, blank and invalid input", () => {
    expect(toDate(null)).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect(toDate("")).toBeNull();
    expect(toDate("   ")).toBeNull();
    expect(toDate("not a date")).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toDate(new Date("nope"))).toBeNull();
  });

  it("returns a copy, never the caller's Date", () => {
    const original = new Date(MS);
    const copy = toDate(original);
    expect(copy).not.toBe(original);
    expect(copy?.getTime()).toBe(MS);
  });

  it("treats 0 as the epoch, not as missing", () => {
    expect(toDate(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(toDate("0")?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("UTC calendar days", () => {
  it("startOfUtcDay / utcDayStartMs cut to 00:00Z", () => {
    expect(startOfUtcDay(MS)?.toISOString()).toBe("2025-03-12T00:00:00.000Z");
    expect(utcDayStartMs("2025-03-12T23:59:59.999Z")).toBe(Date.UTC(2025, 2, 12));
    expect(startOfUtcDay(null)).toBeNull();
  });

  it("uses the UTC day, not the offset's local day", () => {
    // 23:30 at -05:00 is already the next day in UTC
    expect(toIsoDate("2025-03-12T23:30:00-05:00")).toBe("2025-03-13");
  });

  it("calendarDaysBetween counts day boundaries, not 24h blocks", () => {
    expect(calendarDaysBetween("2025-03-12T23:59:00Z", "2025-03-13T00:01:00Z")).toBe(1);
    expect(calendarDaysBetween("2025-03-12T00:01:00Z", "2025-03-12T23:59:00Z")).toBe(0);
    expect(calendarDaysBetween("2025-03-12T12:00:00Z", "2025-03-10T23:00:00Z")).toBe(-2);
    expect(calendarDaysBetween("2025-02-28", "2025-03-01")).toBe(1);
    expect(calendarDaysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(calendarDaysBetween(null, MS)).toBeNull();
  });

  it("isSameUtcDay", () => {
    expect(isSameUtcDay("2025-03-12T00:00:00Z", "2025-03-12T23:59:59Z")).toBe(true);
    expect(isSameUtcDay("2025-03-12T23:59:59Z", "2025-03-13T00:00:00Z")).toBe(false);
    expect(isSameUtcDay(null, null)).toBe(false);
  });

  it("addDays shifts whole days", () => {
    expect(addDays(new Date(MS), -7).toISOString()).toBe("2025-03-05T15:30:00.000Z");
  });

  it("toIsoDate", () => {
    expect(toIsoDate(MS)).toBe("2025-03-12");
    expect(toIsoDate("garbage")).toBeNull();
  });
});

describe("isOverdue (due before today)", () => {
  it("is false for a task due today, even earlier today", () => {
    expect(isOverdue("2025-03-12T08:00:00Z", MS)).toBe(false);
  });
  it("is true from yesterday back", () => {
    expect(isOverdue("2025-03-11T23:59:59Z", MS)).toBe(true);
    expect(isOverdue("2024-01-01", MS)).toBe(true);
  });
  it("is false for future and undated tasks", () => {
    expect(isOverdue("2025-03-13", MS)).toBe(false);
    expect(isOverdue(null, MS)).toBe(false);
  });
});

describe("daysUntilDue", () => {
  it("is 0 today, positive ahead, negative overdue, null undated", () => {
    expect(daysUntilDue("2025-03-12T23:00:00Z", MS)).toBe(0);
    expect(daysUntilDue("2025-03-15", MS)).toBe(3);
    expect(daysUntilDue(String(Date.UTC(2025, 2, 9)), MS)).toBe(-3);
    expect(daysUntilDue(undefined, MS)).toBeNull();
  });
});

describe("compareDueDates", () => {
  it("orders earliest first and undated last", () => {
    const dues = ["2025-03-20", null, "2025-03-01", "bad", "2025-03-10"];
    expect([...dues].sort(compareDueDates)).toEqual(["2025-03-01", "2025-03-10", "2025-03-20", null, "bad"]);
  });
  it("treats two undated as equal", () => {
    expect(compareDueDates(null, undefined)).toBe(0);
    expect(compareDueDates(null, "2025-01-01")).toBeGreaterThan(0);
    expect(compareDueDates("2025-01-01", null)).toBeLessThan(0);
  });
});
