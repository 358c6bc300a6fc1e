import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { chooseClickupTeam } from "./choose-clickup-team";
import { connectOwnAccount, connectOwnAccountWithOAuth } from "./connect-own-account";
import { connectWorkspace, connectWorkspaceWithOAuth } from "./connect-workspace";
import {
  clickupOAuthCallbackRequestSchema,
  clickupOAuthStartResponseSchema,
  clickupOkResponseSchema,
  clickupOwnAccountResponseSchema,
  clickupStatusSchema,
  clickupTeamRequestSchema,
  clickupTeamsResponseSchema,
  clickupTokenRequestSchema,
  syncQueuedResponseSchema,
  syncStatusSchema,
  workspaceConnectResultSchema,
} from "./contract";
import { disconnectOwnAccount } from "./disconnect-own-account";
import { disconnectWorkspace } from "./disconnect-workspace";
import { getClickupStatus } from "./get-clickup-status";
import { getSyncStatus } from "./get-sync-status";
import { listClickupTeams } from "./list-clickup-teams";
import { requestSync } from "./request-sync";
import { startClickupOAuth } from "./start-clickup-oauth";

const tags = ["ClickUp"];

/**
 * /api/clickup — the workspace's ClickUp connection (owner: canManageIntegrations), each user's
 * own ClickUp account (everyone), and sync status / 'Sync now' (canViewTimeSyncReports).
 */
export function clickupRoutes() {
  return (
    new Hono<AppEnv>()
      .get(
        "/status",
        documented({
          summary: "ClickUp status for the caller: workspace connection, own account, permissions",
          tags,
          response: clickupStatusSchema,
        }),
        requireTenant(),
        async (c) => c.json(await getClickupStatus(c.var.ctx)),
      )

      // ---- the workspace connection (owner) ----
      .post(
        "/workspace/oauth/start",
        documented({
          summary: "Start connecting the workspace to ClickUp through OAuth (consent page URL)",
          tags,
          response: clickupOAuthStartResponseSchema,
        }),
        requireTenant("canManageIntegrations"),
        (c) =>
          c.json(startClickupOAuth(c.var.ctx, { purpose: "workspace", loginHint: c.var.ctx.user.email })),
      )
      .post(
        "/workspace/oauth/callback",
        documented({
          summary: "Finish the workspace's OAuth connection with ClickUp's code",
          tags,
          response: workspaceConnectResultSchema,
        }),
        requireTenant("canManageIntegrations"),
        validate("json", clickupOAuthCallbackRequestSchema),
        async (c) => c.json(await connectWorkspaceWithOAuth(c.var.ctx, c.req.valid("json"))),
      )
      .post(
        "/workspace/token",
        documented({
          summary: "Connect the workspace to ClickUp with a personal API token",
          tags,
          response: workspaceConnectResultSchema,
        }),
        requireTenant("canManageIntegrations"),
        validate("json", clickupTokenRequestSchema),
        async (c) =>
          c.json(
            await connectWorkspace(c.var.ctx, { token: c.req.valid("json").token, authType: "personal" }),
          ),
      )
      .get(
        "/workspace/teams",
        documented({
          summary: "The ClickUp workspaces the connected token can see",
          tags,
          response: clickupTeamsResponseSchema,
        }),
        requireTenant("canManageIntegrations"),
        async (c) => c.json(await listClickupTeams(c.var.ctx)),
      )
      .post(
        "/workspace/team",
        documented({
          summary: "Pick the ClickUp workspace to sync and queue a full sync",
          tags,
          response: workspaceConnectResultSchema,
        }),
        requireTenant("canManageIntegrations"),
        validate("json", clickupTeamRequestSchema),
        async (c) => c.json(await chooseClickupTeam(c.var.ctx, c.req.valid("json"))),
      )
      .delete(
        "/workspace",
        documented({
          summary: "Disconnect the workspace from ClickUp (synced data stays)",
          tags,
          response: clickupOkResponseSchema,
        }),
        requireTenant("canManageIntegrations"),
        async (c) => {
          await disconnectWorkspace(c.var.ctx);
          return c.json({ ok: true as const });
        },
      )

      // ---- the caller's own ClickUp account ----
      .post(
        "/me/oauth/start",
        documented({
          summary: "Start linking the caller's own ClickUp account through OAuth",
          tags,
          response: clickupOAuthStartResponseSchema,
        }),
        requireTenant(),
        (c) => c.json(startClickupOAuth(c.var.ctx, { purpose: "personal", loginHint: c.var.ctx.user.email })),
      )
      .post(
        "/me/oauth/callback",
        documented({
          summary: "Finish linking the caller's own ClickUp account with ClickUp's code",
          tags,
          response: clickupOwnAccountResponseSchema,
        }),
        requireTenant(),
        validate("json", clickupOAuthCallbackRequestSchema),
        async (c) => c.json(await connectOwnAccountWithOAuth(c.var.ctx, c.req.valid("json"))),
      )
      .post(
        "/me/token",
        documented({
          summary: "Link the caller's own ClickUp account with a personal API token",
          tags,
          response: clickupOwnAccountResponseSchema,
        }),
        requireTenant(),
        validate("json", clickupTokenRequestSchema),
        async (c) => c.json(await connectOwnAccount(c.var.ctx, c.req.valid("json"))),
      )
      .delete(
        "/me",
        documented({
          summary: "Unlink the caller's own ClickUp account",
          tags,
          response: clickupOkResponseSchema,
        }),
        requireTenant(),
        async (c) => {
          await disconnectOwnAccount(c.var.ctx);
          return c.json({ ok: true as const });
        },
      )

      // ---- sync (admins) ----
      .get(
        "/sync",
        documented({
          summary: "Sync progress, the last runs and webhook activity",
          tags,
          response: syncStatusSchema,
        }),
        requireTenant("canViewTimeSyncReports"),
        async (c) => c.json(await getSyncStatus(c.var.ctx)),
      )
      .post(
        "/sync",
        documented({
          summary: "Sync now: queue a full sync of the connected ClickUp workspace",
          tags,
          response: syncQueuedResponseSchema,
        }),
        requireTenant("canViewTimeSyncReports"),
        async (c) => c.json(await requestSync(c.var.ctx)),
      )
  );
}
