import { Hono } from "hono";
import { z } from "zod";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { conflict } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { requestFullSync } from "../../jobs/index";
import * as repo from "./repo";
import {
  chooseTeam,
  connectOwnAccount,
  connectWorkspace,
  disconnectWorkspace,
  exchangeCallback,
  listTeams,
  startOAuth,
} from "./connect-workspace";
import { getClickupStatus, getSyncStatus } from "./get-clickup-status";

const tokenBody = z.object({ token: z.string().trim().min(8, "Paste the whole token").max(400) }).strict();
const callbackBody = z
  .object({ code: z.string().min(1).max(500), state: z.string().min(1).max(2000) })
  .strict();
const teamBody = z.object({ teamId: z.string().trim().min(1).max(40) }).strict();

/**
 * /api/clickup — the workspace's ClickUp connection (owner: canManageIntegrations), each user's
 * own ClickUp account (everyone), and sync status / 'Sync now' (canViewTimeSyncReports).
 */
export function clickupRoutes() {
  return (
    new Hono<AppEnv>()
      .get("/status", requireTenant(), async (c) => c.json(await getClickupStatus(c.var.deps, c.var.tenant)))

      // ---- the workspace connection (owner) ----
      .post("/workspace/oauth/start", requireTenant("canManageIntegrations"), (c) =>
        c.json(
          startOAuth(
            c.var.deps,
            c.var.tenant.organizationId,
            c.var.tenant.userId,
            "workspace",
            c.var.user.email,
          ),
        ),
      )
      .post(
        "/workspace/oauth/callback",
        requireTenant("canManageIntegrations"),
        validate("json", callbackBody),
        async (c) => {
          const { code, state } = c.req.valid("json");
          const t = c.var.tenant;
          const token = await exchangeCallback(
            c.var.deps,
            t.organizationId,
            t.userId,
            "workspace",
            code,
            state,
          );
          return c.json(await connectWorkspace(c.var.deps, t.organizationId, t.userId, token, "oauth"));
        },
      )
      .post(
        "/workspace/token",
        requireTenant("canManageIntegrations"),
        validate("json", tokenBody),
        async (c) => {
          const t = c.var.tenant;
          return c.json(
            await connectWorkspace(
              c.var.deps,
              t.organizationId,
              t.userId,
              c.req.valid("json").token,
              "personal",
            ),
          );
        },
      )
      .get("/workspace/teams", requireTenant("canManageIntegrations"), async (c) =>
        c.json({ teams: await listTeams(c.var.deps, c.var.tenant.organizationId) }),
      )
      .post(
        "/workspace/team",
        requireTenant("canManageIntegrations"),
        validate("json", teamBody),
        async (c) =>
          c.json(await chooseTeam(c.var.deps, c.var.tenant.organizationId, c.req.valid("json").teamId)),
      )
      .delete("/workspace", requireTenant("canManageIntegrations"), async (c) => {
        await disconnectWorkspace(c.var.deps, c.var.tenant.organizationId);
        return c.json({ ok: true });
      })

      // ---- the caller's own ClickUp account ----
      .post("/me/oauth/start", requireTenant(), (c) =>
        c.json(
          startOAuth(
            c.var.deps,
            c.var.tenant.organizationId,
            c.var.tenant.userId,
            "personal",
            c.var.user.email,
          ),
        ),
      )
      .post("/me/oauth/callback", requireTenant(), validate("json", callbackBody), async (c) => {
        const { code, state } = c.req.valid("json");
        const t = c.var.tenant;
        const token = await exchangeCallback(c.var.deps, t.organizationId, t.userId, "personal", code, state);
        return c.json({ me: await connectOwnAccount(c.var.deps, t.organizationId, t.userId, token) });
      })
      .post("/me/token", requireTenant(), validate("json", tokenBody), async (c) => {
        const t = c.var.tenant;
        return c.json({
          me: await connectOwnAccount(c.var.deps, t.organizationId, t.userId, c.req.valid("json").token),
        });
      })
      .delete("/me", requireTenant(), async (c) => {
        await repo.deactivateUserConnection(
          c.var.deps.database.db,
          c.var.tenant.organizationId,
          c.var.tenant.userId,
        );
        return c.json({ ok: true });
      })

      // ---- sync (admins) ----
      .get("/sync", requireTenant("canViewTimeSyncReports"), async (c) =>
        c.json(await getSyncStatus(c.var.deps, c.var.tenant.organizationId)),
      )
      .post("/sync", requireTenant("canViewTimeSyncReports"), async (c) => {
        const orgId = c.var.tenant.organizationId;
        const conn = await repo.getWorkspaceConnection(c.var.deps.database.db, orgId);
        if (!conn || conn.status === "pending_team" || !conn.clickupTeamId)
          throw conflict("Connect this workspace to a ClickUp workspace first");
        const queued = await requestFullSync(c.var.deps, orgId, "manual");
        return c.json({ queued });
      })
  );
}
