import { transaction } from "../../db/executor";
import { conflict, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { deleteVendor as deleteVendorRow, lockVendor, vendorDocumentCount } from "./repo";
import { vendorAudit, vendorView } from "./views";

/**
 * Delete a vendor no purchase order names (409 otherwise: archive it instead, so the documents
 * keep it). 404 when not the workspace's.
 */
export async function deleteVendor(ctx: RequestContext, vendorId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    const row = await lockVendor(tx, ctx.organizationId, vendorId);
    if (!row) throw notFound("Vendor not found");
    const documents = await vendorDocumentCount(tx, ctx.organizationId, vendorId);
    if (documents > 0) {
      throw conflict(
        `This vendor is on ${documents} purchase order${documents === 1 ? "" : "s"}: archive it instead of deleting it.`,
      );
    }
    await deleteVendorRow(tx, ctx.organizationId, vendorId);
    await recordChange(ctx, tx, {
      object: "vendor",
      id: vendorId,
      action: "deleted",
      before: vendorAudit(vendorView(row)),
      category: "finance",
    });
  });
}
