import { z } from "zod";
import type { InvoiceStatus } from "./invoices";
import {
  assertMinorUnits,
  basisPointsToPercentText,
  formatMoney,
  minorUnitsSchema,
  type BasisPoints,
  type MinorUnits,
} from "./money";

/*
 * Statements of work (PRODUCT.md → SOW; Conventions → Money, Numbering, Lifecycles): the
 * lifecycle of a SOW and of its versions as transition tables, and the payment schedule rules.
 *
 *   draft ──send──▶ sent ──sign──▶ signed
 *     ▲               │              │
 *     └──new_version──┴──────────────┘   (version n+1, a draft; the content is copied)
 *
 * A SOW is a numbered document (SOW-0001, gapless per workspace) with numbered versions; its
 * status is its current version's. Only a draft is edited. A new version of a sent SOW
 * supersedes the version that was sent (it stays readable, status "superseded"); a new version
 * of a signed SOW leaves the signed version as it is (frozen, readable, still "signed") — the SOW
 * remembers it as its signed version until a later version is signed.
 *
 * The payment schedule splits the fee: each entry has a label, a due date or a milestone text
 * (or neither) and either an amount in minor units or a percentage of the fee in basis points.
 * The entries must add up to the fee exactly; percentages become amounts by the largest
 * remainder method (floor each share, then give the minor units left over one by one to the
 * largest remainders, the earlier entry first on a tie), so the amounts always sum exactly; a
 * share that comes to nothing (a tiny percentage of a small fee) is refused.
 */

// ---------------------------------------------------------------------------------------------
// Lifecycle
// ---------------------------------------------------------------------------------------------

export const SOW_STATUSES = ["draft", "sent", "signed"] as const;
export type SowStatus = (typeof SOW_STATUSES)[number];
export const sowStatusSchema = z.enum(SOW_STATUSES);

/** A version's status: a SOW's statuses, and "superseded" for a sent version a new one replaced. */
export const SOW_VERSION_STATUSES = ["draft", "sent", "signed", "superseded"] as const;
export type SowVersionStatus = (typeof SOW_VERSION_STATUSES)[number];
export const sowVersionStatusSchema = z.enum(SOW_VERSION_STATUSES);

export const SOW_ACTIONS = ["send", "sign", "new_version"] as const;
export type SowAction = (typeof SOW_ACTIONS)[number];
export const sowActionSchema = z.enum(SOW_ACTIONS);

/** From each status, the actions allowed and the status each leads to (the SOW's current version). */
export const SOW_TRANSITIONS: Readonly<Record<SowStatus, Partial<Record<SowAction, SowStatus>>>> = {
  draft: { send: "sent" },
  sent: { sign: "signed", new_version: "draft" },
  signed: { new_version: "draft" },
};

export const SOW_STATUS_LABEL: Readonly<Record<SowVersionStatus, string>> = {
  draft: "Draft",
  sent: "Sent",
  signed: "Signed",
  superseded: "Superseded",
};

const ACTION_WORDS: Record<SowAction, string> = {
  send: "sent",
  sign: "marked signed",
  new_version: "given a new version",
};

const STATUS_WHY: Record<SowStatus, string> = {
  draft: "it is a draft: send it first",
  sent: "it has been sent to the client",
  signed: "it is signed",
};

const NEW_VERSION_WHY_DRAFT = "it is already a draft: change the draft instead";

