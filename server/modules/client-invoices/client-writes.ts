import { transaction, type Tx } from "../../db/executor";
import { AppError, conflict } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { isUniqueViolation } from "../vendors/repo";
import { clientNamed } from "./clients-repo";

/* What client writes share: the name rule (unique in the workspace whatever its case: 409 naming the field). */

export function nameTaken(name: string): AppError {
  return new AppError(409, "conflict", `A client named "${name}" already exists.`, [
    { field: "name", message: "is already used by another client" },
  ]);
}

export async function requireFreeClientName(tx: Tx, ctx: RequestContext, name: string, exceptId?: string) {
  if (await clientNamed(tx, ctx.organizationId, name, exceptId)) throw nameTaken(name);
}

/** One client write in its own transaction; the unique index's refusal becomes the 409 of the name. */
export async function clientWrite<T>(
  ctx: RequestContext,
  name: string | undefined,
  fn: (tx: Tx) => Promise<T>,
) {
  try {
    return await transaction(ctx.deps.database, fn);
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, "clients_name_idx")) throw nameTaken(name);
    throw error;
  }
}

export function requireClientVersion(version: number, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== version) {
    throw conflict("This client was changed by someone else since you opened it: reload it and try again.");
  }
}
