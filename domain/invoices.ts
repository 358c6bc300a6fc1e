import { z } from "zod";
import { addIsoDays } from "./calendar";
import { calendarDaysBetween } from "./dates";
import {
  applyBasisPoints,
  assertMinorUnits,
  basisPointsToPercentText,
  formatMoney,
  minorUnitsSchema,
  priceDurationMs,
  sumMinorUnits,
  type BasisPoints,
  type MinorUnits,
} from "./money";

/*
 * Client invoices (PRODUCT.md → Client invoices; Conventions → Money, Numbering, Lifecycles):
 * the amounts of a deposit, a progress or a final invoice, the "left to bill" rule, and the
 * lifecycle as a transition table.
 *
 *   draft ──send──▶ sent ──pay_partially──▶ sent (payments < total)
 *     │               │ ──pay_fully──────▶ paid
 *     └────void───────┴──void (no payment recorded)──▶ void
 *
 * PRODUCT.md names the statuses draft, sent, paid and void and allows partial payments: a sent
 * invoice with part of its total paid stays "sent" (its paid and outstanding amounts say how
 * much); the payment that reaches the total makes it "paid". Voiding keeps the number and
 * reverses nothing silently: an invoice with a payment recorded cannot be voided (the money
 * received would be left pointing at nothing), and a void invoice takes no payment.
 *
 * Money is integer minor units; percentages and markups are basis points; rounding is half-even
 * (domain/money.ts) and happens once where a line is formed; an invoice's total is the exact sum
 * of its rounded lines. Nothing here reads the clock: "today" is the caller's `asOf`.
 */

// ---------------------------------------------------------------------------------------------
// Kinds and amounts
// ---------------------------------------------------------------------------------------------

export const INVOICE_KINDS = ["deposit", "progress", "final"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const invoiceKindSchema = z.enum(INVOICE_KINDS);

export const INVOICE_KIND_LABEL: Readonly<Record<InvoiceKind, string>> = {
  deposit: "Deposit",
  progress: "Progress",
  final: "Final",
};

/** The deposit asked up front when nobody says otherwise (AICP guidance: about 75 %). */
export const DEFAULT_DEPOSIT_BP: BasisPoints = 7500;

/** A share of an amount in basis points, above 0 and at most 100 % (deposit, progress). */
export const invoicePercentBpSchema = z
  .number()
  .int("must be a whole number of basis points (7500 = 75 %)")
  .min(1, "must be greater than 0")
  .max(10_000, "must be at most 10000 (100 %)");

/** A markup on re-billed costs in basis points (0 – 1000 %). */
export const markupBpSchema = z
  .number()
  .int("must be a whole number of basis points (1500 = 15 %)")
  .min(0, "must not be negative")
  .max(100_000, "must be at most 100000 (1000 %)");

/** An amount that must be above 0 (a payment, an invoice total): whole minor units. */
export const positiveMinorSchema = minorUnitsSchema.refine((v) => v > 0, "must be greater than 0");

/** A line an invoice is made of, as the arithmetic forms it. */
export type InvoiceLineKind = "amount" | "budget_line" | "labour" | "cost" | "less_invoiced";

export interface ComputedInvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  /** The budget line (by its stable key) a progress line bills. */
  budgetLineKey?: string;
  /** Labour: the time and the client rate it is priced at. */
  durationMs?: number;
  rateMinor?: MinorUnits;
  /** Re-billed cost: the cost, the markup on it and that markup's amount. */
  costMinor?: MinorUnits;
  markupBp?: BasisPoints;
  markupMinor?: MinorUnits;
  /** The line's amount (negative for "less invoiced"). */
  amountMinor: MinorUnits;
}

export interface ComputedInvoice {
  kind: InvoiceKind;
  lines: ComputedInvoiceLine[];
  /** Σ lines (exact). */
  totalMinor: MinorUnits;
}

/** Σ of rounded lines (exact; throws past 2^53). */
export function invoiceTotal(lines: readonly { amountMinor: MinorUnits }[]): MinorUnits {
  return sumMinorUnits(lines.map((l) => l.amountMinor));
}

const percentText = (bp: BasisPoints) => `${basisPointsToPercentText(bp)} %`;

function requireShare(bp: BasisPoints, what: string): void {
  assertMinorUnits(bp, what);
  if (bp <= 0 || bp > 10_000) throw new RangeError(`${what} must be above 0 and at most 10000 basis points`);
}

/**
 * A deposit: `depositBp` (default 75 %) of the approved estimate's grand total, one line rounded
 * half-even.
 */
