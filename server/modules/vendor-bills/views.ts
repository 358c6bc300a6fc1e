import type { AicpSectionLetter } from "@domain/aicp";
import { formatPurchaseOrderNumber } from "@domain/purchase-orders";
import {
  ageingBucket,
  allowedVendorBillActions,
  billApprovalNeed,
  daysPastDue,
  formatVendorBillNumber,
  isOpen,
  poLineRemainingMinor,
  type BillApprovalNeed,
} from "@domain/vendor-bills";
import { iso, isoOrNull, toInt } from "../purchase-orders/views";
import type { VendorBillDetail, VendorBillLineView, VendorBillListItem } from "./contract";
import type { VendorBillDetailRow, VendorBillLineRow, VendorBillListRow } from "./repo";

/* Row → contract mapping of vendor bills (bigint sums may arrive as text). */

/** Days past due and the ageing bucket of an open bill as of `asOf`; nulls for a paid or void one. */
function ageing(row: { status: VendorBillListRow["status"]; due_date: string }, asOf: string) {
  if (!isOpen(row.status)) return { daysPastDue: null, ageingBucket: null };
  return { daysPastDue: daysPastDue(row.due_date, asOf), ageingBucket: ageingBucket(row.due_date, asOf) };
}

export function listItemView(row: VendorBillListRow, asOf: string): VendorBillListItem {
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatVendorBillNumber(row.number),
    status: row.status,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    invoiceNumber: row.invoice_number,
    purchaseOrderId: row.purchase_order_id,
    purchaseOrderNumber:
      row.purchase_order_number === null ? null : formatPurchaseOrderNumber(row.purchase_order_number),
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    projectId: row.folder_id,
    projectName: row.folder_name,
    currency: row.currency,
    billDate: row.bill_date,
    dueDate: row.due_date,
    amountMinor: toInt(row.total_minor),
    withoutPo: row.without_po,
    ...ageing(row, asOf),
    paymentDate: row.payment_date,
    approvedAt: isoOrNull(row.approved_at),
    paidAt: isoOrNull(row.paid_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function lineView(row: VendorBillLineRow): VendorBillLineView {
  const poAmount = row.po_line_amount_minor === null ? null : toInt(row.po_line_amount_minor);
  return {
    id: row.id,
    position: row.position,
    purchaseOrderLineId: row.purchase_order_line_id,
    budgetLineKey: row.budget_line_key,
    section: row.section as AicpSectionLetter,
    budgetLineNumber: row.budget_line_number,
    budgetLineDescription: row.budget_line_description,
    description: row.description,
    amountMinor: toInt(row.amount_minor),
    poLineAmountMinor: poAmount,
    poLineRemainingMinor:
      poAmount === null ? null : poLineRemainingMinor(poAmount, toInt(row.po_line_billed_by_others)),
    withoutPo: row.purchase_order_line_id === null,
  };
}

/** What the bill's PO lines do not cover, from its lines as read (with other bills' amounts). */
export function approvalNeedOf(lines: readonly VendorBillLineRow[]): BillApprovalNeed {
  return billApprovalNeed(
    lines.map((l) =>
      l.purchase_order_line_id === null || l.po_line_amount_minor === null
        ? { purchaseOrderLineId: null, amountMinor: toInt(l.amount_minor) }
        : {
            purchaseOrderLineId: l.purchase_order_line_id,
            amountMinor: toInt(l.amount_minor),
            poLineAmountMinor: toInt(l.po_line_amount_minor),
            billedByOthersMinor: toInt(l.po_line_billed_by_others),
          },
    ),
  );
}

const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? id });

export function detailView(
  row: VendorBillDetailRow,
  lineRows: readonly VendorBillLineRow[],
  asOf: string,
): VendorBillDetail {
  const need = approvalNeedOf(lineRows);
  return {
    ...listItemView(row, asOf),
    vendor: { id: row.vendor_id, name: row.vendor_name, paymentTermsDays: row.vendor_payment_terms_days },
    notes: row.notes,
    lines: lineRows.map(lineView),
    approval: {
      overPoMinor: need.overPoMinor,
      withoutPoMinor: need.withoutPoMinor,
      unapprovedMinor: need.unapprovedMinor,
      needsAuthority: need.needsAuthority,
    },
    allowedActions: allowedVendorBillActions(row.status),
    editable: row.status === "received",
    createdBy: person(row.created_by, row.created_by_name),
    approvedBy: person(row.approved_by, row.approved_by_name),
    paidBy: person(row.paid_by, row.paid_by_name),
    voidedBy: person(row.voided_by, row.voided_by_name),
    voidedAt: isoOrNull(row.voided_at),
    voidReason: row.void_reason,
    version: row.version,
  };
}

/** What the finance audit keeps of a bill. */
export function vendorBillAudit(bill: VendorBillDetail) {
  return {
    number: bill.displayNumber,
    status: bill.status,
    vendorId: bill.vendorId,
    invoiceNumber: bill.invoiceNumber,
    purchaseOrderId: bill.purchaseOrderId,
    budgetId: bill.budgetId,
    currency: bill.currency,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    amountMinor: bill.amountMinor,
    withoutPo: bill.withoutPo,
    notes: bill.notes,
    lines: bill.lines.map((l) => ({
      purchaseOrderLineId: l.purchaseOrderLineId,
      budgetLineKey: l.budgetLineKey,
      description: l.description,
      amountMinor: l.amountMinor,
    })),
  };
}
