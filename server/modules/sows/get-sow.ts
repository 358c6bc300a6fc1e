import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { SowDetail } from "./contract";
import { selectEntries, selectSowDetail, selectVersions, taskUrls } from "./repo";
import { deliverablesOf, detailView } from "./views";

/**
 * A SOW with its versions and the content of version `version` (default the current one),
 * read through `executor` (404 when the SOW is not the workspace's or has no such version).
 */
export async function readSow(
  executor: Executor,
  ctx: RequestContext,
  sowId: string,
  version?: number,
): Promise<SowDetail> {
  const row = await selectSowDetail(executor, ctx.organizationId, sowId);
  if (!row) throw notFound("Statement of work not found");
  const versions = await selectVersions(executor, ctx.organizationId, sowId);
  const wanted = version ?? row.current_version;
  const shown = versions.find((v) => v.version === wanted);
  if (!shown) throw notFound(`Version ${wanted} of ${row.title} not found`);
  const current = await selectEntries(executor, ctx.organizationId, sowId, row.current_version);
  const entries =
    wanted === row.current_version
      ? current
      : await selectEntries(executor, ctx.organizationId, sowId, wanted);
  const urls = await taskUrls(
    executor,
    ctx.organizationId,
    deliverablesOf(shown).map((d) => d.taskId),
  );
  return detailView(row, versions, shown, entries, current, urls);
}

/** GET /api/sows/:id?version=n */
export async function getSow(ctx: RequestContext, sowId: string, version?: number): Promise<SowDetail> {
  return readSow(ctx.db, ctx, sowId, version);
}
