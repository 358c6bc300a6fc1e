import { z } from "zod";
import { formatMoney, minorUnitsSchema, sumMinorUnits, type MinorUnits } from "./money";
import { isAdminRole, type Role } from "./permissions";

/*
 * Purchase orders (PRODUCT.md → Purchase orders; Conventions → Numbering, Lifecycles) as a
 * transition table, the approval rule of purchasing limits, numbering and the committed figure.
 *
 *   draft ──submit──▶ pending_approval ──approve──▶ approved ──send──▶ sent
 *     ▲                    │                                              │
 *     └───────return───────┘                       bill_partially / bill_fully (vendor bills)
 *                                                                          ▼
 *                                  partially_billed ──bill_fully──▶ billed ──close──▶ closed
 *
 *   cancel: from draft, pending_approval, approved or sent (the number is kept, never reused).
 *
 * The bill steps are taken by vendor bills (not offered as buttons). An approved, sent or
 * partially billed PO's unbilled amount is committed cost on its budget lines.
 */

export const PURCHASE_ORDER_STATUSES = [
  "draft",
  "pending_approval",
  "approved",
  "sent",
  "partially_billed",
  "billed",
  "closed",
  "cancelled",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const purchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES);

export const PURCHASE_ORDER_ACTIONS = [
  "submit",
  "return",
  "approve",
  "send",
  "bill_partially",
  "bill_fully",
  "close",
  "cancel",
] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];
export const purchaseOrderActionSchema = z.enum(PURCHASE_ORDER_ACTIONS);

/** The actions a person takes on a PO (the others — approve, send, bills — have their own steps). */
export const PURCHASE_ORDER_USER_ACTIONS = ["submit", "return", "close", "cancel"] as const;
export type PurchaseOrderUserAction = (typeof PURCHASE_ORDER_USER_ACTIONS)[number];
export const purchaseOrderUserActionSchema = z.enum(PURCHASE_ORDER_USER_ACTIONS);

/** From each status, the actions allowed and the status each leads to. */
export const PURCHASE_ORDER_TRANSITIONS: Readonly<
  Record<PurchaseOrderStatus, Partial<Record<PurchaseOrderAction, PurchaseOrderStatus>>>
> = {
  draft: { submit: "pending_approval", cancel: "cancelled" },
  pending_approval: { approve: "approved", return: "draft", cancel: "cancelled" },
  approved: { send: "sent", cancel: "cancelled" },
  sent: { bill_partially: "partially_billed", bill_fully: "billed", cancel: "cancelled" },
  partially_billed: { bill_partially: "partially_billed", bill_fully: "billed" },
  billed: { close: "closed" },
  closed: {},
  cancelled: {},
};

const ACTION_WORDS: Record<PurchaseOrderAction, string> = {
  submit: "submitted for approval",
  return: "returned to draft",
  approve: "approved",
  send: "sent to the vendor",
  bill_partially: "partly billed",
  bill_fully: "fully billed",
  close: "closed",
  cancel: "cancelled",
};

const STATUS_WHY: Record<PurchaseOrderStatus, string> = {
  draft: "it is a draft: submit it for approval first",
  pending_approval: "it is waiting for approval",
  approved: "it is approved and not sent yet",
  sent: "it has been sent to the vendor",
  partially_billed: "the vendor has billed part of it",
  billed: "it is fully billed",
  closed: "it is closed",
  cancelled: "it is cancelled",
};

export const PURCHASE_ORDER_STATUS_LABEL: Readonly<Record<PurchaseOrderStatus, string>> = {
  draft: "Draft",
  pending_approval: "Pending approval",
  approved: "Approved",
  sent: "Sent",
  partially_billed: "Partially billed",
  billed: "Billed",
  closed: "Closed",
  cancelled: "Cancelled",
};

