import { z } from "zod";
import { aicpSectionLetterSchema } from "@domain/aicp";
import { pageQueryFields, pagedSchema, commaListSchema } from "@domain/paging";
import {
  purchaseOrderActionSchema,
  purchaseOrderAmountSchema,
  purchaseOrderStatusSchema,
  purchaseOrderUserActionSchema,
} from "@domain/purchase-orders";

/*
 * Request and response shapes of /api/purchase-orders (PRODUCT.md → Purchase orders), shared
 * with the web app. A PO is raised from lines of an approved budget revision; each of its lines
 * names a budget line by its stable key. Money is integer minor units of the PO's currency (its
 * budget's). Numbers are gapless per workspace (`PO-0001`). Everything here needs
 * canViewFinancials, except approving, which a member may do up to their purchasing limit.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

const daySchema = z.iso.date("must be a date (yyyy-mm-dd)");
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const purchaseOrderParamSchema = z.strictObject({ purchaseOrderId: idSchema });

const lineInputSchema = z.strictObject({
  /** The budget line's key (the same line across the budget's revisions). */
  budgetLineKey: idSchema,
  /** What is ordered ("" = the budget line's description). */
  description: z.string().trim().max(500).optional(),
  /** Whole minor units of the budget's currency, above 0. */
  amountMinor: purchaseOrderAmountSchema,
});

const linesSchema = z.array(lineInputSchema).min(1, "a purchase order needs at least one line").max(200);

/** POST /api/purchase-orders: a draft. */
export const createPurchaseOrderSchema = z.strictObject({
  vendorId: idSchema,
  budgetId: idSchema,
  /** The approved revision the lines come from (default: the budget's working revision). */
  revisionNumber: z.number().int().min(0).max(100_000).optional(),
  /** The date on the order (default: today in the workspace time zone). */
  orderDate: daySchema.optional(),
  description: z.string().trim().max(500).optional(),
  notes: z.string().trim().max(2000).optional(),
  lines: linesSchema,
});
export type CreatePurchaseOrder = z.infer<typeof createPurchaseOrderSchema>;

