import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";

describe("dateTimeFormat", () => {
  it("builds one formatter per locale and options, and reuses it", () => {
    const a = dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    expect(dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" })).toBe(a);
    expect(dateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" })).not.toBe(a);
    expect(dateTimeFormat("en-GB", { month: "short", day: "numeric", timeZone: "UTC" })).not.toBe(a);
  });

  it("formats exactly as a formatter built for the call would", () => {
    const day = new Date(Date.UTC(2026, 1, 28, 23, 30));
    for (const timeZone of ["UTC", "Pacific/Auckland", "America/Los_Angeles"]) {
      const options: Intl.DateTimeFormatOptions = {
        timeZone,
        weekday: "short",
        month: "short",
        day: "numeric",
      };
      expect(dateTimeFormat("en-US", options).format(day)).toBe(
        new Intl.DateTimeFormat("en-US", options).format(day),
      );
    }
    expect(dateTimeFormat("en-US", { timeZone: "Pacific/Auckland", day: "numeric" }).format(day)).toBe("1");
  });
});

describe("numberFormat", () => {
  it("reuses one formatter per locale and options and formats as Intl does", () => {
    const usd = numberFormat("en-US", { style: "currency", currency: "USD" });
    expect(numberFormat("en-US", { style: "currency", currency: "USD" })).toBe(usd);
    expect(numberFormat("en-US", { style: "currency", currency: "EUR" })).not.toBe(usd);
    expect(usd.format(1234.5)).toBe("$1,234.50");
  });
});
