import { Page } from "@/features/app-shell/page";
import { CalendarFeedPanel } from "@/features/settings/calendar-feed-panel";
import { AccountPanel } from "@/features/auth/account-panel";
import { ClickupConnectionPanel, SyncPanel } from "@/features/clickup";
import { useSession } from "@/features/session/use-session";
import { OrganizationPanel } from "@/features/settings/organization-panel";
import { PeopleCapacityPanel } from "@/features/settings/people-capacity-panel";
import { SlackPanel } from "@/features/settings/slack-panel";
import { TimeOffPanel } from "@/features/settings/time-off-panel";
import { MembersPanel } from "@/features/workspaces/members-panel";
import { SecurityLogPanel } from "@/features/workspaces/security-log-panel";

export function Component() {
  const permissions = useSession().data?.permissions;
  return (
    <Page title="Settings" description="Workspace, members, integrations and your account.">
      <div className="grid grid-cols-1 gap-6">
        <ClickupConnectionPanel />
        {permissions?.canViewTimeSyncReports ? <SyncPanel /> : null}
        {permissions?.canManageIntegrations ? <SlackPanel /> : null}
        <OrganizationPanel />
        {permissions?.canManageUsers ? <MembersPanel /> : null}
        {permissions?.canManageUsers ? <PeopleCapacityPanel /> : null}
        <TimeOffPanel />
        <CalendarFeedPanel />
        <AccountPanel />
        {permissions?.canManageUsers ? <SecurityLogPanel /> : null}
      </div>
    </Page>
  );
}
