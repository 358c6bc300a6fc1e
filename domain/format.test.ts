import { describe, expect, it } from "vitest";
import {
  avatarLetter,
  clampPercent,
  displayName,
  formatAxisMonth,
  formatDateTime,
  formatDetailDay,
  formatEstimateMinutes,
  formatEstimateOrNone,
  formatHours,
  formatListDay,
  initials,
  msToHours,
  msToMinutes,
  percentComplete,
  securityEventLabel,
} from "./format";
import { AUDIT_EVENT_TYPES } from "./security";

describe("formatHours (spec §9)", () => {
  it("shows one decimal plus 'h'", () => {
    expect(formatHours(2.5)).toBe("2.5h");
    expect(formatHours(0)).toBe("0.0h");
    expect(formatHours(8)).toBe("8.0h");
    expect(formatHours(1.25)).toBe("1.3h");
    expect(formatHours(1.04)).toBe("1.0h");
  });
  it("shows missing values as 0.0h", () => {
    expect(formatHours(null)).toBe("0.0h");
    expect(formatHours(Number.NaN)).toBe("0.0h");
  });
});

describe("formatEstimateMinutes (spec §9)", () => {
  it("shows hours with a decimal from 60 minutes", () => {
    expect(formatEstimateMinutes(60)).toBe("1.0h");
    expect(formatEstimateMinutes(90)).toBe("1.5h");
    expect(formatEstimateMinutes(125)).toBe("2.1h");
  });
  it("shows minutes below 60", () => {
    expect(formatEstimateMinutes(59)).toBe("59m");
    expect(formatEstimateMinutes(45)).toBe("45m");
    expect(formatEstimateMinutes(59.6)).toBe("60m");
    expect(formatEstimateMinutes(0)).toBe("0m");
    expect(formatEstimateMinutes(undefined)).toBe("0m");
  });
});

describe("ms conversions", () => {
  it("divides by 60,000 and 3,600,000, accepting ms strings", () => {
    expect(msToMinutes(90_000)).toBe(1.5);
    expect(msToMinutes("5400000")).toBe(90);
    expect(msToHours(5_400_000)).toBe(1.5);
    expect(msToHours("3600000")).toBe(1);
  });
  it("treats missing and junk as 0", () => {
    expect(msToHours(null)).toBe(0);
    expect(msToMinutes("")).toBe(0);
    expect(msToMinutes("abc")).toBe(0);
  });
});

