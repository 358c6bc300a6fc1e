import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { clientWrite, requireClientVersion, requireFreeClientName } from "./client-writes";
import { lockClient, selectClient, updateClientRow } from "./clients-repo";
import type { Client, UpdateClient } from "./contract";
import { clientAudit, clientView } from "./views";

/** Change a client's billing details or archive it (404; 409 when the name is taken or stale), audited. */
export async function updateClient(
  ctx: RequestContext,
  clientId: string,
  input: UpdateClient,
): Promise<Client> {
  return clientWrite(ctx, input.name, async (tx) => {
    const row = await lockClient(tx, ctx.organizationId, clientId);
    if (!row) throw notFound("Client not found");
    requireClientVersion(row.version, input.baseVersion);
    if (input.name !== undefined) await requireFreeClientName(tx, ctx, input.name, clientId);
    const before = clientView(row);
    const { baseVersion: _seen, ...set } = input;
    await updateClientRow(tx, ctx.organizationId, clientId, { ...set, updatedAt: ctx.deps.now() });
    const after = clientView((await selectClient(tx, ctx.organizationId, clientId))!);
    const action =
      input.archived !== undefined && input.archived !== before.archived
        ? input.archived
          ? "archived"
          : "restored"
        : "updated";
    await recordChange(ctx, tx, {
      object: "client",
      id: clientId,
      action,
      before: clientAudit(before),
      after: clientAudit(after),
      category: "finance",
    });
    return after;
  });
}
