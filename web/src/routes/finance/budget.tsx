import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Budget" description="AICP bid form.">
      <EmptyState title="Budget not found">This budget does not exist in the current workspace.</EmptyState>
    </Page>
  );
}
