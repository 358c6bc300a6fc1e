import { z } from "zod";
import { aicpSectionLetterSchema } from "@domain/aicp";
import { pageQueryFields, pagedSchema, commaListSchema } from "@domain/paging";
import {
  AGEING_BUCKETS,
  vendorBillActionSchema,
  vendorBillAmountSchema,
  vendorBillStatusSchema,
  vendorInvoiceNumberSchema,
} from "@domain/vendor-bills";

/*
 * Request and response shapes of /api/vendor-bills (PRODUCT.md → Vendor bill), shared with the
 * web app. A bill is the vendor's invoice entered against lines of one purchase order, or
 * straight against lines of an approved budget (flagged `withoutPo`). Money is integer minor
 * units of the bill's currency (its budget's). Numbers are gapless per workspace (`BILL-0001`).
 * Everything needs canViewFinancials, except approving, which a member may do within their
 * purchasing limit.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

const daySchema = z.iso.date("must be a date (yyyy-mm-dd)");
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const vendorBillParamSchema = z.strictObject({ billId: idSchema });

const lineInputSchema = z
  .strictObject({
    /** The PO line billed (a line of the bill's PO). */
    purchaseOrderLineId: idSchema.optional(),
    /** Or a line of the budget's working revision, by key, with no PO behind it. */
    budgetLineKey: idSchema.optional(),
    /** What is billed ("" = the PO line's or budget line's description). */
    description: z.string().trim().max(500).optional(),
    /** Whole minor units of the budget's currency, above 0. */
    amountMinor: vendorBillAmountSchema,
  })
  .refine((l) => (l.purchaseOrderLineId === undefined) !== (l.budgetLineKey === undefined), {
    message: "give either purchaseOrderLineId or budgetLineKey",
    path: ["purchaseOrderLineId"],
  });

const linesSchema = z.array(lineInputSchema).min(1, "a bill needs at least one line").max(200);

/** POST /api/vendor-bills: a received bill. */
export const createVendorBillSchema = z
  .strictObject({
    vendorId: idSchema,
    /** The PO billed (its vendor must be the bill's; its budget is the bill's). */
    purchaseOrderId: idSchema.optional(),
    /** The budget of a bill without a PO (with one, the PO's; if given it must match). */
    budgetId: idSchema.optional(),
    /** The vendor's own invoice number (unique per vendor in any case). */
    invoiceNumber: vendorInvoiceNumberSchema,
    /** The date on the vendor's invoice; the due date is it plus the vendor's payment terms. */
    billDate: daySchema,
    notes: z.string().trim().max(2000).optional(),
    lines: linesSchema,
  })
  .refine((v) => v.purchaseOrderId !== undefined || v.budgetId !== undefined, {
    message: "is required for a bill without a purchaseOrderId",
    path: ["budgetId"],
  });
export type CreateVendorBill = z.infer<typeof createVendorBillSchema>;
export type VendorBillLineInput = CreateVendorBill["lines"][number];

/** PATCH /api/vendor-bills/:id (received bills only); `lines` replaces every line. */
export const updateVendorBillSchema = z
  .strictObject({
    invoiceNumber: vendorInvoiceNumberSchema.optional(),
    billDate: daySchema.optional(),
    notes: z.string().trim().max(2000).optional(),
    lines: linesSchema.optional(),
    baseVersion: versionSchema.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change");
export type UpdateVendorBill = z.infer<typeof updateVendorBillSchema>;

/** POST /api/vendor-bills/:id/approve */
export const approveVendorBillSchema = z.strictObject({ baseVersion: versionSchema.optional() });
export type ApproveVendorBill = z.infer<typeof approveVendorBillSchema>;

/** POST /api/vendor-bills/:id/pay */
export const payVendorBillSchema = z.strictObject({
  /** The day the vendor was paid (not before the bill date). */
  paymentDate: daySchema,
  baseVersion: versionSchema.optional(),
});
export type PayVendorBill = z.infer<typeof payVendorBillSchema>;

/** POST /api/vendor-bills/:id/void: a received bill entered by mistake or refused. */
export const voidVendorBillSchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
  baseVersion: versionSchema.optional(),
});
export type VoidVendorBill = z.infer<typeof voidVendorBillSchema>;

export const VENDOR_BILL_SORT_KEYS = [
  "number",
  "billDate",
  "dueDate",
  "amount",
  "vendor",
  "status",
  "updatedAt",
] as const;
export type VendorBillSortKey = (typeof VENDOR_BILL_SORT_KEYS)[number];

/** One status, or several comma-separated (`status=a,b`). */
const statusesSchema = commaListSchema(vendorBillStatusSchema);

const listFilters = {
  status: statusesSchema.optional(),
  vendorId: idSchema.optional(),
  budgetId: idSchema.optional(),
  /** The budget's project (ClickUp folder). */
  projectId: idSchema.optional(),
  purchaseOrderId: idSchema.optional(),
  /** Due dates from and to (inclusive). */
  dueFrom: daySchema.optional(),
  dueTo: daySchema.optional(),
  /** Only bills with (true) or without (false) lines billed without a PO. */
  withoutPo: z.enum(["true", "false"]).optional(),
  /** `true`: due on or before the Sunday of `asOf`'s week (Monday–Sunday), overdue ones included. */
  dueThisWeek: z.enum(["true"]).optional(),
  /** Case-insensitive: the number (BILL-0042, 42), the vendor's invoice number or the vendor's name contains it. */
  search: z.string().trim().max(200).optional(),
  /** The day ageing is counted to (default: today in the workspace time zone). */
  asOf: daySchema.optional(),
  sort: z.enum(VENDOR_BILL_SORT_KEYS).default("dueDate"),
  dir: z.enum(["asc", "desc"]).default("asc"),
};

