import { z } from "zod";
import { pageQueryFields, pagedSchema, commaListSchema } from "@domain/paging";
import {
  feeMinorSchema,
  scheduleAmountMinorSchema,
  schedulePercentBpSchema,
  sowStatusSchema,
  sowVersionStatusSchema,
} from "@domain/sows";
import { invoiceStatusSchema } from "@domain/invoices";
import { currencyCodeSchema } from "@domain/money";

/*
 * Request and response shapes of /api/sows (PRODUCT.md → SOW), shared with the web app. A
 * statement of work is per project (a ClickUp folder, as budgets and invoices name it) and
 * client, optionally tied to a budget of the project; it has numbered versions — scope,
 * deliverables (the project's ClickUp deliverable tasks, type 2, snapshotted), fee, payment
 * schedule and terms — and a lifecycle draft → sent → signed (domain/sows.ts). Money is integer
 * minor units of the SOW's currency; percentages are basis points. Numbers are gapless per
 * workspace (`SOW-0001`). Everything needs canViewFinancials.
 *
 * `rowVersion` is the optimistic-concurrency counter of the SOW row (every write bumps it; give
 * it back as `baseRowVersion` to get a 409 when someone changed the SOW meanwhile); `version` is
 * the document version (1, 2, …).
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

const daySchema = z.iso.date("must be a date (yyyy-mm-dd)");
const rowVersionSchema = z.number().int().min(1).max(2_147_483_647);

export const sowParamSchema = z.strictObject({ sowId: idSchema });
export const sowEntryParamSchema = z.strictObject({ sowId: idSchema, entryId: idSchema });

/** GET /api/sows/:id?version=n and /api/sows/:id/pdf?version=n (default: the current version). */
export const sowVersionQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type SowVersionQuery = z.infer<typeof sowVersionQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const titleSchema = z.string().trim().min(1, "must not be empty").max(200);
const scopeSchema = z.string().trim().max(20_000);
const termsSchema = z.string().trim().max(20_000);

/**
 * A payment of the schedule: a label, a due date or a milestone text (or neither), and exactly
 * one of an amount (minor units) or a share of the fee (basis points). `id` keeps an existing
 * entry (required to keep an entry an invoice was proposed from).
 */
export const scheduleEntryInputSchema = z
  .strictObject({
    id: idSchema.optional(),
    label: z.string().trim().min(1, "must not be empty").max(200),
    dueOn: daySchema.nullable().optional(),
    milestone: z.string().trim().max(200).optional(),
    amountMinor: scheduleAmountMinorSchema.nullable().optional(),
    percentBp: schedulePercentBpSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const amount = v.amountMinor !== undefined && v.amountMinor !== null;
    const percent = v.percentBp !== undefined && v.percentBp !== null;
    if (amount && percent)
      ctx.addIssue({
        code: "custom",
        path: ["percentBp"],
        message: "give an amount or a percentage, not both",
      });
    if (!amount && !percent)
      ctx.addIssue({ code: "custom", path: ["amountMinor"], message: "give an amount or a percentage" });
  });
export type ScheduleEntryInput = z.infer<typeof scheduleEntryInputSchema>;

/** The whole schedule (replaces every entry); it must add up to the fee exactly (400 naming `schedule`). */
const scheduleSchema = z.array(scheduleEntryInputSchema).max(100);

/** Which deliverables of the snapshot the SOW includes (the others stay listed, left out). */
const deliverableInclusionSchema = z
  .array(z.strictObject({ taskId: idSchema, included: z.boolean() }))
  .max(2000);

/** POST /api/sows: a draft (version 1) with the next SOW number and the project's deliverables. */
export const createSowSchema = z.strictObject({
  /** The project: a ClickUp folder of the workspace. */
  projectId: idSchema,
  clientId: idSchema,
  /** A budget of the project (needed to propose invoices from the schedule). */
  budgetId: idSchema.optional(),
  title: titleSchema,
  /** Default: the budget's currency, else the workspace's. Must be the budget's when both are given. */
  currency: currencyCodeSchema.optional(),
  scope: scopeSchema.optional(),
  /** Default 0. */
  feeMinor: feeMinorSchema.optional(),
  schedule: scheduleSchema.optional(),
  terms: termsSchema.optional(),
});
export type CreateSow = z.infer<typeof createSowSchema>;