describe("percentComplete / clampPercent (spec §9)", () => {
  it("rounds logged over estimated", () => {
    expect(percentComplete(5, 10)).toBe(50);
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(67);
    expect(percentComplete(15, 10)).toBe(150);
  });
  it("is 0 without an estimate", () => {
    expect(percentComplete(5, 0)).toBe(0);
    expect(percentComplete(5, null)).toBe(0);
    expect(percentComplete(null, 10)).toBe(0);
  });
  it("clamps to 0..100", () => {
    expect(clampPercent(150)).toBe(100);
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe("displayName (spec §3)", () => {
  it("uses first plus last name", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", email: "ada@x.io" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: " Ada ", lastName: "", email: "ada@x.io" })).toBe("Ada");
    expect(displayName({ firstName: null, lastName: "Lovelace" })).toBe("Lovelace");
  });
  it("falls back to e-mail, then 'User'", () => {
    expect(displayName({ firstName: "  ", email: "ada@x.io" })).toBe("ada@x.io");
    expect(displayName({})).toBe("User");
    expect(displayName(null)).toBe("User");
  });
});

describe("initials (spec §3)", () => {
  it("come from the names, upper-cased", () => {
    expect(initials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
    expect(initials({ firstName: "Ada" })).toBe("A");
    expect(initials({ lastName: "Lovelace", email: "z@x.io" })).toBe("L");
  });
  it("fall back to the e-mail's first letter, then U", () => {
    expect(initials({ email: "zoe@x.io" })).toBe("Z");
    expect(initials({ firstName: "", email: "" })).toBe("U");
    expect(initials(undefined)).toBe("U");
  });
  it("handle letters outside the BMP", () => {
    expect(initials({ firstName: "𝒜da", lastName: "Éclair" })).toBe("𝒜É");
  });
});

describe("avatarLetter", () => {
  it("is the username's first letter, upper-cased, or '?'", () => {
    expect(avatarLetter("jdoe")).toBe("J");
    expect(avatarLetter("  mia")).toBe("M");
    expect(avatarLetter("")).toBe("?");
    expect(avatarLetter(null)).toBe("?");
  });
});

describe("formatEstimateOrNone", () => {
  it("says a task without an estimate has none, instead of '0m' beside its logged hours", () => {
    expect(formatEstimateOrNone(0)).toBe("Not estimated");
    expect(formatEstimateOrNone(null)).toBe("Not estimated");
    expect(formatEstimateOrNone(undefined, "—")).toBe("—");
  });
  it("formats a real estimate by spec §9", () => {
    expect(formatEstimateOrNone(45)).toBe("45m");
    expect(formatEstimateOrNone(720)).toBe("12.0h");
  });
});

describe("securityEventLabel", () => {
  it("gives every audit event type words, never its code", () => {
    for (const type of AUDIT_EVENT_TYPES) {
      const label = securityEventLabel(type);
      expect(label, type).not.toContain("_");
      expect(label, type).not.toBe(type);
    }
    expect(securityEventLabel("user_login")).toBe("Signed in");
    expect(securityEventLabel("failed_auth")).toBe("Failed sign-in");
  });
  it("reads an unknown code as a sentence", () => {
    expect(securityEventLabel("token_revoked")).toBe("Token revoked");
    expect(securityEventLabel("")).toBe("Event");
  });
});

describe("formatDateTime", () => {
  it("shows a moment in one format, in the given time zone", () => {
    expect(formatDateTime("2026-03-18T15:30:00Z", "UTC")).toBe("Mar 18, 2026, 3:30 PM");
    expect(formatDateTime("2026-12-31T23:05:00Z", "America/New_York")).toBe("Dec 31, 2026, 6:05 PM");
  });
  it("shows '—' for nothing", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });
});

describe("calendar days: one format per context", () => {
  it("formatListDay: 'Nov 23' inside the reader's year, with the year outside it", () => {
    expect(formatListDay("2026-11-23", "2026-02-01")).toBe("Nov 23");
    expect(formatListDay("2025-12-29", "2026-01-02")).toBe("Dec 29, 2025");
    expect(formatListDay("2027-01-04", "2026-12-31")).toBe("Jan 4, 2027");
    expect(formatListDay("2028-02-29", "2028-02-29")).toBe("Feb 29");
  });
  it("formatDetailDay: weekday, day and year ('Mon, Nov 23, 2026')", () => {
    expect(formatDetailDay("2026-11-23")).toBe("Mon, Nov 23, 2026");
    expect(formatDetailDay("2028-02-29")).toBe("Tue, Feb 29, 2028");
  });
  it("formatAxisMonth: 'Nov 2026'", () => {
    expect(formatAxisMonth("2026-11-01")).toBe("Nov 2026");
  });
  it("reads the UTC calendar day of a timestamp, whatever the viewer's zone", () => {
    // 23:30 UTC on the 31st is already January 1st east of UTC and still the 31st here.
    expect(formatDetailDay("2026-12-31T23:30:00.000Z")).toBe("Thu, Dec 31, 2026");
    expect(formatListDay("2026-12-31T23:30:00.000Z", "2026-06-01T00:00:00Z")).toBe("Dec 31");
    expect(formatDetailDay("2026-03-01T00:00:00.000Z")).toBe("Sun, Mar 1, 2026");
    // ClickUp's epoch-millisecond strings and Date objects read the same day.
    expect(formatDetailDay(String(Date.UTC(2026, 10, 23, 12)))).toBe("Mon, Nov 23, 2026");
    expect(formatListDay(new Date(Date.UTC(2026, 10, 23)), new Date(Date.UTC(2026, 0, 1)))).toBe("Nov 23");
  });
  it("shows '—' for a missing or unreadable day, and the year when the reader's day is unknown", () => {
    expect(formatListDay(null, "2026-01-01")).toBe("—");
    expect(formatDetailDay("not a date")).toBe("—");
    expect(formatAxisMonth(undefined)).toBe("—");
    expect(formatListDay("2026-11-23", null)).toBe("Nov 23, 2026");
  });
});
