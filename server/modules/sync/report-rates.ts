import { repriceReportLines } from "../reports/repo";
import type { SyncDeps } from "./engine";

/**
 * After a sync has written time: the rates of the report lines it added (and of every line after a
 * rate change) read and kept on the lines (reports/repo.ts repriceReportLines). A failure costs
 * only speed: the reports price stale lines from the rate cards.
 */
export async function refreshReportLineRates(deps: SyncDeps, orgId: string): Promise<void> {
  try {
    const lines = await repriceReportLines(deps.database.db, orgId);
    if (lines) deps.logger.debug({ organizationId: orgId, lines }, "report lines' rates read");
  } catch (err) {
    deps.logger.warn({ organizationId: orgId, err }, "reading the report lines' rates failed");
  }
}