export type SowTransitionResult = { ok: true; to: SowStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function sowTransition(from: SowStatus, action: SowAction): SowTransitionResult {
  const to = SOW_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  const why = from === "draft" && action === "new_version" ? NEW_VERSION_WHY_DRAFT : STATUS_WHY[from];
  return { ok: false, reason: `A statement of work cannot be ${ACTION_WORDS[action]} while ${why}.` };
}

/**
 * The status the replaced version keeps after `new_version` from `from`: a sent version is
 * superseded, a signed one stays signed (a draft is never replaced: it is edited).
 */
export function replacedVersionStatus(from: SowStatus): SowVersionStatus {
  return from === "sent" ? "superseded" : from;
}

/** Whether the current version's content may be changed (only a draft). */
export function sowEditable(status: SowStatus): boolean {
  return status === "draft";
}

/** Why an edit is refused in `status` (null when it is allowed). */
export function sowEditRefusal(status: SowStatus): string | null {
  return sowEditable(status)
    ? null
    : `A statement of work can only be changed while it is a draft: ${STATUS_WHY[status]} — make a new version to change it.`;
}

/**
 * Whether a payment counts as invoiced: it has an invoice that is not void (a voided invoice
 * frees the payment to be invoiced again).
 */
export function paymentInvoiced(invoiceStatus: InvoiceStatus | null): boolean {
  return invoiceStatus !== null && invoiceStatus !== "void";
}

/**
 * Why an invoice cannot be proposed from a schedule entry (null when it can): the SOW must be
 * signed, have a budget, and the entry must not be invoiced already (`invoicedAs`: the number
 * of its invoice that is not void, else null).
 */
export function proposeInvoiceRefusal(input: {
  status: SowStatus;
  hasBudget: boolean;
  invoicedAs: string | null;
}): string | null {
  if (input.status !== "signed") {
    return `Invoices are proposed from a signed statement of work: ${input.status === "draft" ? "this version is a draft" : "it is not signed yet"}.`;
  }
  if (!input.hasBudget) {
    return "This statement of work has no budget: choose the project's budget before invoicing from it.";
  }
  if (input.invoicedAs !== null) return `This payment is already invoiced (${input.invoicedAs}).`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Payment schedule
// ---------------------------------------------------------------------------------------------

/** A fee: whole minor units, not negative. */
export const feeMinorSchema = minorUnitsSchema.refine((v) => v >= 0, "must not be negative");

/** A share of the fee in basis points: above 0, at most 100 %. */
export const schedulePercentBpSchema = z
  .number()
  .int("must be a whole number of basis points (2500 = 25 %)")
  .min(1, "must be greater than 0")
  .max(10_000, "must be at most 10000 (100 %)");

/** An entry's amount: whole minor units above 0. */
export const scheduleAmountMinorSchema = minorUnitsSchema.refine((v) => v > 0, "must be greater than 0");

/** A payment schedule entry as given: exactly one of `amountMinor` and `percentBp`. */
export interface ScheduleEntryInput {
  amountMinor?: MinorUnits | null | undefined;
  percentBp?: BasisPoints | null | undefined;
}

/** A field error of a schedule check: `field` is relative to the schedule ("3.amountMinor", "" for the whole). */
export interface ScheduleIssue {
  field: string;
  message: string;
}

export type ScheduleResult = { ok: true; amounts: MinorUnits[] } | { ok: false; issues: ScheduleIssue[] };

/**
 * The amounts of a schedule splitting `feeMinor`: fixed amounts as given; percentages of the
 * fee by the largest remainder method. Refused (issues naming the entry's field or the schedule)
 * when an entry gives both or neither, or when the entries do not add up to the fee exactly
 * (compared exactly, in basis points of the fee: Σ amounts × 10000 + fee × Σ bp = fee × 10000).
 * An empty schedule is refused only when `requireEntries`.
 */
export function resolveSchedule(
  feeMinor: MinorUnits,
  entries: readonly ScheduleEntryInput[],
  currency: string,
  options: { requireEntries?: boolean } = {},
): ScheduleResult {
  assertMinorUnits(feeMinor, "fee");
  const issues: ScheduleIssue[] = [];
  entries.forEach((e, i) => {
    const hasAmount = e.amountMinor !== undefined && e.amountMinor !== null;
    const hasPercent = e.percentBp !== undefined && e.percentBp !== null;
    if (hasAmount && hasPercent)
      issues.push({ field: `${i}.percentBp`, message: "give an amount or a percentage, not both" });
    if (!hasAmount && !hasPercent)
      issues.push({ field: `${i}.amountMinor`, message: "give an amount or a percentage" });
    if (hasAmount && (!Number.isSafeInteger(e.amountMinor) || e.amountMinor! <= 0))
      issues.push({ field: `${i}.amountMinor`, message: "must be a whole number of minor units above 0" });
    if (hasPercent && (!Number.isSafeInteger(e.percentBp) || e.percentBp! <= 0 || e.percentBp! > 10_000))
      issues.push({ field: `${i}.percentBp`, message: "must be between 1 and 10000 basis points" });
  });
  if (issues.length) return { ok: false, issues };
  if (entries.length === 0) {
    return options.requireEntries
      ? { ok: false, issues: [{ field: "", message: "needs at least one payment" }] }
      : { ok: true, amounts: [] };
  }
  const fee = BigInt(feeMinor);
  let fixed = 0n;
  let bp = 0n;
  for (const e of entries) {
    if (e.amountMinor != null) fixed += BigInt(e.amountMinor);
    else bp += BigInt(e.percentBp!);
  }
  if (fixed * 10_000n + fee * bp !== fee * 10_000n) {
    const exact = (fixed * 10_000n + fee * bp) % 10_000n === 0n;
    const sum = exact ? formatMoney(Number((fixed * 10_000n + fee * bp) / 10_000n), currency) : null;
    const pct = entries.some((e) => e.amountMinor == null)
      ? `${basisPointsToPercentText(Number(bp))} % of the fee`
      : null;
    const what = [fixed > 0n ? formatMoney(Number(fixed), currency) : null, pct].filter(Boolean).join(" + ");
    return {
      ok: false,
      issues: [
        {
          field: "",
          message: `must add up to the fee (${formatMoney(feeMinor, currency)}): the payments come to ${sum ?? what}`,
        },
      ],
    };
  }
  // Largest remainder: floor each share, then the leftover minor units to the largest remainders.
  const amounts: bigint[] = [];
  const remainders: { i: number; r: bigint }[] = [];
  entries.forEach((e, i) => {
    if (e.amountMinor != null) {
      amounts.push(BigInt(e.amountMinor));
    } else {
      const share = fee * BigInt(e.percentBp!);
      amounts.push(share / 10_000n);
      remainders.push({ i, r: share % 10_000n });
    }
  });
  let left = fee - amounts.reduce((s, a) => s + a, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    amounts[i]! += 1n;
    left -= 1n;
  }
  const zero = amounts
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => a === 0n)
    .map(({ i }) => ({
      field: `${i}.percentBp`,
      message: "comes to nothing of this fee: make it larger or remove it",
    }));
  if (zero.length) return { ok: false, issues: zero };
  return { ok: true, amounts: amounts.map(Number) };
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** The printed number: 1 → "SOW-0001", 12345 → "SOW-12345". */
export function formatSowNumber(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError("A SOW number is a positive integer");
  return `SOW-${String(number).padStart(4, "0")}`;
}

/** "SOW-0042", "sow42" or "42" → 42; null when it is not a SOW number. */
export function parseSowNumber(text: string): number | null {
  const match = /^\s*(?:sow-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}
