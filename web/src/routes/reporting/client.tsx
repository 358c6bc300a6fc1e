import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Client Report" description="Hours and revenue by client.">
      <EmptyState title="No client data yet">
        Client figures come from the Client field of each project.
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
