import { z } from "zod";

/** Workspace roles (spec §1, §3 user_organizations.role). */
export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** The permissions of spec §6. */
export const PERMISSIONS = [
  "canManageIntegrations",
  "canViewTimeSyncReports",
  "canInviteUsers",
  "canManageUsers",
  "canViewFinancials",
  "canManageTemplates",
  "canManageProjects",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The matrix of spec §6: which roles hold each permission. */
export const PERMISSION_MATRIX: Readonly<Record<Permission, readonly Role[]>> = {
  canManageIntegrations: ["owner"],
  canViewTimeSyncReports: ["admin", "owner"],
  canInviteUsers: ["admin", "owner"],
  canManageUsers: ["admin", "owner"],
  canViewFinancials: ["admin", "owner"],
  canManageTemplates: ["admin", "owner"],
  canManageProjects: ["member", "admin", "owner"],
};

/** A role from untrusted input (database text, headers), or `null` when it is not a known role. */
export function parseRole(value: unknown): Role | null {
  const parsed = roleSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Whether `role` holds `permission` (spec §6). An unknown or missing role holds nothing. */
export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  const known = parseRole(role);
  return known !== null && PERMISSION_MATRIX[permission].includes(known);
}

/** Every permission of `role` as a boolean map (what the web app receives to hide what the server refuses). */
export function permissionsFor(role: Role | string | null | undefined): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSIONS.map((permission) => [permission, can(role, permission)])) as Record<
    Permission,
    boolean
  >;
}

/** Admin or owner (spec §6: sees all tasks, lists users, may impersonate). */
export function isAdminRole(role: Role | string | null | undefined): boolean {
  const known = parseRole(role);
  return known === "admin" || known === "owner";
}

/**
 * Impersonation (spec §6, DESIGN "Tenancy and permissions"): only an admin or owner may
 * impersonate, and only a member — never an admin or owner, never someone without a role.
 */
export function canImpersonate(
  actorRole: Role | string | null | undefined,
  targetRole: Role | string | null | undefined,
): boolean {
  return isAdminRole(actorRole) && parseRole(targetRole) === "member";
}

/**
 * Task visibility (spec §6): admins and owners see all tasks, unless they are impersonating —
 * an impersonated view is treated as non-admin and sees only the impersonated user's tasks.
 */
export function seesAllTasks(role: Role | string | null | undefined, impersonating: boolean): boolean {
  return isAdminRole(role) && !impersonating;
}

/** Time logging is disabled while impersonating (spec §2, §6). */
export function canLogTime(impersonating: boolean): boolean {
  return !impersonating;
}

/** Rank for comparisons: owner 3 > admin 2 > member 1 > unknown 0. */
export function roleRank(role: Role | string | null | undefined): number {
  switch (parseRole(role)) {
    case "owner":
      return 3;
    case "admin":
      return 2;
    case "member":
      return 1;
    default:
      return 0;
  }
}

/**
 * Whether changing one membership would leave the workspace without an owner (a workspace must
 * keep one). `ownerCount` is the current number of owners, `fromRole` the member's current role,
 * `toRole` the new role or `null` for removal.
 */
export function wouldLeaveNoOwner(
  ownerCount: number,
  fromRole: Role | string | null | undefined,
  toRole: Role | string | null | undefined,
): boolean {
  return parseRole(fromRole) === "owner" && parseRole(toRole) !== "owner" && ownerCount <= 1;
}

/**
 * Whether `actorRole` may change a member from `targetRole` to `newRole` (`null` = remove). Our
 * rule (the spec only grants canManageUsers to admins and owners): the actor must hold
 * canManageUsers, may not act on someone ranked above themselves, and may not grant a role ranked
 * above their own — so an admin cannot touch owners or create owners. The last-owner check is
 * separate ({@link wouldLeaveNoOwner}).
 */
export function canChangeRole(
  actorRole: Role | string | null | undefined,
  targetRole: Role | string | null | undefined,
  newRole: Role | string | null,
): boolean {
  if (!can(actorRole, "canManageUsers")) return false;
  const actorRank = roleRank(actorRole);
  if (roleRank(targetRole) > actorRank) return false;
  if (newRole !== null && (parseRole(newRole) === null || roleRank(newRole) > actorRank)) return false;
  return true;
}
