import type { Database } from "../../db/client";
import type { Executor } from "../../db/executor";
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

/** One multi-row insert for a whole buffer. */
export async function insertSecurityEvents(
  database: Database,
  rows: readonly SecurityEventRow[],
): Promise<void> {
  if (!rows.length) return;
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    const base = params.length;
    params.push(
      r.eventType,
      JSON.stringify(r.eventData),
      r.userId,
      r.organizationId,
      r.ipAddress,
      r.userAgent,
      r.createdAt.toISOString(),
    );
    return `($${base + 1}, $${base + 2}::jsonb, $${base + 3}, coalesce($${base + 4}, ''), $${base + 5}, $${base + 6}, $${base + 7}::timestamptz)`;
  });
  await database.raw.query(
    `insert into security_audit_log (event_type, event_data, user_id, organization_id, ip_address, user_agent, created_at)
     values ${tuples.join(", ")}`,
    params,
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

/**
 * A workspace's events, newest first: those recorded with its organization_id, plus events about
 * its members that carry no workspace (sign-in failures, logins, rate limits of its members).
 * Keyset-paged on id.
 */
export async function listSecurityEvents(
  database: Database,
  query: { organizationId: string; eventType?: string; before?: number; limit: number },
): Promise<SecurityEventView[]> {
  const params: unknown[] = [query.organizationId, query.limit];
  let filter = "";
  if (query.eventType) {
    params.push(query.eventType);
    filter += ` and l.event_type = $${params.length}`;
  }
  if (query.before) {
    params.push(query.before);
    filter += ` and l.id < $${params.length}`;
  }
  const { rows } = await database.raw.query<{
    id: string | number;
    event_type: string;
    event_data: Record<string, unknown>;
    user_id: string | null;
    user_email: string | null;
    organization_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    created_at: Date | string;
  }>(
    `select l.id, l.event_type, l.event_data, l.user_id, p.email as user_email, nullif(l.organization_id, '') as organization_id,
            l.ip_address, l.user_agent, l.created_at
       from security_audit_log l
       left join profiles p on p.id = l.user_id
      where (l.organization_id = $1
             or (l.organization_id = '' and l.user_id in
                   (select uo.user_id from user_organizations uo where uo.organization_id = $1)))
            ${filter}
      order by l.id desc
      limit $2`,
    params,
  );
  return rows.map((r) => ({
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
