/*
 * A minimal iCalendar (RFC 5545) writer for the private milestones feed: all-day events only.
 * Pure functions, no I/O; the server streams what `serializeCalendar` returns as text/calendar.
 * Lines end with CRLF, TEXT values are escaped (§3.3.11) and every content line is folded at 75
 * octets of UTF-8 (§3.1) without splitting a character.
 */

export interface CalendarEvent {
  /** Globally unique, stable across fetches (e.g. "{taskId}@agency-hub"). */
  uid: string;
  /** The all-day date, yyyy-MM-dd. */
  day: string;
  summary: string;
  description?: string | null;
  url?: string | null;
  /** When this copy of the event was produced (DTSTAMP, UTC). */
  stamp: Date;
}

export interface CalendarDocument {
  /** PRODID, e.g. "-//Agency Hub//Milestones//EN". */
  prodId: string;
  /** X-WR-CALNAME: the name Google Calendar and Outlook show for the subscription. */
  name: string;
  events: readonly CalendarEvent[];
}

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/**
 * Escape a TEXT value: backslash, semicolon and comma get a backslash, a line break becomes
 * "\n", and control characters (which TEXT may not contain, HTAB aside) are dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, "\\n")
  );
}

/** A URI value: no escaping in iCalendar, but line breaks and controls cannot appear in one. */
function uriValue(value: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, "");
}

/** UTF-8 octets of one code point. */
function utf8Length(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * Fold a content line into chunks of at most 75 octets (UTF-8), continuation lines starting with
 * one space (which counts towards their 75), never splitting a code point; joined with CRLF.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = utf8Length(ch);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

/** yyyy-MM-dd → yyyyMMdd (DATE). */
export function icsDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Invalid day ${day}`);
  return day.replace(/-/g, "");
}

/** An instant as DATE-TIME in UTC: yyyyMMddTHHmmssZ. */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The content lines of one all-day VEVENT (unfolded). */
export function eventLines(event: CalendarEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${icsDate(event.day)}`,
    `DTEND;VALUE=DATE:${icsDate(nextDay(event.day))}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  lines.push("TRANSP:TRANSPARENT", "END:VEVENT");
  return lines;
}

/** The whole VCALENDAR, folded, CRLF after every line (the last one too). */
export function serializeCalendar(doc: CalendarDocument): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(doc.prodId)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(doc.name)}`,
    ...doc.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
