import { describe, expect, it } from "vitest";
import { clockFromEnv, redirectUrisFromEnv } from "./standalone-env";

describe("the simulators' standalone environment", () => {
  it("reads AGENCY_HUB_NOW as a clock starting at that instant, and refuses one without a zone", () => {
    expect(clockFromEnv(undefined)).toBeUndefined();
    expect(clockFromEnv(" ")).toBeUndefined();
    const clock = clockFromEnv("2028-02-29T09:30:00Z")!;
    expect(clock() - Date.parse("2028-02-29T09:30:00Z")).toBeGreaterThanOrEqual(0);
    expect(clock() - Date.parse("2028-02-29T09:30:00Z")).toBeLessThan(60_000);
    expect(() => clockFromEnv("2028-02-29T09:30:00")).toThrow(/AGENCY_HUB_NOW must be an ISO 8601 instant/);
  });

  it("takes the listed redirect URIs, else PUBLIC_URL and the local development origins", () => {
    expect(redirectUrisFromEnv(" https://a.test/cb , https://b.test ", "https://app.test")).toEqual([
      "https://a.test/cb",
      "https://b.test",
    ]);
    expect(redirectUrisFromEnv(undefined, "https://app.test")).toEqual([
      "https://app.test",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
    expect(redirectUrisFromEnv("", undefined)[0]).toBe("http://localhost:3000");
  });
});