export type PurchaseOrderTransitionResult =
  { ok: true; to: PurchaseOrderStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function purchaseOrderTransition(
  from: PurchaseOrderStatus,
  action: PurchaseOrderAction,
): PurchaseOrderTransitionResult {
  const to = PURCHASE_ORDER_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  return {
    ok: false,
    reason: `A purchase order cannot be ${ACTION_WORDS[action]} while ${STATUS_WHY[from]}.`,
  };
}

/** The actions offered from `status` (the buttons a screen shows; bill steps are left out). */
export function allowedPurchaseOrderActions(status: PurchaseOrderStatus): PurchaseOrderAction[] {
  return PURCHASE_ORDER_ACTIONS.filter(
    (a) =>
      a !== "bill_partially" && a !== "bill_fully" && PURCHASE_ORDER_TRANSITIONS[status][a] !== undefined,
  );
}

/** Whether a PO's vendor, budget and lines may still be changed (only a draft). */
export function purchaseOrderEditable(status: PurchaseOrderStatus): boolean {
  return status === "draft";
}

/** Why an edit is refused in `status` (null when it is allowed). */
export function purchaseOrderEditRefusal(status: PurchaseOrderStatus): string | null {
  return purchaseOrderEditable(status)
    ? null
    : `A purchase order can only be changed while it is a draft: ${STATUS_WHY[status]}.`;
}

// ---------------------------------------------------------------------------------------------
// Committed cost
// ---------------------------------------------------------------------------------------------

/** The statuses whose unbilled amount is committed cost on the budget (approved, not fully billed). */
export const COMMITTED_STATUSES: readonly PurchaseOrderStatus[] = ["approved", "sent", "partially_billed"];

export function isCommitted(status: PurchaseOrderStatus): boolean {
  return COMMITTED_STATUSES.includes(status);
}

/** What is still to be billed of a line: amount − billed, never below 0. */
export function unbilledMinor(amount: MinorUnits, billed: MinorUnits | null): MinorUnits {
  const rest = sumMinorUnits([amount, -(billed ?? 0)]);
  return rest > 0 ? rest : 0;
}

/** The committed amount of a PO line: its unbilled amount while the PO is committed, else 0. */
export function committedMinor(status: PurchaseOrderStatus, amount: MinorUnits, billed: MinorUnits | null) {
  return isCommitted(status) ? unbilledMinor(amount, billed) : 0;
}

// ---------------------------------------------------------------------------------------------
// Numbers and amounts
// ---------------------------------------------------------------------------------------------

/** The printed number: 1 → "PO-0001", 12345 → "PO-12345". */
export function formatPurchaseOrderNumber(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError("A PO number is a positive integer");
  return `PO-${String(number).padStart(4, "0")}`;
}

/** "PO-0042", "po-42" or "42" → 42; null when it is not a PO number. */
export function parsePurchaseOrderNumber(text: string): number | null {
  const match = /^\s*(?:po-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}

/** A PO line amount from the request: whole minor units, above 0. */
export const purchaseOrderAmountSchema = minorUnitsSchema.refine((v) => v > 0, "must be greater than 0");

/** The PO's amount: the sum of its lines (exact; throws past 2^53). */
export function purchaseOrderTotal(lines: readonly { amountMinor: MinorUnits }[]): MinorUnits {
  return sumMinorUnits(lines.map((l) => l.amountMinor));
}

// ---------------------------------------------------------------------------------------------
// Approval: purchasing limits
// ---------------------------------------------------------------------------------------------

export interface ApprovalInput {
  role: Role | string | null | undefined;
  /** The approver's purchasing limit (Settings → People), in `limitCurrency`; null = none. */
  purchasingLimitMinor: MinorUnits | null;
  /** The workspace currency the limit is kept in. */
  limitCurrency: string;
  /** The PO's amount and currency (its budget's). */
  amountMinor: MinorUnits;
  currency: string;
  /** Viewing the app as someone else (an approval is never made as another person). */
  impersonating: boolean;
}

/**
 * Why the caller may not approve a PO (null when they may): owners and admins approve any
 * amount; anyone else up to their purchasing limit, in the workspace currency — a PO in another
 * currency, or above the limit, or a person with no limit needs an owner or admin. Nobody
 * approves while viewing the app as someone else.
 */
export function approvalRefusal(input: ApprovalInput): string | null {
  if (input.impersonating) {
    return "A purchase order cannot be approved while viewing the app as someone else.";
  }
  if (isAdminRole(input.role)) return null;
  const amount = formatMoney(input.amountMinor, input.currency);
  if (input.purchasingLimitMinor === null) {
    return `You have no purchasing limit, so this purchase order (${amount}) must be approved by an admin or owner.`;
  }
  const limit = formatMoney(input.purchasingLimitMinor, input.limitCurrency);
  if (input.currency !== input.limitCurrency) {
    return `This purchase order is in ${input.currency} and your purchasing limit of ${limit} is in ${input.limitCurrency}: an admin or owner must approve it.`;
  }
  if (input.amountMinor > input.purchasingLimitMinor) {
    return `This purchase order (${amount}) is above your purchasing limit of ${limit}: an admin or owner must approve it.`;
  }
  return null;
}
