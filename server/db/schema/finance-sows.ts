import { sql } from "drizzle-orm";
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { budgets } from "./finance-budgets";
import { clientInvoices, clients } from "./finance-invoicing";
import { orgId, ts, money } from "./columns";

/*
 * Statements of work (PRODUCT.md → SOW; issue 15 point 5). A SOW is per project (a ClickUp
 * folder, folders.id, as budgets name it) and client, optionally tied to a budget of the project
 * (needed to propose invoices). Its number is gapless per workspace (document_numbers kind 'sow',
 * taken in the creating transaction, printed SOW-0001). Its content lives in numbered versions
 * (sow_versions: scope, fee, deliverables snapshot, terms) with their payment schedules
 * (sow_payment_entries); the lifecycle (domain/sows.ts) moves the current version draft → sent →
 * signed, and a new version copies the current one as a draft n+1 (a sent version becomes
 * superseded, a signed one stays signed and readable). The head row repeats the current
 * version's status and fee so lists filter, sort and total on them. Every write appends a finance
 * row to audit_events (category 'finance').
 */

const SOW_STATUS_VALUES = ["draft", "sent", "signed"] as const;
const SOW_VERSION_STATUS_VALUES = ["draft", "sent", "signed", "superseded"] as const;

/** A deliverable task as snapshotted into a version. */
export interface SowDeliverableSnapshot {
  taskId: string;
  name: string;
  /** yyyy-mm-dd (workspace zone) or null. */
  dueDate: string | null;
  included: boolean;
}

