import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Actuals Report" description="Hours and revenue actually logged.">
      <EmptyState title="No actuals yet">Actuals are computed from synced time entries.</EmptyState>
    </Page>
  );
}

/** Reports need canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Reports">
      <Screen />
    </RequirePermission>
  );
}
