import { and, eq, sql, type SQL } from "drizzle-orm";
import { ITEM_TYPE } from "@domain/task-types";
import { parseSowNumber, type SowStatus, type SowVersionStatus } from "@domain/sows";
import type { InvoiceStatus } from "@domain/invoices";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import {
  sowPaymentEntries,
  sowVersions,
  sows,
  type SowDeliverableSnapshot,
} from "../../db/schema/finance-sows";
import { listPage, whereAll, type ListPage, type ListQuery } from "../../lib/list-query";
import type { SowExportQuery, SowSortKey } from "./contract";

/*
 * All SQL of statements of work. Every query filters organization_id. A change locks the SOW
 * row first (lockSow: select … for update), so two writes on one SOW run one after the other.
 * Numbers come from document_numbers in the creating transaction (nextDocumentNumber of the
 * purchase orders' repo, kind 'sow').
 */

export interface SowHeadRow {
  id: string;
  number: number;
  status: SowStatus;
  project_id: string;
  client_id: string;
  budget_id: string | null;
  title: string;
  currency: string;
  current_version: number;
  signed_version: number | null;
  fee_minor: number | string;
  row_version: number;
}

/** The SOW, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockSow(
  executor: Executor,
  organizationId: string,
  sowId: string,
): Promise<SowHeadRow | undefined> {
  return firstRow<SowHeadRow>(
    executor,
    sql`select id, number, status, project_id, client_id, budget_id, title, currency, current_version,
               signed_version, fee_minor, row_version
          from sows
         where organization_id = ${organizationId} and id = ${sowId} for update`,
  );
}

export async function insertSow(executor: Executor, row: typeof sows.$inferInsert): Promise<void> {
  await executor.insert(sows).values(row);
}

/** Change a SOW and bump its row version. */
export async function updateSowRow(
  executor: Executor,
  organizationId: string,
  sowId: string,
  set: Partial<typeof sows.$inferInsert>,
): Promise<void> {
  await executor
    .update(sows)
    .set({ ...set, rowVersion: sql`${sows.rowVersion} + 1` })
    .where(and(eq(sows.organizationId, organizationId), eq(sows.id, sowId)));
}

export async function insertVersion(executor: Executor, row: typeof sowVersions.$inferInsert): Promise<void> {
  await executor.insert(sowVersions).values(row);
}

export async function updateVersionRow(
  executor: Executor,
  organizationId: string,
  sowId: string,
  version: number,
  set: Partial<typeof sowVersions.$inferInsert>,
): Promise<void> {
  await executor
    .update(sowVersions)
    .set(set)
    .where(
      and(
        eq(sowVersions.organizationId, organizationId),
        eq(sowVersions.sowId, sowId),
        eq(sowVersions.version, version),
      ),
    );
}

export async function insertEntries(
  executor: Executor,
  entries: readonly (typeof sowPaymentEntries.$inferInsert)[],
): Promise<void> {
  if (entries.length) await executor.insert(sowPaymentEntries).values([...entries]);
}

export async function deleteEntries(
  executor: Executor,
  organizationId: string,
  sowId: string,
  version: number,
): Promise<void> {
  await executor
    .delete(sowPaymentEntries)
    .where(
      and(
        eq(sowPaymentEntries.organizationId, organizationId),
        eq(sowPaymentEntries.sowId, sowId),
        eq(sowPaymentEntries.version, version),
      ),
    );
}

/**
 * Record the invoice proposed from an entry, in place of `previousInvoiceId` (null: none); false
 * when the entry's invoice is no longer that one.
 */
export async function linkEntryInvoice(
  executor: Executor,
  organizationId: string,
  entryId: string,
  previousInvoiceId: string | null,
  invoiceId: string,
): Promise<boolean> {
  const changed = await run(
    executor,
    sql`update sow_payment_entries set invoice_id = ${invoiceId}
         where organization_id = ${organizationId} and id = ${entryId}
           and ${previousInvoiceId === null ? sql`invoice_id is null` : sql`invoice_id = ${previousInvoiceId}`}`,
  );
  return changed === 1;
}

// ---------------------------------------------------------------------------------------------
// Project, budget, deliverables
// ---------------------------------------------------------------------------------------------

export interface SowBudgetRow {
  id: string;
  name: string;
  folder_id: string;
  currency: string;
}

/** A budget of the workspace (undefined when not of it). */
export async function selectSowBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<SowBudgetRow | undefined> {
  return firstRow<SowBudgetRow>(
    executor,
    sql`select id, name, folder_id, currency from budgets
         where organization_id = ${organizationId} and id = ${budgetId}`,
  );
}

export interface DeliverableTaskRow {
  id: string;
  name: string;
  due_date: string | null;
}

/**
 * The project's deliverable tasks (ClickUp task type 2 in the folder, not deleted or archived),
 * with the due day in `timeZone`, by due date then name. A SOW is a document of the whole
 * project: every deliverable is read whoever asks (the caller has canViewFinancials).
 */
