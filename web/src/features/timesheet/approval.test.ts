import { describe, expect, it } from "vitest";
import {
  heatWeekStatus,
  lockedEntryText,
  mondayOf,
  queueApiQuery,
  queueRange,
  queueStatuses,
  weekRangeText,
  weekStatusMap,
} from "./approval";

describe("mondayOf", () => {
  it("gives the Monday of any day of the week, itself for a Monday", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });
  it("refuses what is not a real day", () => {
    expect(mondayOf(null)).toBeNull();
    expect(mondayOf("2026-02-30")).toBeNull();
    expect(mondayOf("next week")).toBeNull();
  });
});

describe("the queue's URL", () => {
  it("shows submitted weeks by default, every reviewed status for 'all'", () => {
    expect(queueStatuses(null)).toEqual(["submitted"]);
    expect(queueStatuses("all")).toEqual(["submitted", "approved", "rejected"]);
    expect(queueStatuses("approved")).toEqual(["approved"]);
    expect(queueStatuses("bogus")).toEqual(["submitted"]);
  });
  it("turns a Slack ?week= link into that week's Monday as from and to", () => {
    const params = new URLSearchParams("week=2026-11-26");
    expect(queueRange(params)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    expect(queueApiQuery(params)).toBe("status=submitted&from=2026-11-23&to=2026-11-23");
  });
  it("lets an explicit range win over the link and passes person and page", () => {
    const params = new URLSearchParams("week=2026-11-26&from=2026-11-02&status=all&person=42&page=2");
    expect(queueApiQuery(params)).toBe(
      "status=submitted%2Capproved%2Crejected&person=42&from=2026-11-02&to=2026-11-23&page=2",
    );
    expect(queueApiQuery(new URLSearchParams("page=x"))).toBe("status=submitted");
  });
});

describe("weekRangeText", () => {
  it("reads Monday to Sunday, the year once or on both sides across years", () => {
    expect(weekRangeText("2026-11-23")).toBe("Nov 23 – Nov 29, 2026");
    expect(weekRangeText("2026-12-28")).toBe("Dec 28, 2026 – Jan 3, 2027");
  });
});

describe("heatWeekStatus", () => {
  const statuses = weekStatusMap([
    { personId: "7", weekStart: "2026-11-23", status: "approved" },
    { personId: "7", weekStart: "2026-11-30", status: "rejected" },
  ]);
  it("maps a Monday heat-map week to that timesheet week", () => {
    expect(heatWeekStatus(statuses, "7", "2026-11-23")).toBe("approved");
    expect(heatWeekStatus(statuses, "7", "2026-11-30")).toBe("rejected");
  });
  it("maps a Sunday heat-map week to the Monday week holding six of its days", () => {
    expect(heatWeekStatus(statuses, "7", "2026-11-22")).toBe("approved");
    expect(heatWeekStatus(statuses, "7", "2026-11-29")).toBe("rejected");
  });
  it("is open for a week or person not listed", () => {
    expect(heatWeekStatus(statuses, "7", "2026-11-16")).toBe("open");
    expect(heatWeekStatus(statuses, "8", "2026-11-23")).toBe("open");
  });
});

describe("lockedEntryText", () => {
  it("names the task, hours and day; '—' for no entry", () => {
    expect(
      lockedEntryText({
        taskId: "t1",
        taskName: "Design review",
        start: "2026-11-24T09:00:00.000Z",
        durationMs: 9_000_000,
      }),
    ).toBe("Design review · 2.5h · Tue, Nov 24, 2026");
    expect(
      lockedEntryText({ taskId: null, taskName: null, start: "2026-11-24T09:00:00Z", durationMs: 3_600_000 }),
    ).toBe("No task · 1.0h · Tue, Nov 24, 2026");
    expect(lockedEntryText(null)).toBe("—");
  });
});
