import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { selectClient } from "./clients-repo";
import type { Client } from "./contract";
import { clientView } from "./views";

/** GET /api/clients/:clientId (404 when not the workspace's). */
export async function getClient(ctx: RequestContext, clientId: string): Promise<Client> {
  const row = await selectClient(ctx.db, ctx.organizationId, clientId);
  if (!row) throw notFound("Client not found");
  return clientView(row);
}
