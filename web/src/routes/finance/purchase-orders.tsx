import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Purchase Orders" description="Purchase orders issued to vendors.">
      <EmptyState title="No purchase orders yet">Purchase orders will be listed here.</EmptyState>
    </Page>
  );
}
