import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Utilization Report" description="Billable hours against capacity, per person.">
      <EmptyState title="No utilization data yet">
        Utilization compares logged time with 8 hours of capacity a day.
      </EmptyState>
    </Page>
  );
}
