import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { budgets } from "./finance-budgets";
import { orgId, ts, money } from "./columns";

/*
 * Vendors and purchase orders (PRODUCT.md → Purchase orders). A PO is raised from lines of an
 * approved budget revision: each PO line names the budget line by its stable `key` (the same
 * line across change orders). Money is integer minor units of the PO's currency (its budget's).
 * Document numbers are gapless per workspace and kind, taken from `document_numbers` in the
 * transaction that creates the document, and never reused. Every write appends a finance row to
 * audit_events (category 'finance').
 */

/** A supplier the agency buys from. The name is unique per workspace whatever its case. */
export const vendors = pgTable(
  "vendors",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    contactName: text("contact_name").notNull().default(""),
    email: text("email").notNull().default(""),
    taxId: text("tax_id").notNull().default(""),
    /** Days from the bill date to its due date. */
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    notes: text("notes").notNull().default(""),
    archived: boolean("archived").notNull().default(false),
    /** Bumped on every change (optimistic concurrency). */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("vendors_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    check("vendors_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("vendors_payment_terms_range", sql`${t.paymentTermsDays} between 0 and 365`),
    check("vendors_version_positive", sql`${t.version} >= 1`),
  ],
);

/**
 * The last number given per workspace and document kind ('purchase_order', later 'vendor_bill',
 * 'client_invoice', 'sow'): the creating transaction increments it (insert … on conflict do
 * update … returning), which locks the row until that transaction ends, so numbers are gapless
 * and never given twice; a rolled-back create gives its number back with the rollback.
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    organizationId: orgId(),
    kind: text("kind").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.kind] }),
    check("document_numbers_kind_valid", sql`${t.kind} ~ '^[a-z_]+$'`),
    check("document_numbers_last_positive", sql`${t.lastNumber} >= 1`),
  ],
);

const PURCHASE_ORDER_STATUS_VALUES = [
  "draft",
  "pending_approval",
  "approved",
  "sent",
  "partially_billed",
  "billed",
  "closed",
  "cancelled",
] as const;

/** A purchase order: vendor, budget revision its lines come from, lifecycle (domain/purchase-orders.ts). */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    /** Gapless per workspace (printed PO-0001). */
    number: integer("number").notNull(),
    vendorId: text("vendor_id").notNull(),
    budgetId: text("budget_id").notNull(),
    /** The approved budget revision its lines were chosen from. */
    revisionNumber: integer("revision_number").notNull(),
    /** ISO 4217: the budget's. */
    currency: text("currency").notNull(),
    status: text("status", { enum: PURCHASE_ORDER_STATUS_VALUES }).notNull(),
    /** The date on the order (workspace time zone). */
    orderDate: date("order_date", { mode: "string" }).notNull(),
    description: text("description").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** Σ line amounts, kept by every write (lists sort, filter and total on it). */
    totalMinor: money("total_minor").notNull(),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    submittedBy: text("submitted_by").references(() => profiles.id, { onDelete: "set null" }),
    submittedAt: ts("submitted_at"),
    approvedBy: text("approved_by").references(() => profiles.id, { onDelete: "set null" }),
    approvedAt: ts("approved_at"),
    sentBy: text("sent_by").references(() => profiles.id, { onDelete: "set null" }),
    sentAt: ts("sent_at"),
    /** The address(es) the PO was e-mailed to. */
    sentTo: text("sent_to"),
    cancelledBy: text("cancelled_by").references(() => profiles.id, { onDelete: "set null" }),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    closedAt: ts("closed_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("purchase_orders_number_idx").on(t.organizationId, t.number),
    foreignKey({
      name: "purchase_orders_vendor_fk",
      columns: [t.organizationId, t.vendorId],
      foreignColumns: [vendors.organizationId, vendors.id],
    }),
    foreignKey({
      name: "purchase_orders_budget_fk",
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
    }),
    index("purchase_orders_vendor_idx").on(t.organizationId, t.vendorId, t.number),
    index("purchase_orders_budget_idx").on(t.organizationId, t.budgetId, t.status),
    index("purchase_orders_status_idx").on(t.organizationId, t.status, t.number),
    index("purchase_orders_date_idx").on(t.organizationId, t.orderDate),
    check("purchase_orders_number_positive", sql`${t.number} >= 1`),
    check("purchase_orders_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "purchase_orders_status_valid",
      sql`${t.status} in ('draft', 'pending_approval', 'approved', 'sent', 'partially_billed', 'billed', 'closed', 'cancelled')`,
    ),
    check("purchase_orders_total_positive", sql`${t.totalMinor} > 0`),
    check("purchase_orders_version_positive", sql`${t.version} >= 1`),
  ],
);

/** A line of a PO: a budget line (by key) and the amount ordered against it. */
export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    purchaseOrderId: text("purchase_order_id").notNull(),
    position: integer("position").notNull(),
    /** budget_lines.key of the PO's budget (stable across revisions). */
    budgetLineKey: text("budget_line_key").notNull(),
    /** The budget line's section when the PO line was written (its current one wins where it exists). */
    section: text("section").notNull(),
    description: text("description").notNull().default(""),
    amountMinor: money("amount_minor").notNull(),
    /** What vendor bills have billed against the line (kept by bills); null counts as 0. */
    billedMinor: money("billed_minor").default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "purchase_order_lines_po_fk",
      columns: [t.organizationId, t.purchaseOrderId],
      foreignColumns: [purchaseOrders.organizationId, purchaseOrders.id],
    }).onDelete("cascade"),
    index("purchase_order_lines_po_idx").on(t.organizationId, t.purchaseOrderId, t.position),
    check("purchase_order_lines_amount_positive", sql`${t.amountMinor} > 0`),
    check("purchase_order_lines_billed_non_negative", sql`${t.billedMinor} is null or ${t.billedMinor} >= 0`),
    check("purchase_order_lines_section_letter", sql`${t.section} ~ '^[A-Z]$'`),
  ],
);

