import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Folder Templates" description="Reusable project structures for new jobs.">
      <EmptyState title="No folder templates yet">
        Create a template to set up new project folders the same way every time.
      </EmptyState>
    </Page>
  );
}
