import { z } from "zod";
import { addIsoDays } from "./calendar";
import { calendarDaysBetween } from "./dates";
import { formatMoney, sumMinorUnits, type MinorUnits } from "./money";
import {
  approvalRefusal,
  purchaseOrderAmountSchema,
  purchaseOrderTransition,
  type ApprovalInput,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from "./purchase-orders";

/*
 * Vendor bills (PRODUCT.md → Purchase orders, vendor bills; Conventions → Lifecycles, Numbering)
 * as a transition table, due dates from the vendor's payment terms, ageing by a date passed in,
 * and the rule that what a bill asks for beyond its purchase order needs someone allowed to
 * approve it (the purchasing-limit rule of purchase orders).
 *
 *   received ──approve──▶ approved ──pay (payment date)──▶ paid
 *       │
 *       └──void──▶ void   (a bill entered by mistake or refused; it keeps its number)
 *
 * An approved bill is actual cost on its budget lines and billed on its PO lines, and moves its
 * PO to partially billed or billed: it cannot be voided (its PO cannot step back).
 */

export const VENDOR_BILL_STATUSES = ["received", "approved", "paid", "void"] as const;
export type VendorBillStatus = (typeof VENDOR_BILL_STATUSES)[number];
export const vendorBillStatusSchema = z.enum(VENDOR_BILL_STATUSES);

export const VENDOR_BILL_ACTIONS = ["approve", "pay", "void"] as const;
export type VendorBillAction = (typeof VENDOR_BILL_ACTIONS)[number];
export const vendorBillActionSchema = z.enum(VENDOR_BILL_ACTIONS);

/** From each status, the actions allowed and the status each leads to. */
export const VENDOR_BILL_TRANSITIONS: Readonly<
  Record<VendorBillStatus, Partial<Record<VendorBillAction, VendorBillStatus>>>
> = {
  received: { approve: "approved", void: "void" },
  approved: { pay: "paid" },
  paid: {},
  void: {},
};

const ACTION_WORDS: Record<VendorBillAction, string> = {
  approve: "approved",
  pay: "paid",
  void: "voided",
};

const STATUS_WHY: Record<VendorBillStatus, string> = {
  received: "it is received and not approved yet: approve it first",
  approved: "it is approved: it is actual cost on its budget and billed on its purchase order",
  paid: "it is paid",
  void: "it is void",
};

export const VENDOR_BILL_STATUS_LABEL: Readonly<Record<VendorBillStatus, string>> = {
  received: "Received",
  approved: "Approved",
  paid: "Paid",
  void: "Void",
};

export type VendorBillTransitionResult = { ok: true; to: VendorBillStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function vendorBillTransition(
  from: VendorBillStatus,
  action: VendorBillAction,
): VendorBillTransitionResult {
  const to = VENDOR_BILL_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  return { ok: false, reason: `A vendor bill cannot be ${ACTION_WORDS[action]} while ${STATUS_WHY[from]}.` };
}

/** The actions offered from `status` (the buttons a screen shows). */
export function allowedVendorBillActions(status: VendorBillStatus): VendorBillAction[] {
  return VENDOR_BILL_ACTIONS.filter((a) => VENDOR_BILL_TRANSITIONS[status][a] !== undefined);
}

/** Why a change to a bill's invoice number, dates, notes or lines is refused (null: it is received). */
export function vendorBillEditRefusal(status: VendorBillStatus): string | null {
  return status === "received"
    ? null
    : `A vendor bill can only be changed while it is received and not approved: ${STATUS_WHY[status]}.`;
}

/** The statuses whose lines are actual cost on the budget and billed on their PO lines. */
export const ACTUAL_STATUSES: readonly VendorBillStatus[] = ["approved", "paid"];
/** The statuses whose bills are still owed to the vendor (aged). */
export const OPEN_STATUSES: readonly VendorBillStatus[] = ["received", "approved"];

export function isActual(status: VendorBillStatus): boolean {
  return ACTUAL_STATUSES.includes(status);
}

export function isOpen(status: VendorBillStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

// ---------------------------------------------------------------------------------------------
// Numbers, amounts, invoice numbers
// ---------------------------------------------------------------------------------------------

/** The printed number: 1 → "BILL-0001". */
export function formatVendorBillNumber(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1)
    throw new RangeError("A bill number is a positive integer");
  return `BILL-${String(number).padStart(4, "0")}`;
}

/** "BILL-0042", "bill-42" or "42" → 42; null when it is not a bill number. */
export function parseVendorBillNumber(text: string): number | null {
  const match = /^\s*(?:bill-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}

/** A bill line amount from the request: whole minor units above 0 (as a PO line's). */
export const vendorBillAmountSchema = purchaseOrderAmountSchema;

/** The vendor's own invoice number: trimmed, 1–100 characters; unique per vendor in any case. */
export const vendorInvoiceNumberSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(100, "must be at most 100 characters");

/** The form invoice numbers are compared in (unique per vendor whatever the case). */
export function invoiceNumberKey(invoiceNumber: string): string {
  return invoiceNumber.trim().toLowerCase();
}

/** The bill's amount: the sum of its lines (exact; throws a RangeError past 2^53). */
export function vendorBillTotal(lines: readonly { amountMinor: MinorUnits }[]): MinorUnits {
  return sumMinorUnits(lines.map((l) => l.amountMinor));
}

// ---------------------------------------------------------------------------------------------
// Due dates and ageing
// ---------------------------------------------------------------------------------------------

/** The due date: the bill date (yyyy-mm-dd) plus the vendor's payment terms in calendar days. */
export function vendorBillDueDate(billDate: string, paymentTermsDays: number): string {
  if (!Number.isSafeInteger(paymentTermsDays) || paymentTermsDays < 0) {
    throw new RangeError("Payment terms are a whole number of days, 0 or more");
  }
  return addIsoDays(billDate, paymentTermsDays);
}

/** Whole days `asOf` is past `dueDate` (0 on the due date, negative before it). */
export function daysPastDue(dueDate: string, asOf: string): number {
  const days = calendarDaysBetween(`${dueDate}T00:00:00Z`, `${asOf}T00:00:00Z`);
  if (days === null) throw new RangeError(`Invalid date ${dueDate} or ${asOf}`);
  return days;
}

export const AGEING_BUCKETS = ["not_due", "days_0_30", "days_31_60", "days_61_90", "days_90_plus"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/**
 * The past-due buckets by their first and last day past due (null: no end). "0–30" starts the
 * day after the due date: on the due date itself a bill is not due yet.
 */
export const AGEING_BUCKET_DAYS: Readonly<
  Record<Exclude<AgeingBucket, "not_due">, { from: number; to: number | null }>
> = {
  days_0_30: { from: 1, to: 30 },
  days_31_60: { from: 31, to: 60 },
  days_61_90: { from: 61, to: 90 },
  days_90_plus: { from: 91, to: null },
};

export const AGEING_BUCKET_LABEL: Readonly<Record<AgeingBucket, string>> = {
  not_due: "Not due",
  days_0_30: "0–30 days",
  days_31_60: "31–60 days",
  days_61_90: "61–90 days",
  days_90_plus: "90+ days",
};

/** The ageing bucket of a bill due on `dueDate`, as of `asOf` (both yyyy-mm-dd). */
export function ageingBucket(dueDate: string, asOf: string): AgeingBucket {
  const days = daysPastDue(dueDate, asOf);
  if (days <= 0) return "not_due";
  for (const bucket of AGEING_BUCKETS) {
    if (bucket === "not_due") continue;
    const { from, to } = AGEING_BUCKET_DAYS[bucket];
    if (days >= from && (to === null || days <= to)) return bucket;
  }
  /* c8 ignore next */
  throw new Error("unreachable: the buckets cover every day past due");
}

export type AgeingTotals = Record<AgeingBucket, MinorUnits>;

export function emptyAgeingTotals(): AgeingTotals {
  return { not_due: 0, days_0_30: 0, days_31_60: 0, days_61_90: 0, days_90_plus: 0 };
}

/** What is owed per bucket as of `asOf`: open bills only (received or approved), by due date. */
export function ageingTotals(
  bills: readonly { status: VendorBillStatus; dueDate: string; amountMinor: MinorUnits }[],
  asOf: string,
): AgeingTotals {
  const totals = emptyAgeingTotals();
  for (const bill of bills) {
    if (!isOpen(bill.status)) continue;
    const bucket = ageingBucket(bill.dueDate, asOf);
    totals[bucket] = sumMinorUnits([totals[bucket], bill.amountMinor]);
  }
  return totals;
}

// ---------------------------------------------------------------------------------------------
// Matching to purchase orders
// ---------------------------------------------------------------------------------------------

/** What a PO line has left to bill: its amount less what other (non-void) bills ask of it, ≥ 0. */
export function poLineRemainingMinor(
  poLineAmountMinor: MinorUnits,
  billedByOthersMinor: MinorUnits,
): MinorUnits {
  const rest = sumMinorUnits([poLineAmountMinor, -billedByOthersMinor]);
  return rest > 0 ? rest : 0;
}

export type BillLineMatch =
  | {
      /** The PO line billed. */
      purchaseOrderLineId: string;
      amountMinor: MinorUnits;
      /** The PO line's amount. */
      poLineAmountMinor: MinorUnits;
      /** What the PO line's other non-void bills (not this one) ask of it. */
      billedByOthersMinor: MinorUnits;
    }
  | { purchaseOrderLineId: null; amountMinor: MinorUnits };

export interface BillApprovalNeed {
  /** Σ per PO line of what this bill asks beyond the line's remaining. */
  overPoMinor: MinorUnits;
  /** Σ of the lines billed straight to a budget line, with no PO behind them. */
  withoutPoMinor: MinorUnits;
  /** The amount no approved PO covers (over + without PO): the approver's authority must cover it. */
  unapprovedMinor: MinorUnits;
  /** Some line is billed without a PO (the bill is flagged). */
  withoutPo: boolean;
  /** Some amount is not covered by an approved PO: approval needs someone allowed. */
  needsAuthority: boolean;
}

/**
 * What of a bill its POs do not cover. Several lines on one PO line are summed first; a PO
 * line's excess is (Σ this bill on it) − (its amount − other non-void bills on it), never < 0.
 * Lines with no PO are wholly uncovered.
 */
export function billApprovalNeed(lines: readonly BillLineMatch[]): BillApprovalNeed {
  const perPoLine = new Map<string, { amount: MinorUnits; remaining: MinorUnits }>();
  const withoutPo: MinorUnits[] = [];
  for (const line of lines) {
    if (line.purchaseOrderLineId === null) {
      withoutPo.push(line.amountMinor);
      continue;
    }
    const seen = perPoLine.get(line.purchaseOrderLineId);
    perPoLine.set(line.purchaseOrderLineId, {
      amount: sumMinorUnits([seen?.amount ?? 0, line.amountMinor]),
      remaining: seen?.remaining ?? poLineRemainingMinor(line.poLineAmountMinor, line.billedByOthersMinor),
    });
  }
  const overs = [...perPoLine.values()].map(({ amount, remaining }) => Math.max(0, amount - remaining));
  const overPoMinor = sumMinorUnits(overs);
  const withoutPoMinor = sumMinorUnits(withoutPo);
  const unapprovedMinor = sumMinorUnits([overPoMinor, withoutPoMinor]);
  return {
    overPoMinor,
    withoutPoMinor,
    unapprovedMinor,
    withoutPo: withoutPo.length > 0,
    needsAuthority: unapprovedMinor > 0,
  };
}

export type BillApprovalInput = Omit<ApprovalInput, "amountMinor"> & { need: BillApprovalNeed };

/**
 * Why the caller may not approve a bill (null when they may). Nobody approves while viewing the
 * app as someone else. What the bill's POs cover was approved with them: anyone who may reach
 * the step approves it. The rest — beyond a PO line's remaining or without a PO — is approved as
 * a PO of that amount would be (approvalRefusal: owners and admins any amount, others up to
 * their purchasing limit in the workspace currency); a refusal names the amount and the limit.
 */
export function billApprovalRefusal(input: BillApprovalInput): string | null {
  const { need, ...rest } = input;
  if (input.impersonating) return "A vendor bill cannot be approved while viewing the app as someone else.";
  if (!need.needsAuthority) return null;
  const verdict = approvalRefusal({ ...rest, amountMinor: need.unapprovedMinor });
  if (verdict === null) return null;
  const parts: string[] = [];
  if (need.overPoMinor > 0) {
    parts.push(
      `${formatMoney(need.overPoMinor, input.currency)} over what its purchase order lines have left`,
    );
  }
  if (need.withoutPoMinor > 0) {
    parts.push(`${formatMoney(need.withoutPoMinor, input.currency)} billed without a purchase order`);
  }
  const what = `This bill has ${parts.join(" and ")}`;
  if (input.purchasingLimitMinor === null) {
    return `${what}, and you have no purchasing limit: an admin or owner must approve it.`;
  }
  const limit = formatMoney(input.purchasingLimitMinor, input.limitCurrency);
  if (input.currency !== input.limitCurrency) {
    return `${what} in ${input.currency}, and your purchasing limit of ${limit} is in ${input.limitCurrency}: an admin or owner must approve it.`;
  }
  return `${what}, above your purchasing limit of ${limit}: an admin or owner must approve it.`;
}

// ---------------------------------------------------------------------------------------------
// What an approved bill does to its PO
// ---------------------------------------------------------------------------------------------

/**
 * The PO step once its lines' billed amounts include an approved bill: bill_fully when every
 * line is billed up to its amount, else bill_partially; null when the PO is billed already
 * (it stays billed).
 */
export function poBillingAction(
  poStatus: PurchaseOrderStatus,
  lines: readonly { amountMinor: MinorUnits; billedMinor: MinorUnits }[],
): PurchaseOrderAction | null {
  if (poStatus === "billed") return null;
  return lines.length > 0 && lines.every((l) => l.billedMinor >= l.amountMinor)
    ? "bill_fully"
    : "bill_partially";
}

/**
 * Why a bill cannot be entered against a PO in `status` (null when it can): the PO must have
 * been sent (or be partly or fully billed already). The reason is the PO lifecycle's own.
 */
export function poBillableRefusal(status: PurchaseOrderStatus, displayNumber: string): string | null {
  if (status === "billed") return null;
  const step = purchaseOrderTransition(status, "bill_partially");
  return step.ok ? null : `${displayNumber}: ${step.reason}`;
}
