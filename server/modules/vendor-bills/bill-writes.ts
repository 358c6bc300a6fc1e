import {
  poBillableRefusal,
  vendorBillTotal,
  vendorBillTransition,
  type VendorBillAction,
  type VendorBillStatus,
} from "@domain/vendor-bills";
import { formatPurchaseOrderNumber } from "@domain/purchase-orders";
import { transaction, type Executor, type Tx } from "../../db/executor";
import type { vendorBillLines } from "../../db/schema";
import { AppError, badRequest, conflict, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { lockedPurchaseOrder } from "../purchase-orders/po-writes";
import { budgetLinesByKey, selectPoBudget, type PurchaseOrderHeadRow } from "../purchase-orders/repo";
import { isUniqueViolation } from "../vendors/repo";
import type { VendorBillLineInput } from "./contract";
import { invoiceNumberTaken, lockVendorBill, poLinesOf, type VendorBillHeadRow } from "./repo";

/*
 * What bill writes share: the locked bill (404 when it is not the workspace's), the stale-version
 * 409, the vendor's invoice number (unique per vendor in any case among bills not void: 409
 * naming the field, also when two writes race past the check and the unique index refuses the
 * second), the PO billed (sent or billed already, the bill's vendor's), the budget's working
 * revision, and the lines checked against them (400 naming the line).
 */

/** The document kind of bills in document_numbers. */
export const VENDOR_BILL_KIND = "vendor_bill";

/** Lock the bill row (select … for update); 404 when not the workspace's. */
export async function lockedVendorBill(
  tx: Executor,
  ctx: RequestContext,
  billId: string,
): Promise<VendorBillHeadRow> {
  const row = await lockVendorBill(tx, ctx.organizationId, billId);
  if (!row) throw notFound("Vendor bill not found");
  return row;
}

/** 409 when the client names a version that is no longer the bill's. */
export function requireBillVersion(row: VendorBillHeadRow, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== row.version) {
    throw conflict(
      "This vendor bill was changed by someone else since you opened it: reload it and try again.",
    );
  }
}

export function invoiceNumberInUse(invoiceNumber: string): AppError {
  return new AppError(
    409,
    "conflict",
    `This vendor already has a bill with invoice number "${invoiceNumber}".`,
    [{ field: "invoiceNumber", message: "is already on another bill of this vendor" }],
  );
}

/** 409 naming the field when another bill of the vendor (not void) has this invoice number in any case. */
export async function requireFreeInvoiceNumber(
  tx: Executor,
  ctx: RequestContext,
  vendorId: string,
  invoiceNumber: string,
  exceptBillId?: string,
): Promise<void> {
  if (await invoiceNumberTaken(tx, ctx.organizationId, vendorId, invoiceNumber, exceptBillId)) {
    throw invoiceNumberInUse(invoiceNumber);
  }
}

/** One bill write in its own transaction; the unique index's refusal becomes the invoice number's 409. */
export async function billWrite<T>(
  ctx: RequestContext,
  invoiceNumber: string | undefined,
  fn: (tx: Tx) => Promise<T>,
) {
  try {
    return await transaction(ctx.deps.database, fn);
  } catch (error) {
    if (invoiceNumber !== undefined && isUniqueViolation(error, "vendor_bills_invoice_number_idx")) {
      throw invoiceNumberInUse(invoiceNumber);
    }
    throw error;
  }
}

/**
 * The PO a bill is entered against, locked: 404 when not the workspace's; 409 with the PO
 * lifecycle's reason unless it has been sent (or is partly or fully billed).
 */
export async function billablePurchaseOrder(
  tx: Executor,
  ctx: RequestContext,
  purchaseOrderId: string,
): Promise<PurchaseOrderHeadRow> {
  const po = await lockedPurchaseOrder(tx, ctx, purchaseOrderId);
  const refusal = poBillableRefusal(po.status, formatPurchaseOrderNumber(po.number));
  if (refusal) throw conflict(refusal);
  return po;
}

