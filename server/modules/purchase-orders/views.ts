import type { AicpSectionLetter } from "@domain/aicp";
import {
  allowedPurchaseOrderActions,
  committedMinor,
  formatPurchaseOrderNumber,
  isCommitted,
  purchaseOrderEditable,
  unbilledMinor,
} from "@domain/purchase-orders";
import type { PurchaseOrderDetail, PurchaseOrderLineView, PurchaseOrderListItem } from "./contract";
import type { PurchaseOrderDetailRow, PurchaseOrderLineRow, PurchaseOrderListRow } from "./repo";

/* Row → contract mapping of purchase orders (bigint sums may arrive as text). */

export const toInt = (value: string | number | null): number => (value === null ? 0 : Number(value));
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

export function listItemView(row: PurchaseOrderListRow): PurchaseOrderListItem {
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatPurchaseOrderNumber(row.number),
    status: row.status,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    revisionNumber: row.revision_number,
    projectId: row.folder_id,
    projectName: row.folder_name,
    currency: row.currency,
    orderDate: row.order_date,
    description: row.description,
    amountMinor: toInt(row.total_minor),
    billedMinor: toInt(row.billed_minor),
    committedMinor: isCommitted(row.status) ? toInt(row.unbilled_minor) : 0,
    approvedAt: isoOrNull(row.approved_at),
    sentAt: isoOrNull(row.sent_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function lineView(
  row: PurchaseOrderLineRow,
  status: PurchaseOrderDetail["status"],
): PurchaseOrderLineView {
  const amount = toInt(row.amount_minor);
  const billed = toInt(row.billed_minor);
  return {
    id: row.id,
    position: row.position,
    budgetLineKey: row.budget_line_key,
    section: row.section as AicpSectionLetter,
    budgetLineNumber: row.budget_line_number,
    budgetLineDescription: row.budget_line_description,
    description: row.description,
    amountMinor: amount,
    billedMinor: billed,
    committedMinor: committedMinor(status, amount, billed),
  };
}

const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? id });

export function detailView(
  row: PurchaseOrderDetailRow,
  lineRows: readonly PurchaseOrderLineRow[],
): PurchaseOrderDetail {
  const lines = lineRows.map((l) => lineView(l, row.status));
  const billed = lines.reduce((sum, l) => sum + l.billedMinor, 0);
  const unbilled = lines.reduce((sum, l) => sum + unbilledMinor(l.amountMinor, l.billedMinor), 0);
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatPurchaseOrderNumber(row.number),
    status: row.status,
    vendorId: row.vendor_id,
    vendorName: row.vendor_name,
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    revisionNumber: row.revision_number,
    projectId: row.folder_id,
    projectName: row.folder_name,
    clientName: row.client_name,
    currency: row.currency,
    orderDate: row.order_date,
    description: row.description,
    notes: row.notes,
    amountMinor: toInt(row.total_minor),
    billedMinor: billed,
    committedMinor: isCommitted(row.status) ? unbilled : 0,
    vendor: {
      id: row.vendor_id,
      name: row.vendor_name,
      contactName: row.vendor_contact_name,
      email: row.vendor_email,
      taxId: row.vendor_tax_id,
      paymentTermsDays: row.vendor_payment_terms_days,
      archived: row.vendor_archived,
    },
    lines,
    allowedActions: allowedPurchaseOrderActions(row.status),
    editable: purchaseOrderEditable(row.status),
    createdBy: person(row.created_by, row.created_by_name),
    submittedBy: person(row.submitted_by, row.submitted_by_name),
    submittedAt: isoOrNull(row.submitted_at),
    approvedBy: person(row.approved_by, row.approved_by_name),
    approvedAt: isoOrNull(row.approved_at),
    sentBy: person(row.sent_by, row.sent_by_name),
    sentAt: isoOrNull(row.sent_at),
    sentTo: row.sent_to,
    cancelledBy: person(row.cancelled_by, row.cancelled_by_name),
    cancelledAt: isoOrNull(row.cancelled_at),
    cancelReason: row.cancel_reason,
    closedAt: isoOrNull(row.closed_at),
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of a PO. */
export function purchaseOrderAudit(po: PurchaseOrderDetail) {
  return {
    number: po.displayNumber,
    status: po.status,
    vendorId: po.vendorId,
    budgetId: po.budgetId,
    revisionNumber: po.revisionNumber,
    currency: po.currency,
    orderDate: po.orderDate,
    description: po.description,
    notes: po.notes,
    amountMinor: po.amountMinor,
    lines: po.lines.map((l) => ({
      budgetLineKey: l.budgetLineKey,
      description: l.description,
      amountMinor: l.amountMinor,
    })),
  };
}
