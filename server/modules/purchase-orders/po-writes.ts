import { todayInZone } from "@domain/calendar";
import { purchaseOrderTotal } from "@domain/purchase-orders";
import type { Executor } from "../../db/executor";
import type { purchaseOrderLines } from "../../db/schema";
import { AppError, badRequest, conflict, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { selectSettings } from "../capacity/repo";
import type { CreatePurchaseOrder } from "./contract";
import {
  budgetLinesByKey,
  lockPurchaseOrder,
  revisionStatus,
  selectPoBudget,
  selectVendorRef,
  type PoBudgetRow,
  type PurchaseOrderHeadRow,
} from "./repo";

/*
 * What PO writes share: the locked PO (404 when it is not the workspace's), the stale-version
 * 409, the vendor (404; an archived one takes no new PO) and the lines checked against the
 * budget's approved revision (each key a line of it, 400 naming the line otherwise).
 */

/** Lock the PO row (select … for update); 404 when not the workspace's. */
export async function lockedPurchaseOrder(
  tx: Executor,
  ctx: RequestContext,
  purchaseOrderId: string,
): Promise<PurchaseOrderHeadRow> {
  const row = await lockPurchaseOrder(tx, ctx.organizationId, purchaseOrderId);
  if (!row) throw notFound("Purchase order not found");
  return row;
}

/** 409 when the client names a version that is no longer the PO's. */
export function requirePoVersion(row: PurchaseOrderHeadRow, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== row.version) {
    throw conflict(
      "This purchase order was changed by someone else since you opened it: reload it and try again.",
    );
  }
}

/** The vendor of a new or changed PO: the workspace's (404) and not archived (400 naming the field). */
export async function requireActiveVendor(tx: Executor, ctx: RequestContext, vendorId: string) {
  const vendor = await selectVendorRef(tx, ctx.organizationId, vendorId);
  if (!vendor) throw notFound("Vendor not found");
  if (vendor.archived) {
    throw badRequest(`vendorId: ${vendor.name} is archived: restore the vendor to order from it`, [
      { field: "vendorId", message: "is archived" },
    ]);
  }
  return vendor;
}

/**
 * The budget and the approved revision a PO's lines come from: `revisionNumber`, else the
 * working revision. 404 when the budget is not the workspace's; 409 when it has no approved
 * revision or the one named is not approved.
 */
export async function approvedRevisionOf(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  revisionNumber: number | undefined,
): Promise<{ budget: PoBudgetRow; revisionNumber: number }> {
  const budget = await selectPoBudget(tx, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  const number = revisionNumber ?? budget.working_revision_number;
  if (number === null) {
    throw conflict("This budget has no approved revision yet: approve it before raising purchase orders.");
  }
  const status = await revisionStatus(tx, ctx.organizationId, budgetId, number);
  if (status === undefined) {
    throw badRequest(`revisionNumber: the budget has no revision ${number}`, [
      { field: "revisionNumber", message: "is not a revision of this budget" },
    ]);
  }
  if (status !== "approved") {
    throw conflict(
      `Revision ${number} of this budget is ${status}: purchase orders are raised from its approved (working) revision.`,
    );
  }
  return { budget, revisionNumber: number };
}

export type PoLineInsert = typeof purchaseOrderLines.$inferInsert;

/**
 * The PO's lines as rows to insert, each checked against the revision (a key that is not one of
 * its lines is 400 naming `lines.i.budgetLineKey`), with their sum (400 when past 2^53). A line
 * without a description takes its budget line's.
 */
export async function resolveLines(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  revisionNumber: number,
  purchaseOrderId: string,
  lines: CreatePurchaseOrder["lines"],
): Promise<{ rows: PoLineInsert[]; totalMinor: number }> {
  const found = await budgetLinesByKey(
    tx,
    ctx.organizationId,
    budgetId,
    revisionNumber,
    lines.map((l) => l.budgetLineKey),
  );
  const byKey = new Map(found.map((l) => [l.key, l]));
  const missing: FieldError[] = [];
  lines.forEach((l, i) => {
    if (!byKey.has(l.budgetLineKey)) {
      missing.push({
        field: `lines.${i}.budgetLineKey`,
        message: `is not a line of revision ${revisionNumber} of this budget`,
      });
    }
  });
  if (missing.length) {
    throw new AppError(
      400,
      "validation_failed",
      `Invalid body: ${missing[0]!.field} — ${missing[0]!.message}`,
      missing,
    );
  }
  let totalMinor: number;
  try {
    totalMinor = purchaseOrderTotal(lines);
  } catch (error) {
    if (error instanceof RangeError) {
      throw badRequest("lines: the amounts add up to more than can be kept exactly", [
        { field: "lines", message: "add up to too large an amount" },
      ]);
    }
    throw error;
  }
  return {
    totalMinor,
    rows: lines.map((l, position) => {
      const budgetLine = byKey.get(l.budgetLineKey)!;
      return {
        organizationId: ctx.organizationId,
        id: newId(),
        purchaseOrderId,
        position,
        budgetLineKey: l.budgetLineKey,
        section: budgetLine.section,
        description: l.description || budgetLine.description,
        amountMinor: l.amountMinor,
        billedMinor: 0,
      };
    }),
  };
}

/** Today in the workspace time zone (the default order date). */
export async function workspaceToday(tx: Executor, ctx: RequestContext): Promise<string> {
  const settings = await selectSettings(tx, ctx.organizationId);
  return todayInZone(ctx.deps.now(), settings?.time_zone ?? "UTC");
}
