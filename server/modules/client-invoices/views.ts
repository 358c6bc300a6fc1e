import {
  daysOverdue,
  formatInvoiceNumber,
  invoiceEditable,
  invoiceTransition,
  isInvoiceOverdue,
  outstandingMinor,
  voidRefusal,
  type ComputedInvoiceLine,
  type InvoiceStatus,
} from "@domain/invoices";
import type { Client, InvoiceDetail, InvoiceLineView, InvoiceListItem } from "./contract";
import type { ClientRow } from "./clients-repo";
import type { InvoiceDetailRow, InvoiceLineRow, InvoiceListRow, PaymentRow } from "./repo";

/* Row → contract mapping of clients and client invoices (bigint sums may arrive as text). */

const toInt = (value: string | number | null): number => (value === null ? 0 : Number(value));
const toIntOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? id });

export function clientView(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    email: row.email,
    address: row.address,
    taxId: row.tax_id,
    paymentTermsDays: row.payment_terms_days,
    notes: row.notes,
    archived: row.archived,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of a client. */
export function clientAudit(c: Client) {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...fields } = c;
  return fields;
}

/** A computed line (domain/invoices.ts) as the contract shows it. */
export function computedLineView(line: ComputedInvoiceLine): InvoiceLineView {
  return {
    kind: line.kind,
    description: line.description,
    budgetLineKey: line.budgetLineKey ?? null,
    durationMs: line.durationMs ?? null,
    rateMinor: line.rateMinor ?? null,
    costMinor: line.costMinor ?? null,
    markupBp: line.markupBp ?? null,
    markupMinor: line.markupMinor ?? null,
    amountMinor: line.amountMinor,
  };
}

export function lineView(row: InvoiceLineRow): InvoiceLineView {
  return {
    kind: row.kind,
    description: row.description,
    budgetLineKey: row.budget_line_key,
    durationMs: toIntOrNull(row.duration_ms),
    rateMinor: toIntOrNull(row.rate_minor),
    costMinor: toIntOrNull(row.cost_minor),
    markupBp: row.markup_bp,
    markupMinor: toIntOrNull(row.markup_minor),
    amountMinor: toInt(row.amount_minor),
  };
}

function amounts(status: InvoiceStatus, total: number, paid: number, dueDate: string, today: string) {
  const overdue = isInvoiceOverdue({ status, dueDate, totalMinor: total, paidMinor: paid }, today);
  return {
    totalMinor: total,
    paidMinor: paid,
    outstandingMinor: status === "sent" ? outstandingMinor(total, paid) : 0,
    overdue,
    daysOverdue: overdue ? daysOverdue(dueDate, today) : 0,
  };
}

export function listItemView(row: InvoiceListRow, today: string): InvoiceListItem {
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatInvoiceNumber(row.number),
    kind: row.kind,
    status: row.status,
    clientId: row.client_id,
    clientName: row.client_name,
    clientPoNumber: row.client_po_number,
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    projectId: row.project_id,
    projectName: row.project_name,
    currency: row.currency,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    ...amounts(row.status, toInt(row.total_minor), toInt(row.paid_minor), row.due_date, today),
    sentAt: isoOrNull(row.sent_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The actions a screen offers now: send a draft, take a payment while sent, void when allowed. */
function allowedActions(status: InvoiceStatus, paid: number): InvoiceDetail["allowedActions"] {
  const actions: InvoiceDetail["allowedActions"] = [];
  if (invoiceTransition(status, "send").ok) actions.push("send");
  if (invoiceTransition(status, "pay_partially").ok) actions.push("pay");
  if (voidRefusal(status, paid) === null) actions.push("void");
  return actions;
}

export function detailView(
  row: InvoiceDetailRow,
  lineRows: readonly InvoiceLineRow[],
  paymentRows: readonly PaymentRow[],
  today: string,
): InvoiceDetail {
  const paid = toInt(row.paid_minor);
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatInvoiceNumber(row.number),
    kind: row.kind,
    status: row.status,
    clientId: row.client_id,
    clientName: row.client_name,
    clientPoNumber: row.client_po_number,
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    projectId: row.project_id,
    projectName: row.project_name,
    currency: row.currency,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    ...amounts(row.status, toInt(row.total_minor), paid, row.due_date, today),
    client: {
      id: row.client_id,
      name: row.client_name,
      contactName: row.client_contact_name,
      email: row.client_email,
      address: row.client_address,
      taxId: row.client_tax_id,
      paymentTermsDays: row.client_payment_terms_days,
      archived: row.client_archived,
    },
    percentBp: row.percent_bp,
    markupBp: row.markup_bp,
    overLeftToBill: row.over_left_to_bill,
    notes: row.notes,
    lines: lineRows.map(lineView),
    payments: paymentRows.map((p) => ({
      id: p.id,
      amountMinor: toInt(p.amount_minor),
      paidOn: p.paid_on,
      reference: p.reference,
      recordedBy: person(p.recorded_by, p.recorded_by_name),
      recordedAt: iso(p.recorded_at),
    })),
    allowedActions: allowedActions(row.status, paid),
    editable: invoiceEditable(row.status),
    createdBy: person(row.created_by, row.created_by_name),
    sentBy: person(row.sent_by, row.sent_by_name),
    sentAt: isoOrNull(row.sent_at),
    sentTo: row.sent_to,
    paidAt: isoOrNull(row.paid_at),
    voidedBy: person(row.voided_by, row.voided_by_name),
    voidedAt: isoOrNull(row.voided_at),
    voidReason: row.void_reason,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of an invoice. */
export function invoiceAudit(inv: InvoiceDetail) {
  return {
    number: inv.displayNumber,
    kind: inv.kind,
    status: inv.status,
    budgetId: inv.budgetId,
    clientId: inv.clientId,
    clientPoNumber: inv.clientPoNumber,
    currency: inv.currency,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    percentBp: inv.percentBp,
    markupBp: inv.markupBp,
    overLeftToBill: inv.overLeftToBill,
    notes: inv.notes,
    totalMinor: inv.totalMinor,
    paidMinor: inv.paidMinor,
    lines: inv.lines.map((l) => ({ kind: l.kind, description: l.description, amountMinor: l.amountMinor })),
  };
}
