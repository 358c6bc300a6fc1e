import { describe, expect, it } from "vitest";
import { zonedTimestamp } from "./list-finance-events";

describe("zonedTimestamp (the audit CSV's When column)", () => {
  it("is the workspace's wall-clock time, zero-padded to the second", () => {
    expect(zonedTimestamp("2025-03-10T14:05:09.250Z", "UTC")).toBe("2025-03-10 14:05:09");
    expect(zonedTimestamp("2025-03-11T02:30:00Z", "America/New_York")).toBe("2025-03-10 22:30:00");
    expect(zonedTimestamp("2025-12-31T23:00:01Z", "Europe/Berlin")).toBe("2026-01-01 00:00:01");
  });

  it("follows the zone's daylight-saving changes", () => {
    // New York moves from UTC−5 to UTC−4 at 2025-03-09 07:00Z.
    expect(zonedTimestamp("2025-03-09T06:59:59Z", "America/New_York")).toBe("2025-03-09 01:59:59");
    expect(zonedTimestamp("2025-03-09T07:00:00Z", "America/New_York")).toBe("2025-03-09 03:00:00");
    expect(zonedTimestamp("2025-06-01T12:00:00Z", "Asia/Kolkata")).toBe("2025-06-01 17:30:00");
  });
});
