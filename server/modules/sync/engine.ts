import type { AppDeps } from "../../context";
import type { Executor } from "../../db/executor";
import { newId } from "../../lib/ids";
import { decryptSecret, encryptSecret } from "../../lib/secrets";
import { ClickUpApiError, type ClickUpClient } from "../../integrations/clickup/client";
import { fieldValueRecord, taskRow } from "../../integrations/clickup/mapper";
import { clientForEncryptedToken } from "../../integrations/clickup/runtime";
import type { CuFieldDef, CuList, CuTask } from "../../integrations/clickup/types";
import { SUBSCRIBED_EVENTS } from "../../integrations/clickup/webhooks";
import { getWorkspaceConnection, setWorkspaceWebhook, type WorkspaceConnection } from "../clickup/repo";
import { insertMissingLists, upsertProviderUsers } from "./hierarchy-repo";
import {
  replaceCustomFieldValues,
  replaceTaskAssignees,
  upsertCustomFieldDefs,
  upsertTasks,
} from "./task-repo";

/** Shared plumbing of the sync jobs: the connection's client, page ingestion, webhook upkeep. */

/** `now`: the app's clock (AGENCY_HUB_NOW in tests) for the time-entry windows; default the machine's. */
export type SyncDeps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup"> &
  Partial<Pick<AppDeps, "now">>;

export class SyncNotConnectedError extends Error {
  constructor(message = "This workspace is not connected to a ClickUp workspace") {
    super(message);
    this.name = "SyncNotConnectedError";
  }
}

export interface ConnectedClient {
  client: ClickUpClient;
  teamId: string;
  connection: WorkspaceConnection;
}

export async function connectedClient(deps: SyncDeps, orgId: string): Promise<ConnectedClient> {
  const connection = await getWorkspaceConnection(deps.database.db, orgId);
  if (!connection || connection.status === "disconnected" || !connection.clickupTeamId)
    throw new SyncNotConnectedError();
  const client = clientForEncryptedToken(deps, connection.accessTokenEnc);
  return { client, teamId: connection.clickupTeamId, connection };
}

/** Time entries belong to people; every member's are requested explicitly (default is the caller's only). */
export async function syncMembers(
  ex: Executor,
  orgId: string,
  client: ClickUpClient,
  teamId: string,
): Promise<string[]> {
  const team = (await client.getTeams()).find((t) => t.id === teamId);
  if (!team) throw new ClickUpApiError(401, "OAUTH_027", "Team not authorized", "/team");
  await upsertProviderUsers(ex, orgId, team.members);
  return team.members.map((m) => m.id);
}

/**
 * Write one batch of tasks: rows, assignees, field definitions and values, and any list we
 * only know from its tasks. Idempotent; runs inside the caller's transaction.
 */
export async function ingestTasks(
  tx: Executor,
  orgId: string,
  tasks: CuTask[],
  opts: { unknownListsArchived: boolean },
): Promise<void> {
  if (!tasks.length) return;
  const byId = new Map<string, CuTask>();
  for (const t of tasks) if (t.id) byId.set(t.id, t);
  const unique = [...byId.values()];
  const ids = unique.map((t) => t.id);
  const defs = new Map<string, CuFieldDef>();
  const values: Array<{ taskId: string; fieldId: string; value: unknown }> = [];
  // Every field each response listed (set or not): only their values may be cleared.
  const carried: Array<{ taskId: string; fieldId: string }> = [];
  const lists = new Map<string, CuList>();
  const pairs: Parameters<typeof replaceTaskAssignees>[3] = [];
  for (const t of unique) {
    for (const a of t.assignees)
      if (a.id) pairs.push({ taskId: t.id, userId: a.id, username: a.username, email: a.email });
    for (const f of t.customFields) {
      if (!f.id) continue;
      if (!defs.has(f.id)) defs.set(f.id, { id: f.id, name: f.name, type: f.type, typeConfig: f.typeConfig });
      carried.push({ taskId: t.id, fieldId: f.id });
      if (f.hasValue) values.push({ taskId: t.id, fieldId: f.id, value: fieldValueRecord(f) });
    }
    if (t.listId && !lists.has(t.listId)) {
      lists.set(t.listId, {
        id: t.listId,
        name: t.listName ?? "",
        folderId: t.folderId,
        folderHidden: t.folderHidden,
        spaceId: t.spaceId,
        archived: opts.unknownListsArchived,
        taskCount: 0,
      });
    }
  }
  await insertMissingLists(tx, orgId, [...lists.values()]);
  await upsertTasks(tx, orgId, unique.map(taskRow));
  await replaceTaskAssignees(tx, orgId, ids, pairs);
  await upsertCustomFieldDefs(tx, orgId, [...defs.values()]);
  await replaceCustomFieldValues(tx, orgId, carried, values);
}

export function webhookEndpoint(deps: Pick<AppDeps, "config">, orgId: string): string {
  return `${deps.config.publicUrl}/api/webhooks/clickup/${encodeURIComponent(orgId)}`;
}

/**
 * Make sure ClickUp will call us: create the webhook (storing its secret encrypted), re-create
 * it when it vanished, re-activate it when ClickUp suspended or marked it failing (§5.5).
 * Failures are logged, not fatal: the periodic poll covers a workspace without webhooks.
 */
export async function ensureWebhook(
  deps: SyncDeps,
  orgId: string,
  cc: ConnectedClient,
): Promise<string | null> {
  const endpoint = webhookEndpoint(deps, orgId);
  const { client, teamId, connection } = cc;
  try {
    if (connection.webhookId && connection.webhookSecretEnc) {
      const hooks = await client.getWebhooks(teamId);
      const mine = hooks.find((h) => h.id === connection.webhookId);
      if (mine && mine.endpoint === endpoint) {
        if (mine.status !== "active") await client.reactivateWebhook(mine.id, endpoint, SUBSCRIBED_EVENTS);
        return mine.id;
      }
      if (mine) await client.deleteWebhook(mine.id).catch(() => undefined);
    }
    let hook;
    try {
      hook = await client.createWebhook(teamId, endpoint, SUBSCRIBED_EVENTS);
    } catch (err) {
      // OAUTH_171: one already exists for this endpoint (our stored id was lost) — replace it.
      if (!(err instanceof ClickUpApiError) || err.ecode !== "OAUTH_171") throw err;
      const existing = (await client.getWebhooks(teamId)).find((h) => h.endpoint === endpoint);
      if (existing) await client.deleteWebhook(existing.id);
      hook = await client.createWebhook(teamId, endpoint, SUBSCRIBED_EVENTS);
    }
    if (!hook.secret) throw new Error("ClickUp returned a webhook without a secret");
    await setWorkspaceWebhook(
      deps.database.db,
      orgId,
      hook.id,
      encryptSecret(hook.secret, deps.secrets.encryptionKey),
    );
    return hook.id;
  } catch (err) {
    deps.logger.warn(
      { organizationId: orgId, err: describeError(err) },
      "clickup webhook registration failed",
    );
    return null;
  }
}

export function webhookSecret(
  deps: Pick<AppDeps, "secrets">,
  connection: WorkspaceConnection,
): string | null {
  if (!connection.webhookSecretEnc) return null;
  try {
    return decryptSecret(connection.webhookSecretEnc, deps.secrets.encryptionKey);
  } catch {
    return null;
  }
}

export function describeError(err: unknown): string {
  if (err instanceof ClickUpApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

export { newId };
