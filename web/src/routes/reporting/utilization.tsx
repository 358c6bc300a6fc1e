import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Utilization Report" description="Billable hours against capacity, per person.">
      <EmptyState title="No utilization data yet">
        Utilization compares logged time with 8 hours of capacity a day.
      </EmptyState>
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
