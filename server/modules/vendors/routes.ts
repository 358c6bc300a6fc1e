import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  createVendorSchema,
  updateVendorSchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorParamSchema,
  vendorSchema,
} from "./contract";
import { createVendor } from "./create-vendor";
import { deleteVendor } from "./delete-vendor";
import { getVendor } from "./get-vendor";
import { listVendors } from "./list-vendors";
import { updateVendor } from "./update-vendor";

const tags = ["Vendors"];

/**
 * Vendors (canViewFinancials for every route; members get 403; another workspace's vendor is
 * 404). Every write is one transaction with its finance audit row.
 */
export function vendorRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .get(
      "/",
      documented({
        summary: "Vendors: searched, active or archived, sorted and paged",
        tags,
        response: vendorListResponseSchema,
      }),
      validate("query", vendorListQuerySchema),
      async (c) => c.json(await listVendors(c.var.ctx, c.req.valid("query"))),
    )
    .post(
      "/",
      documented({
        summary: "Create a vendor (409 when the name is taken in any case)",
        tags,
        status: 201,
        response: vendorSchema,
      }),
      validate("json", createVendorSchema),
      async (c) => c.json(await createVendor(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/:vendorId",
      documented({ summary: "A vendor", tags, response: vendorSchema }),
      validate("param", vendorParamSchema),
      async (c) => c.json(await getVendor(c.var.ctx, c.req.valid("param").vendorId)),
    )
    .patch(
      "/:vendorId",
      documented({
        summary: "Change or archive a vendor (409 when the name is taken or the version stale)",
        tags,
        response: vendorSchema,
      }),
      validate("param", vendorParamSchema),
      validate("json", updateVendorSchema),
      async (c) => c.json(await updateVendor(c.var.ctx, c.req.valid("param").vendorId, c.req.valid("json"))),
    )
    .delete(
      "/:vendorId",
      documented({
        summary: "Delete a vendor no purchase order names (409 otherwise: archive it)",
        tags,
        status: 204,
      }),
      validate("param", vendorParamSchema),
      async (c) => {
        await deleteVendor(c.var.ctx, c.req.valid("param").vendorId);
        return c.body(null, 204);
      },
    );
}
