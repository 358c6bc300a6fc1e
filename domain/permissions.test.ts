import { describe, expect, it } from "vitest";
import {
  can,
  canChangeRole,
  canImpersonate,
  canLogTime,
  isAdminRole,
  parseRole,
  PERMISSIONS,
  permissionsFor,
  roleRank,
  seesAllTasks,
  wouldLeaveNoOwner,
} from "./permissions";

describe("can / permissionsFor (spec §6 matrix)", () => {
  it("gives owners everything", () => {
    expect(permissionsFor("owner")).toEqual({
      canManageIntegrations: true,
      canViewTimeSyncReports: true,
      canInviteUsers: true,
      canManageUsers: true,
      canViewFinancials: true,
      canManageTemplates: true,
      canManageProjects: true,
    });
  });
  it("gives admins everything but integrations", () => {
    expect(permissionsFor("admin")).toEqual({
      canManageIntegrations: false,
      canViewTimeSyncReports: true,
      canInviteUsers: true,
      canManageUsers: true,
      canViewFinancials: true,
      canManageTemplates: true,
      canManageProjects: true,
    });
  });
  it("gives members only canManageProjects", () => {
    const member = permissionsFor("member");
    expect(
      Object.entries(member)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(["canManageProjects"]);
  });
  it("gives unknown or missing roles nothing", () => {
    for (const role of [null, undefined, "", "Owner", "superuser"]) {
      expect(PERMISSIONS.some((p) => can(role, p))).toBe(false);
    }
  });
  it("lists exactly the seven permissions", () => {
    expect(PERMISSIONS).toHaveLength(7);
  });
});

describe("roles", () => {
  it("parseRole accepts only the three roles", () => {
    expect(parseRole("admin")).toBe("admin");
    expect(parseRole("ADMIN")).toBeNull();
    expect(parseRole(3)).toBeNull();
  });
  it("isAdminRole is admin or owner", () => {
    expect(isAdminRole("owner")).toBe(true);
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("member")).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
  it("roleRank orders owner > admin > member > unknown", () => {
    expect([roleRank("owner"), roleRank("admin"), roleRank("member"), roleRank("x")]).toEqual([3, 2, 1, 0]);
  });
});

describe("canImpersonate", () => {
  it("lets admins and owners impersonate members only", () => {
    expect(canImpersonate("admin", "member")).toBe(true);
    expect(canImpersonate("owner", "member")).toBe(true);
  });
  it("never targets an admin or owner, or someone without a role", () => {
    expect(canImpersonate("owner", "admin")).toBe(false);
    expect(canImpersonate("owner", "owner")).toBe(false);
    expect(canImpersonate("admin", "admin")).toBe(false);
    expect(canImpersonate("admin", null)).toBe(false);
  });
  it("never lets a member impersonate", () => {
    expect(canImpersonate("member", "member")).toBe(false);
  });
});

describe("seesAllTasks / canLogTime (spec §6)", () => {
  it("admins see all tasks unless impersonating", () => {
    expect(seesAllTasks("admin", false)).toBe(true);
    expect(seesAllTasks("owner", true)).toBe(false);
    expect(seesAllTasks("member", false)).toBe(false);
  });
  it("time logging is off while impersonating", () => {
    expect(canLogTime(true)).toBe(false);
    expect(canLogTime(false)).toBe(true);
  });
});

describe("wouldLeaveNoOwner", () => {
  it("blocks demoting or removing the last owner", () => {
    expect(wouldLeaveNoOwner(1, "owner", "admin")).toBe(true);
    expect(wouldLeaveNoOwner(1, "owner", null)).toBe(true);
  });
  it("allows it with another owner, or for non-owners", () => {
    expect(wouldLeaveNoOwner(2, "owner", "member")).toBe(false);
    expect(wouldLeaveNoOwner(1, "admin", null)).toBe(false);
    expect(wouldLeaveNoOwner(1, "owner", "owner")).toBe(false);
  });
});

describe("canChangeRole", () => {
  it("needs canManageUsers", () => {
    expect(canChangeRole("member", "member", "admin")).toBe(false);
  });
  it("lets an admin manage members and admins but not owners or grant owner", () => {
    expect(canChangeRole("admin", "member", "admin")).toBe(true);
    expect(canChangeRole("admin", "admin", "member")).toBe(true);
    expect(canChangeRole("admin", "member", null)).toBe(true);
    expect(canChangeRole("admin", "owner", "member")).toBe(false);
    expect(canChangeRole("admin", "member", "owner")).toBe(false);
  });
  it("lets an owner do anything with a valid role", () => {
    expect(canChangeRole("owner", "owner", "admin")).toBe(true);
    expect(canChangeRole("owner", "member", "owner")).toBe(true);
    expect(canChangeRole("owner", "member", "boss")).toBe(false);
  });
});