const VENDOR_BILL_STATUS_VALUES = ["received", "approved", "paid", "void"] as const;

/**
 * A vendor bill (PRODUCT.md → Vendor bill; lifecycle in domain/vendor-bills.ts): the vendor's
 * invoice entered against lines of one PO or straight against budget lines (flagged
 * `without_po`). Gapless per workspace (BILL-0001, document_numbers kind 'vendor_bill'). The
 * vendor's invoice number is unique per vendor in any case among bills that are not void (a void
 * bill keeps its own number and frees the vendor's for a corrected entry). Approved and paid
 * bills are actual cost on their budget lines and billed on their PO lines
 * (purchase_order_lines.billed_minor, kept in the approving transaction).
 */
export const vendorBills = pgTable(
  "vendor_bills",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    number: integer("number").notNull(),
    vendorId: text("vendor_id").notNull(),
    /** The PO it bills (null: entered straight against budget lines). */
    purchaseOrderId: text("purchase_order_id"),
    budgetId: text("budget_id").notNull(),
    /** The vendor's own number for it. */
    invoiceNumber: text("invoice_number").notNull(),
    billDate: date("bill_date", { mode: "string" }).notNull(),
    /** Bill date + the vendor's payment terms when entered. */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** ISO 4217: the budget's. */
    currency: text("currency").notNull(),
    status: text("status", { enum: VENDOR_BILL_STATUS_VALUES }).notNull(),
    /** Σ line amounts, kept by every write. */
    totalMinor: money("total_minor").notNull(),
    /** Some line is billed to a budget line with no PO behind it. */
    withoutPo: boolean("without_po").notNull().default(false),
    notes: text("notes").notNull().default(""),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    approvedBy: text("approved_by").references(() => profiles.id, { onDelete: "set null" }),
    approvedAt: ts("approved_at"),
    paidBy: text("paid_by").references(() => profiles.id, { onDelete: "set null" }),
    paidAt: ts("paid_at"),
    /** The day the vendor was paid. */
    paymentDate: date("payment_date", { mode: "string" }),
    voidedBy: text("voided_by").references(() => profiles.id, { onDelete: "set null" }),
    voidedAt: ts("voided_at"),
    voidReason: text("void_reason"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("vendor_bills_number_idx").on(t.organizationId, t.number),
    uniqueIndex("vendor_bills_invoice_number_idx")
      .on(t.organizationId, t.vendorId, sql`lower(${t.invoiceNumber})`)
      .where(sql`${t.status} <> 'void'`),
    foreignKey({
      name: "vendor_bills_vendor_fk",
      columns: [t.organizationId, t.vendorId],
      foreignColumns: [vendors.organizationId, vendors.id],
    }),
    foreignKey({
      name: "vendor_bills_budget_fk",
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
    }),
    foreignKey({
      name: "vendor_bills_purchase_order_fk",
      columns: [t.organizationId, t.purchaseOrderId],
      foreignColumns: [purchaseOrders.organizationId, purchaseOrders.id],
    }),
    index("vendor_bills_status_idx").on(t.organizationId, t.status, t.dueDate),
    index("vendor_bills_vendor_idx").on(t.organizationId, t.vendorId, t.number),
    index("vendor_bills_due_idx").on(t.organizationId, t.dueDate),
    index("vendor_bills_budget_idx").on(t.organizationId, t.budgetId, t.status),
    index("vendor_bills_purchase_order_idx").on(t.organizationId, t.purchaseOrderId),
    check("vendor_bills_number_positive", sql`${t.number} >= 1`),
    check("vendor_bills_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("vendor_bills_status_valid", sql`${t.status} in ('received', 'approved', 'paid', 'void')`),
    check("vendor_bills_total_positive", sql`${t.totalMinor} > 0`),
    check("vendor_bills_invoice_number_not_blank", sql`length(btrim(${t.invoiceNumber})) > 0`),
    check("vendor_bills_due_after_bill", sql`${t.dueDate} >= ${t.billDate}`),
    check("vendor_bills_paid_has_date", sql`${t.status} <> 'paid' or ${t.paymentDate} is not null`),
    check("vendor_bills_version_positive", sql`${t.version} >= 1`),
  ],
);

/**
 * A line of a bill: the budget line (by key) it is cost on, and the PO line it bills (null:
 * without a PO). A PO line's key is copied, so actual cost reads one column.
 */
export const vendorBillLines = pgTable(
  "vendor_bill_lines",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    billId: text("bill_id").notNull(),
    position: integer("position").notNull(),
    purchaseOrderLineId: text("purchase_order_line_id"),
    /** budget_lines.key of the bill's budget. */
    budgetLineKey: text("budget_line_key").notNull(),
    section: text("section").notNull(),
    description: text("description").notNull().default(""),
    amountMinor: money("amount_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "vendor_bill_lines_bill_fk",
      columns: [t.organizationId, t.billId],
      foreignColumns: [vendorBills.organizationId, vendorBills.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "vendor_bill_lines_po_line_fk",
      columns: [t.organizationId, t.purchaseOrderLineId],
      foreignColumns: [purchaseOrderLines.organizationId, purchaseOrderLines.id],
    }),
    index("vendor_bill_lines_bill_idx").on(t.organizationId, t.billId, t.position),
    index("vendor_bill_lines_po_line_idx").on(t.organizationId, t.purchaseOrderLineId),
    check("vendor_bill_lines_amount_positive", sql`${t.amountMinor} > 0`),
    check("vendor_bill_lines_section_letter", sql`${t.section} ~ '^[A-Z]$'`),
  ],
);
