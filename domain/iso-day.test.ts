import { describe, expect, it } from "vitest";
import { isoDaySchema } from "./iso-day";

describe("isoDaySchema", () => {
  it("accepts a calendar day that exists", () => {
    expect(isoDaySchema.safeParse("2026-11-16").success).toBe(true);
    expect(isoDaySchema.safeParse("2028-02-29").success).toBe(true);
  });

  it("refuses other shapes and days that do not exist", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "2026-1-5", "16.11.2026", "2026-11-16T00:00:00Z", ""]) {
      expect(isoDaySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
