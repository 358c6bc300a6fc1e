import { basisPointsToPercentText, minorToDecimalString, parseMoney, parsePercent } from "@domain/money";
import { resolveSchedule, type ScheduleResult } from "@domain/sows";
import type { ScheduleEntryInput, SowScheduleEntry } from "./api";

/*
 * The payment schedule as a draft's page edits it: rows of text read exactly into the request's
 * entries (integer minor units, basis points — never floats) and checked against the fee by the
 * rule the server applies (resolveSchedule, domain/sows.ts).
 */

/** A payment of the schedule as typed: the money as text until it is saved. */
export interface ScheduleRow {
  /** Stable while editing (the entry's id, or a new one). */
  key: string;
  /** The saved entry it edits (kept so its invoice stays with it). */
  id?: string;
  label: string;
  when: "date" | "milestone";
  dueOn: string;
  milestone: string;
  by: "amount" | "percent";
  amount: string;
  percent: string;
  /** The invoice made from the saved entry (the entry cannot be removed then). */
  invoice?: NonNullable<SowScheduleEntry["invoice"]>;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** The editable rows of a saved schedule. */
export function scheduleRows(entries: readonly SowScheduleEntry[], currency: string): ScheduleRow[] {
  return entries.map((e) => ({
    key: e.id,
    id: e.id,
    label: e.label,
    when: e.dueOn === null && e.milestone ? "milestone" : "date",
    dueOn: e.dueOn ?? "",
    milestone: e.milestone,
    by: e.percentBp !== null ? "percent" : "amount",
    amount: e.percentBp !== null ? "" : minorToDecimalString(e.amountMinor, currency),
    percent: e.percentBp !== null ? basisPointsToPercentText(e.percentBp) : "",
    ...(e.invoice ? { invoice: e.invoice } : {}),
  }));
}

export interface ScheduleCheck {
  /** The request's entries (null when a row cannot be read). */
  entries: ScheduleEntryInput[] | null;
  /** Per row, what is wrong with what was typed. */
  rowErrors: Record<number, string>;
  /** The whole schedule's check against the fee (null while a row cannot be read). */
  result: ScheduleResult | null;
}

/** Reads the rows exactly (integer minor units, basis points) and checks they add up to the fee. */
export function checkSchedule(
  rows: readonly ScheduleRow[],
  feeMinor: number | null,
  currency: string,
): ScheduleCheck {
  const rowErrors: Record<number, string> = {};
  const entries: ScheduleEntryInput[] = rows.map((r, i) => {
    const label = r.label.trim();
    if (!label) rowErrors[i] = "give the payment a label";
    let amountMinor: number | null = null;
    let percentBp: number | null = null;
    if (r.by === "amount") {
      amountMinor = parseMoney(r.amount, currency);
      if (!r.amount.trim()) rowErrors[i] ??= "enter an amount";
      else if (amountMinor === null) rowErrors[i] ??= `must be an amount in ${currency}`;
      else if (amountMinor <= 0) rowErrors[i] ??= "must be greater than 0";
    } else {
      percentBp = parsePercent(r.percent);
      if (percentBp === null || percentBp <= 0 || percentBp > 10_000)
        rowErrors[i] ??= "enter a percentage above 0 and at most 100";
    }
    return {
      ...(r.id ? { id: r.id } : {}),
      label,
      dueOn: r.when === "date" && r.dueOn ? r.dueOn : null,
      milestone: r.when === "milestone" ? r.milestone.trim() : "",
      amountMinor: r.by === "amount" ? amountMinor : null,
      percentBp: r.by === "percent" ? percentBp : null,
    };
  });
  if (Object.keys(rowErrors).length > 0 || feeMinor === null)
    return { entries: null, rowErrors, result: null };
  return { entries, rowErrors, result: resolveSchedule(feeMinor, entries, currency) };
}

export function emptyScheduleRow(): ScheduleRow {
  return {
    key: newKey(),
    label: "",
    when: "date",
    dueOn: "",
    milestone: "",
    by: "percent",
    amount: "",
    percent: "",
  };
}
