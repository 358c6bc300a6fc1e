import { expect } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import type { TestContext } from "../../../tests/api/harness";
import { embeddedSlack, type EmbeddedSlack } from "../../../simulator/slack/embedded";
import { DEMO_TEAM } from "../../../simulator/slack";
import { decryptSecret } from "../../lib/secrets";

/* Test fixture of the Slack API tests (not production code): the in-process simulator, its consent page, tokens. */

export function simOf(ctx: TestContext): EmbeddedSlack {
  const sim = embeddedSlack(ctx.deps);
  if (!sim) throw new Error("the embedded Slack simulator is not running");
  return sim;
}

/** Walk the simulator's consent page for the authorize URL like a browser; returns the callback path. */
export async function consent(
  ctx: TestContext,
  authorizeUrl: string,
  teamId = DEMO_TEAM.id,
): Promise<string> {
  const u = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: u.searchParams.get("client_id")!,
    scope: u.searchParams.get("scope")!,
    user_scope: "",
    redirect_uri: u.searchParams.get("redirect_uri")!,
    state: u.searchParams.get("state")!,
    team_id: teamId,
    channel_id: "",
    decision: "allow",
  });
  const res = await simOf(ctx).simulator.app.request("/oauth/v2/authorize", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(back.pathname).toBe("/auth/slack/callback");
  return `${back.pathname}${back.search}`;
}

/** GET /api/slack/install as `who`: the consent page URL it redirects to. */
export async function installUrl(who: WorkspaceUser): Promise<string> {
  const res = await who.client.get("/api/slack/install");
  expect(res.status, res.text).toBe(302);
  return res.headers.get("location")!;
}

/** The settings redirect after the callback, as its query. */
export function outcome(res: { status: number; headers: Headers }): URLSearchParams {
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get("location")!, "http://localhost:3000");
  expect(to.pathname).toBe("/settings");
  return to.searchParams;
}

/** An owner with Slack installed into Demo Agency and, when given, a channel picked. */
export async function installedOwner(ctx: TestContext, channelId?: string): Promise<WorkspaceUser> {
  const owner = await createUserInWorkspace(ctx, { role: "owner" });
  await installSlack(ctx, owner, channelId);
  return owner;
}

/** Install Slack into Demo Agency as `owner` (of an existing workspace) and, when given, pick a channel. */
export async function installSlack(
  ctx: TestContext,
  owner: WorkspaceUser,
  channelId?: string,
): Promise<void> {
  const back = await owner.client.get(await consent(ctx, await installUrl(owner)));
  expect(outcome(back).get("slack")).toBe("installed");
  if (channelId) {
    const res = await owner.client.put("/api/slack/channel", { channelId });
    expect(res.status, res.text).toBe(200);
  }
}

/** Switch one notification kind on or off as `owner`. */
export async function setKind(owner: WorkspaceUser, kind: string, enabled: boolean): Promise<void> {
  const res = await owner.client.put("/api/slack/notifications", { kind, enabled });
  expect(res.status, res.text).toBe(200);
}

/** The workspace's bot token as stored (decrypted), or null. */
export async function storedToken(ctx: TestContext, organizationId: string): Promise<string | null> {
  const { rows } = await ctx.database.raw.query<{ token_enc: string | null }>(
    "select token_enc from slack_connections where organization_id = $1",
    [organizationId],
  );
  const enc = rows[0]?.token_enc;
  return enc ? decryptSecret(enc, ctx.deps.secrets.encryptionKey) : null;
}

/** Reads until `done` holds (the delivery job works in the background), or fails after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
