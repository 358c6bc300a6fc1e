import { sql } from "drizzle-orm";
import { storableJson, storableText } from "@domain/storable-text";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { auditEvents } from "../../db/schema";
import { newId } from "../../lib/ids";
import { listBatches, listPage, type ListPage, type ListQuery } from "../../lib/list-query";

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

/* ---------------------------------------------------------------------------------------------
 * The finance audit trail (category 'finance'), newest first. The filters are served by the
 * partial index audit_events_category_idx (organization_id, category, occurred_at) and, for a
 * person, audit_events_actor_idx; object names, people and currencies are looked up for the
 * rows of one page only (late columns).
 * ------------------------------------------------------------------------------------------- */

export interface FinanceAuditFilter {
  organizationId: string;
  /** The workspace zone: from/to are its calendar days. */
  timeZone: string;
  object?: string;
  personId?: string;
  from?: string;
  to?: string;
}

export interface FinanceAuditSqlRow {
  id: string;
  occurred_at: Date | string;
  actor_user_id: string;
  impersonator_user_id: string | null;
  object_type: string;
  object_id: string;
  action: string;
  before: unknown;
  after: unknown;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_name: string | null;
  actor_email: string | null;
  imp_first_name: string | null;
  imp_last_name: string | null;
  imp_name: string | null;
  imp_email: string | null;
  budget_id: string | null;
  label: string | null;
  currency: string | null;
  project_name: string | null;
  before_card_name: string | null;
  after_card_name: string | null;
}

type FinanceAuditSort = "occurredAt";

function financeAuditQuery(
  filter: FinanceAuditFilter,
): Omit<ListQuery<FinanceAuditSort>, "page" | "pageSize"> {
  const org = filter.organizationId;
  const zone = filter.timeZone;
  // The budget a row belongs to, and the rate card (a line's, a project's own card), from what
  // the row itself recorded: the object may be gone since.
  const budgetId = sql`case list_page.object_type
      when 'budget' then list_page.object_id
      when 'budget_line' then coalesce(list_page.after ->> 'budgetId', list_page.before ->> 'budgetId')
      when 'budget_revision' then split_part(list_page.object_id, ':', 1)
    end`;
  const cardId = sql`case list_page.object_type
      when 'rate_card' then list_page.object_id
      when 'rate_card_line' then coalesce(list_page.after ->> 'cardId', list_page.before ->> 'cardId')
      when 'project_rate_card' then coalesce(list_page.after ->> 'cardId', list_page.before ->> 'cardId')
    end`;
  const state = sql`coalesce(list_page.after, list_page.before)`;
  return {
    select: sql`e.id, e.occurred_at, e.actor_user_id, e.impersonator_user_id, e.object_type, e.object_id,
                e.action, e.before, e.after`,
    from: sql`audit_events e`,
    where: [
      sql`e.organization_id = ${org}`,
      sql`e.category = 'finance'`,
      filter.object ? sql`e.object_type = ${filter.object}` : undefined,
      filter.personId ? sql`e.actor_user_id = ${filter.personId}` : undefined,
      filter.from ? sql`e.occurred_at >= (${filter.from}::date::timestamp at time zone ${zone})` : undefined,
      filter.to ? sql`e.occurred_at < ((${filter.to}::date + 1)::timestamp at time zone ${zone})` : undefined,
    ],
    sorts: { occurredAt: sql`e.occurred_at` },
    tiebreakers: [sql`e.id`],
    sort: "occurredAt",
    dir: "desc",
    late: {
      select: sql`pa.first_name as actor_first_name, pa.last_name as actor_last_name, pa.name as actor_name,
                  pa.email as actor_email,
                  pi.first_name as imp_first_name, pi.last_name as imp_last_name, pi.name as imp_name,
                  pi.email as imp_email,
                  ${budgetId} as budget_id,
                  case
                    when list_page.object_type = 'budget'
                      then coalesce(b.name, ${state} ->> 'name')
                    when list_page.object_type = 'budget_line'
                      then concat_ws(' — ', b.name, nullif(concat_ws(' ', ${state} ->> 'section',
                             nullif(${state} ->> 'number', ''), nullif(${state} ->> 'description', '')), ''))
                    when list_page.object_type = 'budget_revision'
                      then concat_ws(' — ', b.name, 'revision ' || split_part(list_page.object_id, ':', 2))
                    when list_page.object_type = 'rate_card'
                      then coalesce(rc.name, ${state} ->> 'name')
                    when list_page.object_type = 'rate_card_line'
                      then concat_ws(' — ', rc.name,
                             case ${state} ->> 'subjectType'
                               when 'person' then coalesce(pu.username, pu.email, 'person ' || (${state} ->> 'subjectId'))
                               else ${state} ->> 'subjectId' end)
                    when list_page.object_type = 'project_rate_card'
                      then concat_ws(' — ', f.name, rc.name)
                  end as label,
                  coalesce(b.currency, rc.currency) as currency,
                  coalesce(fb.name, f.name) as project_name,
                  rcb.name as before_card_name, rca.name as after_card_name`,
      from: sql`left join profiles pa on pa.id = list_page.actor_user_id
                left join profiles pi on pi.id = list_page.impersonator_user_id
                left join budgets b on b.organization_id = ${org} and b.id = ${budgetId}
                left join rate_cards rc on rc.organization_id = ${org} and rc.id = ${cardId}
                left join provider_users pu on pu.organization_id = ${org}
                      and list_page.object_type = 'rate_card_line'
                      and pu.id = ${state} ->> 'subjectId' and ${state} ->> 'subjectType' = 'person'
                left join rate_cards rcb on rcb.organization_id = ${org}
                      and list_page.object_type = 'project_rate_card' and rcb.id = list_page.before ->> 'cardId'
                left join rate_cards rca on rca.organization_id = ${org}
                      and list_page.object_type = 'project_rate_card' and rca.id = list_page.after ->> 'cardId'
                left join folders fb on fb.organization_id = ${org} and fb.id = b.folder_id
                left join folders f on f.organization_id = ${org}
                      and list_page.object_type = 'project_rate_card' and f.id = list_page.object_id`,
    },
  };
}

