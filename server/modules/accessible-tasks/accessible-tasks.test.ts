import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import type { AccessibleTasksResponse } from "./contract";

/*
 * POST /api/accessible-tasks (spec §6, §7): the one visibility rule (task-scope.ts) seen through
 * its endpoint. Hand-seeded: a private space with an assigned task, a task in a list the member
 * belongs to, and a task nobody gave them; an open space whose tasks everyone sees.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function connect(organizationId: string, userId: string, clickupUserId: string) {
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
     values ($1, $2, $3, $3)`,
    [organizationId, userId, clickupUserId],
  );
}

describe("accessible tasks", () => {
  it("gives admins every task, members what their ClickUp account can see, nobody another workspace's", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
    const unlinked = await createUserInWorkspace(ctx, {
      role: "member",
      organizationId: owner.organizationId,
    });
    const org = owner.organizationId;
    const base = { status: "open", folderId: "f1" };
    await seedClickupData(ctx.database.db, org, {
      spaces: [
        { id: "s-private", name: "Clients", private: true },
        { id: "s-open", name: "Studio", private: false },
      ],
      folders: [{ id: "f1", spaceId: "s-private", name: "Job" }],
      lists: [
        { id: "l-mine", folderId: "f1", spaceId: "s-private", name: "Mine" },
        { id: "l-other", folderId: "f1", spaceId: "s-private", name: "Other" },
        { id: "l-open", spaceId: "s-open", name: "Open" },
      ],
      tasks: [
        {
          ...base,
          id: "t-assigned",
          name: "A",
          listId: "l-other",
          spaceId: "s-private",
          assigneesArray: [{ id: "cu-m" }],
        },
        { ...base, id: "t-list", name: "B", listId: "l-mine", spaceId: "s-private" },
        { ...base, id: "t-hidden", name: "C", listId: "l-other", spaceId: "s-private" },
        { ...base, id: "t-open", name: "D", listId: "l-open", spaceId: "s-open", folderId: null },
        {
          ...base,
          id: "t-deleted",
          name: "E",
          listId: "l-open",
          spaceId: "s-open",
          folderId: null,
          deleted: true,
        },
      ],
    });
    await ctx.database.raw.query(
      `insert into list_members (organization_id, list_id, user_id) values ($1, 'l-mine', 'cu-m')`,
      [org],
    );
    await connect(org, member.userId, "cu-m");
    await connect(org, owner.userId, "cu-o");

    const admin = await owner.client.post<AccessibleTasksResponse>("/api/accessible-tasks", {});
    expect(admin.status, admin.text).toBe(200);
    expect(admin.body).toEqual({
      taskIds: ["t-assigned", "t-hidden", "t-list", "t-open"],
      clickupUserId: "cu-o",
    });

    const mine = await member.client.post<AccessibleTasksResponse>("/api/accessible-tasks", {
      organization_id: org,
    });
    expect(mine.body).toEqual({ taskIds: ["t-assigned", "t-list", "t-open"], clickupUserId: "cu-m" });

    const none = await unlinked.client.post<AccessibleTasksResponse>("/api/accessible-tasks", {});
    expect(none.body).toEqual({ taskIds: [], clickupUserId: null });

    const stranger = await createUserInWorkspace(ctx, { role: "owner" });
    const refused = await stranger.client.post("/api/accessible-tasks", { organization_id: org });
    expect(refused.status).toBe(403);
    const own = await stranger.client.post<AccessibleTasksResponse>("/api/accessible-tasks", {});
    expect(own.body.taskIds).toEqual([]);
  });

  it("answers 400 naming the field for a bad body and 401 when signed out", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const bad = await owner.client.post<{ error: { fields?: { field: string }[] } }>(
      "/api/accessible-tasks",
      {
        organization_id: 7,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.[0]?.field).toBe("organization_id");
    const extra = await owner.client.post("/api/accessible-tasks", { surprise: true });
    expect(extra.status).toBe(400);
    expect((await ctx.client().post("/api/accessible-tasks", {})).status).toBe(401);
  });
});
