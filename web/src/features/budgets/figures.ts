import type { BudgetAction, BudgetStatus } from "@domain/budget-lifecycle";
import {
  minorToDecimalString,
  parseMoney,
  parsePercent,
  type BasisPoints,
  type MinorUnits,
} from "@domain/money";

/*
 * Pure helpers of the budget screens: the text a cell shows and reads back. Quantities and hours
 * are integer hundredths (1.5 days = 150), money integer minor units, percentages basis points;
 * typed text is read with string and integer arithmetic only (domain/money.ts parseMoney,
 * parsePercent), never through a float.
 */

export const STATUS_LABEL: Record<BudgetStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  approved: "Approved",
  superseded: "Superseded",
  closed: "Closed",
};

export const ACTION_LABEL: Record<BudgetAction, string> = {
  submit: "Submit",
  return: "Return to draft",
  approve: "Approve",
  change_order: "Open change order",
  close: "Close",
};

export const BID_TYPE_LABEL = { firm: "Firm bid", cost_plus: "Cost-plus" } as const;

/** "1234567" → "1,234,567" (digits only, no sign). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A plain decimal string ("-1234.50") with thousands commas ("-1,234.50"). */
function groupDecimal(text: string): string {
  const negative = text.startsWith("-");
  const [whole = "", fraction] = (negative ? text.slice(1) : text).split(".");
  return `${negative ? "-" : ""}${groupThousands(whole)}${fraction !== undefined ? `.${fraction}` : ""}`;
}

/** Money as a cell shows it and parseMoneyCell reads back: (125050, "USD") → "1,250.50". */
export function moneyCellText(amount: MinorUnits, currency: string): string {
  return groupDecimal(minorToDecimalString(amount, currency));
}

/**
 * A money cell's text to minor units: "1,250.50" → 125050, "" → 0. null when it is not an
 * amount of the currency or is negative (lines never carry negative money).
 */
export function parseMoneyCell(text: string, currency: string): MinorUnits | null {
  if (!text.trim()) return 0;
  const minor = parseMoney(text, currency);
  return minor === null || minor < 0 ? null : minor;
}

/** Hundredths as a cell shows them, without trailing zeros: 150 → "1.5", 100 → "1", 125025 → "1,250.25". */
export function hundredthsText(hundredths: number): string {
  const negative = hundredths < 0;
  const text = Math.abs(hundredths).toString().padStart(3, "0");
  const whole = groupThousands(text.slice(0, -2));
  const fraction = text.slice(-2).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const HUNDREDTHS_TEXT = /^(\d{1,9})?(?:\.(\d{0,2}))?$/;

/**
 * A typed quantity or hours to hundredths: "1.5" → 150, "1,250.25" → 125025, ".5" → 50, "" → 0.
 * null when negative, not a number or with more than two decimals.
 */
export function parseHundredths(text: string): number | null {
  const compact = text.replace(/[\s,]/g, "");
  if (!compact) return 0;
  const match = HUNDREDTHS_TEXT.exec(compact);
  if (!match || compact === ".") return null;
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Minutes as hours with one decimal (spec §9 format, e.g. "7.5h"), in integers: 450 → "7.5h",
 * 75 → "1.3h" (tenths rounded half up, as toFixed(1) shows 1.25), 0 → "0.0h".
 */
export function minutesToHoursText(minutes: number): string {
  const negative = minutes < 0;
  const tenths = Math.floor((Math.abs(minutes) * 10 + 30) / 60);
  return `${negative && tenths > 0 ? "-" : ""}${Math.floor(tenths / 10)}.${tenths % 10}h`;
}

/** A typed percentage to basis points, between 0 and `max` (100 % = 10,000); null when not one. */
export function parsePercentCell(text: string, max: BasisPoints = 10_000): BasisPoints | null {
  if (!text.trim()) return 0;
  const bp = parsePercent(text);
  return bp === null || bp > max ? null : bp;
}

/** What is wrong with a typed cell (null when it reads). */
export function cellProblem(kind: "money" | "hundredths", text: string, currency: string): string | null {
  if (kind === "hundredths") {
    if (parseHundredths(text) !== null) return null;
    return /-/.test(text) ? "must not be negative" : "enter a number with at most 2 decimals, e.g. 1.5";
  }
  if (parseMoneyCell(text, currency) !== null) return null;
  if (/-/.test(text)) return "must not be negative";
  return `enter an amount in ${currency} without symbols or letters, e.g. ${moneyCellText(125050, currency)}`;
}

/** Estimate − actual as the screens colour it: negative is over budget. */
export function isOver(varianceMinor: MinorUnits): boolean {
  return varianceMinor < 0;
}

/**
 * The search string of the budgets list CSV: the list's filters and sort without paging, so the
 * download holds exactly what is filtered.
 */
export function listExportHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete("page");
  next.delete("pageSize");
  return `/api/budgets/export.csv${next.size ? `?${next}` : ""}`;
}

/** A revision's name in pickers: 0 is the original bid, later ones are change orders. */
export function revisionName(number: number): string {
  return number === 0 ? "Original bid" : `Change order ${number}`;
}
