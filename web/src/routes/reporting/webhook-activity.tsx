import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Webhook Activity" description="Every webhook delivery received from ClickUp.">
      <EmptyState title="No webhook deliveries yet">
        Deliveries are recorded here as ClickUp sends them.
      </EmptyState>
    </Page>
  );
}
