import { describe, expect, it } from "vitest";
import { escapeText, eventLines, foldLine, icsDate, icsDateTime, serializeCalendar } from "./icalendar";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and line breaks, and drops control characters", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("one\r\ntwo\rthree\nfour")).toBe("one\\ntwo\\nthree\\nfour");
    expect(escapeText("nul\u0000bell\u0007tab\tend")).toBe("nulbelltab\tend");
    expect(escapeText("Shoot — Café")).toBe("Shoot — Café");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds the 76th onto a continuation line", () => {
    const exact = "X".repeat(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}Y`)).toBe(`${exact}\r\n Y`);
  });

  it("keeps every physical line within 75 octets, counts UTF-8 octets and never splits a character", () => {
    const line = `SUMMARY:${"é€😀".repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(folded).not.toContain("\uFFFD");
  });
});

describe("dates", () => {
  it("writes DATE and UTC DATE-TIME values", () => {
    expect(icsDate("2026-03-09")).toBe("20260309");
    expect(() => icsDate("9 March")).toThrow(RangeError);
    expect(icsDateTime(new Date("2026-03-18T15:30:05.123Z"))).toBe("20260318T153005Z");
  });
});

describe("serializeCalendar", () => {
  const stamp = new Date("2026-03-18T15:30:00Z");

  it("writes an all-day event with its end the next day, escaped text and the URL as is", () => {
    expect(
      eventLines({
        uid: "t1@agency-hub",
        day: "2026-12-31",
        summary: "Shoot; day 1 — Acme, TV",
        description: "Status: in progress",
        url: "https://app.clickup.com/t/t1?a=1,2",
        stamp,
      }),
    ).toEqual([
      "BEGIN:VEVENT",
      "UID:t1@agency-hub",
      "DTSTAMP:20260318T153000Z",
      "DTSTART;VALUE=DATE:20261231",
      "DTEND;VALUE=DATE:20270101",
      "SUMMARY:Shoot\\; day 1 — Acme\\, TV",
      "DESCRIPTION:Status: in progress",
      "URL:https://app.clickup.com/t/t1?a=1,2",
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    ]);
  });

  it("ends every line with CRLF, the last one too, and folds long lines", () => {
    const text = serializeCalendar({
      prodId: "-//Agency Hub//Milestones//EN",
      name: "Milestones",
      events: [{ uid: "t2@agency-hub", day: "2026-03-20", summary: "A".repeat(200), stamp }],
    });
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(text).toContain("\r\n A");
    expect(text).not.toContain("DESCRIPTION");
  });
});
