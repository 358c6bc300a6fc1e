import { describe, expect, it } from "vitest";
import {
  bookedHoursOnDay,
  bookedTodayPercent,
  bookedPercentOfCapacity,
  CAPACITY_HOURS_PER_DAY,
  dailyLoadColor,
  hoursPerDayEstimate,
  isOverCapacity,
  loadBarPercent,
  parseHours,
} from "./capacity";

describe("CAPACITY_HOURS_PER_DAY", () => {
  it("is 8", () => {
    expect(CAPACITY_HOURS_PER_DAY).toBe(8);
  });
});

describe("parseHours", () => {
  it("reads numbers, numeric strings and { text }", () => {
    expect(parseHours(4)).toBe(4);
    expect(parseHours("2.5")).toBe(2.5);
    expect(parseHours(" 3 hrs")).toBe(3);
    expect(parseHours("2,5")).toBe(2.5);
    expect(parseHours(".5")).toBe(0.5);
    expect(parseHours({ text: "6" })).toBe(6);
    expect(parseHours(0)).toBe(0);
  });
  it("rejects empty, negative and non-numeric values", () => {
    expect(parseHours(null)).toBeNull();
    expect(parseHours("")).toBeNull();
    expect(parseHours("abc")).toBeNull();
    expect(parseHours(-2)).toBeNull();
    expect(parseHours("-2")).toBeNull();
    expect(parseHours(Number.NaN)).toBeNull();
    expect(parseHours({ text: "" })).toBeNull();
  });
});

describe("hoursPerDayEstimate (spec §3)", () => {
  it.each(["H/D Est", "Hours/Day", "hrs/day", "Planned HRS/DAY (est)"])(
    "matches a field named %s",
    (name) => {
      expect(
        hoursPerDayEstimate([
          { name: "Client", value: "9" },
          { name, value: "4" },
        ]),
      ).toBe(4);
    },
  );
  it("ignores fields with other names", () => {
    expect(
      hoursPerDayEstimate([
        { name: "hours", value: 4 },
        { name: "h/d", value: 4 },
      ]),
    ).toBeNull();
  });
  it("skips a matching field without a usable value and takes the next", () => {
    expect(
      hoursPerDayEstimate([
        { name: "h/d est", value: null },
        { name: "hrs/day", value: { text: "2.5" } },
      ]),
    ).toBe(2.5);
  });
  it("is null for no fields", () => {
    expect(hoursPerDayEstimate(null)).toBeNull();
    expect(hoursPerDayEstimate([])).toBeNull();
  });
});

const TODAY = "2025-03-12T10:00:00Z";

describe("bookedHoursOnDay / bookedTodayPercent (spec §9)", () => {
  const tasks = [
    { startDate: "2025-03-10", dueDate: "2025-03-14", hoursPerDayEstimate: 4 },
    { startDate: null, dueDate: "2025-03-18", hoursPerDayEstimate: 2 }, // starts 03-11
    { startDate: "2025-03-06", dueDate: null, hoursPerDayEstimate: 1 }, // runs to 03-13
    { startDate: "2025-03-13", dueDate: "2025-03-14", hoursPerDayEstimate: 8 }, // not today
    { startDate: "2025-03-10", dueDate: "2025-03-14", hoursPerDayEstimate: null },
    { startDate: null, dueDate: null, hoursPerDayEstimate: 5 },
  ];
  it("sums estimates of tasks whose effective range includes the day", () => {
    expect(bookedHoursOnDay(tasks, TODAY)).toBe(7);
    expect(bookedHoursOnDay(tasks, "2025-03-13")).toBe(15);
  });
  it("divides by 8 and rounds to a percentage", () => {
    expect(bookedTodayPercent(tasks, TODAY)).toBe(88); // 7/8 = 87.5 → 88
    expect(bookedTodayPercent([], TODAY)).toBe(0);
    expect(
      bookedTodayPercent(
        [{ startDate: "2025-03-12", dueDate: "2025-03-12", hoursPerDayEstimate: 12 }],
        TODAY,
      ),
    ).toBe(150);
  });
  it("rounds halves up and smaller fractions down", () => {
    expect(bookedTodayPercent([{ startDate: TODAY, hoursPerDayEstimate: 1 }], TODAY)).toBe(13); // 12.5 → 13
    expect(bookedTodayPercent([{ startDate: TODAY, hoursPerDayEstimate: 0.1 }], TODAY)).toBe(1); // 1.25 → 1
  });
});

describe("dailyLoadColor (spec §9)", () => {
  it.each([
    [0, "green"],
    [4, "green"],
    [4.01, "blue"],
    [8, "blue"],
    [8.5, "orange"],
    [10, "orange"],
    [10.01, "red"],
    [12, "red"],
  ] as const)("%s h → %s", (hours, color) => {
    expect(dailyLoadColor(hours)).toBe(color);
  });
});

describe("loadBarPercent", () => {
  it("is full at 12 h and clamped", () => {
    expect(loadBarPercent(0)).toBe(0);
    expect(loadBarPercent(6)).toBe(50);
    expect(loadBarPercent(12)).toBe(100);
    expect(loadBarPercent(20)).toBe(100);
    expect(loadBarPercent(-3)).toBe(0);
    expect(loadBarPercent(Number.NaN)).toBe(0);
  });
});

describe("isOverCapacity", () => {
  it("is strictly more than 8 h", () => {
    expect(isOverCapacity(8)).toBe(false);
    expect(isOverCapacity(8.5)).toBe(true);
    expect(isOverCapacity(0)).toBe(false);
  });
});

describe("bookedPercentOfCapacity", () => {
  it("rounds hours over the 8-hour day at the band edges", () => {
    expect(bookedPercentOfCapacity(4)).toBe(50);
    expect(bookedPercentOfCapacity(8)).toBe(100);
    expect(bookedPercentOfCapacity(10)).toBe(125);
    expect(bookedPercentOfCapacity(12)).toBe(150);
    expect(bookedPercentOfCapacity(0.3)).toBe(4); // 3.75 → 4
    expect(bookedPercentOfCapacity(0)).toBe(0);
    expect(bookedPercentOfCapacity(-2)).toBe(0);
    expect(bookedPercentOfCapacity(null)).toBe(0);
    expect(bookedPercentOfCapacity(Number.NaN)).toBe(0);
  });
});