/** The bill's budget and its working (approved) revision: 404 when not the workspace's, 409 without one. */
export async function billBudget(tx: Executor, ctx: RequestContext, budgetId: string) {
  const budget = await selectPoBudget(tx, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  if (budget.working_revision_number === null) {
    throw conflict("This budget has no approved revision yet: bills are entered against an approved budget.");
  }
  return { budget, revisionNumber: budget.working_revision_number };
}

export type BillLineInsert = typeof vendorBillLines.$inferInsert;

function invalid(fields: FieldError[]): AppError {
  return new AppError(
    400,
    "validation_failed",
    `Invalid body: ${fields[0]!.field} — ${fields[0]!.message}`,
    fields,
  );
}

/**
 * The bill's lines as rows to insert: a PO line must be a line of the bill's PO (its budget line
 * key and section are copied), a budget line key a line of the budget's working revision (400
 * naming `lines.i.…` otherwise). Returns them with their sum (400 past 2^53) and whether any is
 * billed without a PO.
 */
export async function resolveBillLines(
  tx: Executor,
  ctx: RequestContext,
  target: {
    billId: string;
    budgetId: string;
    revisionNumber: number;
    purchaseOrder: PurchaseOrderHeadRow | null;
  },
  lines: readonly VendorBillLineInput[],
): Promise<{ rows: BillLineInsert[]; totalMinor: number; withoutPo: boolean }> {
  const po = target.purchaseOrder;
  const poLines = po
    ? new Map((await poLinesOf(tx, ctx.organizationId, po.id)).map((l) => [l.id, l]))
    : new Map();
  const keys = lines.flatMap((l) => (l.budgetLineKey === undefined ? [] : [l.budgetLineKey]));
  const budgetLines = new Map(
    (await budgetLinesByKey(tx, ctx.organizationId, target.budgetId, target.revisionNumber, keys)).map(
      (l) => [l.key, l],
    ),
  );
  const fields: FieldError[] = [];
  lines.forEach((l, i) => {
    if (l.purchaseOrderLineId !== undefined && !poLines.has(l.purchaseOrderLineId)) {
      fields.push({
        field: `lines.${i}.purchaseOrderLineId`,
        message: po
          ? `is not a line of ${formatPurchaseOrderNumber(po.number)}`
          : "needs the bill's purchaseOrderId",
      });
    }
    if (l.budgetLineKey !== undefined && !budgetLines.has(l.budgetLineKey)) {
      fields.push({
        field: `lines.${i}.budgetLineKey`,
        message: `is not a line of revision ${target.revisionNumber} of this budget`,
      });
    }
  });
  if (fields.length) throw invalid(fields);
  let totalMinor: number;
  try {
    totalMinor = vendorBillTotal(lines);
  } catch (error) {
    if (error instanceof RangeError) {
      throw badRequest("lines: the amounts add up to more than can be kept exactly", [
        { field: "lines", message: "add up to too large an amount" },
      ]);
    }
    throw error;
  }
  const rows = lines.map((l, position): BillLineInsert => {
    const base = {
      organizationId: ctx.organizationId,
      id: newId(),
      billId: target.billId,
      position,
      amountMinor: l.amountMinor,
    };
    if (l.purchaseOrderLineId !== undefined) {
      const poLine = poLines.get(l.purchaseOrderLineId)!;
      return {
        ...base,
        purchaseOrderLineId: poLine.id,
        budgetLineKey: poLine.budget_line_key,
        section: poLine.section,
        description: l.description || poLine.description,
      };
    }
    const budgetLine = budgetLines.get(l.budgetLineKey!)!;
    return {
      ...base,
      purchaseOrderLineId: null,
      budgetLineKey: budgetLine.key,
      section: budgetLine.section,
      description: l.description || budgetLine.description,
    };
  });
  return { rows, totalMinor, withoutPo: rows.some((r) => r.purchaseOrderLineId === null) };
}

/**
 * Lock the bill and check one lifecycle step: 409 with the domain's reason when it is illegal
 * from the bill's status, or the version seen is stale. Returns the bill as it was and the new status.
 */
export async function checkedBillStep(
  tx: Executor,
  ctx: RequestContext,
  billId: string,
  action: VendorBillAction,
  baseVersion: number | undefined,
): Promise<{ head: VendorBillHeadRow; to: VendorBillStatus }> {
  const head = await lockedVendorBill(tx, ctx, billId);
  const result = vendorBillTransition(head.status, action);
  if (!result.ok) throw conflict(result.reason);
  requireBillVersion(head, baseVersion);
  return { head, to: result.to };
}
