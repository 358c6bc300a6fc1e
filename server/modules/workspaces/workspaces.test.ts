import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { Workspace, WorkspacesResponse } from "./contract";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type ErrorAnswer = { error: { code: string; fields?: { field: string }[] } };

describe("workspaces", () => {
  it("creates a workspace whose creator is owner, lists only the caller's workspaces, and records the change", async () => {
    const ada = await signUp(ctx);
    const bob = await signUp(ctx);
    const created = await ada.client.post<Workspace>("/api/workspaces", { name: "  Northwind Films  " });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: "Northwind Films", role: "owner" });
    await bob.client.post("/api/workspaces", { name: "Bob's Post House" });

    const mine = await ada.client.get<WorkspacesResponse>("/api/workspaces");
    expect(mine.body.workspaces.map((w) => w.name)).toEqual(["Northwind Films"]);
    // It became the current workspace: /api/me answers with it.
    const me = await ada.client.get<{ currentOrganizationId?: string; organization?: { id: string } }>(
      "/api/me",
    );
    expect(JSON.stringify(me.body)).toContain(created.body.id);

    const { rows } = await ctx.database.raw.query<{ actor_user_id: string; action: string; after: unknown }>(
      `select actor_user_id, action, after from audit_events where organization_id = $1 and object_type = 'workspace'`,
      [created.body.id],
    );
    expect(rows).toEqual([
      { actor_user_id: ada.userId, action: "created", after: { name: "Northwind Films" } },
    ]);
  });

  it("refuses a missing, blank or over-long name with 400 naming the field, and signed-out callers with 401", async () => {
    const ada = await signUp(ctx);
    for (const body of [{}, { name: "   " }, { name: "x".repeat(500) }, { name: 42 }]) {
      const res = await ada.client.post<ErrorAnswer>("/api/workspaces", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields?.[0]?.field).toBe("name");
    }
    expect((await ada.client.get<WorkspacesResponse>("/api/workspaces")).body.workspaces).toEqual([]);
    expect((await ctx.client().get("/api/workspaces")).status).toBe(401);
    expect((await ctx.client().post("/api/workspaces", { name: "Nope" })).status).toBe(401);
  });
});
