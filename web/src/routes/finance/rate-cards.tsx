import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Rate Cards" description="Internal and client rates by role and person.">
      <EmptyState title="No rate cards yet">Internal and client rate cards will be listed here.</EmptyState>
    </Page>
  );
}
