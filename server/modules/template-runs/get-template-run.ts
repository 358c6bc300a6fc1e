import { validateTemplateTree } from "@domain/templates";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { getTemplateVersion } from "../templates/repo";
import type { TemplateRun, TemplateRunList, TemplateRunListQuery } from "./contract";
import { planRun } from "./plan";
import { selectCustomFields, selectPeople, selectRun, selectRuns, workspaceTimeZone } from "./repo";
import { runView } from "./views";

/** GET /api/template-runs/{id}: the run with its progress and notes (what it skips). */
export async function getTemplateRun(ctx: RequestContext, runId: string): Promise<TemplateRun> {
  const orgId = ctx.organizationId;
  const row = await selectRun(ctx.db, orgId, runId);
  if (!row) throw notFound("Run not found");
  const version = await getTemplateVersion(ctx.db, orgId, row.template_id, row.template_version);
  let notes: string[] = [];
  if (version && validateTemplateTree(version.tree).length === 0) {
    notes = planRun(
      version.tree,
      { name: row.name, client: row.client, jobCode: row.job_code, startDate: row.start_date },
      {
        timeZone: await workspaceTimeZone(ctx.db, orgId),
        people: await selectPeople(ctx.db, orgId),
        fields: await selectCustomFields(ctx.db, orgId),
      },
    ).notes;
  }
  return runView(row, notes);
}

/** GET /api/template-runs?templateId= — newest first, at most 50 (notes only on the single run). */
export async function listTemplateRuns(
  ctx: RequestContext,
  query: TemplateRunListQuery,
): Promise<TemplateRunList> {
  const found = await selectRuns(ctx.db, ctx.organizationId, query.templateId, 50);
  return { runs: found.map((r) => runView(r)) };
}
