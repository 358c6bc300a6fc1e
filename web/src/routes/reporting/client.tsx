import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Client Report" description="Hours and revenue by client.">
      <EmptyState title="No client data yet">
        Client figures come from the Client field of each project.
      </EmptyState>
    </Page>
  );
}
