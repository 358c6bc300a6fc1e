import { BarChart3, CalendarDays, DollarSign, FolderKanban, LayoutDashboard, Users } from "lucide-react";
import type { Permission } from "@domain/permissions";

export interface NavItem {
  to: string;
  label: string;
  icon: typeof LayoutDashboard;
  /** Shown only with this permission (spec §2). */
  permission?: Permission;
  /** Also in the mobile bottom tab bar. */
  tab?: boolean;
}

/** The main items of spec §2 in order; Projects is its own menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, tab: true },
  { to: "/calendar", label: "Milestones", icon: CalendarDays, tab: true },
  { to: "/workload", label: "Workload", icon: Users, tab: true },
  { to: "/finance", label: "Finance", icon: DollarSign, permission: "canViewFinancials", tab: true },
  { to: "/reporting", label: "Reports", icon: BarChart3, permission: "canViewFinancials", tab: true },
  { to: "/templates/folders", label: "Templates", icon: FolderKanban, permission: "canManageTemplates" },
];

export function visibleNavItems(permissions: Record<Permission, boolean>): NavItem[] {
  return NAV_ITEMS.filter((item) => !item.permission || permissions[item.permission]);
}
