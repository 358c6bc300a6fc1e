import type { RequestContext } from "../../request-context";
import type { TemplateListQuery, TemplateListResponse } from "./contract";
import { selectTemplatePage } from "./repo";
import { creatorView, iso } from "./views";

/** GET /api/templates: the workspace's templates, searched by name, sorted and paged in SQL. */
export async function listTemplates(
  ctx: RequestContext,
  query: TemplateListQuery,
): Promise<TemplateListResponse> {
  const page = await selectTemplatePage(ctx.db, ctx.organizationId, query);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      currentVersion: Number(r.current_version),
      listCount: Number(r.list_count),
      taskCount: Number(r.task_count),
      lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
      sourceFolderId: r.source_folder_id,
      createdBy: creatorView(r),
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
