import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { approvePurchaseOrder } from "./approve-purchase-order";
import {
  approvePurchaseOrderSchema,
  createPurchaseOrderSchema,
  purchaseOrderApprovalsQuerySchema,
  purchaseOrderApprovalsResponseSchema,
  purchaseOrderDetailSchema,
  purchaseOrderExportQuerySchema,
  purchaseOrderListQuerySchema,
  purchaseOrderListResponseSchema,
  purchaseOrderParamSchema,
  purchaseOrderTransitionSchema,
  sendPurchaseOrderSchema,
  updatePurchaseOrderSchema,
} from "./contract";
import { createPurchaseOrder } from "./create-purchase-order";
import { exportPurchaseOrdersCsv, PURCHASE_ORDER_CSV_COLUMNS } from "./export-purchase-orders-csv";
import { purchaseOrderFileName, renderPurchaseOrderPdf } from "./export-purchase-order-pdf";
import { getPurchaseOrder } from "./get-purchase-order";
import { listPurchaseOrderApprovals } from "./list-purchase-order-approvals";
import { listPurchaseOrders } from "./list-purchase-orders";
import { selectSender } from "../workspaces/repo";
import { sendPurchaseOrder } from "./send-purchase-order";
import { transitionPurchaseOrder } from "./transition-purchase-order";
import { updatePurchaseOrder } from "./update-purchase-order";

const tags = ["Purchase orders"];

/**
 * Purchase orders. Every route needs canViewFinancials (members get 403; another workspace's PO,
 * vendor or budget is 404) except approving: a member may approve up to their purchasing limit
 * (the use case refuses anyone else with 403 and the reason). Every write is one transaction
 * with its finance audit row.
 */
export function purchaseOrderRoutes() {
  const financial = requireTenant("canViewFinancials");
  return (
    new Hono<AppEnv>()
      .post(
        "/:purchaseOrderId/approve",
        documented({
          summary:
            "Approve a PO waiting for approval (a member up to their purchasing limit; 403 above it, 409 when not pending)",
          tags,
          response: purchaseOrderDetailSchema,
        }),
        requireTenant(),
        validate("param", purchaseOrderParamSchema),
        validate("json", approvePurchaseOrderSchema),
        async (c) =>
          c.json(
            await approvePurchaseOrder(c.var.ctx, c.req.valid("param").purchaseOrderId, c.req.valid("json")),
          ),
      )
      // Before "/:purchaseOrderId": approvals would otherwise be read as an id.
      .get(
        "/approvals",
        documented({
          summary:
            "The POs waiting for approval, oldest first, each with why the caller may not approve it (owners, admins and anyone with a purchasing limit; empty for anyone else)",
          tags,
          response: purchaseOrderApprovalsResponseSchema,
        }),
        requireTenant(),
        validate("query", purchaseOrderApprovalsQuerySchema),
        async (c) => c.json(await listPurchaseOrderApprovals(c.var.ctx, c.req.valid("query"))),
      )
      .get(
        "/",
        documented({
          summary: "Purchase orders: filtered, sorted and paged, with the totals of the filtered set",
          tags,
          response: purchaseOrderListResponseSchema,
        }),
        financial,
        validate("query", purchaseOrderListQuerySchema),
        async (c) => c.json(await listPurchaseOrders(c.var.ctx, c.req.valid("query"))),
      )
      // Before "/:purchaseOrderId": export.csv would otherwise be read as an id.
      .get(
        "/export.csv",
        documented({
          summary: "The purchase order list as CSV: the list's filters and sort, every row (streamed)",
          tags,
          mediaType: "text/csv",
        }),
        financial,
        validate("query", purchaseOrderExportQuerySchema),
        async (c) => {
          const date = c.var.deps.now().toISOString().slice(0, 10);
          return csvResponse(c, {
            filename: `purchase-orders-${date}.csv`,
            columns: PURCHASE_ORDER_CSV_COLUMNS,
            batches: exportPurchaseOrdersCsv(c.var.ctx, c.req.valid("query")),
          });
        },
      )
      .post(
        "/",
        documented({
          summary:
            "Raise a PO (a draft) from lines of an approved budget revision; its number is the next PO-nnnn",
          tags,
          status: 201,
          response: purchaseOrderDetailSchema,
        }),
        financial,
        validate("json", createPurchaseOrderSchema),
        async (c) => c.json(await createPurchaseOrder(c.var.ctx, c.req.valid("json")), 201),
      )
      .get(
        "/:purchaseOrderId",
        documented({
          summary: "A PO with its vendor, budget, lines and allowed actions",
          tags,
          response: purchaseOrderDetailSchema,
        }),
        financial,
        validate("param", purchaseOrderParamSchema),
        async (c) => c.json(await getPurchaseOrder(c.var.ctx, c.req.valid("param").purchaseOrderId)),
      )
      .get(
        "/:purchaseOrderId/export.pdf",
        documented({ summary: "A PO as the PDF sent to the vendor", tags, mediaType: "application/pdf" }),
        financial,
        validate("param", purchaseOrderParamSchema),
        async (c) => {
          const ctx = c.var.ctx;
          const po = await getPurchaseOrder(ctx, c.req.valid("param").purchaseOrderId);
          const pdf = await renderPurchaseOrderPdf(po, {
            sender: await selectSender(ctx.db, ctx.organizationId),
            generatedAt: ctx.deps.now(),
          });
          return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
            "Content-Type": "application/pdf",
            "Content-Disposition": `attachment; filename="${purchaseOrderFileName(po)}"`,
            "Content-Length": String(pdf.byteLength),
            "Cache-Control": "private, no-store",
          });
        },
      )
      .patch(
        "/:purchaseOrderId",
        documented({
          summary: "Change a draft PO: vendor, date, texts or every line (409 when not a draft or stale)",
          tags,
          response: purchaseOrderDetailSchema,
        }),
        financial,
        validate("param", purchaseOrderParamSchema),
        validate("json", updatePurchaseOrderSchema),
        async (c) =>
          c.json(
            await updatePurchaseOrder(c.var.ctx, c.req.valid("param").purchaseOrderId, c.req.valid("json")),
          ),
      )
      .post(
        "/:purchaseOrderId/transitions",
        documented({
          summary: "Submit, return, close or cancel a PO (409 with the reason when out of order)",
          tags,
          response: purchaseOrderDetailSchema,
        }),
        financial,
        validate("param", purchaseOrderParamSchema),
        validate("json", purchaseOrderTransitionSchema),
        async (c) =>
          c.json(
            await transitionPurchaseOrder(
              c.var.ctx,
              c.req.valid("param").purchaseOrderId,
              c.req.valid("json"),
            ),
          ),
      )
      .post(
        "/:purchaseOrderId/send",
        documented({
          summary: "E-mail an approved PO's PDF to the vendor and mark it sent (when and to whom)",
          tags,
          response: purchaseOrderDetailSchema,
        }),
        financial,
        validate("param", purchaseOrderParamSchema),
        validate("json", sendPurchaseOrderSchema),
        async (c) =>
          c.json(
            await sendPurchaseOrder(c.var.ctx, c.req.valid("param").purchaseOrderId, c.req.valid("json")),
          ),
      )
  );
}
