import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Statements of Work" description="SOWs agreed with clients.">
      <EmptyState title="No SOWs yet">Statements of work will be listed here.</EmptyState>
    </Page>
  );
}
