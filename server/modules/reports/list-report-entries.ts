import type { RequestContext } from "../../request-context";
import type { ReportEntriesQuery, ReportEntriesResponse } from "./contract";
import { selectReportEntries } from "./repo";
import { int, intOrNull, reportSetup } from "./setup";

/**
 * The time entries behind a figure of a report (PRODUCT.md: every figure opens its rows): the
 * report's filters, narrowed to one table row (groupBy + key), one week and/or billable or not;
 * each entry with the rates it was priced at and its cost and revenue (null when unpriced).
 */
export async function listReportEntries(
  ctx: RequestContext,
  query: ReportEntriesQuery,
): Promise<ReportEntriesResponse> {
  const setup = await reportSetup(ctx, query);
  const page = await selectReportEntries(
    ctx.db,
    setup.scope,
    {
      groupBy: query.groupBy,
      key: query.key,
      week: query.week,
      billable: query.billable === undefined ? undefined : query.billable === "true",
    },
    { page: query.page, pageSize: query.pageSize },
  );
  return {
    currency: setup.currency,
    period: setup.period,
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    items: page.items.map((r) => ({
      id: r.id,
      day: r.day,
      personId: r.user_id,
      personName: r.person_name,
      projectId: r.folder_id,
      projectName: r.project_name,
      client: r.client,
      taskId: r.task_id,
      taskName: r.task_name,
      taskUrl: r.task_url,
      durationMs: int(r.duration_ms),
      billable: r.billable,
      internalRate: intOrNull(r.internal_rate),
      cost: intOrNull(r.cost),
      clientRate: intOrNull(r.client_rate),
      revenue: intOrNull(r.revenue),
    })),
  };
}
