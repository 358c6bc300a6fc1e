import { describe, expect, it } from "vitest";
import {
  addIsoDays,
  calendarKind,
  dayInZone,
  moveDueDateToDay,
  PROJECT_COLOR_COUNT,
  projectColorIndex,
  zonedInstant,
} from "./calendar";

describe("calendarKind", () => {
  it("reads the name keyword first, then milestone (1), then deliverable (2)", () => {
    expect(calendarKind({ name: "Client APPROVAL", customItemId: 2 })).toBe("approval");
    expect(calendarKind({ name: "Location shoot", customItemId: null })).toBe("shoot");
    expect(calendarKind({ name: "Creative review", customItemId: "3" })).toBe("creative");
    expect(calendarKind({ name: "Kick-off", customItemId: 1 })).toBe("milestone");
    expect(calendarKind({ name: "Final master", customItemId: "2" })).toBe("deliverable");
    expect(calendarKind({ name: "Edit", customItemId: 3 })).toBeNull();
    expect(calendarKind({ name: "Project", customItemId: 1001 })).toBeNull();
  });
});

describe("projectColorIndex", () => {
  it("is deterministic, in range and spreads ids over the palette", () => {
    expect(projectColorIndex("f-123")).toBe(projectColorIndex("f-123"));
    expect(projectColorIndex(null)).toBe(0);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const index = projectColorIndex(`folder-${i}`);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(PROJECT_COLOR_COUNT);
      seen.add(index);
    }
    expect(seen.size).toBe(PROJECT_COLOR_COUNT);
  });
});

describe("days in a time zone", () => {
  it("puts an instant on its local day", () => {
    expect(dayInZone("2026-03-31T22:30:00Z", "UTC")).toBe("2026-03-31");
    expect(dayInZone("2026-03-31T22:30:00Z", "Europe/Berlin")).toBe("2026-04-01");
    expect(dayInZone("2026-04-01T03:00:00Z", "America/Los_Angeles")).toBe("2026-03-31");
  });

  it("adds calendar days across month and year ends", () => {
    expect(addIsoDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addIsoDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("finds the instant of a wall time, skipping a DST gap forward and taking the earlier of a repeated hour", () => {
    const t = (hour: number, minute = 0) => ({ hour, minute, second: 0, millisecond: 0 });
    expect(zonedInstant("2026-07-01", t(17), "Europe/Berlin").toISOString()).toBe("2026-07-01T15:00:00.000Z");
    expect(zonedInstant("2026-01-15", t(17), "Europe/Berlin").toISOString()).toBe("2026-01-15T16:00:00.000Z");
    // 29 March 2026 02:30 does not exist in Berlin (clocks jump 02:00 → 03:00): 03:30 CEST.
    expect(zonedInstant("2026-03-29", t(2, 30), "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // 25 October 2026 02:30 happens twice: the first (CEST) one.
    expect(zonedInstant("2026-10-25", t(2, 30), "Europe/Berlin").toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("moves a due date by whole local days and keeps its local time of day across DST", () => {
    // Friday 27 March 17:00 Berlin (CET, 16:00Z) → Tuesday 31 March 17:00 Berlin (CEST, 15:00Z).
    expect(moveDueDateToDay("2026-03-27T16:00:00Z", "2026-03-31", "Europe/Berlin").toISOString()).toBe(
      "2026-03-31T15:00:00.000Z",
    );
    // 03:30Z on 2 June is 23:30 on 1 June in New York: moved to New York's 5 June 23:30 (6 June UTC).
    expect(moveDueDateToDay("2026-06-02T03:30:00Z", "2026-06-05", "America/New_York").toISOString()).toBe(
      "2026-06-06T03:30:00.000Z",
    );
    expect(moveDueDateToDay("2026-06-02T03:30:15.250Z", "2026-06-01", "UTC").toISOString()).toBe(
      "2026-06-01T03:30:15.250Z",
    );
    expect(() => moveDueDateToDay("nope", "2026-06-01", "UTC")).toThrow(RangeError);
  });
});
