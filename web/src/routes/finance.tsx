import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Finance" description="Budgets, purchase orders, bills, invoices and rate cards.">
      <EmptyState title="No financial records yet">
        Budgets, purchase orders, vendor bills and client invoices will be listed here.
      </EmptyState>
    </Page>
  );
}
