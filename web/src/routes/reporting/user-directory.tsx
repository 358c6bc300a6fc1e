import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="User Directory" description="Everyone in the synced ClickUp workspace.">
      <EmptyState title="No users yet">ClickUp workspace members appear here after a sync.</EmptyState>
    </Page>
  );
}
