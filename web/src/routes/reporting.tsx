import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Reports" description="Accrual, actuals, clients, utilization and sync health.">
      <EmptyState title="No reports yet">Reports are computed from synced tasks and time entries.</EmptyState>
    </Page>
  );
}
