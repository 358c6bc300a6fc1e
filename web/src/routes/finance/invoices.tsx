import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Client Invoices" description="Invoices sent to clients.">
      <EmptyState title="No invoices yet">Client invoices will be listed here.</EmptyState>
    </Page>
  );
}