export function depositInvoice(
  estimateGrandTotal: MinorUnits,
  depositBp: BasisPoints = DEFAULT_DEPOSIT_BP,
): ComputedInvoice {
  requireShare(depositBp, "deposit");
  const amountMinor = applyBasisPoints(assertMinorUnits(estimateGrandTotal, "estimate"), depositBp);
  const lines: ComputedInvoiceLine[] = [
    {
      kind: "amount",
      description: `Deposit: ${percentText(depositBp)} of the approved estimate`,
      amountMinor,
    },
  ];
  return { kind: "deposit", lines, totalMinor: amountMinor };
}

/** A progress invoice by a percentage of the approved estimate's grand total (one line). */
export function progressInvoiceByPercent(
  estimateGrandTotal: MinorUnits,
  percentBp: BasisPoints,
): ComputedInvoice {
  requireShare(percentBp, "progress percentage");
  const amountMinor = applyBasisPoints(assertMinorUnits(estimateGrandTotal, "estimate"), percentBp);
  return {
    kind: "progress",
    lines: [
      {
        kind: "amount",
        description: `Progress: ${percentText(percentBp)} of the approved estimate`,
        amountMinor,
      },
    ],
    totalMinor: amountMinor,
  };
}

export interface EstimateLine {
  key: string;
  description: string;
  estimateMinor: MinorUnits;
}

/** A progress invoice of chosen budget lines: one invoice line per budget line, its estimate. */
export function progressInvoiceByLines(lines: readonly EstimateLine[]): ComputedInvoice {
  const out: ComputedInvoiceLine[] = lines.map((l) => ({
    kind: "budget_line",
    description: l.description,
    budgetLineKey: l.key,
    amountMinor: assertMinorUnits(l.estimateMinor, "line estimate"),
  }));
  return { kind: "progress", lines: out, totalMinor: invoiceTotal(out) };
}

/** Time of one person at one client rate (the final invoice prices it). */
export interface BillableTime {
  description: string;
  durationMs: number;
  /** Client rate in minor units per hour; null = unpriced (left out and counted apart). */
  rateMinor: MinorUnits | null;
}

/** A cost re-billed to the client (a budget line's actual, a vendor bill). */
export interface RebilledCost {
  description: string;
  costMinor: MinorUnits;
  /** This cost's markup; the invoice's markup when absent. */
  markupBp?: BasisPoints;
  budgetLineKey?: string;
}

/** An earlier invoice of the job that is not void (what a final invoice deducts). */
export interface EarlierInvoice {
  displayNumber: string;
  totalMinor: MinorUnits;
}

export interface FinalInvoiceInput {
  time: readonly BillableTime[];
  costs: readonly RebilledCost[];
  /** Markup on re-billed costs, in basis points. */
  markupBp: BasisPoints;
  invoiced: readonly EarlierInvoice[];
}

export interface FinalInvoice extends ComputedInvoice {
  /** Σ labour and costs with markup, before the deduction: what the job has earned. */
  actualsMinor: MinorUnits;
  /** Σ of the earlier invoices deducted. */
  invoicedMinor: MinorUnits;
  /** Time with no client rate: left off the invoice, never priced at 0. */
  unpricedMs: number;
}

/** A cost line: the cost plus its markup (cost × markup / 10,000 rounded half-even, once). */
export function rebilledCostLine(cost: RebilledCost, defaultMarkupBp: BasisPoints): ComputedInvoiceLine {
  const markupBp = cost.markupBp ?? defaultMarkupBp;
  assertMinorUnits(markupBp, "markup");
  if (markupBp < 0) throw new RangeError("markup must not be negative");
  const costMinor = assertMinorUnits(cost.costMinor, "cost");
  const markupMinor = applyBasisPoints(costMinor, markupBp);
  return {
    kind: "cost",
    description: cost.description,
    ...(cost.budgetLineKey ? { budgetLineKey: cost.budgetLineKey } : {}),
    costMinor,
    markupBp,
    markupMinor,
    amountMinor: sumMinorUnits([costMinor, markupMinor]),
  };
}

/**
 * A final invoice from actuals: each person's time at each client rate as a line (duration ×
 * rate rounded half-even once per line), each re-billed cost with its markup, then one line per
 * earlier non-void invoice taking its total off. The total may come out at 0 or below (the job
 * has been invoiced in full); the caller refuses such an invoice.
 */
