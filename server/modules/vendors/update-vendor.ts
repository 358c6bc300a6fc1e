import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { UpdateVendor, Vendor } from "./contract";
import { lockVendor, selectVendor, updateVendor as updateVendorRow } from "./repo";
import { requireFreeName, requireVendorVersion, vendorWrite } from "./vendor-writes";
import { vendorAudit, vendorView } from "./views";

/**
 * Change a vendor's fields or archive it (404 when not the workspace's; 409 when the name is
 * taken or the version seen is stale). The audit row keeps the fields before and after.
 */
export async function updateVendor(
  ctx: RequestContext,
  vendorId: string,
  input: UpdateVendor,
): Promise<Vendor> {
  return vendorWrite(ctx, input.name, async (tx) => {
    const row = await lockVendor(tx, ctx.organizationId, vendorId);
    if (!row) throw notFound("Vendor not found");
    requireVendorVersion(row.version, input.baseVersion);
    if (input.name !== undefined) await requireFreeName(tx, ctx, input.name, vendorId);
    const before = vendorView(row);
    const { baseVersion: _seen, ...set } = input;
    await updateVendorRow(tx, ctx.organizationId, vendorId, { ...set, updatedAt: ctx.deps.now() });
    const after = vendorView((await selectVendor(tx, ctx.organizationId, vendorId))!);
    const action =
      input.archived !== undefined && input.archived !== before.archived
        ? input.archived
          ? "archived"
          : "restored"
        : "updated";
    await recordChange(ctx, tx, {
      object: "vendor",
      id: vendorId,
      action,
      before: vendorAudit(before),
      after: vendorAudit(after),
      category: "finance",
    });
    return after;
  });
}
