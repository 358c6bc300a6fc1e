import {
  dailyLoadColor,
  formatHours,
  isOverCapacity,
  loadBarPercent,
  UNKNOWN_SPACE_NAME,
  type LoadColor,
} from "@domain/index";
import { formatBasisPoints, formatMoney, UNPRICED_LABEL } from "@domain/money";
import { UNASSIGNED, type WorkloadPerson, type WorkloadResponse } from "./api";
import type { Group } from "./view";
import { dateTimeFormat } from "@domain/intl";

/** Minutes of the grid as hours for the spec §9 display and colour rules. */
export const minutesToHours = (minutes: number) => minutes / 60;

export interface CellLoad {
  /** Spec §9 colour of the confirmed hours; null for an empty day. */
  color: LoadColor | null;
  /** More than 8 h: the destructive colour (spec §9). */
  over: boolean;
  /** Width of the load bar in percent (full at 12 h). */
  bar: number;
}

/** The spec §9 look of a day's confirmed minutes (domain/capacity.ts rules, nothing of its own). */
export function cellLoad(minutes: number): CellLoad {
  const hours = minutesToHours(minutes);
  if (minutes <= 0) return { color: null, over: false, bar: 0 };
  return { color: dailyLoadColor(hours), over: isOverCapacity(hours), bar: loadBarPercent(hours) };
}

export type GridItem =
  | { kind: "group"; key: string; label: string; count: number }
  | { kind: "person"; key: string; person: WorkloadPerson }
  | { kind: "unassigned"; key: string };

export const NO_ROLE = "No role";
export const NO_SPACE = "No booked space";
export const UNASSIGNED_LABEL = "Unassigned";

/** People whose name contains the search text (case-insensitive). */
export function searchPeople(people: readonly WorkloadPerson[], q: string): WorkloadPerson[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [...people];
  return people.filter((p) => p.name.toLowerCase().includes(needle));
}

/** Whether the Unassigned row belongs in the view (no person filter or that row, search matching). */
export function showUnassigned(data: WorkloadResponse, q: string, person: string | null): boolean {
  if (person !== null && person !== UNASSIGNED) return false;
  const needle = q.trim().toLowerCase();
  if (needle && !UNASSIGNED_LABEL.toLowerCase().includes(needle)) return false;
  return data.unassigned.totals.booked > 0 || data.unassigned.totals.tentative > 0;
}

/**
 * The grid's rows: people under a header per role tag (or per space they are booked in), a
 * person with several appearing under each; headers sorted by name, the "none" group last; the
 * Unassigned row at the end.
 */
export function gridItems(
  data: WorkloadResponse,
  people: readonly WorkloadPerson[],
  group: Group,
  unassigned: boolean,
) {
  const spaceName = new Map(data.spaces.map((s) => [s.id, s.name]));
  const groups = new Map<string, WorkloadPerson[]>();
  const none = group === "role" ? NO_ROLE : NO_SPACE;
  for (const person of people) {
    const labels =
      group === "role" ? person.roles : person.spaceIds.map((id) => spaceName.get(id) ?? UNKNOWN_SPACE_NAME);
    for (const label of labels.length ? [...new Set(labels)] : [none]) {
      const list = groups.get(label) ?? [];
      list.push(person);
      groups.set(label, list);
    }
  }
  const labels = [...groups.keys()].sort((a, b) =>
    a === none
      ? 1
      : b === none
        ? -1
        : a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const items: GridItem[] = [];
  for (const label of labels) {
    const members = groups.get(label) ?? [];
    items.push({ kind: "group", key: `g:${label}`, label, count: members.length });
    for (const person of members) items.push({ kind: "person", key: `${label}:${person.id}`, person });
  }
  if (unassigned) items.push({ kind: "unassigned", key: UNASSIGNED });
  return items;
}

/** Day facts shared by every row: label parts, weekend/holiday flags and today. */
export interface DayInfo {
  iso: string;
  weekday: string;
  dayOfMonth: number;
  holiday: boolean;
  today: boolean;
  /** First day of a week or month (a stronger separator line). */
  boundary: boolean;
}

const WEEKDAY = () => dateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const LONG_DAY = () =>
  dateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** 'Mon, Mar 3' */
export const longDay = (iso: string) => LONG_DAY().format(new Date(`${iso}T00:00:00Z`));

export function dayInfos(data: WorkloadResponse, weekStartsOn: 0 | 1): DayInfo[] {
  const holidays = new Set(data.holidays);
  return data.days.map((iso, index) => {
    const date = new Date(`${iso}T00:00:00Z`);
    return {
      iso,
      weekday: WEEKDAY().format(date),
      dayOfMonth: date.getUTCDate(),
      holiday: holidays.has(index),
      today: iso === data.today,
      boundary: index > 0 && (date.getUTCDay() === weekStartsOn || date.getUTCDate() === 1),
    };
  });
}

/** How a person's utilisation compares with their target: below it, or met; null without one. */
export type TargetState = "below" | "met" | null;

/** Booked ÷ capacity against the person's target, both in basis points (integers, no floats). */
export function targetState(utilisationBp: number | null, targetBp: number | null): TargetState {
  if (targetBp === null || utilisationBp === null) return null;
  return utilisationBp >= targetBp ? "met" : "below";
}

/** What a utilisation figure says next to its target, for tooltips and screen readers. */
export function targetText(utilisationBp: number | null, targetBp: number | null): string | null {
  if (targetBp === null) return null;
  const target = formatBasisPoints(targetBp);
  const state = targetState(utilisationBp, targetBp);
  if (state === "met") return `at or above the ${target} target`;
  if (state === "below") return `below the ${target} target`;
  return `target ${target}`;
}

/** A money total as the screen shows it: the amount (or Unpriced), and whether part of it is unpriced. */
export interface MoneyFigure {
  text: string;
  /** Some booked minutes had no rate: the amount leaves them out ("partly unpriced"). */
  partly: boolean;
  /** The sentence for a tooltip / screen reader, e.g. "Revenue $600.00, partly unpriced: 10h without a rate". */
  description: string;
}

export function moneyFigure(
  label: string,
  amount: number | null,
  unpricedMinutes: number | null,
  currency: string,
): MoneyFigure {
  const text = amount === null ? UNPRICED_LABEL : formatMoney(amount, currency);
  const partly = amount !== null && (unpricedMinutes ?? 0) > 0;
  const unpriced = formatHours(minutesToHours(unpricedMinutes ?? 0));
  return {
    text,
    partly,
    description: partly
      ? `${label} ${text}, partly unpriced: ${unpriced} without a rate`
      : amount === null && (unpricedMinutes ?? 0) > 0
        ? `${label} unpriced: ${unpriced} without a rate`
        : `${label} ${text}`,
  };
}