export function finalInvoice(input: FinalInvoiceInput): FinalInvoice {
  const lines: ComputedInvoiceLine[] = [];
  let unpricedMs = 0;
  for (const t of input.time) {
    assertMinorUnits(t.durationMs, "duration");
    if (t.durationMs <= 0) continue;
    if (t.rateMinor === null) {
      unpricedMs += t.durationMs;
      continue;
    }
    lines.push({
      kind: "labour",
      description: t.description,
      durationMs: t.durationMs,
      rateMinor: t.rateMinor,
      amountMinor: priceDurationMs(t.durationMs, t.rateMinor),
    });
  }
  for (const cost of input.costs) {
    if (cost.costMinor === 0) continue;
    lines.push(rebilledCostLine(cost, input.markupBp));
  }
  const actualsMinor = invoiceTotal(lines);
  for (const earlier of input.invoiced) {
    lines.push({
      kind: "less_invoiced",
      description: `Less invoiced: ${earlier.displayNumber}`,
      amountMinor: -assertMinorUnits(earlier.totalMinor, "invoiced"),
    });
  }
  const invoicedMinor = sumMinorUnits(input.invoiced.map((i) => i.totalMinor));
  return {
    kind: "final",
    lines,
    totalMinor: invoiceTotal(lines),
    actualsMinor,
    invoicedMinor,
    unpricedMs,
  };
}

// ---------------------------------------------------------------------------------------------
// Left to bill
// ---------------------------------------------------------------------------------------------

/** What is left to bill of `billableMinor` after `invoicedMinor` (never below 0). */
export function leftToBillMinor(billableMinor: MinorUnits, invoicedMinor: MinorUnits): MinorUnits {
  const left = sumMinorUnits([billableMinor, -invoicedMinor]);
  return left > 0 ? left : 0;
}

export interface LeftToBillCheck {
  /** The invoice's total. */
  amountMinor: MinorUnits;
  /** What is left to bill of the job (leftToBillMinor). */
  leftMinor: MinorUnits;
  currency: string;
  /** The person said explicitly that this invoice may go above what is left. */
  override: boolean;
}

/**
 * Why an invoice is refused by the left-to-bill rule (null when it is allowed): an invoice for
 * more than is left to bill needs an explicit override.
 */
export function leftToBillRefusal(check: LeftToBillCheck): string | null {
  if (check.override || check.amountMinor <= check.leftMinor) return null;
  const amount = formatMoney(check.amountMinor, check.currency);
  const left = formatMoney(check.leftMinor, check.currency);
  return `This invoice (${amount}) is more than is left to bill on the job (${left}): lower it, or confirm the override to bill above it.`;
}

// ---------------------------------------------------------------------------------------------
// Lifecycle
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ["draft", "sent", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

export const INVOICE_ACTIONS = ["send", "pay_partially", "pay_fully", "void"] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];
export const invoiceActionSchema = z.enum(INVOICE_ACTIONS);

/** From each status, the actions allowed and the status each leads to. */
export const INVOICE_TRANSITIONS: Readonly<
  Record<InvoiceStatus, Partial<Record<InvoiceAction, InvoiceStatus>>>
> = {
  draft: { send: "sent", void: "void" },
  sent: { pay_partially: "sent", pay_fully: "paid", void: "void" },
  paid: {},
  void: {},
};

const ACTION_WORDS: Record<InvoiceAction, string> = {
  send: "sent",
  pay_partially: "paid in part",
  pay_fully: "paid",
  void: "voided",
};

const STATUS_WHY: Record<InvoiceStatus, string> = {
  draft: "it is a draft: send it first",
  sent: "it has been sent to the client",
  paid: "it is paid in full",
  void: "it is void",
};

export const INVOICE_STATUS_LABEL: Readonly<Record<InvoiceStatus, string>> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  void: "Void",
};

