import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Project Dashboard" description="Tasks, milestones and team.">
      <EmptyState title="No project data yet">
        The project dashboard is built from the project's synced tasks.
      </EmptyState>
    </Page>
  );
}
