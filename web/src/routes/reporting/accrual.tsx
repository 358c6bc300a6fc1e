import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Accrual Report" description="Estimated hours and revenue accrued to date against actuals.">
      <EmptyState title="No accrual data yet">
        Accruals are computed from synced estimates, time entries and rate cards.
      </EmptyState>
    </Page>
  );
}
