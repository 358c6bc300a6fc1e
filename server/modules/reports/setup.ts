import { badRequest, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import type { ReportFilter, ReportPeriodRange } from "./contract";
import { resolvePeriod } from "./period";
import { selectReportSetup, type ReportScope } from "./repo";

/** What every report read needs first: the period's days, the currency, the filters checked. */
export interface ReportSetup {
  scope: ReportScope;
  period: ReportPeriodRange;
  currency: string;
  weekStart: "monday" | "sunday";
  /** The workspace's today (yyyy-MM-dd). */
  today: string;
}

/**
 * The workspace facts of a report read, and the filter ids checked against the workspace: an
 * unknown client, project or person (or another workspace's) is 400 naming the field.
 */
export async function reportSetup(ctx: RequestContext, filter: ReportFilter): Promise<ReportSetup> {
  const row = await selectReportSetup(ctx.db, ctx.organizationId, ctx.deps.now(), filter);
  if (!row) throw notFound("Workspace not found");
  for (const [field, found] of [
    ["client", row.client_found],
    ["project", row.project_found],
    ["person", row.person_found],
  ] as const) {
    if (!found) {
      throw badRequest(`Invalid query: ${field} — unknown ${field}`, [
        { field, message: `unknown ${field}` },
      ]);
    }
  }
  const period = resolvePeriod(filter, row.today, row.week_start);
  return {
    scope: {
      organizationId: ctx.organizationId,
      from: period.from,
      to: period.to,
      client: filter.client,
      project: filter.project,
      person: filter.person,
    },
    period,
    currency: row.currency,
    weekStart: row.week_start,
    today: row.today,
  };
}

/** A bigint/numeric column (text on node-postgres) as a number (null and undefined as 0). */
export function int(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** A bigint/numeric column as a number, null kept (unpriced money, no capacity). */
export function intOrNull(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}
