import { and, eq, sql, type SQL } from "drizzle-orm";
import { parseInvoiceNumber, type InvoiceKind, type InvoiceStatus } from "@domain/invoices";
import { firstRow, rows, type Executor } from "../../db/executor";
import { profileNameSql } from "../../lib/sql-names";
import { clientInvoiceLines, clientInvoicePayments, clientInvoices } from "../../db/schema/finance-invoicing";
import { listPage, whereAll, type ListPage, type ListQuery } from "../../lib/list-query";
import type { InvoiceExportQuery, InvoiceSortKey } from "./contract";

export { invoicedByBudget } from "./billing-repo";

/*
 * All SQL of client invoices. Every query filters organization_id. A change locks the invoice
 * row first (lockInvoice: select … for update), so two payments on one invoice run one after the
 * other and the second sees the first's paid amount. Numbers come from document_numbers in the
 * creating transaction (nextDocumentNumber of the purchase orders' repo, kind 'client_invoice').
 */

export interface InvoiceHeadRow {
  id: string;
  number: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  budget_id: string;
  client_id: string;
  currency: string;
  issue_date: string;
  due_date: string;
  total_minor: number | string;
  paid_minor: number | string;
  markup_bp: number | null;
  version: number;
}

/** The invoice, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockInvoice(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
): Promise<InvoiceHeadRow | undefined> {
  return firstRow<InvoiceHeadRow>(
    executor,
    sql`select id, number, kind, status, budget_id, client_id, currency, issue_date::text as issue_date,
               due_date::text as due_date, total_minor, paid_minor, markup_bp, version
          from client_invoices
         where organization_id = ${organizationId} and id = ${invoiceId} for update`,
  );
}

export async function insertInvoice(
  executor: Executor,
  row: typeof clientInvoices.$inferInsert,
): Promise<void> {
  await executor.insert(clientInvoices).values(row);
}

/** Change an invoice and bump its version. */
export async function updateInvoiceRow(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
  set: Partial<typeof clientInvoices.$inferInsert>,
): Promise<void> {
  await executor
    .update(clientInvoices)
    .set({ ...set, version: sql`${clientInvoices.version} + 1` })
    .where(and(eq(clientInvoices.organizationId, organizationId), eq(clientInvoices.id, invoiceId)));
}

export async function insertInvoiceLines(
  executor: Executor,
  lines: readonly (typeof clientInvoiceLines.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += 500)
    await executor.insert(clientInvoiceLines).values(lines.slice(i, i + 500));
}

export async function deleteInvoiceLines(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
): Promise<void> {
  await executor
    .delete(clientInvoiceLines)
    .where(
      and(eq(clientInvoiceLines.organizationId, organizationId), eq(clientInvoiceLines.invoiceId, invoiceId)),
    );
}

