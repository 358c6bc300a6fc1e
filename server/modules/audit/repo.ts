import { sql } from "drizzle-orm";
import { rows, run, type Executor } from "../../db/executor";
import { auditEvents } from "../../db/schema";

export interface SecurityEventRow {
  eventType: string;
  eventData: Record<string, unknown>;
  userId: string | null;
  organizationId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
}

/**
 * One multi-row insert for a whole buffer. Rows without a workspace are stored with
 * organization_id '' (the column is part of the key); readers get null back.
 */
export async function insertSecurityEvents(
  executor: Executor,
  events: readonly SecurityEventRow[],
): Promise<void> {
  if (!events.length) return;
  const tuples = events.map(
    (r) =>
      sql`(${r.eventType}, ${JSON.stringify(r.eventData)}::jsonb, ${r.userId}, coalesce(${r.organizationId}, ''), ${r.ipAddress}, ${r.userAgent}, ${r.createdAt.toISOString()}::timestamptz)`,
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
 * A workspace's events, newest first: those recorded with its organization_id, plus events about
 * its members that carry no workspace (sign-in failures, logins, rate limits of its members).
 * Keyset-paged on id.
 */
export async function selectSecurityEvents(
  executor: Executor,
  query: { organizationId: string; eventType?: string; before?: number; limit: number },
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
                or (l.organization_id = '' and l.user_id in
                      (select uo.user_id from user_organizations uo where uo.organization_id = ${query.organizationId})))
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
