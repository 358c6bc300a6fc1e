import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Actuals Report" description="Hours and revenue actually logged.">
      <EmptyState title="No actuals yet">Actuals are computed from synced time entries.</EmptyState>
    </Page>
  );
}
