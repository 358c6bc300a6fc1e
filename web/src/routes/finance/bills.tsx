import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Vendor Bills" description="Bills received from vendors.">
      <EmptyState title="No vendor bills yet">Vendor bills will be listed here.</EmptyState>
    </Page>
  );
}
