import {
  formatDetailDay,
  formatHours,
  msToHours,
  startOfWeek,
  TIMESHEET_WEEK_STATUSES,
  toIsoDate,
  type TimesheetWeekStatus,
} from "@domain/index";
import { addIsoDays } from "@domain/calendar";

/*
 * Pure helpers of the timesheet approval screens (PRODUCT.md → Timesheet approval): the queue's
 * URL → API query, the Monday week a heat-map week stands for, and how a ClickUp-side change of a
 * locked week reads.
 */

/** The Monday (yyyy-MM-dd) of the week holding `day`, or null when `day` is not a real yyyy-MM-dd. */
export function mondayOf(day: string | null | undefined): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return toIsoDate(startOfWeek(day)) as string;
}

/** The queue's status filter in the URL: absent = submitted (the default), 'all' = every reviewed status. */
export const QUEUE_STATUS_OPTIONS = [
  { value: "submitted", label: "Submitted" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All statuses" },
] as const;

/** The statuses a queue shows for the URL's `status` value. */
export function queueStatuses(value: string | null): TimesheetWeekStatus[] {
  if (!value) return ["submitted"];
  if (value === "all") return ["submitted", "approved", "rejected"];
  const picked = value
    .split(",")
    .filter((s): s is TimesheetWeekStatus => (TIMESHEET_WEEK_STATUSES as readonly string[]).includes(s));
  return picked.length ? picked : ["submitted"];
}

/**
 * GET /api/timesheet/weeks query for the page's URL: status, person, from/to and page; a
 * ?week=yyyy-MM-dd (the Slack link) stands for that week's Monday as both from and to unless the
 * URL sets its own range.
 */
export function queueApiQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  out.set("status", queueStatuses(params.get("status")).join(","));
  const person = params.get("person");
  if (person) out.set("person", person);
  const range = queueRange(params);
  if (range.from) out.set("from", range.from);
  if (range.to) out.set("to", range.to);
  const page = params.get("page");
  if (page && /^\d+$/.test(page)) out.set("page", page);
  return out.toString();
}

/** The week range the queue filters by: the URL's from/to, else the ?week= link's Monday. */
export function queueRange(params: URLSearchParams): { from: string; to: string } {
  const week = mondayOf(params.get("week"));
  return {
    from: params.get("from") ?? week ?? "",
    to: params.get("to") ?? week ?? "",
  };
}

/** A Monday-to-Sunday week as one range: 'Nov 23 – Nov 29, 2026' ('Dec 28, 2026 – Jan 3, 2027' across years). */
export function weekRangeText(weekStart: string): string {
  const end = addIsoDays(weekStart, 6);
  const fmt = (day: string, year: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      ...(year ? { year: "numeric" } : {}),
      timeZone: "UTC",
    });
  const sameYear = weekStart.slice(0, 4) === end.slice(0, 4);
  return `${fmt(weekStart, !sameYear)} – ${fmt(end, true)}`;
}

/**
 * The status of a person's timesheet week for a heat-map week that starts on `heatWeek` (Monday
 * or Sunday, the workspace's week start): the Monday week holding most of its days (its fourth
 * day's); 'open' when not listed.
 */
export function heatWeekStatus(
  statuses: ReadonlyMap<string, TimesheetWeekStatus>,
  personId: string,
  heatWeek: string,
): TimesheetWeekStatus {
  const monday = mondayOf(addIsoDays(heatWeek, 3));
  return (monday && statuses.get(`${personId}|${monday}`)) || "open";
}

/** The utilization response's week statuses keyed `${personId}|${monday}`. */
export function weekStatusMap(
  weeks: readonly { personId: string; weekStart: string; status: TimesheetWeekStatus }[],
): Map<string, TimesheetWeekStatus> {
  return new Map(weeks.map((w) => [`${w.personId}|${w.weekStart}`, w.status]));
}

/** One side of a ClickUp-side change: 'Design review · 2.5h · Tue, Nov 24, 2026' ('—' when none). */
export function lockedEntryText(
  entry: { taskName: string | null; taskId: string | null; start: string; durationMs: number } | null,
): string {
  if (!entry) return "—";
  const task = entry.taskName ?? (entry.taskId ? `Task ${entry.taskId}` : "No task");
  return `${task} · ${formatHours(msToHours(entry.durationMs))} · ${formatDetailDay(entry.start.slice(0, 10))}`;
}

export const LOCKED_CHANGE_LABELS = {
  added: "Added",
  changed: "Changed",
  deleted: "Deleted",
} as const;
