import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Milestones" description="Milestones across all projects, by date.">
      <EmptyState title="No milestones yet">
        Milestones from your synced projects will be shown on a calendar here.
      </EmptyState>
    </Page>
  );
}
