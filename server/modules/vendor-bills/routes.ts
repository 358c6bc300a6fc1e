import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { approveVendorBill } from "./approve-vendor-bill";
import {
  approveVendorBillSchema,
  createVendorBillSchema,
  payVendorBillSchema,
  updateVendorBillSchema,
  vendorBillDetailSchema,
  vendorBillExportQuerySchema,
  vendorBillListQuerySchema,
  vendorBillListResponseSchema,
  vendorBillParamSchema,
  voidVendorBillSchema,
} from "./contract";
import { createVendorBill } from "./create-vendor-bill";
import { exportVendorBillsCsv, VENDOR_BILL_CSV_COLUMNS } from "./export-vendor-bills-csv";
import { getVendorBill } from "./get-vendor-bill";
import { listVendorBills } from "./list-vendor-bills";
import { payVendorBill } from "./pay-vendor-bill";
import { updateVendorBill } from "./update-vendor-bill";
import { voidVendorBill } from "./void-vendor-bill";

const tags = ["Vendor bills"];

/**
 * Vendor bills. Every route needs canViewFinancials (members get 403; another workspace's bill,
 * PO, vendor or budget is 404) except approving: a member may approve within their purchasing
 * limit (the use case refuses anyone else with 403 and the reason). Every write is one
 * transaction with its finance audit row.
 */
export function vendorBillRoutes() {
  const financial = requireTenant("canViewFinancials");
  return (
    new Hono<AppEnv>()
      .post(
        "/:billId/approve",
        documented({
          summary:
            "Approve a received bill (what its PO does not cover needs an admin, owner or a member within their purchasing limit: 403; 409 when not received); its PO moves to partially billed or billed",
          tags,
          response: vendorBillDetailSchema,
        }),
        requireTenant(),
        validate("param", vendorBillParamSchema),
        validate("json", approveVendorBillSchema),
        async (c) =>
          c.json(await approveVendorBill(c.var.ctx, c.req.valid("param").billId, c.req.valid("json"))),
      )
      .get(
        "/",
        documented({
          summary: "Vendor bills: filtered, sorted and paged, with the totals and ageing of the filtered set",
          tags,
          response: vendorBillListResponseSchema,
        }),
        financial,
        validate("query", vendorBillListQuerySchema),
        async (c) => c.json(await listVendorBills(c.var.ctx, c.req.valid("query"))),
      )
      // Before "/:billId": export.csv would otherwise be read as an id.
      .get(
        "/export.csv",
        documented({
          summary: "The vendor bill list as CSV: the list's filters and sort, every row (streamed)",
          tags,
          mediaType: "text/csv",
        }),
        financial,
        validate("query", vendorBillExportQuerySchema),
        async (c) => {
          const date = c.var.deps.now().toISOString().slice(0, 10);
          return csvResponse(c, {
            filename: `vendor-bills-${date}.csv`,
            columns: VENDOR_BILL_CSV_COLUMNS,
            batches: exportVendorBillsCsv(c.var.ctx, c.req.valid("query")),
          });
        },
      )
      .post(
        "/",
        documented({
          summary:
            "Enter a vendor's bill (received) against lines of a sent PO or straight against budget lines; its number is the next BILL-nnnn",
          tags,
          status: 201,
          response: vendorBillDetailSchema,
        }),
        financial,
        validate("json", createVendorBillSchema),
        async (c) => c.json(await createVendorBill(c.var.ctx, c.req.valid("json")), 201),
      )
      .get(
        "/:billId",
        documented({
          summary: "A vendor bill with its vendor, PO, budget, lines and allowed actions",
          tags,
          response: vendorBillDetailSchema,
        }),
        financial,
        validate("param", vendorBillParamSchema),
        async (c) => c.json(await getVendorBill(c.var.ctx, c.req.valid("param").billId)),
      )
      .patch(
        "/:billId",
        documented({
          summary:
            "Change a received bill: invoice number, bill date, notes or every line (409 once approved or stale)",
          tags,
          response: vendorBillDetailSchema,
        }),
        financial,
        validate("param", vendorBillParamSchema),
        validate("json", updateVendorBillSchema),
        async (c) =>
          c.json(await updateVendorBill(c.var.ctx, c.req.valid("param").billId, c.req.valid("json"))),
      )
      .post(
        "/:billId/pay",
        documented({
          summary: "Record an approved bill as paid on its payment date (409 when not approved)",
          tags,
          response: vendorBillDetailSchema,
        }),
        financial,
        validate("param", vendorBillParamSchema),
        validate("json", payVendorBillSchema),
        async (c) => c.json(await payVendorBill(c.var.ctx, c.req.valid("param").billId, c.req.valid("json"))),
      )
      .post(
        "/:billId/void",
        documented({
          summary: "Void (reject) a received bill; it keeps its number (409 once approved)",
          tags,
          response: vendorBillDetailSchema,
        }),
        financial,
        validate("param", vendorBillParamSchema),
        validate("json", voidVendorBillSchema),
        async (c) =>
          c.json(await voidVendorBill(c.var.ctx, c.req.valid("param").billId, c.req.valid("json"))),
      )
  );
}