/** A statement of work: project, client, budget, number, the current version's status and fee. */
export const sows = pgTable(
  "sows",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    /** Gapless per workspace (printed SOW-0001). */
    number: integer("number").notNull(),
    /** The project: a ClickUp folder of the workspace (folders.id). */
    projectId: text("project_id").notNull(),
    clientId: text("client_id").notNull(),
    /** A budget of the project (invoices are proposed against it), or null. */
    budgetId: text("budget_id"),
    title: text("title").notNull(),
    /** The current version's status. */
    status: text("status", { enum: SOW_STATUS_VALUES }).notNull(),
    currentVersion: integer("current_version").notNull().default(1),
    /** The latest signed version (null while none is). */
    signedVersion: integer("signed_version"),
    /** ISO 4217. */
    currency: text("currency").notNull(),
    /** The current version's fee (kept by every write). */
    feeMinor: money("fee_minor").notNull().default(0),
    /** The SOW's date: the day it was created in the workspace zone. */
    sowDate: date("sow_date", { mode: "string" }).notNull(),
    /** Optimistic concurrency: every write bumps it. */
    rowVersion: integer("row_version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** The current version's sending (null while a draft). */
    sentBy: text("sent_by").references(() => profiles.id, { onDelete: "set null" }),
    sentAt: ts("sent_at"),
    sentTo: text("sent_to"),
    /** The signed version's signature: who recorded it, when, the signer's name and the day. */
    signedBy: text("signed_by").references(() => profiles.id, { onDelete: "set null" }),
    signedAt: ts("signed_at"),
    signedByName: text("signed_by_name"),
    signedOn: date("signed_on", { mode: "string" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("sows_number_idx").on(t.organizationId, t.number),
    foreignKey({
      name: "sows_client_fk",
      columns: [t.organizationId, t.clientId],
      foreignColumns: [clients.organizationId, clients.id],
    }),
    foreignKey({
      name: "sows_budget_fk",
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
    }),
    index("sows_status_idx").on(t.organizationId, t.status, t.number),
    index("sows_client_idx").on(t.organizationId, t.clientId, t.number),
    index("sows_project_idx").on(t.organizationId, t.projectId, t.number),
    index("sows_budget_idx").on(t.organizationId, t.budgetId),
    index("sows_date_idx").on(t.organizationId, t.sowDate),
    check("sows_number_positive", sql`${t.number} >= 1`),
    check("sows_title_not_blank", sql`length(btrim(${t.title})) > 0`),
    check("sows_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("sows_status_valid", sql`${t.status} in ('draft', 'sent', 'signed')`),
    check("sows_current_version_positive", sql`${t.currentVersion} >= 1`),
    check(
      "sows_signed_version_range",
      sql`${t.signedVersion} is null or ${t.signedVersion} between 1 and ${t.currentVersion}`,
    ),
    check("sows_fee_not_negative", sql`${t.feeMinor} >= 0`),
    check("sows_row_version_positive", sql`${t.rowVersion} >= 1`),
  ],
);

/** One version of a SOW: its whole content. Only the current version, while a draft, changes. */
export const sowVersions = pgTable(
  "sow_versions",
  {
    organizationId: orgId(),
    sowId: text("sow_id").notNull(),
    version: integer("version").notNull(),
    status: text("status", { enum: SOW_VERSION_STATUS_VALUES }).notNull(),
    /** Why this version was made (versions after the first). */
    reason: text("reason").notNull().default(""),
    scope: text("scope").notNull().default(""),
    feeMinor: money("fee_minor").notNull().default(0),
    /** The project's deliverable tasks (ClickUp type 2) as read, with whether each is included. */
    deliverables: jsonb("deliverables").$type<SowDeliverableSnapshot[]>().notNull().default([]),
    deliverablesReadAt: ts("deliverables_read_at"),
    terms: text("terms").notNull().default(""),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
    signedOn: date("signed_on", { mode: "string" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.sowId, t.version] }),
    foreignKey({
      name: "sow_versions_sow_fk",
      columns: [t.organizationId, t.sowId],
      foreignColumns: [sows.organizationId, sows.id],
    }).onDelete("cascade"),
    check("sow_versions_version_positive", sql`${t.version} >= 1`),
    check("sow_versions_status_valid", sql`${t.status} in ('draft', 'sent', 'signed', 'superseded')`),
    check("sow_versions_fee_not_negative", sql`${t.feeMinor} >= 0`),
    check("sow_versions_deliverables_array", sql`jsonb_typeof(${t.deliverables}) = 'array'`),
  ],
);

/** A payment of a version's schedule: a fixed amount or a share of the fee, and the invoice it proposed. */
export const sowPaymentEntries = pgTable(
  "sow_payment_entries",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    sowId: text("sow_id").notNull(),
    version: integer("version").notNull(),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    dueOn: date("due_on", { mode: "string" }),
    milestone: text("milestone").notNull().default(""),
    /** The amount (a percentage entry's share, largest-remainder rounded). */
    amountMinor: money("amount_minor").notNull(),
    /** The share of the fee it was given as (null: a fixed amount). */
    percentBp: integer("percent_bp"),
    /** The client invoice proposed from it (kept on the copies a new version makes). */
    invoiceId: text("invoice_id"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "sow_payment_entries_version_fk",
      columns: [t.organizationId, t.sowId, t.version],
      foreignColumns: [sowVersions.organizationId, sowVersions.sowId, sowVersions.version],
    }).onDelete("cascade"),
    foreignKey({
      name: "sow_payment_entries_invoice_fk",
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [clientInvoices.organizationId, clientInvoices.id],
    }),
    uniqueIndex("sow_payment_entries_position_idx").on(t.organizationId, t.sowId, t.version, t.position),
    index("sow_payment_entries_invoice_idx")
      .on(t.organizationId, t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    check("sow_payment_entries_position_not_negative", sql`${t.position} >= 0`),
    check("sow_payment_entries_label_not_blank", sql`length(btrim(${t.label})) > 0`),
    check("sow_payment_entries_amount_positive", sql`${t.amountMinor} > 0`),
    check(
      "sow_payment_entries_percent_range",
      sql`${t.percentBp} is null or ${t.percentBp} between 1 and 10000`,
    ),
  ],
);
