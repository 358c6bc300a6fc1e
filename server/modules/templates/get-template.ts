import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { TemplateDetail, TemplateVersionView } from "./contract";
import { getTemplateVersion, selectRuns, selectTemplate, selectVersionCreator, selectVersions } from "./repo";
import { creatorView, detailView, iso } from "./views";

export const TEMPLATE_NOT_FOUND = "Template not found";

/** A template with its current tree, its versions and the projects made from it; 404 when not in the workspace. */
export async function readTemplate(
  executor: Executor,
  organizationId: string,
  templateId: string,
): Promise<TemplateDetail> {
  const row = await selectTemplate(executor, organizationId, templateId);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  const [current, versions, runs] = await Promise.all([
    getTemplateVersion(executor, organizationId, templateId),
    selectVersions(executor, organizationId, templateId),
    selectRuns(executor, organizationId, templateId),
  ]);
  if (!current) throw notFound(TEMPLATE_NOT_FOUND);
  return detailView(row, current.tree, versions, runs);
}

export function getTemplate(ctx: RequestContext, templateId: string): Promise<TemplateDetail> {
  return readTemplate(ctx.db, ctx.organizationId, templateId);
}

/** One version of a template (old versions stay readable); 404 when either does not exist here. */
export async function getTemplateVersionView(
  ctx: RequestContext,
  templateId: string,
  version: number,
): Promise<TemplateVersionView> {
  const found = await getTemplateVersion(ctx.db, ctx.organizationId, templateId, version);
  if (!found) throw notFound("Template version not found");
  const creator = await selectVersionCreator(ctx.db, ctx.organizationId, templateId, version);
  return {
    templateId: found.templateId,
    version: found.version,
    tree: found.tree,
    createdBy: creator ? creatorView(creator) : null,
    createdAt: iso(found.createdAt),
  };
}
