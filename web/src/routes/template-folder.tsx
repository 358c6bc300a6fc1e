import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Folder Template" description="A reusable project structure.">
      <EmptyState title="Template not found">
        This template does not exist in the current workspace.
      </EmptyState>
    </Page>
  );
}

/** Templates need canManageTemplates (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canManageTemplates" area="Templates">
      <Screen />
    </RequirePermission>
  );
}
