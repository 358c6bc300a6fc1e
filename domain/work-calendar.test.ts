import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayCapacity,
  DEFAULT_MINUTES_PER_DAY,
  DEFAULT_WORKING_DAYS,
  isoWeekday,
  isWorkingDay,
  minutesPerDaySchema,
  timeZoneSchema,
  workingDaysSchema,
} from "./work-calendar";

const base = {
  workingDays: DEFAULT_WORKING_DAYS,
  isHoliday: false,
  minutesPerDay: 480,
  timeOff: "none",
} as const;

describe("working calendar", () => {
  it("numbers weekdays the ISO way", () => {
    expect(isoWeekday("2025-03-10")).toBe(1); // Monday
    expect(isoWeekday("2025-03-15")).toBe(6);
    expect(isoWeekday("2025-03-16")).toBe(7);
    expect(() => isoWeekday("2025-13-01")).toThrow(RangeError);
    expect(isWorkingDay("2025-03-14", DEFAULT_WORKING_DAYS)).toBe(true);
    expect(isWorkingDay("2025-03-16", DEFAULT_WORKING_DAYS)).toBe(false);
    expect(isWorkingDay("2025-03-16", [7])).toBe(true);
    expect(DEFAULT_MINUTES_PER_DAY).toBe(480);
  });

  it("capacity: a working day, a weekend, a holiday, a full and a half day off, an override", () => {
    expect(dayCapacity({ ...base, day: "2025-03-10" })).toEqual({
      isWorkingDay: true,
      isHoliday: false,
      timeOffMinutes: 0,
      capacityMinutes: 480,
    });
    expect(dayCapacity({ ...base, day: "2025-03-15" })).toEqual({
      isWorkingDay: false,
      isHoliday: false,
      timeOffMinutes: 0,
      capacityMinutes: 0,
    });
    expect(dayCapacity({ ...base, day: "2025-03-10", isHoliday: true, timeOff: "full" })).toEqual({
      isWorkingDay: true,
      isHoliday: true,
      timeOffMinutes: 0,
      capacityMinutes: 0,
    });
    expect(dayCapacity({ ...base, day: "2025-03-10", timeOff: "full" }).capacityMinutes).toBe(0);
    expect(dayCapacity({ ...base, day: "2025-03-10", timeOff: "half" })).toMatchObject({
      timeOffMinutes: 240,
      capacityMinutes: 240,
    });
    expect(
      dayCapacity({ ...base, day: "2025-03-10", minutesPerDay: 360, timeOff: "half" }).capacityMinutes,
    ).toBe(180);
    expect(dayCapacity({ ...base, day: "2025-03-10", minutesPerDay: 375, timeOff: "half" })).toMatchObject({
      timeOffMinutes: 187,
      capacityMinutes: 188,
    });
  });

  it("property: capacity stays within 0 and the minutes per day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.integer({ min: 0, max: 1440 }),
        fc.constantFrom("none", "full", "half"),
        fc.boolean(),
        (n, minutes, timeOff, isHoliday) => {
          const day = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
          const c = dayCapacity({
            day,
            workingDays: DEFAULT_WORKING_DAYS,
            isHoliday,
            minutesPerDay: minutes,
            timeOff,
          });
          expect(c.capacityMinutes).toBeGreaterThanOrEqual(0);
          expect(c.capacityMinutes).toBeLessThanOrEqual(minutes);
          expect(c.capacityMinutes + c.timeOffMinutes).toBe(c.isWorkingDay && !isHoliday ? minutes : 0);
        },
      ),
      { seed: 99, numRuns: 300 },
    );
  });

  it("validates settings input", () => {
    expect(minutesPerDaySchema.safeParse(1440).success).toBe(true);
    expect(minutesPerDaySchema.safeParse(1441).error?.issues[0]?.message).toMatch(/between 0 and 24/);
    expect(minutesPerDaySchema.safeParse(-1).success).toBe(false);
    expect(minutesPerDaySchema.safeParse(60.5).success).toBe(false);
    expect(workingDaysSchema.parse([5, 1, 3])).toEqual([1, 3, 5]);
    expect(workingDaysSchema.safeParse([1, 1]).success).toBe(false);
    expect(workingDaysSchema.safeParse([0]).success).toBe(false);
    expect(workingDaysSchema.safeParse([8]).success).toBe(false);
    expect(timeZoneSchema.safeParse("Europe/Berlin").success).toBe(true);
    expect(timeZoneSchema.safeParse("UTC").success).toBe(true);
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
  });
});
