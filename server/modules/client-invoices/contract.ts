import { z } from "zod";
import { pageQueryFields, pagedSchema, commaListSchema } from "@domain/paging";
import {
  invoiceKindSchema,
  invoicePercentBpSchema,
  invoiceStatusSchema,
  markupBpSchema,
  positiveMinorSchema,
} from "@domain/invoices";
import { minorUnitsSchema } from "@domain/money";

/*
 * Request and response shapes of /api/client-invoices and /api/clients (PRODUCT.md → Client
 * invoices), shared with the web app. An invoice bills a budget's job: a deposit (default 75 %
 * of the approved estimate), a progress invoice (a percentage of it, or chosen budget lines) or
 * a final one (actuals: time × client rate, re-billed costs with markup, less what was
 * invoiced). Money is integer minor units of the budget's currency; percentages and markups are
 * basis points. Numbers are gapless per workspace (`INV-0001`). Everything needs
 * canViewFinancials.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

const daySchema = z.iso.date("must be a date (yyyy-mm-dd)");
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const invoiceParamSchema = z.strictObject({ invoiceId: idSchema });
export const clientParamSchema = z.strictObject({ clientId: idSchema });

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------

const clientFields = {
  name: z.string().trim().min(1, "must not be empty").max(200),
  contactName: z.string().trim().max(200),
  /** Where invoices are sent ("" = none). */
  email: z.union([z.literal(""), z.string().trim().max(254).pipe(z.email("must be an e-mail address"))]),
  /** The billing address as printed (several lines). */
  address: z.string().trim().max(1000),
  taxId: z.string().trim().max(64),
  /** Days from an invoice's date to its due date. */
  paymentTermsDays: z.number().int("must be a whole number of days").min(0).max(365),
  notes: z.string().trim().max(2000),
};

/** POST /api/clients */
export const createClientSchema = z.strictObject({
  name: clientFields.name,
  contactName: clientFields.contactName.optional(),
  email: clientFields.email.optional(),
  address: clientFields.address.optional(),
  taxId: clientFields.taxId.optional(),
  /** Default 30. */
  paymentTermsDays: clientFields.paymentTermsDays.optional(),
  notes: clientFields.notes.optional(),
});
export type CreateClient = z.infer<typeof createClientSchema>;

