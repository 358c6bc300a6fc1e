import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="User Directory" description="Everyone in the synced ClickUp workspace.">
      <EmptyState title="No users yet">ClickUp workspace members appear here after a sync.</EmptyState>
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