const fromBeforeTo = (v: { dueFrom?: string | undefined; dueTo?: string | undefined }) =>
  v.dueFrom === undefined || v.dueTo === undefined || v.dueFrom <= v.dueTo;

/** GET /api/vendor-bills?status&vendorId&budgetId&projectId&purchaseOrderId&dueFrom&dueTo&withoutPo&search&asOf&sort&dir&page&pageSize */
export const vendorBillListQuerySchema = z
  .object({ ...listFilters, ...pageQueryFields() })
  .refine(fromBeforeTo, { message: "must not be after `dueTo`", path: ["dueFrom"] });
export type VendorBillListQuery = z.infer<typeof vendorBillListQuerySchema>;

/** GET /api/vendor-bills/export.csv: the list's filters and sort, every row. */
export const vendorBillExportQuerySchema = z
  .object(listFilters)
  .refine(fromBeforeTo, { message: "must not be after `dueTo`", path: ["dueFrom"] });
export type VendorBillExportQuery = z.infer<typeof vendorBillExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();
const ageingBucketSchema = z.enum(AGEING_BUCKETS);

export const vendorBillListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** BILL-0001 */
  displayNumber: z.string(),
  status: vendorBillStatusSchema,
  vendorId: z.string(),
  vendorName: z.string(),
  invoiceNumber: z.string(),
  purchaseOrderId: z.string().nullable(),
  /** PO-0001 */
  purchaseOrderNumber: z.string().nullable(),
  budgetId: z.string(),
  budgetName: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  currency: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  amountMinor: z.number().int(),
  withoutPo: z.boolean(),
  /** Open bills (received, approved): days past due as of the list's `asOf` (negative before); else null. */
  daysPastDue: z.number().int().nullable(),
  ageingBucket: ageingBucketSchema.nullable(),
  paymentDate: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorBillListItem = z.infer<typeof vendorBillListItemSchema>;

/** Σ of the filtered set (every page), per currency. */
export const vendorBillTotalsSchema = z.array(
  z.object({
    currency: z.string(),
    count: z.number().int(),
    amountMinor: z.number().int(),
    /** Received and approved: still owed. */
    openMinor: z.number().int(),
    paidMinor: z.number().int(),
  }),
);

/** What the filtered set still owes per ageing bucket, per currency. */
export const vendorBillAgeingSchema = z.array(
  z.object({
    currency: z.string(),
    buckets: z.object({
      not_due: z.number().int(),
      days_0_30: z.number().int(),
      days_31_60: z.number().int(),
      days_61_90: z.number().int(),
      days_90_plus: z.number().int(),
    }),
  }),
);

export const vendorBillListResponseSchema = pagedSchema(vendorBillListItemSchema)
  .extend({ asOf: z.string(), totals: vendorBillTotalsSchema, ageing: vendorBillAgeingSchema })
  .meta({ id: "VendorBillList" });
export type VendorBillListResponse = z.infer<typeof vendorBillListResponseSchema>;

export const vendorBillLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  purchaseOrderLineId: z.string().nullable(),
  budgetLineKey: z.string(),
  section: aicpSectionLetterSchema,
  /** The budget line in its budget's latest revision (null when gone). */
  budgetLineNumber: z.string().nullable(),
  budgetLineDescription: z.string().nullable(),
  description: z.string(),
  amountMinor: z.number().int(),
  /** The PO line's amount, and what other bills that are not void leave of it (null without a PO). */
  poLineAmountMinor: z.number().int().nullable(),
  poLineRemainingMinor: z.number().int().nullable(),
  withoutPo: z.boolean(),
});
export type VendorBillLineView = z.infer<typeof vendorBillLineSchema>;

export const vendorBillDetailSchema = vendorBillListItemSchema
  .extend({
    vendor: z.object({ id: z.string(), name: z.string(), paymentTermsDays: z.number().int() }),
    notes: z.string(),
    lines: z.array(vendorBillLineSchema),
    /** What the bill's PO lines do not cover: approving it needs authority for `unapprovedMinor`. */
    approval: z.object({
      overPoMinor: z.number().int(),
      withoutPoMinor: z.number().int(),
      unapprovedMinor: z.number().int(),
      needsAuthority: z.boolean(),
    }),
    allowedActions: z.array(vendorBillActionSchema),
    editable: z.boolean(),
    createdBy: personSchema,
    approvedBy: personSchema,
    paidBy: personSchema,
    voidedBy: personSchema,
    voidedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    /** Send it back as `baseVersion`. */
    version: z.number().int(),
  })
  .meta({ id: "VendorBill" });
export type VendorBillDetail = z.infer<typeof vendorBillDetailSchema>;
