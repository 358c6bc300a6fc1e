import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Finance Audit" description="Every change to financial records.">
      <EmptyState title="No audit entries yet">
        Changes to budgets, POs, bills and invoices are recorded here.
      </EmptyState>
    </Page>
  );
}
