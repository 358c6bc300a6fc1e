import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Finance Audit" description="Every change to financial records.">
      <EmptyState title="No audit entries yet">
        Changes to budgets, POs, bills and invoices are recorded here.
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
