import { can } from "@domain/permissions";
import { approvalRefusal } from "@domain/purchase-orders";
import type { RequestContext } from "../../request-context";
import type { PurchaseOrderApprovalsQuery, PurchaseOrderApprovalsResponse } from "./contract";
import { purchaseOrderListPage, purchasingLimitOf } from "./repo";
import { listItemView } from "./views";

/**
 * The approvals inbox (PRODUCT.md → Purchase orders: "a member approves up to their purchasing
 * limit"): the workspace's POs waiting for approval, oldest order first, each with the reason the
 * caller may not approve it (null when they may) from the same rule the approve step enforces.
 * Owners and admins see it whole; a member only through a purchasing limit — without one, the
 * inbox is empty and nothing is read.
 */
export async function listPurchaseOrderApprovals(
  ctx: RequestContext,
  query: PurchaseOrderApprovalsQuery,
): Promise<PurchaseOrderApprovalsResponse> {
  const limit = await purchasingLimitOf(ctx.db, ctx.organizationId, ctx.userId);
  if (!can(ctx.role, "canViewFinancials") && limit.limitMinor === null) {
    // Nothing here is theirs to decide: an empty inbox (the dashboard asks for every member).
    return {
      items: [],
      total: 0,
      page: query.page,
      pageSize: query.pageSize,
      purchasingLimitMinor: null,
      currency: limit.currency,
    };
  }
  const page = await purchaseOrderListPage(ctx.db, ctx.organizationId, {
    status: ["pending_approval"],
    sort: "orderDate",
    dir: "asc",
    page: query.page,
    pageSize: query.pageSize,
  });
  return {
    items: page.items.map((row) => {
      const item = listItemView(row);
      const refusal = approvalRefusal({
        role: ctx.role,
        purchasingLimitMinor: limit.limitMinor,
        limitCurrency: limit.currency,
        amountMinor: item.amountMinor,
        currency: item.currency,
        impersonating: ctx.impersonating !== null,
      });
      return { ...item, refusal };
    }),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    purchasingLimitMinor: limit.limitMinor,
    currency: limit.currency,
  };
}