/** One page of the workspace's finance trail, newest first, with the total of matching rows. */
export function financeAuditPage(
  executor: Executor,
  filter: FinanceAuditFilter,
  page: { page: number; pageSize: number },
): Promise<ListPage<FinanceAuditSqlRow>> {
  return listPage<FinanceAuditSqlRow, FinanceAuditSort>(executor, { ...financeAuditQuery(filter), ...page });
}

/** Every matching row of the trail in list order, in batches (the CSV download). */
export function financeAuditBatches(
  executor: Executor,
  filter: FinanceAuditFilter,
  batchSize?: number,
): AsyncGenerator<FinanceAuditSqlRow[], void, undefined> {
  return listBatches<FinanceAuditSqlRow, FinanceAuditSort>(executor, financeAuditQuery(filter), batchSize);
}

/** The workspace's zone and currency (Settings → Organization). */
export async function workspaceZoneAndCurrency(
  executor: Executor,
  organizationId: string,
): Promise<{ timeZone: string; currency: string }> {
  const row = await firstRow<{ time_zone: string; currency: string }>(
    executor,
    sql`select time_zone, currency from organizations where id = ${organizationId}`,
  );
  return { timeZone: row?.time_zone ?? "UTC", currency: row?.currency ?? "USD" };
}

export interface AuditPersonSqlRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  email: string | null;
}

/** The workspace's members (the person filter's choices). */
export function workspacePeople(executor: Executor, organizationId: string): Promise<AuditPersonSqlRow[]> {
  return rows<AuditPersonSqlRow>(
    executor,
    sql`select p.id, p.first_name, p.last_name, p.name, p.email
          from user_organizations m join profiles p on p.id = m.user_id
         where m.organization_id = ${organizationId}`,
  );
}
