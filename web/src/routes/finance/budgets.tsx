import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Budgets" description="Budgets on the AICP bid form.">
      <EmptyState title="No budgets yet">
        Create a budget to estimate a job on the AICP standard bid form.
      </EmptyState>
    </Page>
  );
}

/** Finance needs canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Finance">
      <Screen />
    </RequirePermission>
  );
}
