import { EmptyState, Page } from "@/features/app-shell/page";

export function Component() {
  return (
    <Page title="Time Sync Validation" description="Compare time logged here with time in ClickUp.">
      <EmptyState title="No time-sync data yet">
        Validation results appear after the first time-entry sync.
      </EmptyState>
    </Page>
  );
}
