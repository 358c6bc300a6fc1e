import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Budgets" description="Budgets on the AICP bid form.">
      <EmptyState title="No budgets yet">
        Create a budget to estimate a job on the AICP standard bid form.
      </EmptyState>
    </Page>
  );
}
