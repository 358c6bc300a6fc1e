import { describe, expect, it } from "vitest";
import {
  buildTimesheetEntries,
  durationMsFromHours,
  formatTimesheetDayTotal,
  entryStartTime,
  isValidTimesheetHours,
  parseTimesheetHours,
  parseTimesheetRowKey,
  shouldSaveHours,
  TIMESHEET_DESCRIPTION,
  TIMESHEET_HOURS_INPUT,
  timesheetCellsFromEntries,
  timesheetDayTotal,
  timesheetHoursSchema,
  TIMESHEET_DAY_MESSAGE,
  TIMESHEET_HOURS_MESSAGE,
  timesheetHoursFromInput,
  timesheetOverfullDays,
  timesheetRowKey,
  timesheetTotals,
} from "./timesheet";

describe("hours input (spec §5)", () => {
  it("has step 0.5, min 0, max 24", () => {
    expect(TIMESHEET_HOURS_INPUT).toEqual({ min: 0, max: 24, step: 0.5 });
  });
  it("parses numbers and counts non-numeric as 0", () => {
    expect(parseTimesheetHours("2.5")).toBe(2.5);
    expect(parseTimesheetHours(" 3 ")).toBe(3);
    expect(parseTimesheetHours(4)).toBe(4);
    expect(parseTimesheetHours("abc")).toBe(0);
    expect(parseTimesheetHours("")).toBe(0);
    expect(parseTimesheetHours(null)).toBe(0);
    expect(parseTimesheetHours("2h")).toBe(0);
    expect(parseTimesheetHours(Number.NaN)).toBe(0);
  });
  it("validates range and step", () => {
    expect(isValidTimesheetHours(0)).toBe(true);
    expect(isValidTimesheetHours(0.5)).toBe(true);
    expect(isValidTimesheetHours(24)).toBe(true);
    expect(isValidTimesheetHours(24.5)).toBe(false);
    expect(isValidTimesheetHours(-0.5)).toBe(false);
    expect(isValidTimesheetHours(1.25)).toBe(false);
  });
  it("saves only values above 0", () => {
    expect(shouldSaveHours(0)).toBe(false);
    expect(shouldSaveHours(-1)).toBe(false);
    expect(shouldSaveHours(0.5)).toBe(true);
  });
  it("schema accepts 0.5..24 in half steps", () => {
    expect(timesheetHoursSchema.safeParse(7.5).success).toBe(true);
    expect(timesheetHoursSchema.safeParse(24).success).toBe(true);
    expect(timesheetHoursSchema.safeParse(0).success).toBe(false);
    expect(timesheetHoursSchema.safeParse(25).success).toBe(false);
    expect(timesheetHoursSchema.safeParse(1.2).success).toBe(false);
  });
});

describe("durationMsFromHours", () => {
  it("is hours × 3,600,000 rounded", () => {
    expect(durationMsFromHours(1.5)).toBe(5_400_000);
    expect(durationMsFromHours(0.1)).toBe(360_000);
    expect(durationMsFromHours(1 / 3)).toBe(1_200_000);
  });
});

describe("entryStartTime", () => {
  it("is 09:00Z of the UTC day", () => {
    expect(entryStartTime("2025-03-12").toISOString()).toBe("2025-03-12T09:00:00.000Z");
    expect(entryStartTime("2025-03-12T23:59:00Z").toISOString()).toBe("2025-03-12T09:00:00.000Z");
  });
  it("throws on invalid days", () => {
    expect(() => entryStartTime("nope")).toThrow(RangeError);
  });
});

describe("row keys", () => {
  it("are `${taskId}:${yyyy-MM-dd}`", () => {
    expect(timesheetRowKey("86abc", "2025-03-12T15:00:00Z")).toBe("86abc:2025-03-12");
    expect(timesheetRowKey(42, new Date(Date.UTC(2025, 0, 5)))).toBe("42:2025-01-05");
  });
  it("take the task id from the first segment", () => {
    expect(parseTimesheetRowKey("86abc:2025-03-12")).toEqual({ taskId: "86abc", isoDate: "2025-03-12" });
  });
  it("reject keys without a task id or date", () => {
    expect(parseTimesheetRowKey("86abc")).toBeNull();
    expect(parseTimesheetRowKey(":2025-03-12")).toBeNull();
    expect(parseTimesheetRowKey("86abc:")).toBeNull();
    expect(parseTimesheetRowKey("86abc:garbage")).toBeNull();
  });
});

