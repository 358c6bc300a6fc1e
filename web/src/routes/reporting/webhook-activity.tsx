import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Webhook Activity" description="Every webhook delivery received from ClickUp.">
      <EmptyState title="No webhook deliveries yet">
        Deliveries are recorded here as ClickUp sends them.
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
