import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Set up your workspace" description="Create the workspace your team will share.">
      <EmptyState title="Workspace setup">Create a workspace to get started.</EmptyState>
    </Page>
  );
}
