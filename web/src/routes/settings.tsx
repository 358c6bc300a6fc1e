import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Page } from "@/features/app-shell/page";
import { CalendarFeedPanel } from "@/features/settings/calendar-feed-panel";
import { AccountPanel } from "@/features/auth/account-panel";
import { ClickupConnectionPanel, SyncPanel } from "@/features/clickup";
import { useSession } from "@/features/session/use-session";
import { OrganizationPanel } from "@/features/settings/organization-panel";
import { PeopleCapacityPanel } from "@/features/settings/people-capacity-panel";
import {
  resolveSettingsTab,
  visibleSettingsTabs,
  type SettingsTabId,
} from "@/features/settings/settings-tabs";
import { SlackPanel } from "@/features/settings/slack-panel";
import { TimeOffPanel } from "@/features/settings/time-off-panel";
import { MembersPanel } from "@/features/workspaces/members-panel";
import { SecurityLogPanel } from "@/features/workspaces/security-log-panel";

type Permissions = Partial<Record<string, boolean>> | undefined;

/** The panels of one tab; only the active tab's are mounted, so each tab loads only its own data. */
function TabPanels({ tab, permissions }: { tab: SettingsTabId; permissions: Permissions }): ReactNode {
  switch (tab) {
    case "organization":
      return <OrganizationPanel />;
    case "people":
      return (
        <>
          {permissions?.canManageUsers ? <MembersPanel /> : null}
          {permissions?.canManageUsers ? <PeopleCapacityPanel /> : null}
          <TimeOffPanel />
        </>
      );
    case "clickup":
      return (
        <>
          <ClickupConnectionPanel />
          {permissions?.canViewTimeSyncReports ? <SyncPanel /> : null}
        </>
      );
    case "slack":
      return <SlackPanel />;
    case "security":
      return <SecurityLogPanel />;
    case "account":
      return (
        <>
          <AccountPanel />
          <CalendarFeedPanel />
        </>
      );
  }
}

/**
 * Settings (/settings): one tab per area, deep-linkable as /settings?tab=<id>. An unknown or
 * not-permitted tab shows Organization; switching tabs replaces the URL, so reload and
 * back/forward keep the tab.
 */
export function Component() {
  const permissions = useSession().data?.permissions;
  const [params, setParams] = useSearchParams();
  const tabs = visibleSettingsTabs(permissions);
  const active = resolveSettingsTab(params.get("tab"), permissions);

  return (
    <Page title="Settings" description="Workspace, members, integrations and your account.">
      <Tabs value={active} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        <TabsList aria-label="Settings sections" className="mb-4 h-auto max-w-full flex-wrap justify-start">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} className="h-8 flex-none px-3">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.id} value={tab.id} className="grid grid-cols-1 gap-6">
            {tab.id === active ? <TabPanels tab={tab.id} permissions={permissions} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
