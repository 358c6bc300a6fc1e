import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Budget" description="AICP bid form.">
      <EmptyState title="Budget not found">This budget does not exist in the current workspace.</EmptyState>
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