export type InvoiceTransitionResult = { ok: true; to: InvoiceStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function invoiceTransition(from: InvoiceStatus, action: InvoiceAction): InvoiceTransitionResult {
  const to = INVOICE_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  return { ok: false, reason: `An invoice cannot be ${ACTION_WORDS[action]} while ${STATUS_WHY[from]}.` };
}

/** Whether an invoice's client, dates, texts and lines may still be changed (only a draft). */
export function invoiceEditable(status: InvoiceStatus): boolean {
  return status === "draft";
}

/** Why an edit is refused in `status` (null when it is allowed). */
export function invoiceEditRefusal(status: InvoiceStatus): string | null {
  return invoiceEditable(status)
    ? null
    : `An invoice can only be changed while it is a draft: ${STATUS_WHY[status]}.`;
}

/**
 * Why voiding is refused (null when allowed): out of order (paid, void), or a payment has been
 * recorded on it — voiding would leave money received against nothing, and nothing is reversed
 * silently.
 */
export function voidRefusal(status: InvoiceStatus, paidMinor: MinorUnits): string | null {
  const step = invoiceTransition(status, "void");
  if (!step.ok) return step.reason;
  if (paidMinor > 0) {
    return "An invoice with a payment recorded cannot be voided: the payment would be left against nothing. Settle it with the client first.";
  }
  return null;
}

export type PaymentCheck =
  | { ok: true; to: InvoiceStatus; paidMinor: MinorUnits; outstandingMinor: MinorUnits }
  /** `conflict`: the invoice's state refuses it (409); `amount`: the amount does (400, field amountMinor). */
  | { ok: false; kind: "conflict" | "amount"; reason: string };

/**
 * A payment of `amountMinor` on an invoice of `totalMinor` with `paidMinor` paid so far: a sent
 * invoice takes payments up to what is outstanding; the one that reaches the total makes it
 * paid. A draft, paid or void invoice takes none (conflict); an amount ≤ 0 or above what is
 * outstanding is refused (amount).
 */
export function applyPayment(
  status: InvoiceStatus,
  totalMinor: MinorUnits,
  paidMinor: MinorUnits,
  amountMinor: MinorUnits,
  currency: string,
): PaymentCheck {
  const outstanding = outstandingMinor(totalMinor, paidMinor);
  const full = amountMinor === outstanding;
  const step = invoiceTransition(status, full ? "pay_fully" : "pay_partially");
  if (!step.ok) {
    const reason =
      status === "void"
        ? "A void invoice cannot be paid: it keeps its number and nothing more."
        : step.reason;
    return { ok: false, kind: "conflict", reason };
  }
  assertMinorUnits(amountMinor, "payment");
  if (amountMinor <= 0) return { ok: false, kind: "amount", reason: "must be greater than 0" };
  if (amountMinor > outstanding) {
    return {
      ok: false,
      kind: "amount",
      reason: `is more than is outstanding on the invoice (${formatMoney(outstanding, currency)})`,
    };
  }
  const paid = sumMinorUnits([paidMinor, amountMinor]);
  return { ok: true, to: step.to, paidMinor: paid, outstandingMinor: outstandingMinor(totalMinor, paid) };
}

/** What is still owed on an invoice: total − paid, never below 0. */
export function outstandingMinor(totalMinor: MinorUnits, paidMinor: MinorUnits): MinorUnits {
  const rest = sumMinorUnits([totalMinor, -paidMinor]);
  return rest > 0 ? rest : 0;
}

/** The statuses an invoice still has money owed in (sent, with part or none paid). */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = ["sent"];

/** The statuses whose totals count as invoiced on the job (everything but void). */
export const INVOICED_STATUSES: readonly InvoiceStatus[] = ["draft", "sent", "paid"];

/** Whether an invoice is overdue on `asOf` (yyyy-mm-dd): sent, not paid in full, due before that day. */
export function isInvoiceOverdue(
  invoice: { status: InvoiceStatus; dueDate: string; totalMinor: MinorUnits; paidMinor: MinorUnits },
  asOf: string,
): boolean {
  return (
    OPEN_INVOICE_STATUSES.includes(invoice.status) &&
    outstandingMinor(invoice.totalMinor, invoice.paidMinor) > 0 &&
    invoice.dueDate < asOf
  );
}

/** Days an invoice is past its due date on `asOf` (0 when not overdue). */
export function daysOverdue(dueDate: string, asOf: string): number {
  const days = calendarDaysBetween(`${dueDate}T00:00:00Z`, `${asOf}T00:00:00Z`);
  return days !== null && days > 0 ? days : 0;
}

/** The due date of an invoice issued on `issueDate` with the client's payment terms. */
export function invoiceDueDate(issueDate: string, paymentTermsDays: number): string {
  if (!Number.isSafeInteger(paymentTermsDays) || paymentTermsDays < 0) {
    throw new RangeError("payment terms are a whole number of days, not negative");
  }
  return addIsoDays(issueDate, paymentTermsDays);
}

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** The printed number: 1 → "INV-0001", 12345 → "INV-12345". */
export function formatInvoiceNumber(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1)
    throw new RangeError("An invoice number is a positive integer");
  return `INV-${String(number).padStart(4, "0")}`;
}

/** "INV-0042", "inv42" or "42" → 42; null when it is not an invoice number. */
export function parseInvoiceNumber(text: string): number | null {
  const match = /^\s*(?:inv-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}
