import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";

function Screen() {
  return (
    <Page title="Folder Templates" description="Reusable project structures for new jobs.">
      <EmptyState title="No folder templates yet">
        Create a template to set up new project folders the same way every time.
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
