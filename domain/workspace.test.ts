import { describe, expect, it } from "vitest";
import {
  normalizeWorkspaceName,
  pickCurrentWorkspace,
  protectedRouteDecision,
  workspaceNameSchema,
} from "./workspace";

describe("normalizeWorkspaceName (spec §5)", () => {
  it("trims and rejects empty names", () => {
    expect(normalizeWorkspaceName("  Acme Studio ")).toBe("Acme Studio");
    expect(normalizeWorkspaceName("   ")).toBeNull();
    expect(normalizeWorkspaceName(undefined)).toBeNull();
    expect(workspaceNameSchema.parse(" Acme ")).toBe("Acme");
    expect(workspaceNameSchema.safeParse("  ").success).toBe(false);
  });
});

describe("pickCurrentWorkspace (spec §4)", () => {
  const memberships = [
    { organizationId: "b", role: "member" as const, createdAt: "2025-02-01T00:00:00Z" },
    { organizationId: "a", role: "owner" as const, createdAt: "2025-01-01T00:00:00Z" },
    { organizationId: "c", role: "admin" as const, createdAt: "2025-03-01T00:00:00Z" },
  ];
  it("keeps the remembered workspace when still a member", () => {
    expect(pickCurrentWorkspace(memberships, "c")?.organizationId).toBe("c");
  });
  it("falls back to the earliest-created membership", () => {
    expect(pickCurrentWorkspace(memberships, "gone")?.organizationId).toBe("a");
    expect(pickCurrentWorkspace(memberships, null)?.organizationId).toBe("a");
  });
  it("is null without memberships", () => {
    expect(pickCurrentWorkspace([], "a")).toBeNull();
  });
});

describe("protectedRouteDecision (spec §2)", () => {
  it("loads, then redirects or allows", () => {
    expect(protectedRouteDecision({ loading: true, hasUser: false, organizationCount: 0 })).toBe("loading");
    expect(protectedRouteDecision({ loading: false, hasUser: false, organizationCount: 3 })).toBe(
      "redirect-auth",
    );
    expect(protectedRouteDecision({ loading: false, hasUser: true, organizationCount: 0 })).toBe(
      "redirect-setup",
    );
    expect(protectedRouteDecision({ loading: false, hasUser: true, organizationCount: 1 })).toBe("allow");
  });
});
