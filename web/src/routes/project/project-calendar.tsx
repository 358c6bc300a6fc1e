import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Timeline" description="Milestones and tasks by date.">
      <EmptyState title="Nothing scheduled yet">
        Dated milestones and tasks of this project appear on the timeline.
      </EmptyState>
    </Page>
  );
}
