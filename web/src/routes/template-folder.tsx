import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Folder Template" description="A reusable project structure.">
      <EmptyState title="Template not found">
        This template does not exist in the current workspace.
      </EmptyState>
    </Page>
  );
}