/** PATCH /api/clients/:clientId: only the fields given change. */
export const updateClientSchema = z
  .strictObject({
    name: clientFields.name.optional(),
    contactName: clientFields.contactName.optional(),
    email: clientFields.email.optional(),
    address: clientFields.address.optional(),
    taxId: clientFields.taxId.optional(),
    paymentTermsDays: clientFields.paymentTermsDays.optional(),
    notes: clientFields.notes.optional(),
    /** An archived client stays on its invoices but takes no new one. */
    archived: z.boolean().optional(),
    baseVersion: versionSchema.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change");
export type UpdateClient = z.infer<typeof updateClientSchema>;

export const CLIENT_SORT_KEYS = ["name", "paymentTermsDays", "createdAt", "updatedAt"] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

/** GET /api/clients?search&archived&sort&dir&page&pageSize */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  archived: z.enum(["active", "archived", "all"]).default("active"),
  sort: z.enum(CLIENT_SORT_KEYS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contactName: z.string(),
    email: z.string(),
    address: z.string(),
    taxId: z.string(),
    paymentTermsDays: z.number().int(),
    notes: z.string(),
    archived: z.boolean(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Client" });
export type Client = z.infer<typeof clientSchema>;

export const clientListResponseSchema = pagedSchema(clientSchema).meta({ id: "ClientList" });
export type ClientListResponse = z.infer<typeof clientListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Invoices: requests
// ---------------------------------------------------------------------------------------------

/**
 * How an invoice's amount is formed from its budget: a deposit (`percentBp`, default 7500), a
 * progress invoice (`percentBp` of the estimate, or `lineKeys`: those budget lines' estimates),
 * a final invoice (`markupBp` on re-billed costs, default the budget's production fee).
 */
const basisFields = {
  budgetId: idSchema,
  kind: invoiceKindSchema,
  percentBp: invoicePercentBpSchema.optional(),
  lineKeys: z.array(idSchema).min(1, "choose at least one budget line").max(500).optional(),
  markupBp: markupBpSchema.optional(),
};

type Basis = {
  kind: string;
  percentBp?: number | undefined;
  lineKeys?: string[] | undefined;
  markupBp?: number | undefined;
  /** Lines typed by hand (create and update only). */
  lines?: unknown[] | undefined;
};

/** The combinations of basis fields each kind takes (400 naming the field otherwise). */
function checkBasis(v: Basis, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.kind !== "progress" && v.lineKeys !== undefined) issue("lineKeys", "is for progress invoices only");
  if (v.kind !== "final" && v.markupBp !== undefined) issue("markupBp", "is for final invoices only");
  if (v.kind === "final" && v.percentBp !== undefined) issue("percentBp", "is not for final invoices");
  if (v.kind === "progress") {
    if (v.percentBp === undefined && v.lineKeys === undefined && v.lines === undefined)
      issue("percentBp", "give a percentage of the estimate, lineKeys or lines");
    if (v.percentBp !== undefined && v.lineKeys !== undefined)
      issue("lineKeys", "give either a percentage or lines, not both");
  }
}

/** POST /api/client-invoices/propose: what an invoice would bill, nothing saved. */
export const proposeInvoiceSchema = z.strictObject(basisFields).superRefine(checkBasis);
export type ProposeInvoice = z.infer<typeof proposeInvoiceSchema>;

/** A line typed by hand (replaces the computed lines): any non-zero whole amount. */
const manualLineSchema = z.strictObject({
  description: z.string().trim().min(1, "must not be empty").max(500),
  amountMinor: minorUnitsSchema.refine((v) => v !== 0, "must not be 0"),
});
const manualLinesSchema = z.array(manualLineSchema).min(1, "an invoice needs at least one line").max(200);

const headFields = {
  /** The client billed (default: the project's client by name, made a client record when new). */
  clientId: idSchema.optional(),
  /** The client's own PO number, printed on the invoice. */
  clientPoNumber: z.string().trim().max(100).optional(),
  /** Default: today in the workspace time zone. */
  issueDate: daySchema.optional(),
  /** Default: the issue date plus the client's payment terms. */
  dueDate: daySchema.optional(),
  notes: z.string().trim().max(2000).optional(),
  /** Lines typed by hand instead of the computed ones. */
  lines: manualLinesSchema.optional(),
  /** Explicitly allow an invoice above what is left to bill on the job. */
  overrideLeftToBill: z.boolean().optional(),
};

const dueNotBeforeIssue = (v: { issueDate?: string | undefined; dueDate?: string | undefined }) =>
  v.issueDate === undefined || v.dueDate === undefined || v.issueDate <= v.dueDate;

/** POST /api/client-invoices: a draft, with the next INV number. */
export const createInvoiceSchema = z
  .strictObject({ ...basisFields, ...headFields })
  .superRefine(checkBasis)
  .refine(dueNotBeforeIssue, { message: "must not be before the issue date", path: ["dueDate"] });
export type CreateInvoice = z.infer<typeof createInvoiceSchema>;

/** PATCH /api/client-invoices/:id (drafts only). `lines` replaces every line. */
export const updateInvoiceSchema = z
  .strictObject({ ...headFields, baseVersion: versionSchema.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change")
  .refine(dueNotBeforeIssue, { message: "must not be before the issue date", path: ["dueDate"] });
export type UpdateInvoice = z.infer<typeof updateInvoiceSchema>;

/** POST /api/client-invoices/:id/send: e-mail the PDF to the client and mark it sent. */
export const sendInvoiceSchema = z.strictObject({
  /** The recipient (default: the client's e-mail). */
  to: z.string().trim().max(254).pipe(z.email("must be an e-mail address")).optional(),
  message: z.string().trim().max(2000).optional(),
  baseVersion: versionSchema.optional(),
});
export type SendInvoice = z.infer<typeof sendInvoiceSchema>;

/** POST /api/client-invoices/:id/payments: a payment received (partial allowed). */
export const recordPaymentSchema = z.strictObject({
  amountMinor: positiveMinorSchema,
  /** The day the money arrived (default: today in the workspace time zone). */
  paidOn: daySchema.optional(),
  reference: z.string().trim().max(200).optional(),
});
export type RecordPayment = z.infer<typeof recordPaymentSchema>;

/** POST /api/client-invoices/:id/void: the number is kept; a reason is required. */
export const voidInvoiceSchema = z.strictObject({
  reason: z.string().trim().min(1, "say why the invoice is voided").max(500),
  baseVersion: versionSchema.optional(),
});
export type VoidInvoice = z.infer<typeof voidInvoiceSchema>;

export const INVOICE_SORT_KEYS = [
  "number",
  "issueDate",
  "dueDate",
  "amount",
  "outstanding",
  "client",
  "status",
  "updatedAt",
] as const;
export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

/** One status, or several comma-separated (`status=a,b`). */
const statusesSchema = commaListSchema(invoiceStatusSchema);

const listFilters = {
  status: statusesSchema.optional(),
  clientId: idSchema.optional(),
  projectId: idSchema.optional(),
  budgetId: idSchema.optional(),
  kind: invoiceKindSchema.optional(),
  /** Issue dates from and to (inclusive). */
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** Only invoices sent, not paid in full and past their due date (today in the workspace zone). */
  overdue: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  /** Case-insensitive: the number (INV-0042, 42), client name or client PO number contains it. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(INVOICE_SORT_KEYS).default("number"),
  dir: z.enum(["asc", "desc"]).default("desc"),
};

const fromBeforeTo = (v: { from?: string | undefined; to?: string | undefined }) =>
  v.from === undefined || v.to === undefined || v.from <= v.to;

/** GET /api/client-invoices?status&clientId&projectId&budgetId&kind&from&to&overdue&search&sort&dir&page&pageSize */
export const invoiceListQuerySchema = z
  .object({ ...listFilters, ...pageQueryFields() })
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceExportQuerySchema = z
  .object(listFilters)
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const invoiceLineSchema = z.object({
  kind: z.enum(["amount", "budget_line", "labour", "cost", "less_invoiced"]),
  description: z.string(),
  budgetLineKey: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  rateMinor: z.number().int().nullable(),
  costMinor: z.number().int().nullable(),
  markupBp: z.number().int().nullable(),
  markupMinor: z.number().int().nullable(),
  amountMinor: z.number().int(),
});
export type InvoiceLineView = z.infer<typeof invoiceLineSchema>;

export const invoiceProposalSchema = z
  .object({
    budgetId: z.string(),
    kind: invoiceKindSchema,
    currency: z.string(),
    clientName: z.string().nullable(),
    /** The approved estimate's grand total (working revision). */
    estimateMinor: z.number().int(),
    /** What the job may bill: the estimate (deposit, progress) or the actuals (final). */
    billableMinor: z.number().int(),
    /** Σ the job's invoices that are not void. */
    invoicedMinor: z.number().int(),
    leftToBillMinor: z.number().int(),
    percentBp: z.number().int().nullable(),
    markupBp: z.number().int().nullable(),
    /** Final: time with no client rate, left off the invoice (minutes). */
    unpricedMinutes: z.number().int(),
    lines: z.array(invoiceLineSchema),
    totalMinor: z.number().int(),
    /** Why creating it as it stands would be refused (left to bill, nothing to bill); null if not. */
    refusal: z.string().nullable(),
  })
  .meta({ id: "InvoiceProposal" });
export type InvoiceProposal = z.infer<typeof invoiceProposalSchema>;

export const invoiceListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** INV-0001 */
  displayNumber: z.string(),
  kind: invoiceKindSchema,
  status: invoiceStatusSchema,
  clientId: z.string(),
  clientName: z.string(),
  clientPoNumber: z.string(),
  budgetId: z.string(),
  budgetName: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  currency: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  outstandingMinor: z.number().int(),
  /** Sent, not paid in full, past its due date today (workspace time zone). */
  overdue: z.boolean(),
  daysOverdue: z.number().int(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceTotalsSchema = z.array(
  z.object({
    currency: z.string(),
    count: z.number().int(),
    totalMinor: z.number().int(),
    paidMinor: z.number().int(),
    outstandingMinor: z.number().int(),
  }),
);

export const invoiceListResponseSchema = pagedSchema(invoiceListItemSchema)
  .extend({ totals: invoiceTotalsSchema })
  .meta({ id: "ClientInvoiceList" });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  amountMinor: z.number().int(),
  paidOn: z.string(),
  reference: z.string(),
  recordedBy: personSchema,
  recordedAt: z.string(),
});

export const invoiceDetailSchema = invoiceListItemSchema
  .extend({
    client: clientSchema.omit({ notes: true, version: true, createdAt: true, updatedAt: true }),
    percentBp: z.number().int().nullable(),
    markupBp: z.number().int().nullable(),
    overLeftToBill: z.boolean(),
    notes: z.string(),
    lines: z.array(invoiceLineSchema),
    payments: z.array(paymentSchema),
    allowedActions: z.array(z.enum(["send", "pay", "void"])),
    editable: z.boolean(),
    createdBy: personSchema,
    sentBy: personSchema,
    sentTo: z.string().nullable(),
    paidAt: z.string().nullable(),
    voidedBy: personSchema,
    voidedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: "ClientInvoice" });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
