import { sql } from "drizzle-orm";
import {
  bigint,
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
 * Clients and client invoices (PRODUCT.md → Client invoices; issue 15 point 4). A client is the
 * meta task's client field (spec §7) with the billing details kept here, matched by name in any
 * case. An invoice bills a budget's job (deposit, progress or final; domain/invoices.ts), in the
 * budget's currency; its number is gapless per workspace (document_numbers kind
 * 'client_invoice', taken in the creating transaction, printed INV-0001) and kept when it is
 * voided. Payments are recorded one by one (partial allowed); total_minor and paid_minor are kept
 * by every write so lists filter, sort and total on them. Every write appends a finance row to
 * audit_events (category 'finance').
 */

/** Who the agency bills. The name is unique per workspace whatever its case. */
export const clients = pgTable(
  "clients",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    contactName: text("contact_name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** The billing address as printed (several lines). */
    address: text("address").notNull().default(""),
    taxId: text("tax_id").notNull().default(""),
    /** Days from the invoice date to its due date. */
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    notes: text("notes").notNull().default(""),
    archived: boolean("archived").notNull().default(false),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("clients_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    check("clients_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("clients_payment_terms_range", sql`${t.paymentTermsDays} between 0 and 365`),
    check("clients_version_positive", sql`${t.version} >= 1`),
  ],
);

const INVOICE_KIND_VALUES = ["deposit", "progress", "final"] as const;
const INVOICE_STATUS_VALUES = ["draft", "sent", "paid", "void"] as const;

/** A client invoice: budget (job), client, kind, lifecycle (domain/invoices.ts), amounts. */
export const clientInvoices = pgTable(
  "client_invoices",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    /** Gapless per workspace (printed INV-0001), kept when void. */
    number: integer("number").notNull(),
    budgetId: text("budget_id").notNull(),
    /** The budget's project (ClickUp folder), kept here for the list's project filter. */
    projectId: text("project_id").notNull(),
    clientId: text("client_id").notNull(),
    kind: text("kind", { enum: INVOICE_KIND_VALUES }).notNull(),
    /** The client's own PO number, printed on the invoice. */
    clientPoNumber: text("client_po_number").notNull().default(""),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** ISO 4217: the budget's. */
    currency: text("currency").notNull(),
    status: text("status", { enum: INVOICE_STATUS_VALUES }).notNull(),
    /** Deposit or progress share of the estimate (basis points), when the invoice was made from one. */
    percentBp: integer("percent_bp"),
    /** Markup on re-billed costs of a final invoice (basis points). */
    markupBp: integer("markup_bp"),
    /** The invoice was allowed above what was left to bill (an explicit override). */
    overLeftToBill: boolean("over_left_to_bill").notNull().default(false),
    notes: text("notes").notNull().default(""),
    /** Σ line amounts, kept by every write. */
    totalMinor: money("total_minor").notNull(),
    /** Σ payments, kept by every payment. */
    paidMinor: money("paid_minor").notNull().default(0),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentBy: text("sent_by").references(() => profiles.id, { onDelete: "set null" }),
    sentAt: ts("sent_at"),
    /** The address the invoice was e-mailed to. */
    sentTo: text("sent_to"),
    /** When the payment that reached the total was recorded. */
    paidAt: ts("paid_at"),
    voidedBy: text("voided_by").references(() => profiles.id, { onDelete: "set null" }),
    voidedAt: ts("voided_at"),
    voidReason: text("void_reason"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("client_invoices_number_idx").on(t.organizationId, t.number),
    foreignKey({
      name: "client_invoices_budget_fk",
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
    }),
    foreignKey({
      name: "client_invoices_client_fk",
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    index("client_invoices_budget_idx").on(t.organizationId, t.budgetId, t.status),
    index("client_invoices_client_idx").on(t.organizationId, t.clientId, t.number),
    index("client_invoices_project_idx").on(t.organizationId, t.projectId, t.number),
    index("client_invoices_status_idx").on(t.organizationId, t.status, t.number),
    index("client_invoices_issue_date_idx").on(t.organizationId, t.issueDate),
    index("client_invoices_open_due_idx")
      .on(t.organizationId, t.dueDate)
      .where(sql`${t.status} = 'sent'`),
    check("client_invoices_number_positive", sql`${t.number} >= 1`),
    check("client_invoices_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("client_invoices_kind_valid", sql`${t.kind} in ('deposit', 'progress', 'final')`),
    check("client_invoices_status_valid", sql`${t.status} in ('draft', 'sent', 'paid', 'void')`),
    check("client_invoices_total_positive", sql`${t.totalMinor} > 0`),
    check("client_invoices_paid_range", sql`${t.paidMinor} >= 0 and ${t.paidMinor} <= ${t.totalMinor}`),
    check("client_invoices_due_after_issue", sql`${t.dueDate} >= ${t.issueDate}`),
    check("client_invoices_percent_range", sql`${t.percentBp} is null or ${t.percentBp} between 1 and 10000`),
    check("client_invoices_markup_range", sql`${t.markupBp} is null or ${t.markupBp} between 0 and 100000`),
    check("client_invoices_version_positive", sql`${t.version} >= 1`),
  ],
);

/** A line of an invoice (domain/invoices.ts ComputedInvoiceLine): its amount and what made it. */
export const clientInvoiceLines = pgTable(
  "client_invoice_lines",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    position: integer("position").notNull(),
    /** amount, budget_line, labour, cost or less_invoiced. */
    kind: text("kind").notNull(),
    description: text("description").notNull().default(""),
    budgetLineKey: text("budget_line_key"),
    durationMs: bigint("duration_ms", { mode: "number" }),
    rateMinor: money("rate_minor"),
    costMinor: money("cost_minor"),
    markupBp: integer("markup_bp"),
    markupMinor: money("markup_minor"),
    /** Negative for "less invoiced". */
    amountMinor: money("amount_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "client_invoice_lines_invoice_fk",
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [clientInvoices.organizationId, clientInvoices.id],
    }).onDelete("cascade"),
    index("client_invoice_lines_invoice_idx").on(t.organizationId, t.invoiceId, t.position),
    check(
      "client_invoice_lines_kind_valid",
      sql`${t.kind} in ('amount', 'budget_line', 'labour', 'cost', 'less_invoiced')`,
    ),
  ],
);

/** A payment received against an invoice (several make a partial payment). */
export const clientInvoicePayments = pgTable(
  "client_invoice_payments",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    amountMinor: money("amount_minor").notNull(),
    /** The day the money arrived. */
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** Bank reference, cheque number… */
    reference: text("reference").notNull().default(""),
    recordedBy: text("recorded_by").references(() => profiles.id, { onDelete: "set null" }),
    recordedAt: ts("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "client_invoice_payments_invoice_fk",
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [clientInvoices.organizationId, clientInvoices.id],
    }),
    index("client_invoice_payments_invoice_idx").on(t.organizationId, t.invoiceId, t.paidOn),
    check("client_invoice_payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);
