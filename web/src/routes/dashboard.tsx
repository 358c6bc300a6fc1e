import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Dashboard" description="Your week, your projects and your time.">
      <EmptyState title="Your dashboard is empty">
        Assigned work appears here once your ClickUp account is connected and synced.
      </EmptyState>
    </Page>
  );
}
