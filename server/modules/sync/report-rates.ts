import { repriceReportLines } from "../reports/repo";
import { repriceWorkloadDays } from "../workload/repo";
import type { SyncDeps } from "./engine";

/**
 * After a sync has written time and tasks: the rates of the report lines and of the workload lines
 * it added (and of every line after a rate change) read and kept on the lines (reports/repo.ts
 * repriceReportLines, workload/repo.ts repriceWorkloadDays). A failure costs only speed: the
 * reports and the workload grid price stale lines from the rate cards.
 */
export async function refreshStoredRates(deps: SyncDeps, orgId: string): Promise<void> {
  try {
    const lines = await repriceReportLines(deps.database.db, orgId);
    if (lines) deps.logger.debug({ organizationId: orgId, lines }, "report lines' rates read");
  } catch (err) {
    deps.logger.warn({ organizationId: orgId, err }, "reading the report lines' rates failed");
  }
  try {
    const lines = await repriceWorkloadDays(deps.database.db, orgId);
    if (lines) deps.logger.debug({ organizationId: orgId, lines }, "workload lines' rates read");
  } catch (err) {
    deps.logger.warn({ organizationId: orgId, err }, "reading the workload lines' rates failed");
  }
}
