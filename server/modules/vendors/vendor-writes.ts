import { transaction, type Tx } from "../../db/executor";
import { AppError, conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { isUniqueViolation, vendorNamed } from "./repo";

/*
 * What vendor writes share: the name rule (unique in the workspace whatever its case: 409 naming
 * the field, also when two creates race past the check and the unique index refuses the second).
 */

export function nameTaken(name: string): AppError {
  return new AppError(409, "conflict", `A vendor named "${name}" already exists.`, [
    { field: "name", message: "is already used by another vendor" },
  ]);
}

/** 409 when another vendor of the workspace has this name (any case). */
export async function requireFreeName(tx: Tx, ctx: RequestContext, name: string, exceptId?: string) {
  if (await vendorNamed(tx, ctx.organizationId, name, exceptId)) throw nameTaken(name);
}

/** One vendor write in its own transaction; the unique index's refusal becomes the 409 of the name. */
export async function vendorWrite<T>(
  ctx: RequestContext,
  name: string | undefined,
  fn: (tx: Tx) => Promise<T>,
) {
  try {
    return await transaction(ctx.deps.database, fn);
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, "vendors_name_idx")) throw nameTaken(name);
    throw error;
  }
}

/** 409 when the client names a version that is no longer the vendor's. */
export function requireVendorVersion(version: number, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== version) {
    throw conflict("This vendor was changed by someone else since you opened it: reload it and try again.");
  }
}
