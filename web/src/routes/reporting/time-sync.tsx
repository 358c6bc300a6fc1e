import { RequirePermission } from "@/features/app-shell/access-denied";
import { TimeSyncReport } from "@/features/reports/time-sync-report";

/** The time-sync report needs canViewTimeSyncReports (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewTimeSyncReports" area="the time-sync report">
      <TimeSyncReport />
    </RequirePermission>
  );
}