export async function deliverableTasks(
  executor: Executor,
  organizationId: string,
  projectId: string,
  timeZone: string,
): Promise<DeliverableTaskRow[]> {
  return rows<DeliverableTaskRow>(
    executor,
    sql`select t.id, t.name, (t.due_date at time zone ${timeZone})::date::text as due_date
          from tasks t
         where t.organization_id = ${organizationId} and t.folder_id = ${projectId}
           and t.custom_item_id = ${ITEM_TYPE.deliverable} and not t.deleted and not t.archived
         order by t.due_date nulls last, lower(t.name), t.id`,
  );
}

/** The ClickUp links of synced tasks by id (tasks gone or without a link are left out). */
export async function taskUrls(
  executor: Executor,
  organizationId: string,
  taskIds: readonly string[],
): Promise<Map<string, string>> {
  if (taskIds.length === 0) return new Map();
  const found = await rows<{ id: string; url: string }>(
    executor,
    sql`select id, url from tasks
         where organization_id = ${organizationId} and id = any(${sql.param([...taskIds])}::text[])
           and url is not null and not deleted`,
  );
  return new Map(found.map((t) => [t.id, t.url]));
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const personName = (alias: string) => {
  const p = sql.raw(alias);
  return sql`case when ${p}.id is null then null
    else coalesce(nullif(btrim(concat_ws(' ', ${p}.first_name, ${p}.last_name)), ''), nullif(${p}.name, ''), ${p}.email) end`;
};

export interface SowListRow {
  id: string;
  number: number;
  title: string;
  status: SowStatus;
  current_version: number;
  signed_version: number | null;
  client_id: string;
  client_name: string;
  project_id: string;
  project_name: string | null;
  budget_id: string | null;
  budget_name: string | null;
  currency: string;
  fee_minor: number | string;
  sow_date: string;
  sent_at: Date | string | null;
  signed_on: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SowDetailRow extends SowListRow {
  client_contact_name: string;
  client_email: string;
  client_address: string;
  row_version: number;
  created_by: string | null;
  created_by_name: string | null;
  sent_by: string | null;
  sent_by_name: string | null;
  sent_to: string | null;
  signed_by: string | null;
  signed_by_user_name: string | null;
  signed_by_name: string | null;
}

export async function selectSowDetail(
  executor: Executor,
  organizationId: string,
  sowId: string,
): Promise<SowDetailRow | undefined> {
  return firstRow<SowDetailRow>(
    executor,
    sql`select s.id, s.number, s.title, s.status, s.current_version, s.signed_version, s.client_id, s.project_id,
               s.budget_id, s.currency, s.fee_minor, s.sow_date::text as sow_date, s.sent_at,
               s.signed_on::text as signed_on, s.created_at, s.updated_at, s.row_version, s.sent_to,
               s.signed_by_name,
               c.name as client_name, c.contact_name as client_contact_name, c.email as client_email,
               c.address as client_address, b.name as budget_name, f.name as project_name,
               s.created_by, ${personName("pc")} as created_by_name,
               s.sent_by, ${personName("ps")} as sent_by_name,
               s.signed_by, ${personName("pg")} as signed_by_user_name
          from sows s
          join clients c on c.organization_id = s.organization_id and c.id = s.client_id
          left join budgets b on b.organization_id = s.organization_id and b.id = s.budget_id
          left join folders f on f.organization_id = s.organization_id and f.id = s.project_id
          left join profiles pc on pc.id = s.created_by
          left join profiles ps on ps.id = s.sent_by
          left join profiles pg on pg.id = s.signed_by
         where s.organization_id = ${organizationId} and s.id = ${sowId}`,
  );
}

export interface SowVersionRow {
  version: number;
  status: SowVersionStatus;
  reason: string;
  scope: string;
  fee_minor: number | string;
  deliverables: SowDeliverableSnapshot[] | string;
  deliverables_read_at: Date | string | null;
  terms: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  signed_on: string | null;
}

/** Every version of a SOW, oldest first. */
export async function selectVersions(
  executor: Executor,
  organizationId: string,
  sowId: string,
): Promise<SowVersionRow[]> {
  return rows<SowVersionRow>(
    executor,
    sql`select v.version, v.status, v.reason, v.scope, v.fee_minor, v.deliverables, v.deliverables_read_at,
               v.terms, v.created_by, ${personName("pc")} as created_by_name, v.created_at, v.sent_at,
               v.signed_on::text as signed_on
          from sow_versions v
          left join profiles pc on pc.id = v.created_by
         where v.organization_id = ${organizationId} and v.sow_id = ${sowId}
         order by v.version`,
  );
}

export interface SowEntryRow {
  id: string;
  position: number;
  label: string;
  due_on: string | null;
  milestone: string;
  amount_minor: number | string;
  percent_bp: number | null;
  invoice_id: string | null;
  invoice_number: number | null;
  invoice_status: InvoiceStatus | null;
  invoice_total_minor: number | string | null;
}

/** A version's payment schedule with each entry's invoice (number, status, total). */
export async function selectEntries(
  executor: Executor,
  organizationId: string,
  sowId: string,
  version: number,
): Promise<SowEntryRow[]> {
  return rows<SowEntryRow>(
    executor,
    sql`select e.id, e.position, e.label, e.due_on::text as due_on, e.milestone, e.amount_minor, e.percent_bp,
               e.invoice_id, i.number as invoice_number, i.status as invoice_status,
               i.total_minor as invoice_total_minor
          from sow_payment_entries e
          left join client_invoices i on i.organization_id = e.organization_id and i.id = e.invoice_id
         where e.organization_id = ${organizationId} and e.sow_id = ${sowId} and e.version = ${version}
         order by e.position, e.id`,
  );
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/** The filters of the list, its totals and its export, over `s` (and `c` when searching). */
function listWhere(organizationId: string, query: SowExportQuery): (SQL | undefined)[] {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const number = query.search ? parseSowNumber(query.search) : null;
  return [
    sql`s.organization_id = ${organizationId}`,
    query.status?.length ? sql`s.status = any(${sql.param(query.status)}::text[])` : undefined,
    query.clientId ? sql`s.client_id = ${query.clientId}` : undefined,
    query.projectId ? sql`s.project_id = ${query.projectId}` : undefined,
    query.from ? sql`s.sow_date >= ${query.from}::date` : undefined,
    query.to ? sql`s.sow_date <= ${query.to}::date` : undefined,
    search
      ? sql`(strpos(lower(c.name), ${search}) > 0 or strpos(lower(s.title), ${search}) > 0
             ${number !== null ? sql`or s.number = ${number}` : sql``})`
      : undefined,
  ];
}

/** `from` of the list: clients joined only when the search or the sort needs their name. */
function listFrom(query: SowExportQuery, sorting: boolean): SQL {
  const client = Boolean(query.search) || (sorting && query.sort === "client");
  return sql`sows s${client ? sql` join clients c on c.organization_id = s.organization_id and c.id = s.client_id` : sql``}`;
}

function listQuery(
  organizationId: string,
  query: SowExportQuery,
): Omit<ListQuery<SowSortKey>, "page" | "pageSize"> {
  const sorts: Record<SowSortKey, SQL> = {
    number: sql`s.number`,
    date: sql`s.sow_date`,
    title: sql`lower(s.title)`,
    client: sql`lower(c.name)`,
    status: sql`s.status`,
    fee: sql`s.fee_minor`,
    updatedAt: sql`s.updated_at`,
  };
  return {
    select: sql`s.id, s.number, s.title, s.status, s.current_version, s.signed_version, s.client_id, s.project_id,
                s.budget_id, s.currency, s.fee_minor, s.sow_date::text as sow_date, s.sent_at,
                s.signed_on::text as signed_on, s.created_at, s.updated_at`,
    from: listFrom(query, true),
    where: listWhere(organizationId, query),
    sorts,
    tiebreakers: [sql`s.number`],
    late: {
      select: sql`lc.name as client_name, lb.name as budget_name, lf.name as project_name`,
      from: sql`join clients lc on lc.organization_id = ${organizationId} and lc.id = list_page.client_id
        left join budgets lb on lb.organization_id = ${organizationId} and lb.id = list_page.budget_id
        left join folders lf on lf.organization_id = ${organizationId} and lf.id = list_page.project_id`,
    },
    sort: query.sort,
    dir: query.dir,
  };
}

/** One page of the list, filtered and sorted in one query. */
export async function sowListPage(
  executor: Executor,
  organizationId: string,
  query: SowExportQuery & { page: number; pageSize: number },
): Promise<ListPage<SowListRow>> {
  return listPage<SowListRow, SowSortKey>(executor, {
    ...listQuery(organizationId, query),
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** The list's query for an export (listBatches reads it in batches). */
export function sowExportQuery(organizationId: string, query: SowExportQuery) {
  return listQuery(organizationId, query);
}

export interface SowTotalsRow {
  currency: string;
  count: number;
  fee_minor: number | string;
}

/** Σ fee (current versions) of the filtered set, per currency. */
export async function sowTotals(
  executor: Executor,
  organizationId: string,
  query: SowExportQuery,
): Promise<SowTotalsRow[]> {
  return rows<SowTotalsRow>(
    executor,
    sql`select s.currency, count(*)::int as count, sum(s.fee_minor)::bigint as fee_minor
          from ${listFrom(query, false)}
         where ${whereAll(listWhere(organizationId, query))}
         group by s.currency order by s.currency`,
  );
}
