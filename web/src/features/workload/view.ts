import { addDays, startOfWeek, toIsoDate, type WeekStartsOn } from "@domain/index";
import type { WeekStart } from "@domain/work-calendar";
import { dateTimeFormat } from "@domain/intl";

/*
 * What the Workload screen shows, read from and written to the URL search params so a view can
 * be shared: zoom and anchor day, grouping, search and the API filters.
 */

export const ZOOMS = ["2w", "month", "quarter"] as const;
export type Zoom = (typeof ZOOMS)[number];
export const ZOOM_LABEL: Record<Zoom, string> = { "2w": "2 weeks", month: "Month", quarter: "Quarter" };

export const GROUPS = ["role", "space"] as const;
export type Group = (typeof GROUPS)[number];

export interface WorkloadView {
  zoom: Zoom;
  /** A day inside the window (yyyy-MM-dd); the window is the 2 weeks, month or quarter around it. */
  date: string;
  group: Group;
  /** Free-text search over people's names (on the screen, not the API). */
  q: string;
  space: string | null;
  project: string | null;
  person: string | null;
  role: string | null;
  tentative: boolean;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): value is string {
  return value !== null && ISO_DAY.test(value) && toIsoDate(`${value}T00:00:00Z`) === value;
}

/** The view in `params`; unknown or malformed values fall back to the defaults. */
export function readView(params: URLSearchParams, today: string): WorkloadView {
  const zoom = params.get("zoom");
  const group = params.get("group");
  const date = params.get("date");
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    zoom: (ZOOMS as readonly string[]).includes(zoom ?? "") ? (zoom as Zoom) : "2w",
    date: validDay(date) ? date : today,
    group: (GROUPS as readonly string[]).includes(group ?? "") ? (group as Group) : "role",
    q: params.get("q") ?? "",
    space: text("space"),
    project: text("project"),
    person: text("person"),
    role: text("role"),
    tentative: params.get("tentative") !== "false",
  };
}

/** `params` with `changes` applied (null, "" and defaults drop the key, so URLs stay short). */
export type ViewChanges = { [K in keyof WorkloadView]?: WorkloadView[K] | null };

export function writeView(params: URLSearchParams, changes: ViewChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const isDefault =
      value === null ||
      value === "" ||
      (key === "zoom" && value === "2w") ||
      (key === "group" && value === "role") ||
      (key === "tentative" && value === true);
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export const weekStartsOn = (weekStart: WeekStart | undefined): WeekStartsOn =>
  weekStart === "sunday" ? 0 : 1;

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const iso = (date: Date) => toIsoDate(date) as string;

/**
 * The days the zoom shows around `date`: two weeks from the start of its week (the workspace's
 * week start), its calendar month, or its calendar quarter.
 */
export function viewWindow(zoom: Zoom, date: string, starts: WeekStartsOn): { from: string; to: string } {
  const day = utc(date);
  if (zoom === "2w") {
    const from = startOfWeek(day, starts);
    return { from: iso(from), to: iso(addDays(from, 13)) };
  }
  const year = day.getUTCFullYear();
  const firstMonth = zoom === "month" ? day.getUTCMonth() : Math.floor(day.getUTCMonth() / 3) * 3;
  const months = zoom === "month" ? 1 : 3;
  return {
    from: iso(new Date(Date.UTC(year, firstMonth, 1))),
    to: iso(new Date(Date.UTC(year, firstMonth + months, 0))),
  };
}

/** The anchor of the next (+1) or previous (-1) window of the same zoom. */
export function shiftView(zoom: Zoom, date: string, direction: 1 | -1, starts: WeekStartsOn): string {
  const { from } = viewWindow(zoom, date, starts);
  const start = utc(from);
  if (zoom === "2w") return iso(addDays(start, 14 * direction));
  const months = zoom === "month" ? 1 : 3;
  return iso(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months * direction, 1)));
}

/** The query string of GET /api/workload (and the CSV) for the view: window plus filters. */
export function workloadQuery(view: WorkloadView, window: { from: string; to: string }): URLSearchParams {
  const query = new URLSearchParams({ from: window.from, to: window.to });
  if (view.space) query.set("space", view.space);
  if (view.project) query.set("project", view.project);
  if (view.person) query.set("person", view.person);
  if (view.role) query.set("role", view.role);
  if (!view.tentative) query.set("tentative", "false");
  return query;
}

const RANGE_DAY = () => dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const RANGE_MONTH = () => dateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The window's label: 'Mar 3 - Mar 16, 2025', 'March 2025', 'Q1 2025'. */
export function windowLabel(zoom: Zoom, window: { from: string; to: string }): string {
  const from = utc(window.from);
  if (zoom === "month") return RANGE_MONTH().format(from);
  if (zoom === "quarter") return `Q${Math.floor(from.getUTCMonth() / 3) + 1} ${from.getUTCFullYear()}`;
  const to = utc(window.to);
  return `${RANGE_DAY().format(from)} - ${RANGE_DAY().format(to)}, ${to.getUTCFullYear()}`;
}
