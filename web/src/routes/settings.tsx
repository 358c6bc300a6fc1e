import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Settings" description="Workspace, members, integrations and your account.">
      <EmptyState title="Nothing to configure yet">
        Workspace, member and ClickUp settings will appear here.
      </EmptyState>
    </Page>
  );
}
