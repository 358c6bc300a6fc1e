import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Statements of Work" description="SOWs agreed with clients.">
      <EmptyState title="No SOWs yet">Statements of work will be listed here.</EmptyState>
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
