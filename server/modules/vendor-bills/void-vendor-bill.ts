import { formatVendorBillNumber } from "@domain/vendor-bills";
import { transaction } from "../../db/executor";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { checkedBillStep } from "./bill-writes";
import type { VendorBillDetail, VoidVendorBill } from "./contract";
import { readVendorBill } from "./get-vendor-bill";
import { updateVendorBillRow } from "./repo";

/**
 * Void (reject) a received bill: entered by mistake or refused. It keeps its number; its
 * vendor's invoice number is free again for a corrected entry; it never counted as billed or
 * actual. 409 with the reason once it is approved, paid or void. Audited with the reason.
 */
export async function voidVendorBill(
  ctx: RequestContext,
  billId: string,
  input: VoidVendorBill,
): Promise<VendorBillDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const { head, to } = await checkedBillStep(tx, ctx, billId, "void", input.baseVersion);
    const now = ctx.deps.now();
    await updateVendorBillRow(tx, ctx.organizationId, billId, {
      status: to,
      voidedBy: ctx.userId,
      voidedAt: now,
      voidReason: input.reason || null,
      updatedAt: now,
    });
    const number = formatVendorBillNumber(head.number);
    await recordChange(ctx, tx, {
      object: "vendor_bill",
      id: billId,
      action: "voided",
      before: { number, status: head.status },
      after: { number, status: to, ...(input.reason ? { reason: input.reason } : {}) },
      category: "finance",
    });
    return readVendorBill(tx, ctx, billId);
  });
}
