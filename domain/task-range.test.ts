import { describe, expect, it } from "vitest";
import { effectiveTaskRange, rangeCoversDay, taskCoversDay } from "./task-range";

const iso = (d: Date | undefined) => d?.toISOString();

describe("effectiveTaskRange (spec §9 7-day assumptions)", () => {
  it("uses both dates when present", () => {
    const r = effectiveTaskRange("2025-03-10", "2025-03-12");
    expect(iso(r?.start)).toBe("2025-03-10T00:00:00.000Z");
    expect(iso(r?.end)).toBe("2025-03-12T00:00:00.000Z");
  });
  it("runs 7 days from a lone start date", () => {
    const r = effectiveTaskRange("2025-03-10T09:00:00Z", null);
    expect(iso(r?.end)).toBe("2025-03-17T09:00:00.000Z");
  });
  it("starts 7 days before a lone due date (ms strings accepted)", () => {
    const r = effectiveTaskRange(undefined, String(Date.UTC(2025, 2, 12)));
    expect(iso(r?.start)).toBe("2025-03-05T00:00:00.000Z");
    expect(iso(r?.end)).toBe("2025-03-12T00:00:00.000Z");
  });
  it("is null with neither date (or only invalid ones)", () => {
    expect(effectiveTaskRange(null, null)).toBeNull();
    expect(effectiveTaskRange("junk", "")).toBeNull();
  });
});

describe("taskCoversDay", () => {
  it("includes the first and last calendar day whatever the hour", () => {
    expect(taskCoversDay("2025-03-10T17:00:00Z", "2025-03-12T08:00:00Z", "2025-03-10T06:00:00Z")).toBe(true);
    expect(taskCoversDay("2025-03-10T17:00:00Z", "2025-03-12T08:00:00Z", "2025-03-12T22:00:00Z")).toBe(true);
  });
  it("excludes the days just outside", () => {
    expect(taskCoversDay("2025-03-10", "2025-03-12", "2025-03-09T23:59:59Z")).toBe(false);
    expect(taskCoversDay("2025-03-10", "2025-03-12", "2025-03-13")).toBe(false);
  });
  it("applies the 7-day assumptions inclusively", () => {
    expect(taskCoversDay("2025-03-10", null, "2025-03-17")).toBe(true);
    expect(taskCoversDay("2025-03-10", null, "2025-03-18")).toBe(false);
    expect(taskCoversDay(null, "2025-03-12", "2025-03-05")).toBe(true);
    expect(taskCoversDay(null, "2025-03-12", "2025-03-04")).toBe(false);
  });
  it("covers nothing for undated tasks, invalid days or inverted ranges", () => {
    expect(taskCoversDay(null, null, "2025-03-12")).toBe(false);
    expect(taskCoversDay("2025-03-10", "2025-03-12", null)).toBe(false);
    expect(taskCoversDay("2025-03-14", "2025-03-10", "2025-03-12")).toBe(false);
    expect(rangeCoversDay(null, "2025-03-12")).toBe(false);
  });
  it("covers a single-day task on that day", () => {
    expect(taskCoversDay("2025-03-12T09:00:00Z", "2025-03-12T17:00:00Z", "2025-03-12")).toBe(true);
  });
});
