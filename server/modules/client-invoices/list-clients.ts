import type { RequestContext } from "../../request-context";
import { clientListPage } from "./clients-repo";
import type { ClientListQuery, ClientListResponse } from "./contract";
import { clientView } from "./views";

/** The workspace's clients: searched, active/archived, sorted and paged in one SQL query. */
export async function listClients(ctx: RequestContext, query: ClientListQuery): Promise<ClientListResponse> {
  const page = await clientListPage(ctx.db, ctx.organizationId, query);
  return { items: page.items.map(clientView), total: page.total, page: page.page, pageSize: page.pageSize };
}
