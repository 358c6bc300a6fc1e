import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { transaction } from "../../db/executor";
import { notifyWorkspaceChanged } from "./repo";
import { liveHubFor } from "./hub";

let ctx: TestContext;
let member: WorkspaceUser;
let outsider: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createUserInWorkspace(ctx, { role: "member" });
  outsider = await createUserInWorkspace(ctx, { role: "member" });
});
afterAll(async () => {
  await liveHubFor(ctx.database, ctx.deps.logger).close();
  await ctx.close();
});

/** Open /api/live as `user` and collect the SSE text until `until` matches or the time runs out. */
async function openStream(user: WorkspaceUser) {
  const cookie = (user.client as unknown as { cookies: Map<string, string> }).cookies;
  const controller = new AbortController();
  const res = await ctx.app.request("http://localhost:3000/api/live", {
    headers: { cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join("; ") },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // A read still waiting when `until` times out is kept for the next call, so no chunk is lost.
  let pending: ReturnType<typeof reader.read> | null = null;
  async function until(pattern: RegExp, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!pattern.test(text)) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      pending ??= reader.read();
      const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), left))]);
      if (chunk === null) return false;
      pending = null;
      if (chunk.done) return pattern.test(text);
      text += decoder.decode(chunk.value, { stream: true });
    }
    return true;
  }
  /** Whether the server closed the stream (the next read reports done within a second). */
  async function ended(): Promise<boolean> {
    pending ??= reader.read();
    const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
    return chunk !== null && chunk.done;
  }
  return { res, until, ended, close: () => controller.abort(), text: () => text };
}

describe("GET /api/live", () => {
  it("answers 401 when signed out", async () => {
    expect((await ctx.client().get("/api/live")).status).toBe(401);
  });

  it("streams workspace-changed within 2 s of a NOTIFY for the caller's workspace only", async () => {
    const mine = await openStream(member);
    const theirs = await openStream(outsider);
    expect(mine.res.headers.get("content-type")).toContain("text/event-stream");
    expect(await mine.until(/event: ready/, 2000)).toBe(true);
    expect(await theirs.until(/event: ready/, 2000)).toBe(true);
    const sent = Date.now();
    await ctx.database.raw.query(`select pg_notify('workspace_changed', $1)`, [member.organizationId]);
    expect(await mine.until(/event: workspace-changed/, 2000)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(await theirs.until(/event: workspace-changed/, 600)).toBe(false);
    mine.close();
    theirs.close();
  });

  it("delivers a notification sent inside a transaction when it commits, never when it rolls back", async () => {
    const mine = await openStream(member);
    expect(await mine.until(/event: ready/, 2000)).toBe(true);
    await expect(
      transaction(ctx.database, async (tx) => {
        await notifyWorkspaceChanged(tx, member.organizationId);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await mine.until(/event: workspace-changed/, 600)).toBe(false);
    await transaction(ctx.database, (tx) => notifyWorkspaceChanged(tx, member.organizationId));
    expect(await mine.until(/event: workspace-changed/, 2000)).toBe(true);
    mine.close();
  });

  it("stops streaming to a user removed from the workspace and closes their stream", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const leaving = await createUserInWorkspace(ctx, {
      role: "member",
      organizationId: owner.organizationId,
    });
    const staying = await openStream(owner);
    const removed = await openStream(leaving);
    expect(await staying.until(/event: ready/, 2000)).toBe(true);
    expect(await removed.until(/event: ready/, 2000)).toBe(true);
    expect((await owner.client.delete(`/api/members/${leaving.userId}`)).status).toBe(204);
    await ctx.database.raw.query(`select pg_notify('workspace_changed', $1)`, [owner.organizationId]);
    expect(await staying.until(/event: workspace-changed/, 2000)).toBe(true);
    expect(await removed.until(/event: workspace-changed/, 600)).toBe(false);
    // The removed user's stream has ended: reading it reports done, nothing more was sent.
    expect(await removed.until(/$^/, 2000)).toBe(false);
    expect(removed.text()).not.toMatch(/workspace-changed/);
    expect(await removed.ended()).toBe(true);
    staying.close();
    removed.close();
  });
});
