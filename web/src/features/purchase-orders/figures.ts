import type { PurchaseOrderAction, PurchaseOrderStatus } from "@domain/purchase-orders";
import { minorToDecimalString, parseMoney, sumMinorUnits, type MinorUnits } from "@domain/money";

/*
 * Pure helpers of the purchase order screens: labels, the budget line a PO line names, the
 * amount a new PO line starts from, and typed amounts read with domain/money.ts parseMoney
 * (string and integer arithmetic only, never a float).
 */

/** The buttons of a PO page, in the order they are offered. */
export const ACTION_LABEL: Record<PurchaseOrderAction, string> = {
  submit: "Submit for approval",
  return: "Return to draft",
  approve: "Approve",
  send: "Send to vendor",
  bill_partially: "Bill partially",
  bill_fully: "Bill fully",
  close: "Close",
  cancel: "Cancel PO",
};

/** What the toast says after each step: "PO-0001 approved". */
export const ACTION_DONE: Record<PurchaseOrderAction, string> = {
  submit: "submitted for approval",
  return: "returned to draft",
  approve: "approved",
  send: "sent to the vendor",
  bill_partially: "partly billed",
  bill_fully: "billed",
  close: "closed",
  cancel: "cancelled",
};

/** The actions a PO page offers as buttons (the bill steps are vendor bills'). */
export const PAGE_ACTIONS = ["submit", "return", "approve", "send", "close", "cancel"] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

export function isPageAction(action: PurchaseOrderAction): action is PageAction {
  return (PAGE_ACTIONS as readonly string[]).includes(action);
}

/** The filter's statuses, in lifecycle order. */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = [
  "draft",
  "pending_approval",
  "approved",
  "sent",
  "partially_billed",
];

/** A budget line as a PO shows it: "B2 · Director of photography". */
export function budgetLineLabel(line: {
  section: string;
  number: string | null;
  description: string | null;
}): string {
  const ref = `${line.section}${line.number ?? ""}`;
  return line.description ? `${ref} · ${line.description}` : ref;
}

/**
 * What is left to commit on a budget line: estimate − actual − committed (approved POs), never
 * below 0. Drafts and POs waiting for approval are not in `committed` yet.
 */
export function remainingMinor(line: {
  estimateMinor: MinorUnits;
  actualMinor: MinorUnits;
  committedMinor: MinorUnits;
}): MinorUnits {
  const rest = sumMinorUnits([line.estimateMinor, -line.actualMinor, -line.committedMinor]);
  return rest > 0 ? rest : 0;
}

/** An amount as a field shows it and parseAmount reads back: (125050, "USD") → "1250.50"; 0 → "". */
export function amountText(amount: MinorUnits, currency: string): string {
  return amount > 0 ? minorToDecimalString(amount, currency) : "";
}

/**
 * A typed PO line amount to minor units, or why it is refused: "1,250.50" → 125050. Above 0,
 * with no more decimals than the currency has.
 */
export function parseAmount(
  text: string,
  currency: string,
): { ok: true; minor: MinorUnits } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: "enter an amount" };
  const minor = parseMoney(text, currency);
  if (minor === null) return { ok: false, message: `must be an amount in ${currency}` };
  if (minor <= 0) return { ok: false, message: "must be greater than 0" };
  return { ok: true, minor };
}
