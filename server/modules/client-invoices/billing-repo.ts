import { sql } from "drizzle-orm";
import { INVOICED_STATUSES } from "@domain/invoices";
import { firstRow, rows, type Executor } from "../../db/executor";
import { folderClientSql } from "../projects/repo";
import { rateSql } from "../rate-cards/rates-sql";

/*
 * What an invoice is computed from (domain/invoices.ts): the budget's approved (working)
 * revision — its grand total, production fee, lines' estimates and actuals —, the project's time
 * at client rates, and the job's invoices that are not void. Every query filters
 * organization_id.
 */

const INVOICED_SQL = sql.join(
  INVOICED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export interface InvoiceBudgetRow {
  id: string;
  name: string;
  currency: string;
  folder_id: string;
  folder_name: string | null;
  client_name: string | null;
  working_revision_number: number | null;
  /** The working revision's grand total and production fee (null without one). */
  grand_total_minor: string | number | null;
  fee_bp: number | null;
}

/** The budget an invoice bills, with its working revision's figures (undefined when not the workspace's). */
export async function selectInvoiceBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<InvoiceBudgetRow | undefined> {
  return firstRow<InvoiceBudgetRow>(
    executor,
    sql`select b.id, b.name, b.currency, b.folder_id, f.name as folder_name,
               ${folderClientSql(organizationId, sql`b.folder_id`)} as client_name,
               b.working_revision_number, r.grand_total_minor, r.fee_bp
          from budgets b
          left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id
          left join budget_revisions r on r.organization_id = b.organization_id and r.budget_id = b.id
                                      and r.number = b.working_revision_number
         where b.organization_id = ${organizationId} and b.id = ${budgetId}`,
  );
}

/**
 * Lock the budget row for the rest of the transaction: invoices of one job are created and
 * changed one after the other, so each checks what is left to bill after the one before.
 */
export async function lockBudgetForInvoicing(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<void> {
  await rows(
    executor,
    sql`select 1 from budgets where organization_id = ${organizationId} and id = ${budgetId} for update`,
  );
}

export interface RevisionLineRow {
  key: string;
  section: string;
  number: string;
  description: string;
  estimate_minor: string | number;
  actual_minor: string | number;
}

/** Lines of a revision (all, or those with these keys), by section and position. */
export async function revisionLines(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  revisionNumber: number,
  keys?: readonly string[],
): Promise<RevisionLineRow[]> {
  return rows<RevisionLineRow>(
    executor,
    sql`select key, section, number, description, estimate_minor, actual_minor from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and revision_number = ${revisionNumber}
           ${keys ? sql`and key = any(${sql.param([...new Set(keys)])}::text[])` : sql``}
         order by section, position, id`,
  );
}

export interface ClientTimeRow {
  user_id: string;
  person_name: string | null;
  rate: string | number | null;
  ms: string | number;
}

/**
 * The project's time at client rates, grouped per person and rate (each group becomes one
 * invoice line, priced and rounded once by the domain): every synced, not deleted entry on a
 * task of the folder; a person's rate is resolved once per day worked (rateSql on the project's
 * client card, else the default client card), not per entry. Time without a rate comes back
 * with rate null (unpriced).
 */
export async function clientTimeOf(
  executor: Executor,
  organizationId: string,
  folderId: string,
): Promise<ClientTimeRow[]> {
  const org = organizationId;
  const roles = (person: ReturnType<typeof sql>) =>
    sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = ${person})`;
  return rows<ClientTimeRow>(
    executor,
    sql`with zone as (select coalesce((select o.time_zone from organizations o where o.id = ${org}), 'UTC') as tz),
        days as (
          select te.user_id, (te.start_time at time zone (select tz from zone))::date as day, sum(te.duration_ms) as ms
            from tasks t
            join time_entries te on te.organization_id = ${org} and te.task_id = t.id
                                and not te.deleted and te.duration_ms > 0
           where t.organization_id = ${org} and t.folder_id = ${folderId}
           group by 1, 2),
        rated as (
          select d.user_id, d.ms,
                 ${rateSql("client", { organizationId: org, person: sql`d.user_id`, roles: roles(sql`d.user_id`), folder: sql`${folderId}::text`, day: sql`d.day` })} as rate
            from days d)
        select r.user_id,
               (select coalesce(nullif(btrim(pu.username), ''), pu.email) from provider_users pu
                 where pu.organization_id = ${org} and pu.id = r.user_id) as person_name,
               r.rate, sum(r.ms) as ms
          from rated r
         group by r.user_id, r.rate
         order by 2 nulls last, r.user_id, r.rate nulls last`,
  );
}

export interface EarlierInvoiceRow {
  id: string;
  number: number;
  total_minor: string | number;
}

/** The budget's invoices that are not void (other than `exceptId`), by number. */
export async function invoicesOfBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  exceptId?: string,
): Promise<EarlierInvoiceRow[]> {
  return rows<EarlierInvoiceRow>(
    executor,
    sql`select id, number, total_minor from client_invoices
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and status in (${INVOICED_SQL}) ${exceptId ? sql`and id <> ${exceptId}` : sql``}
         order by number`,
  );
}

/**
 * Σ of the invoices that are not void per budget (the budget's client actual reads it), in one
 * grouped statement; budgets with none are absent from the map.
 */
export async function invoicedByBudget(
  executor: Executor,
  organizationId: string,
  budgetIds: readonly string[],
): Promise<Map<string, number>> {
  if (budgetIds.length === 0) return new Map();
  const found = await rows<{ budget_id: string; invoiced: string | number }>(
    executor,
    sql`select budget_id, sum(total_minor)::bigint as invoiced from client_invoices
         where organization_id = ${organizationId}
           and budget_id = any(${sql.param([...new Set(budgetIds)])}::text[])
           and status in (${INVOICED_SQL})
         group by budget_id`,
  );
  return new Map(found.map((r) => [r.budget_id, Number(r.invoiced)]));
}
