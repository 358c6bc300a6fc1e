import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Time Report" description="Hours logged per person and task, per week.">
      <EmptyState title="No time logged yet">Time entries on this project's tasks appear here.</EmptyState>
    </Page>
  );
}
