import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Vendor Bills" description="Bills received from vendors.">
      <EmptyState title="No vendor bills yet">Vendor bills will be listed here.</EmptyState>
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
