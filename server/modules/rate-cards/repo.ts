import { and, eq, sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { projectRateCards, rateCardLines, rateCards } from "../../db/schema";

/*
 * All SQL of rate cards. Every query filters organization_id.
 */

export interface RateCardRow {
  id: string;
  kind: "internal" | "client";
  name: string;
  currency: string;
  is_default: boolean;
  default_rate_minor: string | number | null;
  updated_at: Date | string;
}

export interface RateLineRow {
  id: string;
  card_id: string;
  subject_type: "person" | "role";
  subject_id: string;
  subject_name: string | null;
  rate_minor: string | number;
  effective_from: string;
}

export interface ProjectCardRow {
  folder_id: string;
  folder_name: string | null;
  card_id: string;
}

/**
 * Serialise rate-card writes of one workspace (a transaction-scoped advisory lock), so the
 * one-default rule and the unique line keys are checked before a write and never end as a
 * unique-key error under concurrency.
 */
export async function lockRateCards(executor: Executor, organizationId: string): Promise<void> {
  await run(executor, sql`select pg_advisory_xact_lock(hashtext('rate_cards'), hashtext(${organizationId}))`);
}

export async function selectCards(executor: Executor, organizationId: string): Promise<RateCardRow[]> {
  return rows<RateCardRow>(
    executor,
    sql`select id, kind, name, currency, is_default, default_rate_minor, updated_at
          from rate_cards where organization_id = ${organizationId}
         order by is_default desc, kind, lower(name), id`,
  );
}

export async function selectCard(
  executor: Executor,
  organizationId: string,
  cardId: string,
): Promise<RateCardRow | undefined> {
  return firstRow<RateCardRow>(
    executor,
    sql`select id, kind, name, currency, is_default, default_rate_minor, updated_at
          from rate_cards where organization_id = ${organizationId} and id = ${cardId}`,
  );
}

/** Lines of the workspace's cards (or of one card), with the ClickUp name of person subjects. */
export async function selectLines(
  executor: Executor,
  organizationId: string,
  cardId?: string,
): Promise<RateLineRow[]> {
  return rows<RateLineRow>(
    executor,
    sql`select l.id, l.card_id, l.subject_type, l.subject_id,
               coalesce(nullif(btrim(u.username), ''), u.email) as subject_name,
               l.rate_minor, to_char(l.effective_from, 'YYYY-MM-DD') as effective_from
          from rate_card_lines l
          left join provider_users u
            on l.subject_type = 'person' and u.organization_id = l.organization_id and u.id = l.subject_id
         where l.organization_id = ${organizationId}
           ${cardId === undefined ? sql`` : sql`and l.card_id = ${cardId}`}
         order by l.card_id, l.subject_type, lower(coalesce(u.username, l.subject_id)), l.subject_id,
                  l.effective_from desc`,
  );
}

export async function selectLine(
  executor: Executor,
  organizationId: string,
  cardId: string,
  lineId: string,
): Promise<RateLineRow | undefined> {
  return firstRow<RateLineRow>(
    executor,
    sql`select l.id, l.card_id, l.subject_type, l.subject_id, null as subject_name, l.rate_minor,
               to_char(l.effective_from, 'YYYY-MM-DD') as effective_from
          from rate_card_lines l
         where l.organization_id = ${organizationId} and l.card_id = ${cardId} and l.id = ${lineId}`,
  );
}

/** Another line of the same subject on the same day (the unique key), if any. */
export async function lineOnSameDay(
  executor: Executor,
  organizationId: string,
  line: { cardId: string; subjectType: string; subjectId: string; effectiveFrom: string; exceptId?: string },
): Promise<boolean> {
  const found = await firstRow<{ id: string }>(
    executor,
    sql`select id from rate_card_lines
         where organization_id = ${organizationId} and card_id = ${line.cardId}
           and subject_type = ${line.subjectType} and subject_id = ${line.subjectId}
           and effective_from = ${line.effectiveFrom}::date
           ${line.exceptId ? sql`and id <> ${line.exceptId}` : sql``}`,
  );
  return found !== undefined;
}

export async function selectProjectCards(
  executor: Executor,
  organizationId: string,
): Promise<ProjectCardRow[]> {
  return rows<ProjectCardRow>(
    executor,
    sql`select p.folder_id, f.name as folder_name, p.card_id
          from project_rate_cards p
          left join folders f on f.organization_id = p.organization_id and f.id = p.folder_id
         where p.organization_id = ${organizationId}
         order by lower(coalesce(f.name, p.folder_id)), p.folder_id`,
  );
}

export async function selectProjectCard(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<string | undefined> {
  const row = await firstRow<{ card_id: string }>(
    executor,
    sql`select card_id from project_rate_cards where organization_id = ${organizationId} and folder_id = ${folderId}`,
  );
  return row?.card_id;
}

/** Whether a ClickUp folder (project) of the workspace exists. */
export async function folderExists(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<boolean> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select id from folders where organization_id = ${organizationId} and id = ${folderId}`,
  );
  return row !== undefined;
}

/** Whether a ClickUp user of the workspace exists. */
export async function personExists(
  executor: Executor,
  organizationId: string,
  clickupUserId: string,
): Promise<boolean> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select id from provider_users where organization_id = ${organizationId} and id = ${clickupUserId}`,
  );
  return row !== undefined;
}

export async function insertCard(executor: Executor, row: typeof rateCards.$inferInsert): Promise<void> {
  await executor.insert(rateCards).values(row);
}

export async function updateCard(
  executor: Executor,
  organizationId: string,
  cardId: string,
  set: Partial<typeof rateCards.$inferInsert>,
): Promise<void> {
  await executor
    .update(rateCards)
    .set(set)
    .where(and(eq(rateCards.organizationId, organizationId), eq(rateCards.id, cardId)));
}

/** Unset the default of a kind (before another card becomes it); returns the ids unset. */
export async function clearDefault(
  executor: Executor,
  organizationId: string,
  kind: "internal" | "client",
  now: Date,
): Promise<string[]> {
  const cleared = await rows<{ id: string }>(
    executor,
    sql`update rate_cards set is_default = false, updated_at = ${now.toISOString()}::timestamptz
         where organization_id = ${organizationId} and kind = ${kind} and is_default returning id`,
  );
  return cleared.map((r) => r.id);
}

export async function deleteCard(executor: Executor, organizationId: string, cardId: string): Promise<void> {
  await executor
    .delete(rateCards)
    .where(and(eq(rateCards.organizationId, organizationId), eq(rateCards.id, cardId)));
}

export async function insertLine(executor: Executor, row: typeof rateCardLines.$inferInsert): Promise<void> {
  await executor.insert(rateCardLines).values(row);
}

export async function updateLine(
  executor: Executor,
  organizationId: string,
  lineId: string,
  set: Partial<typeof rateCardLines.$inferInsert>,
): Promise<void> {
  await executor
    .update(rateCardLines)
    .set(set)
    .where(and(eq(rateCardLines.organizationId, organizationId), eq(rateCardLines.id, lineId)));
}

export async function deleteLine(executor: Executor, organizationId: string, lineId: string): Promise<void> {
  await executor
    .delete(rateCardLines)
    .where(and(eq(rateCardLines.organizationId, organizationId), eq(rateCardLines.id, lineId)));
}

/** Set a project's own client card. */
export async function upsertProjectCard(
  executor: Executor,
  organizationId: string,
  folderId: string,
  cardId: string,
  now: Date,
): Promise<void> {
  await executor
    .insert(projectRateCards)
    .values({ organizationId, folderId, cardId, updatedAt: now })
    .onConflictDoUpdate({
      target: [projectRateCards.organizationId, projectRateCards.folderId],
      set: { cardId, updatedAt: now },
    });
}

/** Remove project assignments (one project, or every project of a card); returns the folder ids. */
export async function deleteProjectCards(
  executor: Executor,
  organizationId: string,
  by: { folderId: string } | { cardId: string },
): Promise<string[]> {
  const removed = await rows<{ folder_id: string }>(
    executor,
    "folderId" in by
      ? sql`delete from project_rate_cards where organization_id = ${organizationId} and folder_id = ${by.folderId} returning folder_id`
      : sql`delete from project_rate_cards where organization_id = ${organizationId} and card_id = ${by.cardId} returning folder_id`,
  );
  return removed.map((r) => r.folder_id);
}

/** The workspace currency. */
export async function workspaceCurrency(executor: Executor, organizationId: string): Promise<string> {
  const row = await firstRow<{ currency: string }>(
    executor,
    sql`select currency from organizations where id = ${organizationId}`,
  );
  return row?.currency ?? "USD";
}
