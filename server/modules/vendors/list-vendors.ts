import type { RequestContext } from "../../request-context";
import type { VendorListQuery, VendorListResponse } from "./contract";
import { vendorListPage } from "./repo";
import { vendorView } from "./views";

/** The workspace's vendors: searched, active/archived, sorted and paged in one SQL query. */
export async function listVendors(ctx: RequestContext, query: VendorListQuery): Promise<VendorListResponse> {
  const page = await vendorListPage(ctx.db, ctx.organizationId, query);
  return { items: page.items.map(vendorView), total: page.total, page: page.page, pageSize: page.pageSize };
}
