import { describe, expect, it } from "vitest";
import { clockStartingAt, parseInstant, systemClock } from "./clock";

describe("clock", () => {
  it("starts at the given instant and advances in real time", () => {
    let real = Date.UTC(2026, 10, 23, 13, 0);
    const clock = clockStartingAt(new Date("2028-02-29T23:59:00Z"), () => real);
    expect(clock().toISOString()).toBe("2028-02-29T23:59:00.000Z");
    real += 90_000;
    expect(clock().toISOString()).toBe("2028-03-01T00:00:30.000Z");
  });

  it("is the machine's clock without a start", () => {
    expect(Math.abs(systemClock().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("parses instants with a zone only, and only real calendar dates", () => {
    expect(parseInstant("2028-02-29T10:00:00Z")?.toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(parseInstant("2028-02-29T10:00:00.250+01:00")?.toISOString()).toBe("2028-02-29T09:00:00.250Z");
    expect(parseInstant("2027-02-29T10:00:00Z")).toBeNull();
    expect(parseInstant("2026-04-31T10:00:00Z")).toBeNull();
    expect(parseInstant("2026-11-22T10:00:00")).toBeNull();
    expect(parseInstant("2026-11-22")).toBeNull();
  });
});
