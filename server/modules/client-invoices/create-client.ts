import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { clientWrite, requireFreeClientName } from "./client-writes";
import { insertClient, selectClient } from "./clients-repo";
import type { Client, CreateClient } from "./contract";
import { clientAudit, clientView } from "./views";

/** A new client with billing details (409 when the name is taken in any case), audited. */
export async function createClient(ctx: RequestContext, input: CreateClient): Promise<Client> {
  return clientWrite(ctx, input.name, async (tx) => {
    await requireFreeClientName(tx, ctx, input.name);
    const id = newId();
    const now = ctx.deps.now();
    await insertClient(tx, {
      organizationId: ctx.organizationId,
      id,
      name: input.name,
      contactName: input.contactName ?? "",
      email: input.email ?? "",
      address: input.address ?? "",
      taxId: input.taxId ?? "",
      paymentTermsDays: input.paymentTermsDays ?? 30,
      notes: input.notes ?? "",
      createdBy: ctx.userId === "system" ? null : ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    const client = clientView((await selectClient(tx, ctx.organizationId, id))!);
    await recordChange(ctx, tx, {
      object: "client",
      id,
      action: "created",
      after: clientAudit(client),
      category: "finance",
    });
    return client;
  });
}
