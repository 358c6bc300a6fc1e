import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Time Sync Validation" description="Compare time logged here with time in ClickUp.">
      <EmptyState title="No time-sync data yet">
        Validation results appear after the first time-entry sync.
      </EmptyState>
    </Page>
  );
}

/** The time-sync report needs canViewTimeSyncReports (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewTimeSyncReports" area="the time-sync report">
      <Screen />
    </RequirePermission>
  );
}
