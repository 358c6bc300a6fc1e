import { sql } from "drizzle-orm";
import { storableJson, storableText } from "@domain/storable-text";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { auditEvents } from "../../db/schema";
import { newId } from "../../lib/ids";

export interface SecurityEventRow {
  eventType: string;
  eventData: Record<string, unknown>;
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

const storableOrNull = (value: string | null, max: number) =>
  value === null ? null : storableText(value).slice(0, max);

/**
 * One multi-row insert for a whole buffer. Every text and JSON value goes through storableText /
 * storableJson here, the one door of the security log: a NUL or a lone surrogate sent by anyone
 * (PostgreSQL refuses both) must not make the batch fail. Rows without a workspace are stored
 * with organization_id '' (the column is part of the key); readers get null back.
 */
export async function insertSecurityEvents(
  executor: Executor,
  events: readonly SecurityEventRow[],
): Promise<void> {
  if (!events.length) return;
  const tuples = events.map(
    (r) =>
      sql`(${storableText(r.eventType).slice(0, 100)}, ${JSON.stringify(storableJson(r.eventData))}::jsonb, ${storableOrNull(r.userId, 200)}, coalesce(${storableOrNull(r.organizationId, 200)}, ''), ${storableOrNull(r.ipAddress, 100)}, ${storableOrNull(r.userAgent, 500)}, ${r.createdAt.toISOString()}::timestamptz)`,
  );
  await run(
    executor,
    sql`insert into security_audit_log (event_type, event_data, user_id, organization_id, ip_address, user_agent, created_at)
        values ${sql.join(tuples, sql`, `)}`,
  );
}

export interface SecurityEventView {
  id: number;
  eventType: string;
  eventData: Record<string, unknown>;
  userId: string | null;
  userEmail: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

interface SecurityEventSqlRow {
  id: string | number;
  event_type: string;
  event_data: Record<string, unknown> | null;
  user_id: string | null;
  user_email: string | null;
  organization_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
}

/**
 * A workspace's events as `viewerUserId` may see them, newest first: those recorded with its
 * organization_id, plus the viewer's own events that carry no workspace (their sign-ins, failures,
 * rate limits). Another member's workspace-less events (IP, user agent of sign-ins that may belong
 * to a different workspace of theirs) are never shown. Keyset-paged on id.
 */
export async function selectSecurityEvents(
  executor: Executor,
  query: {
    organizationId: string;
    viewerUserId: string;
    eventType?: string;
    before?: number;
    limit: number;
  },
): Promise<SecurityEventView[]> {
  const byType = query.eventType ? sql`and l.event_type = ${query.eventType}` : sql``;
  const beforeId = query.before ? sql`and l.id < ${query.before}` : sql``;
  const found = await rows<SecurityEventSqlRow>(
    executor,
    sql`select l.id, l.event_type, l.event_data, l.user_id, p.email as user_email,
               nullif(l.organization_id, '') as organization_id, l.ip_address, l.user_agent, l.created_at
          from security_audit_log l
          left join profiles p on p.id = l.user_id
         where (l.organization_id = ${query.organizationId}
                or (l.organization_id = '' and l.user_id = ${query.viewerUserId}))
               ${byType} ${beforeId}
         order by l.id desc
         limit ${query.limit}`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    eventType: r.event_type,
    eventData: r.event_data ?? {},
    userId: r.user_id,
    userEmail: r.user_email,
    organizationId: r.organization_id,
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** One business change (recordChange): the builder, inside the caller's transaction. */
export async function insertAuditEvent(
  executor: Executor,
  row: typeof auditEvents.$inferInsert,
): Promise<void> {
  await executor.insert(auditEvents).values(row);
}

/**
 * One step of a fixed-window counter in auth_rate_limits (shared by every instance; better-auth's
 * per-IP rows and the per-account rows live there too, our keys start with "public:"). The window
 * starts with the first request and is never extended by later ones: `last_request` holds the
 * window's start. Returns the count in the current window, this request included.
 */
export async function consumeFixedWindow(
  executor: Executor,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<number> {
  const row = await firstRow<{ count: number | string }>(
    executor,
    sql`insert into auth_rate_limits (id, key, count, last_request) values (${newId()}, ${key}, 1, ${nowMs})
        on conflict (key) do update set
          count = case when auth_rate_limits.last_request <= ${nowMs}::bigint - ${windowMs}::bigint
                       then 1 else auth_rate_limits.count + 1 end,
          last_request = case when auth_rate_limits.last_request <= ${nowMs}::bigint - ${windowMs}::bigint
                       then ${nowMs}::bigint else auth_rate_limits.last_request end
        returning count`,
  );
  return Number(row?.count ?? 1);
}

/** The count of a fixed window without consuming it (0 when none is open). */
export async function peekFixedWindow(
  executor: Executor,
  key: string,
  windowMs: number,
  nowMs: number,
): Promise<number> {
  const row = await firstRow<{ count: number | string }>(
    executor,
    sql`select count from auth_rate_limits
         where key = ${key} and last_request > ${nowMs}::bigint - ${windowMs}::bigint`,
  );
  return Number(row?.count ?? 0);
}
