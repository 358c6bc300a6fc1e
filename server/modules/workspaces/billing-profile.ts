import { transaction } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { requireAdmin } from "../capacity/access";
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  type BillingProfile,
  type BillingProfileRequest,
  type LogoContentType,
} from "./contract";
import { imageProblem, sniffImageType } from "./logo-image";
import {
  deleteLogo,
  selectBillingProfile,
  selectLogo,
  updateBillingProfile,
  upsertLogo,
  type BillingProfileRow,
} from "./repo";

/*
 * The workspace's billing profile (Settings → Organization): billing address, tax id and logo,
 * printed as the sender on invoices, purchase orders and SOWs. Every member reads it; owners and
 * admins change it (the permission of the other organization settings), each change with one
 * finance audit row in its transaction — for the logo its type and size, never its bytes.
 */

function profileView(row: BillingProfileRow): BillingProfile {
  return {
    name: row.name,
    billingAddress: row.billing_address,
    taxId: row.tax_id,
    logo:
      row.logo_content_type && row.logo_etag && row.logo_updated_at
        ? {
            contentType: row.logo_content_type,
            size: Number(row.logo_size),
            etag: row.logo_etag,
            updatedAt: new Date(row.logo_updated_at).toISOString(),
          }
        : null,
  };
}

export async function getBillingProfile(ctx: RequestContext): Promise<BillingProfile> {
  const row = await selectBillingProfile(ctx.db, ctx.organizationId);
  if (!row) throw notFound("Workspace not found");
  return profileView(row);
}

export async function putBillingProfile(
  ctx: RequestContext,
  input: BillingProfileRequest,
): Promise<BillingProfile> {
  requireAdmin(ctx);
  return transaction(ctx.deps.database, async (tx) => {
    const row = await selectBillingProfile(tx, ctx.organizationId, { lock: true });
    if (!row) throw notFound("Workspace not found");
    const before = { billingAddress: row.billing_address, taxId: row.tax_id };
    const after = { billingAddress: input.billingAddress, taxId: input.taxId };
    if (before.billingAddress !== after.billingAddress || before.taxId !== after.taxId) {
      await updateBillingProfile(tx, ctx.organizationId, after);
      await recordChange(ctx, tx, {
        object: "workspace_billing_profile",
        id: ctx.organizationId,
        action: "updated",
        before,
        after,
        category: "finance",
      });
    }
    return profileView((await selectBillingProfile(tx, ctx.organizationId))!);
  });
}

const logoError = (message: string) =>
  badRequest(`Invalid body: logo — ${message}`, [{ field: "logo", message }]);

/**
 * Store the logo (one per workspace, replacing the last): a PNG or JPEG of at most 512 KB whose
 * bytes are what its type says and that every PDF can embed (400 otherwise, 413 when larger).
 */
export async function putLogo(
  ctx: RequestContext,
  file: { type: string; data: Uint8Array },
): Promise<BillingProfile> {
  requireAdmin(ctx);
  const declared = file.type.split(";")[0]!.trim().toLowerCase();
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(declared)) {
    throw logoError("must be a PNG or JPEG image");
  }
  if (file.data.byteLength === 0) throw logoError("is empty");
  if (file.data.byteLength > LOGO_MAX_BYTES) {
    throw new AppError(413, "payload_too_large", "The logo must be at most 512 KB", [
      { field: "logo", message: "must be at most 512 KB" },
    ]);
  }
  const contentType = sniffImageType(file.data);
  if (contentType === null || contentType !== declared) {
    throw logoError(`is not a ${declared === "image/png" ? "PNG" : "JPEG"} image`);
  }
  const data = Buffer.from(file.data);
  const problem = imageProblem(data, contentType);
  if (problem) throw logoError(problem);
  return transaction(ctx.deps.database, async (tx) => {
    const row = await selectBillingProfile(tx, ctx.organizationId, { lock: true });
    if (!row) throw notFound("Workspace not found");
    const before = row.logo_content_type
      ? { contentType: row.logo_content_type, size: Number(row.logo_size) }
      : null;
    await upsertLogo(tx, ctx.organizationId, { contentType, data, updatedBy: ctx.userId });
    await recordChange(ctx, tx, {
      object: "workspace_logo",
      id: ctx.organizationId,
      action: before ? "updated" : "created",
      ...(before ? { before } : {}),
      after: { contentType, size: data.byteLength },
      category: "finance",
    });
    return profileView((await selectBillingProfile(tx, ctx.organizationId))!);
  });
}

/** Remove the logo (404 when there is none). */
export async function removeLogo(ctx: RequestContext): Promise<void> {
  requireAdmin(ctx);
  await transaction(ctx.deps.database, async (tx) => {
    const row = await selectBillingProfile(tx, ctx.organizationId, { lock: true });
    if (!row?.logo_content_type) throw notFound("This workspace has no logo");
    await deleteLogo(tx, ctx.organizationId);
    await recordChange(ctx, tx, {
      object: "workspace_logo",
      id: ctx.organizationId,
      action: "deleted",
      before: { contentType: row.logo_content_type, size: Number(row.logo_size) },
      category: "finance",
    });
  });
}

/** The logo's bytes for GET (every member; 404 without one). */
export async function getLogo(
  ctx: RequestContext,
): Promise<{ contentType: LogoContentType; data: Buffer; etag: string }> {
  const logo = await selectLogo(ctx.db, ctx.organizationId);
  if (!logo) throw notFound("This workspace has no logo");
  return logo;
}