/** PATCH /api/purchase-orders/:id (drafts only); `lines` replaces every line. */
export const updatePurchaseOrderSchema = z
  .strictObject({
    vendorId: idSchema.optional(),
    orderDate: daySchema.optional(),
    description: z.string().trim().max(500).optional(),
    notes: z.string().trim().max(2000).optional(),
    lines: linesSchema.optional(),
    /** The PO's version the client saw (409 when it has changed since); optional. */
    baseVersion: versionSchema.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change");
export type UpdatePurchaseOrder = z.infer<typeof updatePurchaseOrderSchema>;

/** POST /api/purchase-orders/:id/transitions: submit, return, close or cancel. */
export const purchaseOrderTransitionSchema = z.strictObject({
  action: purchaseOrderUserActionSchema,
  /** Why it is cancelled (kept on the PO and in the audit trail). */
  reason: z.string().trim().max(500).optional(),
  baseVersion: versionSchema.optional(),
});
export type PurchaseOrderTransitionInput = z.infer<typeof purchaseOrderTransitionSchema>;

/** POST /api/purchase-orders/:id/approve */
export const approvePurchaseOrderSchema = z.strictObject({ baseVersion: versionSchema.optional() });
export type ApprovePurchaseOrder = z.infer<typeof approvePurchaseOrderSchema>;

/** POST /api/purchase-orders/:id/send: e-mail the PDF to the vendor and mark the PO sent. */
export const sendPurchaseOrderSchema = z.strictObject({
  /** The recipient (default: the vendor's e-mail). */
  to: z.string().trim().max(254).pipe(z.email("must be an e-mail address")).optional(),
  /** A note above the order in the mail. */
  message: z.string().trim().max(2000).optional(),
  baseVersion: versionSchema.optional(),
});
export type SendPurchaseOrder = z.infer<typeof sendPurchaseOrderSchema>;

export const PURCHASE_ORDER_SORT_KEYS = [
  "number",
  "orderDate",
  "amount",
  "vendor",
  "status",
  "updatedAt",
] as const;
export type PurchaseOrderSortKey = (typeof PURCHASE_ORDER_SORT_KEYS)[number];

/** One status, or several comma-separated (`status=a,b`). */
const statusesSchema = commaListSchema(purchaseOrderStatusSchema);

const listFilters = {
  status: statusesSchema.optional(),
  vendorId: idSchema.optional(),
  budgetId: idSchema.optional(),
  /** The budget's project (ClickUp folder). */
  projectId: idSchema.optional(),
  /** Order dates from and to (inclusive). */
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** Case-insensitive: the number (PO-0042, 42), vendor name or description contains it. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(PURCHASE_ORDER_SORT_KEYS).default("number"),
  dir: z.enum(["asc", "desc"]).default("desc"),
};

const fromBeforeTo = (v: { from?: string | undefined; to?: string | undefined }) =>
  v.from === undefined || v.to === undefined || v.from <= v.to;

/** GET /api/purchase-orders?status&vendorId&budgetId&projectId&from&to&search&sort&dir&page&pageSize */
export const purchaseOrderListQuerySchema = z
  .object({ ...listFilters, ...pageQueryFields() })
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type PurchaseOrderListQuery = z.infer<typeof purchaseOrderListQuerySchema>;

/** GET /api/purchase-orders/export.csv: the list's filters and sort, every row. */
export const purchaseOrderExportQuerySchema = z
  .object(listFilters)
  .refine(fromBeforeTo, { message: "must not be after `to`", path: ["from"] });
export type PurchaseOrderExportQuery = z.infer<typeof purchaseOrderExportQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const purchaseOrderListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** PO-0001 */
  displayNumber: z.string(),
  status: purchaseOrderStatusSchema,
  vendorId: z.string(),
  vendorName: z.string(),
  budgetId: z.string(),
  budgetName: z.string(),
  revisionNumber: z.number().int(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  currency: z.string(),
  orderDate: z.string(),
  description: z.string(),
  amountMinor: z.number().int(),
  billedMinor: z.number().int(),
  /** Still committed on the budget (approved, sent, partially billed: amount − billed). */
  committedMinor: z.number().int(),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseOrderListItem = z.infer<typeof purchaseOrderListItemSchema>;

/** Σ of the filtered set (every page), per currency. */
export const purchaseOrderTotalsSchema = z.array(
  z.object({
    currency: z.string(),
    count: z.number().int(),
    amountMinor: z.number().int(),
    billedMinor: z.number().int(),
    committedMinor: z.number().int(),
  }),
);

export const purchaseOrderListResponseSchema = pagedSchema(purchaseOrderListItemSchema)
  .extend({ totals: purchaseOrderTotalsSchema })
  .meta({ id: "PurchaseOrderList" });
export type PurchaseOrderListResponse = z.infer<typeof purchaseOrderListResponseSchema>;

export const purchaseOrderLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  budgetLineKey: z.string(),
  /** The budget line's section and number (in the PO's revision; null when the line is gone). */
  section: aicpSectionLetterSchema,
  budgetLineNumber: z.string().nullable(),
  budgetLineDescription: z.string().nullable(),
  description: z.string(),
  amountMinor: z.number().int(),
  billedMinor: z.number().int(),
  committedMinor: z.number().int(),
});
export type PurchaseOrderLineView = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderDetailSchema = purchaseOrderListItemSchema
  .extend({
    vendor: z.object({
      id: z.string(),
      name: z.string(),
      contactName: z.string(),
      email: z.string(),
      taxId: z.string(),
      paymentTermsDays: z.number().int(),
      archived: z.boolean(),
    }),
    clientName: z.string().nullable(),
    notes: z.string(),
    lines: z.array(purchaseOrderLineSchema),
    /** What can be done now (the bill steps are vendor bills', not offered). */
    allowedActions: z.array(purchaseOrderActionSchema),
    editable: z.boolean(),
    createdBy: personSchema,
    submittedBy: personSchema,
    submittedAt: z.string().nullable(),
    approvedBy: personSchema,
    sentBy: personSchema,
    /** Who it was e-mailed to. */
    sentTo: z.string().nullable(),
    cancelledBy: personSchema,
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    closedAt: z.string().nullable(),
    /** Send it back as `baseVersion`. */
    version: z.number().int(),
  })
  .meta({ id: "PurchaseOrder" });
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;

/** GET /api/purchase-orders/approvals?page&pageSize: the POs waiting for approval, oldest first. */
export const purchaseOrderApprovalsQuerySchema = z.object(pageQueryFields({ max: 100, fallback: 20 }));
export type PurchaseOrderApprovalsQuery = z.infer<typeof purchaseOrderApprovalsQuerySchema>;

/** A PO waiting for approval, and whether the caller may approve it (else why not). */
export const purchaseOrderApprovalSchema = purchaseOrderListItemSchema.extend({
  /** Null when the caller may approve it; else the reason (domain approvalRefusal). */
  refusal: z.string().nullable(),
});
export type PurchaseOrderApproval = z.infer<typeof purchaseOrderApprovalSchema>;

/**
 * The approvals inbox of owners, admins and anyone with a purchasing limit (Settings → People):
 * the POs waiting for approval with, per PO, whether the caller may approve it; empty for anyone
 * else.
 */
export const purchaseOrderApprovalsResponseSchema = pagedSchema(purchaseOrderApprovalSchema)
  .extend({
    /** The caller's purchasing limit (minor units of `currency`); null for none (owners and admins need none). */
    purchasingLimitMinor: z.number().int().nullable(),
    currency: z.string(),
  })
  .meta({ id: "PurchaseOrderApprovals" });
export type PurchaseOrderApprovalsResponse = z.infer<typeof purchaseOrderApprovalsResponseSchema>;
