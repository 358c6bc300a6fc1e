import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Workload" description="Who is booked on what, day by day.">
      <EmptyState title="No workload data yet">
        Workload is built from synced tasks, assignees and estimates.
      </EmptyState>
    </Page>
  );
}
