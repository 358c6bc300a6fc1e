/**
 * The tabs of /settings (spec: Organization · People · ClickUp · Slack · Security log · Account),
 * each deep-linkable as /settings?tab=<id>. Slack needs canManageIntegrations, Security log
 * canManageUsers; every other tab is everyone's (the panels inside hide what a role may not do).
 */
export const SETTINGS_TABS = [
  { id: "organization", label: "Organization" },
  { id: "people", label: "People" },
  { id: "clickup", label: "ClickUp" },
  { id: "slack", label: "Slack", permission: "canManageIntegrations" },
  { id: "security", label: "Security log", permission: "canManageUsers" },
  { id: "account", label: "Account" },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];
export type SettingsTabId = SettingsTab["id"];

export const DEFAULT_SETTINGS_TAB: SettingsTabId = "organization";

type Permissions = Partial<Record<string, boolean>> | undefined;

/** The tabs this user may open, in the spec's order. */
export function visibleSettingsTabs(permissions: Permissions): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => !("permission" in tab) || permissions?.[tab.permission] === true);
}

/** The tab to show for `?tab=`: the requested one when it exists and is allowed, else Organization. */
export function resolveSettingsTab(requested: string | null, permissions: Permissions): SettingsTabId {
  return visibleSettingsTabs(permissions).find((tab) => tab.id === requested)?.id ?? DEFAULT_SETTINGS_TAB;
}
