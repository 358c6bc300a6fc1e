import { formatVendorBillNumber } from "@domain/vendor-bills";
import { transaction } from "../../db/executor";
import { badRequest } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { checkedBillStep } from "./bill-writes";
import type { PayVendorBill, VendorBillDetail } from "./contract";
import { readVendorBill } from "./get-vendor-bill";
import { updateVendorBillRow } from "./repo";

/**
 * Record that an approved bill was paid, on `paymentDate` (not before the bill date: 400 naming
 * the field). 409 with the reason when it is not approved (received, paid, void). Audited.
 */
export async function payVendorBill(
  ctx: RequestContext,
  billId: string,
  input: PayVendorBill,
): Promise<VendorBillDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const { head, to } = await checkedBillStep(tx, ctx, billId, "pay", input.baseVersion);
    if (input.paymentDate < head.bill_date) {
      throw badRequest(`paymentDate: must not be before the bill date ${head.bill_date}`, [
        { field: "paymentDate", message: `must not be before the bill date ${head.bill_date}` },
      ]);
    }
    const now = ctx.deps.now();
    await updateVendorBillRow(tx, ctx.organizationId, billId, {
      status: to,
      paidBy: ctx.userId,
      paidAt: now,
      paymentDate: input.paymentDate,
      updatedAt: now,
    });
    const number = formatVendorBillNumber(head.number);
    await recordChange(ctx, tx, {
      object: "vendor_bill",
      id: billId,
      action: "paid",
      before: { number, status: head.status },
      after: {
        number,
        status: to,
        paymentDate: input.paymentDate,
        amountMinor: Number(head.total_minor),
        currency: head.currency,
      },
      category: "finance",
    });
    return readVendorBill(tx, ctx, billId);
  });
}
