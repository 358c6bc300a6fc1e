import { MS_PER_HOUR, MS_PER_MINUTE } from "./constants";
import { toDate, type DateInput } from "./dates";
import { dateTimeFormat } from "./intl";

function finiteOrZero(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Hours with one decimal plus 'h' (spec §9): 2.5 → '2.5h', 0 → '0.0h', 1.25 → '1.3h'. Missing → '0.0h'. */
export function formatHours(hours: number | null | undefined): string {
  return `${finiteOrZero(hours).toFixed(1)}h`;
}

/**
 * Estimate display (spec §9): 60 minutes or more as hours with one decimal ('1.5h', '1.0h'),
 * below 60 as whole minutes ('45m', '0m'). Missing → '0m'.
 */
export function formatEstimateMinutes(minutes: number | null | undefined): string {
  const value = finiteOrZero(minutes);
  if (value >= 60) return `${(value / 60).toFixed(1)}h`;
  return `${Math.round(value)}m`;
}

/** Milliseconds to minutes, ÷ 60,000, unrounded (spec §9). Missing or non-numeric → 0. */
export function msToMinutes(ms: number | string | null | undefined): number {
  return toNumber(ms) / MS_PER_MINUTE;
}

/** Milliseconds to hours, ÷ 3,600,000, unrounded (spec §9). Missing or non-numeric → 0. */
export function msToHours(ms: number | string | null | undefined): number {
  return toNumber(ms) / MS_PER_HOUR;
}

function toNumber(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === "") return 0;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Percent complete = logged ÷ estimated hours × 100, rounded (spec §9). 0 when nothing is
 * estimated. Not clamped (over-runs show above 100); clamp for bars with {@link clampPercent}.
 */
export function percentComplete(
  logged: number | null | undefined,
  estimated: number | null | undefined,
): number {
  const est = finiteOrZero(estimated);
  if (est <= 0) return 0;
  return Math.round((finiteOrZero(logged) / est) * 100);
}

/** Clamp a percentage to 0–100 (spec §9 progress bars); NaN → 0. */
export function clampPercent(percent: number): number {
  if (Number.isNaN(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** The parts of a profile (spec §3) used for names. */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

function clean(text: string | null | undefined): string {
  return (text ?? "").trim();
}

/** Display name (spec §3): first plus last name, else the e-mail, else 'User'. */
export function displayName(person: PersonName | null | undefined): string {
  const full = [clean(person?.firstName), clean(person?.lastName)].filter(Boolean).join(" ");
  return full || clean(person?.email) || "User";
}

/**
 * Initials (spec §3): first letters of first and last name (either alone if only one is set),
 * else the first letter of the e-mail, else 'U'; always upper-case.
 */
export function initials(person: PersonName | null | undefined): string {
  const fromNames = [clean(person?.firstName), clean(person?.lastName)]
    .filter(Boolean)
    .map((part) => Array.from(part)[0])
    .join("");
  const letters = fromNames || Array.from(clean(person?.email))[0] || "U";
  return letters.toUpperCase();
}

/** Avatar letter of the dashboard greeting (spec §2): the username's first letter upper-cased, else '?'. */
export function avatarLetter(username: string | null | undefined): string {
  const first = Array.from(clean(username))[0];
  return first ? first.toUpperCase() : "?";
}

/**
 * A task's estimate for display (spec §9 format), or `none` when it has none: ClickUp sends 0 or
 * nothing for "not estimated", and '0m' beside logged hours reads as an estimate of zero.
 */
export function formatEstimateOrNone(minutes: number | null | undefined, none = "Not estimated"): string {
  const value = finiteOrZero(minutes);
  return value > 0 ? formatEstimateMinutes(value) : none;
}

const SECURITY_EVENT_LABELS: Readonly<Record<string, string>> = {
  failed_auth: "Failed sign-in",
  user_login: "Signed in",
  team_invitation: "Invitation sent",
  rate_limit_exceeded: "Too many attempts",
  xss_attempt: "Script blocked",
  malicious_form_submission: "Unsafe form blocked",
};

/**
 * The words for a security-log event type (spec §9 audit event types) instead of its code
 * ('user_login' → 'Signed in'); an unknown code reads as a sentence ('token_revoked' → 'Token revoked').
 */
export function securityEventLabel(eventType: string): string {
  const known = SECURITY_EVENT_LABELS[eventType];
  if (known) return known;
  const words = eventType.replace(/[_-]+/g, " ").trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Event";
}

/**
 * A moment (ISO timestamp) as one format everywhere a time of day matters: 'Mar 18, 2026,
 * 3:30 PM', in `timeZone` (default: the viewer's). '—' when missing or unreadable.
 */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/*
 * Calendar days: one format per context. A day is a UTC calendar day (domain/dates.ts), so the
 * day shown is the same on the server and in every browser, whatever the viewer's time zone.
 *   - formatListDay    a day in a dense list or table: 'Nov 23', with the year only when it is
 *                      not the reader's year ('Dec 29, 2025' read in 2026)
 *   - formatDetailDay  a day in a header, a detail view, a dialog or a message: 'Mon, Nov 23, 2026'
 *   - formatAxisMonth  a month on a time axis: 'Nov 2026'
 *   - formatDateTime   a moment in a log (time of day matters): 'Mar 18, 2026, 3:30 PM'
 * Spec-quoted formats keep their own rules (formatWeekRange 'MMM d - MMM d, yyyy', hours '7.5h').
 * A missing or unreadable day reads '—'.
 */

const NO_DATE = "—";

const UTC_MONTH_DAY = () => dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const UTC_MONTH_DAY_YEAR = () =>
  dateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const UTC_WEEKDAY_MONTH_DAY_YEAR = () =>
  dateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const UTC_MONTH_YEAR = () => dateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A day in a dense list or table: 'Nov 23' when it falls in the UTC year of `today` (the day the
 * reader is in — callers pass it, rules never read the clock), else 'Nov 23, 2025'; '—' when missing.
 */
export function formatListDay(day: DateInput, today: DateInput): string {
  const date = toDate(day);
  if (!date) return NO_DATE;
  const reference = toDate(today);
  const sameYear = reference !== null && reference.getUTCFullYear() === date.getUTCFullYear();
  return (sameYear ? UTC_MONTH_DAY : UTC_MONTH_DAY_YEAR)().format(date);
}

/** A day in a header, detail view, dialog or message: 'Mon, Nov 23, 2026'; '—' when missing. */
export function formatDetailDay(day: DateInput): string {
  const date = toDate(day);
  return date ? UTC_WEEKDAY_MONTH_DAY_YEAR().format(date) : NO_DATE;
}

/** A month on a time axis (the project timeline): 'Nov 2026'; '—' when missing. */
export function formatAxisMonth(day: DateInput): string {
  const date = toDate(day);
  return date ? UTC_MONTH_YEAR().format(date) : NO_DATE;
}
