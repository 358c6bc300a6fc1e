import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreateVendor, Vendor } from "./contract";
import { insertVendor, selectVendor } from "./repo";
import { requireFreeName, vendorWrite } from "./vendor-writes";
import { vendorAudit, vendorView } from "./views";

/** A new vendor (409 when the name is taken in any case), with its finance audit row. */
export async function createVendor(ctx: RequestContext, input: CreateVendor): Promise<Vendor> {
  return vendorWrite(ctx, input.name, async (tx) => {
    await requireFreeName(tx, ctx, input.name);
    const id = newId();
    const now = ctx.deps.now();
    await insertVendor(tx, {
      organizationId: ctx.organizationId,
      id,
      name: input.name,
      contactName: input.contactName ?? "",
      email: input.email ?? "",
      taxId: input.taxId ?? "",
      paymentTermsDays: input.paymentTermsDays ?? 30,
      notes: input.notes ?? "",
      createdBy: ctx.userId === "system" ? null : ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    const vendor = vendorView((await selectVendor(tx, ctx.organizationId, id))!);
    await recordChange(ctx, tx, {
      object: "vendor",
      id,
      action: "created",
      after: vendorAudit(vendor),
      category: "finance",
    });
    return vendor;
  });
}