describe("buildTimesheetEntries (spec §7)", () => {
  it("makes one billable entry per cell above 0", () => {
    const entries = buildTimesheetEntries({
      "t1:2025-03-10": "1.5",
      "t1:2025-03-11": "0",
      "t2:2025-03-11": "abc",
      "t3:2025-03-12": 8,
      bad: "3",
    });
    expect(entries).toEqual([
      {
        taskId: "t1",
        startTime: new Date("2025-03-10T09:00:00Z"),
        endTime: new Date("2025-03-10T10:30:00Z"),
        durationMs: 5_400_000,
        billable: true,
        description: "Time logged via timesheet",
      },
      {
        taskId: "t3",
        startTime: new Date("2025-03-12T09:00:00Z"),
        endTime: new Date("2025-03-12T17:00:00Z"),
        durationMs: 28_800_000,
        billable: true,
        description: TIMESHEET_DESCRIPTION,
      },
    ]);
  });
});

describe("timesheetCellsFromEntries", () => {
  it("sums hours per task and day", () => {
    expect(
      timesheetCellsFromEntries([
        { taskId: "t1", startTime: "2025-03-10T09:00:00Z", durationMs: 3_600_000 },
        { taskId: "t1", startTime: String(Date.UTC(2025, 2, 10, 14)), durationMs: "1800000" },
        { taskId: 5, startTime: "2025-03-11T09:00:00Z", durationMs: 7_200_000 },
        { taskId: "t9", startTime: null, durationMs: 7_200_000 },
      ]),
    ).toEqual({ "t1:2025-03-10": 1.5, "5:2025-03-11": 2 });
  });
});

describe("timesheetDayTotal", () => {
  it("adds the day's cells, ignoring other days and junk", () => {
    const cells = { "a:2025-03-10": "1.5", "b:2025-03-10": 2, "c:2025-03-10": "x", "a:2025-03-11": 8 };
    expect(timesheetDayTotal(cells, "2025-03-10")).toBe(3.5);
    expect(timesheetDayTotal(cells, "2025-03-12")).toBe(0);
  });
});

describe("hours as typed in a cell (issue 10 §3)", () => {
  it("reads a comma as the decimal separator: '2,5' is 2.5, never 25", () => {
    expect(timesheetHoursFromInput("2,5")).toBe(2.5);
    expect(timesheetHoursFromInput("2.5")).toBe(2.5);
    expect(timesheetHoursFromInput(" 7,50 ")).toBe(7.5);
    expect(timesheetHoursFromInput(",5")).toBe(0.5);
    expect(timesheetHoursFromInput("8")).toBe(8);
    expect(timesheetHoursFromInput("24")).toBe(24);
    expect(timesheetHoursFromInput("0")).toBe(0);
  });
  it("reads a blank cell as 0", () => {
    expect(timesheetHoursFromInput("")).toBe(0);
    expect(timesheetHoursFromInput("   ")).toBe(0);
    expect(timesheetHoursFromInput(undefined)).toBe(0);
  });
  it("refuses anything that is not plain hours: exponents, words, signs, units, separators", () => {
    for (const text of [
      "1e1",
      "1E1",
      "abc",
      "2h",
      "-1",
      "+2",
      "1,000",
      "1.2.3",
      "2,5,0",
      "Infinity",
      "0x10",
      "½",
    ]) {
      expect(timesheetHoursFromInput(text), text).toBeNull();
    }
  });
  it("refuses hours outside 0–24 or off the half-hour step", () => {
    expect(timesheetHoursFromInput("25")).toBeNull();
    expect(timesheetHoursFromInput("24,5")).toBeNull();
    expect(timesheetHoursFromInput("1,25")).toBeNull();
    expect(timesheetHoursFromInput("0.3")).toBeNull();
  });
  it("has one message for a refused cell", () => {
    expect(TIMESHEET_HOURS_MESSAGE).toBe("Enter hours from 0 to 24 in steps of 0.5.");
  });
  it("parseTimesheetHours follows the same reading: '2,5' is 2.5 and '1e1' is non-numeric (0)", () => {
    expect(parseTimesheetHours("2,5")).toBe(2.5);
    expect(parseTimesheetHours("1e1")).toBe(0);
    expect(parseTimesheetHours("-1")).toBe(-1);
  });
});

