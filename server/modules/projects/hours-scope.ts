import type { ProjectHoursScope } from "./contract";

/**
 * What a project's hours sum, one rule for the header, the Time Report and the Health tab
 * (spec §6): the whole project for owners and admins (no coverage) and for a member who sees
 * every task of it; otherwise the N of M tasks the caller can see (`hoursTasks`).
 */
export function hoursScope(coverage: { visible: number; total: number } | null): ProjectHoursScope {
  return {
    hoursScopeAll: coverage === null || coverage.visible >= coverage.total,
    hoursTasks: coverage,
  };
}
