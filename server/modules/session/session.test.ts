import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { MeResponse } from "./get-me";
import { createUserInWorkspace, createWorkspace, signUp } from "../../../tests/api/fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("GET /api/me", () => {
  it("answers 401 in our error shape when signed out", async () => {
    const res = await ctx.client().get<{ error: { code: string } }>("/api/me");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("returns the user, display name and initials, and no workspace after sign-up", async () => {
    const { client, userId, email } = await signUp(ctx, { firstName: "Ada", lastName: "Lovelace" });
    const res = await client.get<MeResponse>("/api/me");
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, email, displayName: "Ada Lovelace", initials: "AL" });
    expect(res.body.organizations).toEqual([]);
    expect(res.body.currentOrganizationId).toBeNull();
    expect(res.body.permissions.canManageProjects).toBe(false);
    const cookie = res.headers.get("set-cookie");
    expect(cookie ?? "").not.toContain("session_token=;");
  });

  it("falls back to e-mail for the display name and its first letter for initials", async () => {
    const { client, email } = await signUp(ctx, { email: `zed-${Date.now()}@example.test` });
    const res = await client.get<MeResponse>("/api/me");
    expect(res.body.user.displayName).toBe(email);
    expect(res.body.user.initials).toBe("Z");
  });

  it("lists workspaces by membership creation, remembers the current one, and gives its permissions", async () => {
    const { client } = await signUp(ctx);
    const first = await createWorkspace(client, "  First Agency  ");
    const second = await createWorkspace(client, "Second Agency");
    let me = await client.get<MeResponse>("/api/me");
    expect(me.body.organizations.map((o: { name: string }) => o.name)).toEqual([
      "First Agency",
      "Second Agency",
    ]);
    expect(me.body.currentOrganizationId).toBe(second);
    expect(me.body.permissions.canManageIntegrations).toBe(true);

    const switched = await client.put<MeResponse>("/api/me/current-workspace", {
      organizationId: first,
    });
    expect(switched.status).toBe(200);
    expect(switched.body.currentOrganizationId).toBe(first);
    me = await client.get<MeResponse>("/api/me");
    expect(me.body.currentOrganizationId).toBe(first);
  });

  it("refuses to switch to a workspace of someone else (404) and validates the body (400 naming the field)", async () => {
    const other = await createUserInWorkspace(ctx, { role: "owner" });
    const { client } = await createUserInWorkspace(ctx, { role: "member" });
    const res = await client.put<{ error: { code: string } }>("/api/me/current-workspace", {
      organizationId: other.organizationId,
    });
    expect(res.status).toBe(404);
    const bad = await client.put<{ error: { fields: { field: string }[] } }>("/api/me/current-workspace", {
      organizationId: 42,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]?.field).toBe("organizationId");
  });

  it("shows a member only member permissions", async () => {
    const { client } = await createUserInWorkspace(ctx, { role: "member" });
    const me = await client.get<MeResponse>("/api/me");
    expect(me.body.permissions).toEqual({
      canManageIntegrations: false,
      canViewTimeSyncReports: false,
      canInviteUsers: false,
      canManageUsers: false,
      canViewFinancials: false,
      canManageTemplates: false,
      canManageProjects: true,
    });
  });

  it("updates the profile names and recomputes display name and initials", async () => {
    const { client } = await signUp(ctx);
    const res = await client.put<MeResponse>("/api/me", {
      firstName: " Grace ",
      lastName: "Hopper",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      displayName: "Grace Hopper",
      initials: "GH",
    });
    const me = await client.get<MeResponse>("/api/me");
    expect(me.body.user.displayName).toBe("Grace Hopper");
    const bad = await client.put<{ error: { fields: { field: string }[] } }>("/api/me", {
      firstName: "x".repeat(101),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]?.field).toBe("firstName");
  });
});