describe("timesheetTotals (issue 10 §3: totals never show invalid values)", () => {
  const days = ["2025-03-10", "2025-03-11"];
  it("adds typed and ClickUp hours per day, per task and for the week", () => {
    const totals = timesheetTotals(
      ["a", "b"],
      days,
      { "a:2025-03-10": "1,5", "b:2025-03-10": "2", "a:2025-03-11": "" },
      { "b:2025-03-11": 3 },
    );
    expect(totals.day).toEqual({ "2025-03-10": 3.5, "2025-03-11": 3 });
    expect(totals.row).toEqual({ a: 1.5, b: 5 });
    expect(totals.week).toBe(6.5);
    expect(totals.refused).toEqual([]);
    expect(totals.overfullDays).toEqual([]);
  });
  it("counts refused cells as nothing: -1, 25, '1e1' and 'abc' never reach a total", () => {
    const totals = timesheetTotals(
      ["a", "b"],
      days,
      { "a:2025-03-10": "-1", "b:2025-03-10": "25", "a:2025-03-11": "1e1", "b:2025-03-11": "abc" },
      {},
    );
    expect(totals.day).toEqual({ "2025-03-10": 0, "2025-03-11": 0 });
    expect(totals.row).toEqual({ a: 0, b: 0 });
    expect(totals.week).toBe(0);
    expect(totals.refused.sort()).toEqual(
      ["a:2025-03-10", "a:2025-03-11", "b:2025-03-10", "b:2025-03-11"].sort(),
    );
  });
  it("ignores negative or non-finite ClickUp hours", () => {
    const totals = timesheetTotals(["a"], days, {}, { "a:2025-03-10": -2, "a:2025-03-11": Number.NaN });
    expect(totals.week).toBe(0);
  });
  it("flags a day whose typed hours take it past 24 hours", () => {
    const totals = timesheetTotals(
      ["a", "b"],
      days,
      { "a:2025-03-10": "20", "b:2025-03-10": "4,5", "a:2025-03-11": "2" },
      { "b:2025-03-11": 23 },
    );
    expect(totals.overfullDays).toEqual(["2025-03-10", "2025-03-11"]);
    // ClickUp alone past 24 is ClickUp's business: nothing typed that day, nothing flagged.
    expect(timesheetTotals(["a"], days, {}, { "a:2025-03-10": 25 }).overfullDays).toEqual([]);
    expect(TIMESHEET_DAY_MESSAGE).toBe("A day holds at most 24 hours, ClickUp's included.");
  });
  it("displays a day total past 24 hours as 'over 24h', never as the impossible figure", () => {
    expect(formatTimesheetDayTotal(7.5)).toBe("7.5h");
    expect(formatTimesheetDayTotal(24)).toBe("24.0h");
    expect(formatTimesheetDayTotal(24.5)).toBe("over 24h");
    expect(formatTimesheetDayTotal(-1)).toBe("0.0h");
  });
});

describe("timesheetOverfullDays (the server's check of a save)", () => {
  it("names the days whose saved plus ClickUp hours pass 24", () => {
    expect(timesheetOverfullDays({ "a:2025-03-10": 20, "b:2025-03-10": 4.5, "a:2025-03-11": 8 }, {})).toEqual(
      ["2025-03-10"],
    );
    expect(timesheetOverfullDays({ "a:2025-03-11": 2 }, { "b:2025-03-11": 22.5 })).toEqual(["2025-03-11"]);
    expect(timesheetOverfullDays({ "a:2025-03-11": 2 }, { "b:2025-03-11": 22 })).toEqual([]);
    expect(timesheetOverfullDays({}, { "b:2025-03-11": 30 })).toEqual([]);
  });
});