/** PATCH /api/sows/:id (drafts only): only the fields given change; `schedule` replaces every entry. */
export const updateSowSchema = z
  .strictObject({
    title: titleSchema.optional(),
    /** null removes the budget. */
    budgetId: idSchema.nullable().optional(),
    scope: scopeSchema.optional(),
    feeMinor: feeMinorSchema.optional(),
    schedule: scheduleSchema.optional(),
    deliverables: deliverableInclusionSchema.optional(),
    terms: termsSchema.optional(),
    baseRowVersion: rowVersionSchema.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseRowVersion"), "nothing to change");
export type UpdateSow = z.infer<typeof updateSowSchema>;

/** POST /api/sows/:id/deliverables/refresh (drafts only): re-read the project's deliverable tasks. */
export const refreshDeliverablesSchema = z.strictObject({ baseRowVersion: rowVersionSchema.optional() });
export type RefreshDeliverables = z.infer<typeof refreshDeliverablesSchema>;

/** POST /api/sows/:id/send: e-mail the PDF to the client and mark the draft sent. */
export const sendSowSchema = z.strictObject({
  /** The recipient (default: the client's e-mail). */
  to: z.string().trim().max(254).pipe(z.email("must be an e-mail address")).optional(),
  message: z.string().trim().max(2000).optional(),
  baseRowVersion: rowVersionSchema.optional(),
});
export type SendSow = z.infer<typeof sendSowSchema>;

/** POST /api/sows/:id/sign: the client signed the sent version. */
export const signSowSchema = z.strictObject({
  signedByName: z.string().trim().min(1, "say who signed it").max(200),
  /** Default: today in the workspace time zone. */
  signedOn: daySchema.optional(),
  baseRowVersion: rowVersionSchema.optional(),
});
export type SignSow = z.infer<typeof signSowSchema>;

/** POST /api/sows/:id/versions: a new draft version n+1 from a sent or signed SOW. */
export const newSowVersionSchema = z.strictObject({
  /** Why the SOW changes (kept on the new version). */
  reason: z.string().trim().max(500).optional(),
  baseRowVersion: rowVersionSchema.optional(),
});
export type NewSowVersion = z.infer<typeof newSowVersionSchema>;

/** POST /api/sows/:id/schedule/:entryId/invoice: a draft client invoice for the entry's amount. */
export const proposeSowInvoiceSchema = z
  .strictObject({
    /** Default: today in the workspace time zone. */
    issueDate: daySchema.optional(),
    /** Default: the issue date plus the client's payment terms. */
    dueDate: daySchema.optional(),
    /** Explicitly allow an invoice above what is left to bill on the budget. */
    overrideLeftToBill: z.boolean().optional(),
  })
  .refine((v) => v.issueDate === undefined || v.dueDate === undefined || v.issueDate <= v.dueDate, {
    message: "must not be before the issue date",
    path: ["dueDate"],
  });
export type ProposeSowInvoice = z.infer<typeof proposeSowInvoiceSchema>;

export const SOW_SORT_KEYS = ["number", "date", "title", "client", "status", "fee", "updatedAt"] as const;
export type SowSortKey = (typeof SOW_SORT_KEYS)[number];

const listFilters = {
  /** One status, or several comma-separated (`status=draft,sent`). */
  status: commaListSchema(sowStatusSchema).optional(),
  clientId: idSchema.optional(),
  projectId: idSchema.optional(),
  /** The SOW's date (the day it was created, workspace zone) from and to (inclusive). */
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** Case-insensitive: the number (SOW-0042, 42), title or client name contains it. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(SOW_SORT_KEYS).default("number"),
  dir: z.enum(["asc", "desc"]).default("desc"),
};

const fromBeforeTo = (v: { from?: string | undefined; to?: string | undefined }) =>
  v.from === undefined || v.to === undefined || v.from <= v.to;

/** GET /api/sows?status&clientId&projectId&from&to&search&sort&dir&page&pageSize */
export const sowListQuerySchema = z
  .object({ ...listFilters, ...pageQueryFields() })
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type SowListQuery = z.infer<typeof sowListQuerySchema>;

/** GET /api/sows/export.csv (the list's filters and sort, every row). */
export const sowExportQuerySchema = z
  .object(listFilters)
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type SowExportQuery = z.infer<typeof sowExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const sowListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** SOW-0001 */
  displayNumber: z.string(),
  title: z.string(),
  /** The current version's status. */
  status: sowStatusSchema,
  /** The current version. */
  version: z.number().int(),
  /** The latest signed version (null when none was signed). */
  signedVersion: z.number().int().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  budgetId: z.string().nullable(),
  budgetName: z.string().nullable(),
  currency: z.string(),
  /** The current version's fee. */
  feeMinor: z.number().int(),
  /** The SOW's date (created, workspace zone). */
  date: z.string(),
  sentAt: z.string().nullable(),
  signedOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SowListItem = z.infer<typeof sowListItemSchema>;

export const sowTotalsSchema = z.array(
  z.object({ currency: z.string(), count: z.number().int(), feeMinor: z.number().int() }),
);

export const sowListResponseSchema = pagedSchema(sowListItemSchema)
  .extend({ totals: sowTotalsSchema })
  .meta({ id: "SowList" });
export type SowListResponse = z.infer<typeof sowListResponseSchema>;

/** A deliverable task as snapshotted (name and due date when it was read from the project). */
export const sowDeliverableSchema = z.object({
  taskId: z.string(),
  name: z.string(),
  /** yyyy-mm-dd in the workspace zone, or null. */
  dueDate: z.string().nullable(),
  included: z.boolean(),
  /** The task in ClickUp (as synced now; null when the task is gone or has no link). */
  url: z.string().nullable(),
});
export type SowDeliverable = z.infer<typeof sowDeliverableSchema>;

export const sowScheduleEntrySchema = z.object({
  id: z.string(),
  position: z.number().int(),
  label: z.string(),
  dueOn: z.string().nullable(),
  milestone: z.string(),
  /** The amount (for a percentage entry: its share of the fee, largest-remainder rounded). */
  amountMinor: z.number().int(),
  /** The share of the fee it was given as, or null for a fixed amount. */
  percentBp: z.number().int().nullable(),
  /** The client invoice proposed from it (null when none yet). */
  invoice: z
    .object({
      id: z.string(),
      displayNumber: z.string(),
      status: invoiceStatusSchema,
      totalMinor: z.number().int(),
    })
    .nullable(),
});
export type SowScheduleEntry = z.infer<typeof sowScheduleEntrySchema>;

export const sowVersionSummarySchema = z.object({
  version: z.number().int(),
  status: sowVersionStatusSchema,
  feeMinor: z.number().int(),
  reason: z.string(),
  createdBy: personSchema,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  signedOn: z.string().nullable(),
});
export type SowVersionSummary = z.infer<typeof sowVersionSummarySchema>;

export const SOW_ALLOWED_ACTIONS = [
  "edit",
  "refresh_deliverables",
  "send",
  "sign",
  "new_version",
  "propose_invoice",
] as const;

export const sowDetailSchema = sowListItemSchema
  .extend({
    client: z.object({
      id: z.string(),
      name: z.string(),
      contactName: z.string(),
      email: z.string(),
      address: z.string(),
    }),
    /** The version shown (the current one unless ?version=n). */
    shownVersion: z.number().int(),
    shownStatus: sowVersionStatusSchema,
    scope: z.string(),
    terms: z.string(),
    /** The shown version's fee. */
    shownFeeMinor: z.number().int(),
    deliverables: z.array(sowDeliverableSchema),
    /** When the deliverables were last read from the project. */
    deliverablesReadAt: z.string().nullable(),
    schedule: z.array(sowScheduleEntrySchema),
    /** Σ the schedule's amounts (equals the fee when the schedule is complete). */
    scheduleTotalMinor: z.number().int(),
    versions: z.array(sowVersionSummarySchema),
    /** What the current version allows the caller now. */
    allowedActions: z.array(z.enum(SOW_ALLOWED_ACTIONS)),
    createdBy: personSchema,
    sentBy: personSchema,
    sentTo: z.string().nullable(),
    signedByName: z.string().nullable(),
    signedRecordedBy: personSchema,
    rowVersion: z.number().int(),
  })
  .meta({ id: "Sow" });
export type SowDetail = z.infer<typeof sowDetailSchema>;

/** POST /api/sows/:id/schedule/:entryId/invoice → the SOW and the draft invoice made. */
export const proposedSowInvoiceSchema = z
  .object({
    sow: sowDetailSchema,
    invoice: z.object({ id: z.string(), displayNumber: z.string(), totalMinor: z.number().int() }),
  })
  .meta({ id: "SowProposedInvoice" });
export type ProposedSowInvoice = z.infer<typeof proposedSowInvoiceSchema>;
