import { z } from "zod";

/*
 * Request and response shapes of /api/clickup/* (Settings → ClickUp), shared with the web app:
 * the workspace's ClickUp connection (owners), each person's own ClickUp account, and the sync
 * status (canViewTimeSyncReports). Timestamps in responses are ISO strings.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A personal API token pasted instead of the OAuth flow. */
export const clickupTokenRequestSchema = z
  .object({ token: z.string().trim().min(8, "Paste the whole token").max(400) })
  .strict();
export type ClickupTokenRequest = z.infer<typeof clickupTokenRequestSchema>;

/** What ClickUp's consent page handed back to /auth/clickup/(personal/)callback. */
export const clickupOAuthCallbackRequestSchema = z
  .object({ code: z.string().min(1).max(500), state: z.string().min(1).max(2000) })
  .strict();
export type ClickupOAuthCallbackRequest = z.infer<typeof clickupOAuthCallbackRequestSchema>;

/** The ClickUp workspace ("team") the owner picked. */
export const clickupTeamRequestSchema = z.object({ teamId: z.string().trim().min(1).max(40) }).strict();
export type ClickupTeamRequest = z.infer<typeof clickupTeamRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const workspaceConnectionStatusSchema = z.enum(["pending_team", "active", "error", "disconnected"]);

/** The caller's own ClickUp account, while it is linked. */
export const clickupAccountSchema = z
  .object({
    clickupUserId: z.string(),
    clickupEmail: z.string().nullable(),
    clickupUsername: z.string().nullable(),
    connectedAt: z.string(),
  })
  .meta({ id: "ClickupAccount" });
export type ClickupAccount = z.infer<typeof clickupAccountSchema>;

/** GET /api/clickup/status: everything Settings shows about ClickUp for the caller. */
export const clickupStatusSchema = z
  .object({
    /** OAuth is configured on this server (else paste a personal token). */
    oauthAvailable: z.boolean(),
    /** ClickUp is the built-in simulator. */
    simulated: z.boolean(),
    /** The caller may connect and disconnect the workspace (canManageIntegrations). */
    canManage: z.boolean(),
    /** The caller may see sync status and start a sync (canViewTimeSyncReports). */
    canViewSync: z.boolean(),
    workspace: z
      .object({
        status: workspaceConnectionStatusSchema,
        teamId: z.string().nullable(),
        teamName: z.string().nullable(),
        authType: z.enum(["oauth", "personal"]),
        connectedAt: z.string(),
        lastError: z.string().nullable(),
        /** A webhook is registered in ClickUp for this workspace. */
        webhook: z.boolean(),
      })
      .nullable(),
    me: clickupAccountSchema.nullable(),
  })
  .meta({ id: "ClickupStatus" });
export type ClickupStatus = z.infer<typeof clickupStatusSchema>;

export const clickupTeamChoiceSchema = z
  .object({ id: z.string(), name: z.string(), members: z.number().int() })
  .meta({ id: "ClickupTeamChoice" });
export type ClickupTeamChoice = z.infer<typeof clickupTeamChoiceSchema>;

/** The workspace's connection after a token, an OAuth callback or a team choice. */
export const workspaceConnectResultSchema = z
  .object({
    /** pending_team: the account sees several ClickUp workspaces; the owner picks one of `teams`. */
    status: z.enum(["active", "pending_team"]),
    teams: z.array(clickupTeamChoiceSchema),
    team: clickupTeamChoiceSchema.nullable(),
    /** A full sync was queued (false when one was already waiting or running). */
    syncQueued: z.boolean(),
  })
  .meta({ id: "ClickupWorkspaceConnectResult" });
export type WorkspaceConnectResult = z.infer<typeof workspaceConnectResultSchema>;

export const clickupTeamsResponseSchema = z
  .object({ teams: z.array(clickupTeamChoiceSchema) })
  .meta({ id: "ClickupTeams" });
export type ClickupTeamsResponse = z.infer<typeof clickupTeamsResponseSchema>;

/** Where to send the browser: ClickUp's consent page, with a signed state. */
export const clickupOAuthStartResponseSchema = z
  .object({ url: z.string() })
  .meta({ id: "ClickupOAuthStart" });
export type ClickupOAuthStartResponse = z.infer<typeof clickupOAuthStartResponseSchema>;

/** The caller's freshly linked ClickUp account. */
export const clickupOwnAccountResponseSchema = z
  .object({
    me: z.object({
      clickupUserId: z.string(),
      clickupEmail: z.string().nullable(),
      clickupUsername: z.string().nullable(),
      isActive: z.boolean(),
      connectedAt: z.string(),
    }),
  })
  .meta({ id: "ClickupOwnAccount" });
export type ClickupOwnAccountResponse = z.infer<typeof clickupOwnAccountResponseSchema>;

export const clickupOkResponseSchema = z.object({ ok: z.literal(true) }).meta({ id: "ClickupOk" });
export type ClickupOkResponse = z.infer<typeof clickupOkResponseSchema>;

export const syncRunSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.string(),
    trigger: z.string().nullable(),
    stats: z.record(z.string(), z.number()),
    error: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "SyncRun" });
export type SyncRun = z.infer<typeof syncRunSchema>;

/** GET /api/clickup/sync: progress, the last 10 runs and the webhook activity of 7 days. */
export const syncStatusSchema = z
  .object({
    status: z.string(),
    phase: z.string().nullable(),
    progress: z.number(),
    lastFullSyncAt: z.string().nullable(),
    lastIncrementalAt: z.string().nullable(),
    lastError: z.string().nullable(),
    runs: z.array(syncRunSchema),
    webhooks: z.object({
      receivedLast7Days: z.number(),
      rejectedLast7Days: z.number(),
      failedLast7Days: z.number(),
      lastReceivedAt: z.string().nullable(),
    }),
  })
  .meta({ id: "SyncStatus" });
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** POST /api/clickup/sync: whether a full sync was queued (false: one is already waiting). */
export const syncQueuedResponseSchema = z.object({ queued: z.boolean() }).meta({ id: "SyncQueued" });
export type SyncQueuedResponse = z.infer<typeof syncQueuedResponseSchema>;
