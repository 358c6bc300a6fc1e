import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { Vendor } from "./contract";
import { selectVendor } from "./repo";
import { vendorView } from "./views";

/** One vendor of the workspace (404 otherwise). */
export async function getVendor(ctx: RequestContext, vendorId: string): Promise<Vendor> {
  const row = await selectVendor(ctx.db, ctx.organizationId, vendorId);
  if (!row) throw notFound("Vendor not found");
  return vendorView(row);
}
