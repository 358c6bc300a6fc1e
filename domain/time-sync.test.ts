import { describe, expect, it } from "vitest";
import {
  daysOfRange,
  defaultTimeSyncRange,
  minutesOf,
  TIME_SYNC_MAX_DAYS,
  timeSyncChunks,
  timeSyncRangeDays,
} from "./time-sync";

describe("time-sync ranges", () => {
  it("counts the days of a range, both ends included", () => {
    expect(timeSyncRangeDays("2026-03-01", "2026-03-01")).toBe(1);
    expect(timeSyncRangeDays("2026-03-01", "2026-03-31")).toBe(TIME_SYNC_MAX_DAYS);
    expect(timeSyncRangeDays("2026-03-02", "2026-03-01")).toBe(0);
    // Across the spring clock change, days are calendar days.
    expect(timeSyncRangeDays("2026-03-28", "2026-03-30")).toBe(3);
  });

  it("lists the days and cuts the range into chunks of 7 days", () => {
    expect(daysOfRange("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(timeSyncChunks("2026-03-05", "2026-03-18")).toEqual([
      { from: "2026-03-05", to: "2026-03-11" },
      { from: "2026-03-12", to: "2026-03-18" },
    ]);
    expect(timeSyncChunks("2026-03-05", "2026-03-13")).toEqual([
      { from: "2026-03-05", to: "2026-03-11" },
      { from: "2026-03-12", to: "2026-03-13" },
    ]);
    expect(timeSyncChunks("2026-03-05", "2026-03-05")).toEqual([{ from: "2026-03-05", to: "2026-03-05" }]);
  });

  it("defaults to the 14 days ending today", () => {
    expect(defaultTimeSyncRange("2026-03-18")).toEqual({ from: "2026-03-05", to: "2026-03-18" });
    expect(defaultTimeSyncRange("2026-01-05")).toEqual({ from: "2025-12-23", to: "2026-01-05" });
  });

  it("shows durations in whole minutes", () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(89_999)).toBe(1);
    expect(minutesOf(90_000)).toBe(2);
    expect(minutesOf(3_600_000)).toBe(60);
  });
});
