import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { DEMO_CHANNELS } from "../../../simulator/slack";
import { signState } from "../../lib/signed-state";
import { SlackClient } from "./client";
import type { SlackChannelsResponse, SlackStatus } from "./contract";
import { slackRuntime } from "./runtime";
import { SLACK_STATE_REALM } from "./start-slack-install";
import { consent, installedOwner, installUrl, outcome, simOf, storedToken } from "./test-support";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function slackRows(organizationId: string) {
  const { rows } = await ctx.database.raw.query<{ status: string; token_enc: string | null }>(
    "select status, token_enc from slack_connections where organization_id = $1",
    [organizationId],
  );
  return rows;
}

describe("Slack install (OAuth v2)", () => {
  it("installs through the consent page, stores the token encrypted, and shows the install", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const url = new URL(await installUrl(owner));
    expect(url.pathname).toBe("/__sim/slack/oauth/v2/authorize");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/slack/callback");
    expect(url.searchParams.get("scope")).toContain("chat:write");
    const back = await owner.client.get(await consent(ctx, url.toString()));
    expect(Object.fromEntries(outcome(back))).toEqual({
      tab: "slack",
      slack: "installed",
      team: "Demo Agency",
    });

    const [row] = await slackRows(owner.organizationId);
    expect(row!.status).toBe("active");
    expect(row!.token_enc).toMatch(/^v1\./);
    expect(row!.token_enc).not.toContain("xoxb-");
    expect(await storedToken(ctx, owner.organizationId)).toMatch(/^xoxb-/);

    const status = await owner.client.get<SlackStatus>("/api/slack/status");
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({
      available: true,
      simulated: true,
      status: "active",
      reason: null,
      team: { name: "Demo Agency" },
      channel: null,
      failures: [],
    });
    expect(status.body.notifications.every((n) => n.enabled)).toBe(true);
  });

  it("refuses a reused, a forged and an expired state, saving nothing", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const callback = await consent(ctx, await installUrl(owner));
    const first = await owner.client.get(callback);
    expect(outcome(first).get("slack")).toBe("installed");
    // The same state again (a replayed callback): refused, the install stays as it was.
    const again = await owner.client.get(callback);
    expect(outcome(again).get("slack_error")).toMatch(/already used/);

    const other = await createUserInWorkspace(ctx, { role: "owner" });
    const u = new URL(await installUrl(other));
    const state = u.searchParams.get("state")!;
    const forged = `${state.slice(0, -4)}AAAA`;
    u.searchParams.set("state", forged);
    const forgedBack = await other.client.get(await consent(ctx, u.toString()));
    expect(outcome(forgedBack).get("slack_error")).toMatch(/expired or belongs to another session/);
    // Another user's genuine state is not this user's either.
    const stolen = await other.client.get(await consent(ctx, await installUrl(owner)));
    expect(outcome(stolen).get("slack_error")).toMatch(/expired or belongs to another session/);
    // Signed with the right key but 11 minutes ago: expired.
    const expired = signState(ctx.deps.secrets.authSecret, SLACK_STATE_REALM, 10 * 60_000, {
      organizationId: other.organizationId,
      userId: other.userId,
      purpose: "install",
      now: ctx.deps.now().getTime() - 11 * 60_000,
      nonce: "old-nonce",
    });
    u.searchParams.set("state", expired);
    const late = await other.client.get(await consent(ctx, u.toString()));
    expect(outcome(late).get("slack_error")).toMatch(/expired/);
    // Cancelled on Slack's page.
    const cancelled = await other.client.get(
      `/auth/slack/callback?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(outcome(cancelled).get("slack_error")).toMatch(/cancelled/);
    expect(await slackRows(other.organizationId)).toEqual([]);
  });

  it("lists channels server-side across every page and picks one the app can post to", async () => {
    const owner = await installedOwner(ctx);
    const list = await owner.client.get<SlackChannelsResponse>("/api/slack/channels");
    expect(list.status, list.text).toBe(200);
    const ids = list.body.channels.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([DEMO_CHANNELS.general, DEMO_CHANNELS.finance, DEMO_CHANNELS.approvals]),
    );
    // Archived channels and the private one the app is not in are not offered.
    expect(ids).not.toContain(DEMO_CHANNELS.archived);
    expect(ids).not.toContain(DEMO_CHANNELS.leadership);

    // Cursor paging: two channels a page (pages cut before filtering) gives the same set.
    const rt = slackRuntime(ctx.deps)!;
    const client = new SlackClient(rt, await storedToken(ctx, owner.organizationId));
    const paged = await client.allChannels(2);
    expect(
      paged
        .filter((c) => !c.is_archived)
        .map((c) => c.id)
        .sort(),
    ).toEqual(
      (await client.allChannels())
        .filter((c) => !c.is_archived)
        .map((c) => c.id)
        .sort(),
    );
    expect(paged.length).toBeGreaterThan(2);

    const picked = await owner.client.put("/api/slack/channel", { channelId: DEMO_CHANNELS.finance });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body).toEqual({ id: DEMO_CHANNELS.finance, name: "finance", isPrivate: false });
    const status = await owner.client.get<SlackStatus>("/api/slack/status");
    expect(status.body.channel).toEqual({ id: DEMO_CHANNELS.finance, name: "finance" });

    const hidden = await owner.client.put<{ error: { fields: { field: string }[] } }>("/api/slack/channel", {
      channelId: DEMO_CHANNELS.leadership,
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields[0]!.field).toBe("channelId");
    const bad = await owner.client.put<{ error: { fields: { field: string }[] } }>("/api/slack/channel", {
      channelId: "general; drop",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]!.field).toMatch(/channelId/);
  });

  it("shows a token revoked from Slack's side as disconnected, with the reason", async () => {
    const owner = await installedOwner(ctx, DEMO_CHANNELS.finance);
    simOf(ctx).simulator.revokeToken((await storedToken(ctx, owner.organizationId))!);
    const status = await owner.client.get<SlackStatus>("/api/slack/status");
    expect(status.body.status).toBe("disconnected");
    expect(status.body.reason).toMatch(/uninstalled or its token was revoked/);
    expect(await storedToken(ctx, owner.organizationId)).toBeNull();
    const channels = await owner.client.get("/api/slack/channels");
    expect(channels.status).toBe(409);
  });

  it("disconnect revokes the token at Slack and forgets it", async () => {
    const owner = await installedOwner(ctx, DEMO_CHANNELS.general);
    const token = (await storedToken(ctx, owner.organizationId))!;
    const res = await owner.client.delete<SlackStatus>("/api/slack");
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("disconnected");
    expect(res.body.reason).toMatch(/^Disconnected by /);
    expect(await storedToken(ctx, owner.organizationId)).toBeNull();
    const check = await new SlackClient(slackRuntime(ctx.deps)!, token).authTest().catch((e: Error) => e);
    expect(check).toMatchObject({ code: "token_revoked" });
  });

  it("is the owner's to manage: members and admins get 403", async () => {
    const owner = await installedOwner(ctx);
    for (const role of ["member", "admin"] as const) {
      const who = await createUserInWorkspace(ctx, { role, organizationId: owner.organizationId });
      expect((await who.client.get("/api/slack/status")).status).toBe(403);
      expect((await who.client.get("/api/slack/install")).status).toBe(403);
      expect((await who.client.put("/api/slack/channel", { channelId: DEMO_CHANNELS.general })).status).toBe(
        403,
      );
      expect((await who.client.delete("/api/slack")).status).toBe(403);
      // The callback sends them back to Settings with the refusal, saving nothing.
      const back = await who.client.get("/auth/slack/callback?code=x&state=y");
      expect(outcome(back).get("slack_error")).toBeTruthy();
    }
    expect((await owner.client.get<SlackStatus>("/api/slack/status")).body.status).toBe("active");
  });
});
