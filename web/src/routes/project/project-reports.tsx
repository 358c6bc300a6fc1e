import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Project Health" description="Estimated against logged hours per assignee.">
      <EmptyState title="No health data yet">Estimates and logged hours per assignee appear here.</EmptyState>
    </Page>
  );
}
