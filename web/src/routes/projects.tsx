import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="All Projects" description="Every project synced from ClickUp.">
      <EmptyState title="No projects yet">
        Projects appear here after the workspace is connected to ClickUp and synced.
      </EmptyState>
    </Page>
  );
}
