import { sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";

/*
 * All SQL of the Slack module (migration 0021_slack):
 * - slack_connections: one row per workspace — its install (team, bot, scopes, the bot token
 *   encrypted), the chosen channel, the notifications switched off, and why it is disconnected;
 * - slack_oauth_nonces: the nonce of every OAuth state spent, so a state works once;
 * - slack_notifications: one row per event (primary key = its idempotency key), the outbox a job
 *   delivers from: pending → sending (claimed just before the post) → sent | failed.
 */

export interface SlackConnectionRow {
  organization_id: string;
  status: "active" | "disconnected";
  status_reason: string | null;
  team_id: string | null;
  team_name: string | null;
  bot_user_id: string | null;
  scopes: string;
  token_enc: string | null;
  channel_id: string | null;
  channel_name: string | null;
  disabled_kinds: string[];
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function getSlackConnection(
  ex: Executor,
  orgId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SlackConnectionRow | undefined> {
  return firstRow<SlackConnectionRow>(
    ex,
    sql`select organization_id, status, status_reason, team_id, team_name, bot_user_id, scopes, token_enc,
               channel_id, channel_name, disabled_kinds
          from slack_connections where organization_id = ${orgId}
          ${options.forUpdate ? sql`for update` : sql``}`,
  );
}

export async function saveSlackInstall(
  ex: Executor,
  orgId: string,
  v: {
    teamId: string;
    teamName: string;
    botUserId: string;
    appId: string;
    scopes: string;
    tokenEnc: string;
    installedBy: string;
    now: Date;
  },
): Promise<void> {
  // Another Slack workspace than before: the old channel is meaningless there.
  await run(
    ex,
    sql`insert into slack_connections (organization_id, status, status_reason, team_id, team_name, bot_user_id,
            app_id, scopes, token_enc, installed_by, installed_at, checked_at, updated_at)
        values (${orgId}, 'active', null, ${v.teamId}, ${v.teamName}, ${v.botUserId}, ${v.appId}, ${v.scopes},
            ${v.tokenEnc}, ${v.installedBy}, ${iso(v.now)}, ${iso(v.now)}, ${iso(v.now)})
        on conflict (organization_id) do update set
          status = 'active', status_reason = null,
          channel_id = case when slack_connections.team_id = excluded.team_id then slack_connections.channel_id end,
          channel_name = case when slack_connections.team_id = excluded.team_id then slack_connections.channel_name end,
          team_id = excluded.team_id, team_name = excluded.team_name, bot_user_id = excluded.bot_user_id,
          app_id = excluded.app_id, scopes = excluded.scopes, token_enc = excluded.token_enc,
          installed_by = excluded.installed_by, installed_at = excluded.installed_at,
          checked_at = excluded.checked_at, updated_at = excluded.updated_at`,
  );
}

export async function setSlackChannel(
  ex: Executor,
  orgId: string,
  channel: { id: string; name: string },
  now: Date,
): Promise<void> {
  await run(
    ex,
    sql`update slack_connections set channel_id = ${channel.id}, channel_name = ${channel.name},
          updated_at = ${iso(now)} where organization_id = ${orgId}`,
  );
}

/** The token is forgotten; the row stays with why (and the channel and switches, for a re-install). */
export async function markSlackDisconnected(
  ex: Executor,
  orgId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await run(
    ex,
    sql`update slack_connections set status = 'disconnected', status_reason = ${reason}, token_enc = null,
          checked_at = ${iso(now)}, updated_at = ${iso(now)} where organization_id = ${orgId}`,
  );
}

export async function markSlackChecked(ex: Executor, orgId: string, now: Date): Promise<void> {
  await run(ex, sql`update slack_connections set checked_at = ${iso(now)} where organization_id = ${orgId}`);
}

export async function setNotificationEnabled(
  ex: Executor,
  orgId: string,
  kind: string,
  enabled: boolean,
  now: Date,
): Promise<number> {
  return run(
    ex,
    sql`update slack_connections
           set disabled_kinds = ${enabled ? sql`array_remove(disabled_kinds, ${kind}::text)` : sql`array_append(array_remove(disabled_kinds, ${kind}::text), ${kind}::text)`},
               updated_at = ${iso(now)}
         where organization_id = ${orgId}`,
  );
}

/** Spend an OAuth state's nonce: false when it was spent before (a reused state). */
export async function spendOAuthNonce(
  ex: Executor,
  orgId: string,
  nonce: string,
  expiresAt: Date,
): Promise<boolean> {
  const spent = await rows(
    ex,
    sql`insert into slack_oauth_nonces (organization_id, nonce, expires_at) values (${orgId}, ${nonce}, ${iso(expiresAt)})
        on conflict do nothing returning nonce`,
  );
  return spent.length === 1;
}

// ---- notifications (the outbox) ----

export interface SlackNotificationRow {
  organization_id: string;
  event_key: string;
  kind: string;
  channel_id: string;
  text: string;
  blocks: unknown[] | null;
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  ts: string | null;
}

/** Whether an event already has its notification (whatever became of it). */
export async function notificationRecorded(ex: Executor, orgId: string, eventKey: string): Promise<boolean> {
  const row = await firstRow<{ one: number }>(
    ex,
    sql`select 1 as one from slack_notifications where organization_id = ${orgId} and event_key = ${eventKey}`,
  );
  return row !== undefined;
}

/** Record an event's notification once: false when this event already has one (its key is taken). */
export async function insertNotification(
  ex: Executor,
  n: {
    organizationId: string;
    eventKey: string;
    kind: string;
    channelId: string;
    text: string;
    blocks: unknown[] | null;
    now: Date;
  },
): Promise<boolean> {
  const inserted = await rows(
    ex,
    sql`insert into slack_notifications (organization_id, event_key, kind, channel_id, text, blocks, created_at, updated_at)
        values (${n.organizationId}, ${n.eventKey}, ${n.kind}, ${n.channelId}, ${n.text},
                ${n.blocks ? JSON.stringify(n.blocks) : null}::jsonb, ${iso(n.now)}, ${iso(n.now)})
        on conflict (organization_id, event_key) do nothing returning event_key`,
  );
  return inserted.length === 1;
}

export async function lockNotification(
  ex: Executor,
  orgId: string,
  eventKey: string,
): Promise<SlackNotificationRow | undefined> {
  return firstRow<SlackNotificationRow>(
    ex,
    sql`select organization_id, event_key, kind, channel_id, text, blocks, status, attempts, last_error, ts
          from slack_notifications where organization_id = ${orgId} and event_key = ${eventKey} for update`,
  );
}

export async function updateNotification(
  ex: Executor,
  orgId: string,
  eventKey: string,
  v: {
    status: SlackNotificationRow["status"];
    now: Date;
    attempts?: number;
    lastError?: string | null;
    nextAttemptAt?: Date | null;
    ts?: string;
  },
): Promise<void> {
  await run(
    ex,
    sql`update slack_notifications set status = ${v.status}, updated_at = ${iso(v.now)}
          ${v.attempts !== undefined ? sql`, attempts = ${v.attempts}` : sql``}
          ${v.lastError !== undefined ? sql`, last_error = ${v.lastError}` : sql``}
          ${v.nextAttemptAt !== undefined ? sql`, next_attempt_at = ${v.nextAttemptAt ? iso(v.nextAttemptAt) : null}` : sql``}
          ${v.ts !== undefined ? sql`, ts = ${v.ts}, sent_at = ${iso(v.now)}` : sql``}
        where organization_id = ${orgId} and event_key = ${eventKey}`,
  );
}

export interface FailureRow {
  event_key: string;
  kind: string;
  text: string;
  last_error: string | null;
  attempts: number;
  updated_at: string | Date;
}

export async function recentFailures(ex: Executor, orgId: string, limit = 20): Promise<FailureRow[]> {
  return rows<FailureRow>(
    ex,
    sql`select event_key, kind, text, last_error, attempts, updated_at from slack_notifications
         where organization_id = ${orgId} and status = 'failed' order by updated_at desc, event_key limit ${limit}`,
  );
}

// ---- what raises notifications ----

/**
 * The first failed sync run of `kind` since that kind last succeeded (the start of the current
 * failing streak), or null. Reads sync_runs (server/modules/sync/sync-state-repo.ts writes it).
 */
export async function firstFailedSyncRunSinceSuccess(
  ex: Executor,
  orgId: string,
  kind: string,
): Promise<string | null> {
  const row = await firstRow<{ id: string }>(
    ex,
    sql`select f.id from sync_runs f
         where f.organization_id = ${orgId} and f.kind = ${kind} and f.status = 'failed'
           and f.started_at > coalesce(
                 (select max(s.started_at) from sync_runs s
                   where s.organization_id = ${orgId} and s.kind = ${kind} and s.status = 'succeeded'),
                 '-infinity'::timestamptz)
         order by f.started_at, f.id limit 1`,
  );
  return row?.id ?? null;
}

/** Workspaces whose Slack is active, has a channel and has `kind` switched on (scheduled notifications). */
export async function workspacesNotifying(ex: Executor, kind: string): Promise<string[]> {
  const found = await rows<{ organization_id: string }>(
    ex,
    sql`select organization_id from slack_connections
         where status = 'active' and channel_id is not null and not (${kind}::text = any(disabled_kinds))
         order by organization_id`,
  );
  return found.map((r) => r.organization_id);
}
