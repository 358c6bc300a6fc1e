import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  COMMITTED_STATUSES,
  parsePurchaseOrderNumber,
  type PurchaseOrderStatus,
} from "@domain/purchase-orders";
import { firstRow, rows, type Executor } from "../../db/executor";
import { profileNameSql } from "../../lib/sql-names";
import { purchaseOrderLines, purchaseOrders } from "../../db/schema";
import { listPage, whereAll, type ListPage, type ListQuery } from "../../lib/list-query";
import { folderClientSql } from "../projects/repo";
import type { PurchaseOrderExportQuery, PurchaseOrderSortKey } from "./contract";

/*
 * All SQL of purchase orders. Every query filters organization_id. A change locks the PO row
 * first (lockPurchaseOrder: select … for update), so of two people approving one PO at once the
 * second waits, then sees it approved and is refused (409). Numbers come from document_numbers
 * in the creating transaction (nextDocumentNumber).
 */

const COMMITTED_SQL = sql.join(
  COMMITTED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The next number of a document kind in the workspace: the counter row is created at 1 or
 * incremented, and stays locked until the calling transaction ends — a concurrent create waits
 * for it, so numbers are gapless and unique; a rollback gives the number back.
 */
export async function nextDocumentNumber(
  executor: Executor,
  organizationId: string,
  kind: string,
): Promise<number> {
  const row = await firstRow<{ last_number: number }>(
    executor,
    sql`insert into document_numbers (organization_id, kind, last_number) values (${organizationId}, ${kind}, 1)
        on conflict (organization_id, kind) do update set last_number = document_numbers.last_number + 1
        returning last_number`,
  );
  if (!row) throw new Error("document_numbers returned no number");
  return Number(row.last_number);
}

export interface PoBudgetRow {
  id: string;
  name: string;
  currency: string;
  folder_id: string;
  working_revision_number: number | null;
}

/** The budget a PO is raised from (undefined when not of the workspace). */
export async function selectPoBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<PoBudgetRow | undefined> {
  return firstRow<PoBudgetRow>(
    executor,
    sql`select id, name, currency, folder_id, working_revision_number from budgets
         where organization_id = ${organizationId} and id = ${budgetId}`,
  );
}

/** A revision's status (undefined when the budget has no such revision). */
export async function revisionStatus(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  number: number,
): Promise<string | undefined> {
  const row = await firstRow<{ status: string }>(
    executor,
    sql`select status from budget_revisions
         where organization_id = ${organizationId} and budget_id = ${budgetId} and number = ${number}`,
  );
  return row?.status;
}

export interface BudgetLineRef {
  key: string;
  section: string;
  number: string;
  description: string;
}

/** The lines of a budget revision with these keys. */
export async function budgetLinesByKey(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  revisionNumber: number,
  keys: readonly string[],
): Promise<BudgetLineRef[]> {
  if (keys.length === 0) return [];
  return rows<BudgetLineRef>(
    executor,
    sql`select key, section, number, description from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and revision_number = ${revisionNumber} and key = any(${sql.param([...new Set(keys)])}::text[])`,
  );
}

export interface VendorRef {
  id: string;
  name: string;
  email: string;
  archived: boolean;
}

export async function selectVendorRef(
  executor: Executor,
  organizationId: string,
  vendorId: string,
): Promise<VendorRef | undefined> {
  return firstRow<VendorRef>(
    executor,
    sql`select id, name, email, archived from vendors where organization_id = ${organizationId} and id = ${vendorId}`,
  );
}

/**
 * The purchasing limit of a person (Settings → People, keyed by their ClickUp user: the active
 * ClickUp connection of the app user in this workspace) and the workspace currency it is kept in.
 * No connection or no setting: null.
 */
export async function purchasingLimitOf(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<{ limitMinor: number | null; currency: string }> {
  const row = await firstRow<{ limit_minor: number | string | null; currency: string }>(
    executor,
    sql`select o.currency,
               (select ps.purchasing_limit_minor
                  from user_clickup_connections c
                  join person_settings ps on ps.organization_id = c.organization_id
                                         and ps.clickup_user_id = c.clickup_user_id
                 where c.organization_id = o.id and c.user_id = ${userId} and c.is_active
                 limit 1) as limit_minor
          from organizations o where o.id = ${organizationId}`,
  );
  return {
    limitMinor: row?.limit_minor === null || row?.limit_minor === undefined ? null : Number(row.limit_minor),
    currency: row?.currency ?? "USD",
  };
}

export interface PurchaseOrderHeadRow {
  id: string;
  number: number;
  status: PurchaseOrderStatus;
  vendor_id: string;
  budget_id: string;
  revision_number: number;
  currency: string;
  order_date: string;
  description: string;
  notes: string;
  total_minor: number | string;
  version: number;
  sent_to: string | null;
  cancel_reason: string | null;
}

const HEAD_COLUMNS = sql`id, number, status, vendor_id, budget_id, revision_number, currency, order_date::text as order_date,
  description, notes, total_minor, version, sent_to, cancel_reason`;

/** The PO, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockPurchaseOrder(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
): Promise<PurchaseOrderHeadRow | undefined> {
  return firstRow<PurchaseOrderHeadRow>(
    executor,
    sql`select ${HEAD_COLUMNS} from purchase_orders
         where organization_id = ${organizationId} and id = ${purchaseOrderId} for update`,
  );
}

export async function insertPurchaseOrder(
  executor: Executor,
  row: typeof purchaseOrders.$inferInsert,
): Promise<void> {
  await executor.insert(purchaseOrders).values(row);
}

/** Change a PO and bump its version. */
export async function updatePurchaseOrder(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
  set: Partial<typeof purchaseOrders.$inferInsert>,
): Promise<void> {
  await executor
    .update(purchaseOrders)
    .set({ ...set, version: sql`${purchaseOrders.version} + 1` })
    .where(and(eq(purchaseOrders.organizationId, organizationId), eq(purchaseOrders.id, purchaseOrderId)));
}

export async function insertPurchaseOrderLines(
  executor: Executor,
  lines: readonly (typeof purchaseOrderLines.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += 500)
    await executor.insert(purchaseOrderLines).values(lines.slice(i, i + 500));
}

export async function deletePurchaseOrderLines(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
): Promise<void> {
  await executor
    .delete(purchaseOrderLines)
    .where(
      and(
        eq(purchaseOrderLines.organizationId, organizationId),
        eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const personName = profileNameSql;

export interface PurchaseOrderDetailRow extends PurchaseOrderHeadRow {
  vendor_name: string;
  vendor_contact_name: string;
  vendor_email: string;
  vendor_tax_id: string;
  vendor_payment_terms_days: number;
  vendor_archived: boolean;
  budget_name: string;
  folder_id: string;
  folder_name: string | null;
  client_name: string | null;
  created_by: string | null;
  created_by_name: string | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
  submitted_at: Date | string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: Date | string | null;
  sent_by: string | null;
  sent_by_name: string | null;
  sent_at: Date | string | null;
  cancelled_by: string | null;
  cancelled_by_name: string | null;
  cancelled_at: Date | string | null;
  closed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function selectPurchaseOrderDetail(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
): Promise<PurchaseOrderDetailRow | undefined> {
  return firstRow<PurchaseOrderDetailRow>(
    executor,
    sql`select po.id, po.number, po.status, po.vendor_id, po.budget_id, po.revision_number, po.currency,
               po.order_date::text as order_date, po.description, po.notes, po.total_minor, po.version,
               po.sent_to, po.cancel_reason,
               v.name as vendor_name, v.contact_name as vendor_contact_name, v.email as vendor_email,
               v.tax_id as vendor_tax_id, v.payment_terms_days as vendor_payment_terms_days,
               v.archived as vendor_archived,
               b.name as budget_name, b.folder_id, f.name as folder_name,
               ${folderClientSql(organizationId, sql`b.folder_id`)} as client_name,
               po.created_by, ${personName("pc")} as created_by_name,
               po.submitted_by, ${personName("ps")} as submitted_by_name, po.submitted_at,
               po.approved_by, ${personName("pa")} as approved_by_name, po.approved_at,
               po.sent_by, ${personName("pt")} as sent_by_name, po.sent_at,
               po.cancelled_by, ${personName("px")} as cancelled_by_name, po.cancelled_at,
               po.closed_at, po.created_at, po.updated_at
          from purchase_orders po
          join vendors v on v.organization_id = po.organization_id and v.id = po.vendor_id
          join budgets b on b.organization_id = po.organization_id and b.id = po.budget_id
          left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id
          left join profiles pc on pc.id = po.created_by
          left join profiles ps on ps.id = po.submitted_by
          left join profiles pa on pa.id = po.approved_by
          left join profiles pt on pt.id = po.sent_by
          left join profiles px on px.id = po.cancelled_by
         where po.organization_id = ${organizationId} and po.id = ${purchaseOrderId}`,
  );
}

export interface PurchaseOrderLineRow {
  id: string;
  position: number;
  budget_line_key: string;
  section: string;
  budget_line_number: string | null;
  budget_line_description: string | null;
  description: string;
  amount_minor: number | string;
  billed_minor: number | string | null;
}

/** A PO's lines in order, each with its budget line in the PO's revision (null when gone). */
export async function selectPurchaseOrderLines(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
): Promise<PurchaseOrderLineRow[]> {
  return rows<PurchaseOrderLineRow>(
    executor,
    sql`select l.id, l.position, l.budget_line_key, coalesce(bl.section, l.section) as section,
               bl.number as budget_line_number, bl.description as budget_line_description,
               l.description, l.amount_minor, l.billed_minor
          from purchase_order_lines l
          join purchase_orders po on po.organization_id = l.organization_id and po.id = l.purchase_order_id
          left join budget_lines bl on bl.organization_id = po.organization_id and bl.budget_id = po.budget_id
                                   and bl.revision_number = po.revision_number and bl.key = l.budget_line_key
         where l.organization_id = ${organizationId} and l.purchase_order_id = ${purchaseOrderId}
         order by l.position, l.id`,
  );
}

// ---------------------------------------------------------------------------------------------
// Committed cost
// ---------------------------------------------------------------------------------------------

export interface CommittedByLineKeyRow {
  budget_id: string;
  line_key: string;
  /** The line's section in the budget's latest revision (else the section it had on the PO). */
  section: string;
  committed_minor: number;
}

/**
 * Committed cost per budget line (by its stable key) of these budgets: the unbilled amount
 * (amount − billed, never below 0) of every line of their approved, sent and partially billed
 * POs, in one grouped statement. Lines with nothing committed are left out.
 */
export async function committedByLineKey(
  executor: Executor,
  organizationId: string,
  budgetIds: string[],
): Promise<CommittedByLineKeyRow[]> {
  if (budgetIds.length === 0) return [];
  const found = await rows<CommittedByLineKeyRow>(
    executor,
    sql`select po.budget_id, l.budget_line_key as line_key, coalesce(bl.section, l.section) as section,
               sum(greatest(l.amount_minor - coalesce(l.billed_minor, 0), 0))::bigint as committed_minor
          from purchase_orders po
          join purchase_order_lines l on l.organization_id = po.organization_id and l.purchase_order_id = po.id
          join budgets b on b.organization_id = po.organization_id and b.id = po.budget_id
          left join budget_lines bl on bl.organization_id = b.organization_id and bl.budget_id = b.id
                                   and bl.revision_number = b.latest_revision_number
                                   and bl.key = l.budget_line_key
         where po.organization_id = ${organizationId}
           and po.budget_id = any(${sql.param([...budgetIds])}::text[])
           and po.status in (${COMMITTED_SQL})
         group by po.budget_id, l.budget_line_key, coalesce(bl.section, l.section)
        having sum(greatest(l.amount_minor - coalesce(l.billed_minor, 0), 0)) > 0
         order by po.budget_id, 3, l.budget_line_key`,
  );
  return found.map((r) => ({ ...r, committed_minor: Number(r.committed_minor) }));
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export interface PurchaseOrderListRow {
  id: string;
  number: number;
  status: PurchaseOrderStatus;
  vendor_id: string;
  vendor_name: string;
  budget_id: string;
  budget_name: string;
  revision_number: number;
  folder_id: string;
  folder_name: string | null;
  currency: string;
  order_date: string;
  description: string;
  total_minor: number | string;
  billed_minor: number | string;
  unbilled_minor: number | string;
  approved_at: Date | string | null;
  sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The filters of the list and its export, as SQL conditions over `po`, `v` and `b`. */
function listWhere(organizationId: string, query: PurchaseOrderExportQuery): (SQL | undefined)[] {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const number = query.search ? parsePurchaseOrderNumber(query.search) : null;
  return [
    sql`po.organization_id = ${organizationId}`,
    query.status?.length ? sql`po.status = any(${sql.param(query.status)}::text[])` : undefined,
    query.vendorId ? sql`po.vendor_id = ${query.vendorId}` : undefined,
    query.budgetId ? sql`po.budget_id = ${query.budgetId}` : undefined,
    query.projectId ? sql`b.folder_id = ${query.projectId}` : undefined,
    query.from ? sql`po.order_date >= ${query.from}::date` : undefined,
    query.to ? sql`po.order_date <= ${query.to}::date` : undefined,
    // strpos, not like: the search text is literal (no wildcards to escape).
    search
      ? sql`(strpos(lower(v.name), ${search}) > 0 or strpos(lower(po.description), ${search}) > 0
             ${number !== null ? sql`or po.number = ${number}` : sql``})`
      : undefined,
  ];
}

/**
 * `from` of the list: the POs, joined to vendors only when the search or the sort needs the
 * vendor's name and to budgets only when the project filter needs theirs (PostgreSQL keeps an
 * inner join it does not need: on 10,000 POs each costs a hash join of every row). The names
 * of the page's rows are joined late.
 */
function listFrom(query: PurchaseOrderExportQuery, sorting: boolean): SQL {
  const vendor = Boolean(query.search) || (sorting && query.sort === "vendor");
  const budget = Boolean(query.projectId);
  return sql`purchase_orders po${
    vendor ? sql` join vendors v on v.organization_id = po.organization_id and v.id = po.vendor_id` : sql``
  }${budget ? sql` join budgets b on b.organization_id = po.organization_id and b.id = po.budget_id` : sql``}`;
}

function listQuery(
  organizationId: string,
  query: PurchaseOrderExportQuery,
): Omit<ListQuery<PurchaseOrderSortKey>, "page" | "pageSize"> {
  const sorts: Record<PurchaseOrderSortKey, SQL> = {
    number: sql`po.number`,
    orderDate: sql`po.order_date`,
    amount: sql`po.total_minor`,
    vendor: sql`lower(v.name)`,
    status: sql`po.status`,
    updatedAt: sql`po.updated_at`,
  };
  return {
    select: sql`po.id, po.number, po.status, po.vendor_id, po.budget_id, po.revision_number, po.currency,
                po.order_date::text as order_date, po.description, po.total_minor, po.approved_at, po.sent_at,
                po.created_at, po.updated_at`,
    from: listFrom(query, true),
    where: listWhere(organizationId, query),
    sorts,
    tiebreakers: [sql`po.number`],
    // Names, the project and the lines' billed and unbilled sums: for the page's rows only.
    late: {
      select: sql`lv.name as vendor_name, lb.name as budget_name, lb.folder_id, lf.name as folder_name,
                  coalesce(s.billed, 0) as billed_minor, coalesce(s.unbilled, 0) as unbilled_minor`,
      from: sql`join vendors lv on lv.organization_id = ${organizationId} and lv.id = list_page.vendor_id
        join budgets lb on lb.organization_id = ${organizationId} and lb.id = list_page.budget_id
        left join folders lf on lf.organization_id = ${organizationId} and lf.id = lb.folder_id
        left join lateral (
          select sum(coalesce(l.billed_minor, 0))::bigint as billed,
                 sum(greatest(l.amount_minor - coalesce(l.billed_minor, 0), 0))::bigint as unbilled
            from purchase_order_lines l
           where l.organization_id = ${organizationId} and l.purchase_order_id = list_page.id
        ) s on true`,
    },
    sort: query.sort,
    dir: query.dir,
  };
}

/** One page of the list, filtered and sorted in one query. */
export async function purchaseOrderListPage(
  executor: Executor,
  organizationId: string,
  query: PurchaseOrderExportQuery & { page: number; pageSize: number },
): Promise<ListPage<PurchaseOrderListRow>> {
  return listPage<PurchaseOrderListRow, PurchaseOrderSortKey>(executor, {
    ...listQuery(organizationId, query),
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** The list's query for an export (listBatches reads it in batches). */
export function purchaseOrderExportQuery(organizationId: string, query: PurchaseOrderExportQuery) {
  return listQuery(organizationId, query);
}

export interface PurchaseOrderTotalsRow {
  currency: string;
  count: number;
  amount_minor: number | string;
  billed_minor: number | string;
  committed_minor: number | string;
}

/**
 * Σ amount, billed and committed of the whole filtered set, per currency (the totals row).
 * Committed = the committed POs' amounts less what is billed of each line up to its amount
 * (Σ max(amount − billed, 0) per line), so only billed lines are read.
 */
export async function purchaseOrderTotals(
  executor: Executor,
  organizationId: string,
  query: PurchaseOrderExportQuery,
): Promise<PurchaseOrderTotalsRow[]> {
  return rows<PurchaseOrderTotalsRow>(
    executor,
    sql`with filtered as (
          select po.id, po.currency, po.status, po.total_minor from ${listFrom(query, false)}
           where ${whereAll(listWhere(organizationId, query))}
        ), billed as (
          select l.purchase_order_id, sum(l.billed_minor) as billed,
                 sum(least(l.billed_minor, l.amount_minor)) as covered
            from purchase_order_lines l
           where l.organization_id = ${organizationId} and l.billed_minor > 0
             and l.purchase_order_id in (select id from filtered)
           group by l.purchase_order_id
        )
        select f.currency, count(*)::int as count, sum(f.total_minor)::bigint as amount_minor,
               coalesce(sum(bl.billed), 0)::bigint as billed_minor,
               coalesce(sum(case when f.status in (${COMMITTED_SQL})
                                 then f.total_minor - coalesce(bl.covered, 0) else 0 end), 0)::bigint
                 as committed_minor
          from filtered f
          left join billed bl on bl.purchase_order_id = f.id
         group by f.currency order by f.currency`,
  );
}