export async function insertPayment(
  executor: Executor,
  row: typeof clientInvoicePayments.$inferInsert,
): Promise<void> {
  await executor.insert(clientInvoicePayments).values(row);
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const personName = profileNameSql;

export interface InvoiceDetailRow extends InvoiceHeadRow {
  client_name: string;
  client_contact_name: string;
  client_email: string;
  client_address: string;
  client_tax_id: string;
  client_payment_terms_days: number;
  client_archived: boolean;
  client_po_number: string;
  budget_name: string;
  project_id: string;
  project_name: string | null;
  percent_bp: number | null;
  markup_bp: number | null;
  over_left_to_bill: boolean;
  notes: string;
  created_by: string | null;
  created_by_name: string | null;
  sent_by: string | null;
  sent_by_name: string | null;
  sent_at: Date | string | null;
  sent_to: string | null;
  paid_at: Date | string | null;
  voided_by: string | null;
  voided_by_name: string | null;
  voided_at: Date | string | null;
  void_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function selectInvoiceDetail(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
): Promise<InvoiceDetailRow | undefined> {
  return firstRow<InvoiceDetailRow>(
    executor,
    sql`select i.id, i.number, i.kind, i.status, i.budget_id, i.client_id, i.currency,
               i.issue_date::text as issue_date, i.due_date::text as due_date, i.total_minor, i.paid_minor,
               i.version, i.client_po_number, i.project_id, i.percent_bp, i.markup_bp, i.over_left_to_bill,
               i.notes, i.sent_at, i.sent_to, i.paid_at, i.voided_at, i.void_reason, i.created_at, i.updated_at,
               c.name as client_name, c.contact_name as client_contact_name, c.email as client_email,
               c.address as client_address, c.tax_id as client_tax_id,
               c.payment_terms_days as client_payment_terms_days, c.archived as client_archived,
               b.name as budget_name, f.name as project_name,
               i.created_by, ${personName("pc")} as created_by_name,
               i.sent_by, ${personName("ps")} as sent_by_name,
               i.voided_by, ${personName("pv")} as voided_by_name
          from client_invoices i
          join clients c on c.organization_id = i.organization_id and c.id = i.client_id
          join budgets b on b.organization_id = i.organization_id and b.id = i.budget_id
          left join folders f on f.organization_id = i.organization_id and f.id = i.project_id
          left join profiles pc on pc.id = i.created_by
          left join profiles ps on ps.id = i.sent_by
          left join profiles pv on pv.id = i.voided_by
         where i.organization_id = ${organizationId} and i.id = ${invoiceId}`,
  );
}

export interface InvoiceLineRow {
  kind: "amount" | "budget_line" | "labour" | "cost" | "less_invoiced";
  description: string;
  budget_line_key: string | null;
  duration_ms: number | string | null;
  rate_minor: number | string | null;
  cost_minor: number | string | null;
  markup_bp: number | null;
  markup_minor: number | string | null;
  amount_minor: number | string;
}

export async function selectInvoiceLines(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
): Promise<InvoiceLineRow[]> {
  return rows<InvoiceLineRow>(
    executor,
    sql`select kind, description, budget_line_key, duration_ms, rate_minor, cost_minor, markup_bp, markup_minor,
               amount_minor
          from client_invoice_lines
         where organization_id = ${organizationId} and invoice_id = ${invoiceId}
         order by position, id`,
  );
}

export interface PaymentRow {
  id: string;
  amount_minor: number | string;
  paid_on: string;
  reference: string;
  recorded_by: string | null;
  recorded_by_name: string | null;
  recorded_at: Date | string;
}

export async function selectPayments(
  executor: Executor,
  organizationId: string,
  invoiceId: string,
): Promise<PaymentRow[]> {
  return rows<PaymentRow>(
    executor,
    sql`select p.id, p.amount_minor, p.paid_on::text as paid_on, p.reference, p.recorded_by,
               ${personName("pr")} as recorded_by_name, p.recorded_at
          from client_invoice_payments p
          left join profiles pr on pr.id = p.recorded_by
         where p.organization_id = ${organizationId} and p.invoice_id = ${invoiceId}
         order by p.paid_on, p.recorded_at, p.id`,
  );
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export interface InvoiceListRow {
  id: string;
  number: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  client_id: string;
  client_name: string;
  client_po_number: string;
  budget_id: string;
  budget_name: string;
  project_id: string;
  project_name: string | null;
  currency: string;
  issue_date: string;
  due_date: string;
  total_minor: number | string;
  paid_minor: number | string;
  sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Open (sent, owing) and due before `today`: the SQL twin of domain isInvoiceOverdue. */
const overdueSql = (today: string) =>
  sql`(i.status = 'sent' and i.paid_minor < i.total_minor and i.due_date < ${today}::date)`;

/** The filters of the list, its totals and its export, over `i` (and `c` when searching). */
function listWhere(organizationId: string, query: InvoiceExportQuery, today: string): (SQL | undefined)[] {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const number = query.search ? parseInvoiceNumber(query.search) : null;
  return [
    sql`i.organization_id = ${organizationId}`,
    query.status?.length ? sql`i.status = any(${sql.param(query.status)}::text[])` : undefined,
    query.clientId ? sql`i.client_id = ${query.clientId}` : undefined,
    query.projectId ? sql`i.project_id = ${query.projectId}` : undefined,
    query.budgetId ? sql`i.budget_id = ${query.budgetId}` : undefined,
    query.kind ? sql`i.kind = ${query.kind}` : undefined,
    query.from ? sql`i.issue_date >= ${query.from}::date` : undefined,
    query.to ? sql`i.issue_date <= ${query.to}::date` : undefined,
    query.overdue === true ? overdueSql(today) : undefined,
    query.overdue === false ? sql`not ${overdueSql(today)}` : undefined,
    search
      ? sql`(strpos(lower(c.name), ${search}) > 0 or strpos(lower(i.client_po_number), ${search}) > 0
             ${number !== null ? sql`or i.number = ${number}` : sql``})`
      : undefined,
  ];
}

/** `from` of the list: clients joined only when the search or the sort needs their name. */
function listFrom(query: InvoiceExportQuery, sorting: boolean): SQL {
  const client = Boolean(query.search) || (sorting && query.sort === "client");
  return sql`client_invoices i${
    client ? sql` join clients c on c.organization_id = i.organization_id and c.id = i.client_id` : sql``
  }`;
}

function listQuery(
  organizationId: string,
  query: InvoiceExportQuery,
  today: string,
): Omit<ListQuery<InvoiceSortKey>, "page" | "pageSize"> {
  const sorts: Record<InvoiceSortKey, SQL> = {
    number: sql`i.number`,
    issueDate: sql`i.issue_date`,
    dueDate: sql`i.due_date`,
    amount: sql`i.total_minor`,
    outstanding: sql`(case when i.status = 'sent' then i.total_minor - i.paid_minor else 0 end)`,
    client: sql`lower(c.name)`,
    status: sql`i.status`,
    updatedAt: sql`i.updated_at`,
  };
  return {
    select: sql`i.id, i.number, i.kind, i.status, i.client_id, i.client_po_number, i.budget_id, i.project_id,
                i.currency, i.issue_date::text as issue_date, i.due_date::text as due_date, i.total_minor,
                i.paid_minor, i.sent_at, i.created_at, i.updated_at`,
    from: listFrom(query, true),
    where: listWhere(organizationId, query, today),
    sorts,
    tiebreakers: [sql`i.number`],
    late: {
      select: sql`lc.name as client_name, lb.name as budget_name, lf.name as project_name`,
      from: sql`join clients lc on lc.organization_id = ${organizationId} and lc.id = list_page.client_id
        join budgets lb on lb.organization_id = ${organizationId} and lb.id = list_page.budget_id
        left join folders lf on lf.organization_id = ${organizationId} and lf.id = list_page.project_id`,
    },
    sort: query.sort,
    dir: query.dir,
  };
}

/** One page of the list, filtered and sorted in one query. */
export async function invoiceListPage(
  executor: Executor,
  organizationId: string,
  query: InvoiceExportQuery & { page: number; pageSize: number },
  today: string,
): Promise<ListPage<InvoiceListRow>> {
  return listPage<InvoiceListRow, InvoiceSortKey>(executor, {
    ...listQuery(organizationId, query, today),
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** The list's query for an export (listBatches reads it in batches). */
export function invoiceExportQuery(organizationId: string, query: InvoiceExportQuery, today: string) {
  return listQuery(organizationId, query, today);
}

export interface InvoiceTotalsRow {
  currency: string;
  count: number;
  total_minor: number | string;
  paid_minor: number | string;
  outstanding_minor: number | string;
}

/** Σ total, paid and outstanding (sent invoices' total − paid) of the filtered set, per currency. */
export async function invoiceTotals(
  executor: Executor,
  organizationId: string,
  query: InvoiceExportQuery,
  today: string,
): Promise<InvoiceTotalsRow[]> {
  return rows<InvoiceTotalsRow>(
    executor,
    sql`select i.currency, count(*)::int as count, sum(i.total_minor)::bigint as total_minor,
               sum(i.paid_minor)::bigint as paid_minor,
               coalesce(sum(i.total_minor - i.paid_minor) filter (where i.status = 'sent'), 0)::bigint
                 as outstanding_minor
          from ${listFrom(query, false)}
         where ${whereAll(listWhere(organizationId, query, today))}
         group by i.currency order by i.currency`,
  );
}
