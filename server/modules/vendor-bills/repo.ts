import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  ACTUAL_STATUSES,
  AGEING_BUCKET_DAYS,
  OPEN_STATUSES,
  parseVendorBillNumber,
  type VendorBillStatus,
} from "@domain/vendor-bills";
import { firstRow, rows, type Executor } from "../../db/executor";
import { vendorBillLines, vendorBills } from "../../db/schema";
import { listPage, whereAll, type ListPage, type ListQuery } from "../../lib/list-query";
import type { VendorBillExportQuery, VendorBillSortKey } from "./contract";

/*
 * All SQL of vendor bills. Every query filters organization_id. A change locks the bill row
 * first (lockVendorBill), then its PO's (purchase-orders' lockPurchaseOrder), always in that
 * order. PO lines' billed amounts are what approved and paid bills bill on them, recomputed
 * from the bill lines in the approving transaction (refreshPoLinesBilled).
 */

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ACTUAL_SQL = list(ACTUAL_STATUSES);
const OPEN_SQL = list(OPEN_STATUSES);

export interface VendorBillHeadRow {
  id: string;
  number: number;
  status: VendorBillStatus;
  vendor_id: string;
  purchase_order_id: string | null;
  budget_id: string;
  invoice_number: string;
  bill_date: string;
  due_date: string;
  currency: string;
  total_minor: number | string;
  without_po: boolean;
  version: number;
}

const HEAD_COLUMNS = sql`id, number, status, vendor_id, purchase_order_id, budget_id, invoice_number,
  bill_date::text as bill_date, due_date::text as due_date, currency, total_minor, without_po, version`;

/** The bill, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockVendorBill(
  executor: Executor,
  organizationId: string,
  billId: string,
): Promise<VendorBillHeadRow | undefined> {
  return firstRow<VendorBillHeadRow>(
    executor,
    sql`select ${HEAD_COLUMNS} from vendor_bills
         where organization_id = ${organizationId} and id = ${billId} for update`,
  );
}

export async function insertVendorBill(
  executor: Executor,
  row: typeof vendorBills.$inferInsert,
): Promise<void> {
  await executor.insert(vendorBills).values(row);
}

/** Change a bill and bump its version. */
export async function updateVendorBillRow(
  executor: Executor,
  organizationId: string,
  billId: string,
  set: Partial<typeof vendorBills.$inferInsert>,
): Promise<void> {
  await executor
    .update(vendorBills)
    .set({ ...set, version: sql`${vendorBills.version} + 1` })
    .where(and(eq(vendorBills.organizationId, organizationId), eq(vendorBills.id, billId)));
}

export async function insertVendorBillLines(
  executor: Executor,
  lines: readonly (typeof vendorBillLines.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += 500)
    await executor.insert(vendorBillLines).values(lines.slice(i, i + 500));
}

export async function deleteVendorBillLines(executor: Executor, organizationId: string, billId: string) {
  await executor
    .delete(vendorBillLines)
    .where(and(eq(vendorBillLines.organizationId, organizationId), eq(vendorBillLines.billId, billId)));
}

/** Whether another bill of the vendor that is not void has this invoice number (any case). */
export async function invoiceNumberTaken(
  executor: Executor,
  organizationId: string,
  vendorId: string,
  invoiceNumber: string,
  exceptBillId?: string,
): Promise<boolean> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select id from vendor_bills
         where organization_id = ${organizationId} and vendor_id = ${vendorId}
           and lower(invoice_number) = lower(${invoiceNumber}) and status <> 'void'
           ${exceptBillId ? sql`and id <> ${exceptBillId}` : sql``}
         limit 1`,
  );
  return row !== undefined;
}

export interface PoLineRef {
  id: string;
  budget_line_key: string;
  section: string;
  description: string;
  amount_minor: number | string;
}

/** The lines of a PO (all of them). */
export async function poLinesOf(executor: Executor, organizationId: string, purchaseOrderId: string) {
  return rows<PoLineRef>(
    executor,
    sql`select id, budget_line_key, section, description, amount_minor from purchase_order_lines
         where organization_id = ${organizationId} and purchase_order_id = ${purchaseOrderId}
         order by position, id`,
  );
}

/**
 * Per PO line, what bills that are not void — other than `exceptBillId` — bill on it, in one
 * grouped statement. Lines no such bill touches are left out (0).
 */
export async function billedByOtherBills(
  executor: Executor,
  organizationId: string,
  poLineIds: readonly string[],
  exceptBillId: string,
): Promise<Map<string, number>> {
  if (poLineIds.length === 0) return new Map();
  const found = await rows<{ line_id: string; billed: number | string }>(
    executor,
    sql`select l.purchase_order_line_id as line_id, sum(l.amount_minor)::bigint as billed
          from vendor_bill_lines l
          join vendor_bills b on b.organization_id = l.organization_id and b.id = l.bill_id
         where l.organization_id = ${organizationId}
           and l.purchase_order_line_id = any(${sql.param([...new Set(poLineIds)])}::text[])
           and b.id <> ${exceptBillId} and b.status <> 'void'
         group by l.purchase_order_line_id`,
  );
  return new Map(found.map((r) => [r.line_id, Number(r.billed)]));
}

/**
 * Recompute the billed amount of every line of a PO from its approved and paid bills (one
 * set-based update), returning each line's amount and billed.
 */
export async function refreshPoLinesBilled(
  executor: Executor,
  organizationId: string,
  purchaseOrderId: string,
): Promise<{ amount_minor: number; billed_minor: number }[]> {
  const found = await rows<{ amount_minor: number | string; billed_minor: number | string }>(
    executor,
    sql`update purchase_order_lines pl
           set billed_minor = coalesce((
             select sum(l.amount_minor)
               from vendor_bill_lines l
               join vendor_bills b on b.organization_id = l.organization_id and b.id = l.bill_id
              where l.organization_id = pl.organization_id and l.purchase_order_line_id = pl.id
                and b.status in (${ACTUAL_SQL})
           ), 0)
         where pl.organization_id = ${organizationId} and pl.purchase_order_id = ${purchaseOrderId}
         returning pl.amount_minor, pl.billed_minor`,
  );
  return found.map((r) => ({ amount_minor: Number(r.amount_minor), billed_minor: Number(r.billed_minor) }));
}

// ---------------------------------------------------------------------------------------------
// Actual cost
// ---------------------------------------------------------------------------------------------

export interface ActualByLineKeyRow {
  budget_id: string;
  line_key: string;
  /** The line's section in the budget's latest revision (else the section it had on the bill). */
  section: string;
  actual_minor: number;
}

/**
 * Actual cost from vendor bills per budget line (by its stable key) of these budgets: Σ the
 * lines of their approved and paid bills, in one grouped statement (the shape of
 * committedByLineKey). Lines with none are left out.
 */
export async function actualByLineKey(
  executor: Executor,
  organizationId: string,
  budgetIds: string[],
): Promise<ActualByLineKeyRow[]> {
  if (budgetIds.length === 0) return [];
  const found = await rows<ActualByLineKeyRow>(
    executor,
    sql`select b.budget_id, l.budget_line_key as line_key, coalesce(bl.section, l.section) as section,
               sum(l.amount_minor)::bigint as actual_minor
          from vendor_bills b
          join vendor_bill_lines l on l.organization_id = b.organization_id and l.bill_id = b.id
          join budgets bu on bu.organization_id = b.organization_id and bu.id = b.budget_id
          left join budget_lines bl on bl.organization_id = bu.organization_id and bl.budget_id = bu.id
                                   and bl.revision_number = bu.latest_revision_number
                                   and bl.key = l.budget_line_key
         where b.organization_id = ${organizationId}
           and b.budget_id = any(${sql.param([...budgetIds])}::text[])
           and b.status in (${ACTUAL_SQL})
         group by b.budget_id, l.budget_line_key, coalesce(bl.section, l.section)
         order by b.budget_id, 3, l.budget_line_key`,
  );
  return found.map((r) => ({ ...r, actual_minor: Number(r.actual_minor) }));
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const personName = (alias: string) => {
  const p = sql.raw(alias);
  return sql`case when ${p}.id is null then null
    else coalesce(nullif(btrim(concat_ws(' ', ${p}.first_name, ${p}.last_name)), ''), nullif(${p}.name, ''), ${p}.email) end`;
};

export interface VendorBillDetailRow extends VendorBillHeadRow {
  vendor_name: string;
  vendor_payment_terms_days: number;
  purchase_order_number: number | null;
  budget_name: string;
  folder_id: string;
  folder_name: string | null;
  notes: string;
  payment_date: string | null;
  created_by: string | null;
  created_by_name: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: Date | string | null;
  paid_by: string | null;
  paid_by_name: string | null;
  paid_at: Date | string | null;
  voided_by: string | null;
  voided_by_name: string | null;
  voided_at: Date | string | null;
  void_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function selectVendorBillDetail(
  executor: Executor,
  organizationId: string,
  billId: string,
): Promise<VendorBillDetailRow | undefined> {
  return firstRow<VendorBillDetailRow>(
    executor,
    sql`select vb.id, vb.number, vb.status, vb.vendor_id, vb.purchase_order_id, vb.budget_id, vb.invoice_number,
               vb.bill_date::text as bill_date, vb.due_date::text as due_date, vb.currency, vb.total_minor,
               vb.without_po, vb.version, vb.notes, vb.payment_date::text as payment_date,
               v.name as vendor_name, v.payment_terms_days as vendor_payment_terms_days,
               po.number as purchase_order_number,
               b.name as budget_name, b.folder_id, f.name as folder_name,
               vb.created_by, ${personName("pc")} as created_by_name,
               vb.approved_by, ${personName("pa")} as approved_by_name, vb.approved_at,
               vb.paid_by, ${personName("pp")} as paid_by_name, vb.paid_at,
               vb.voided_by, ${personName("pv")} as voided_by_name, vb.voided_at, vb.void_reason,
               vb.created_at, vb.updated_at
          from vendor_bills vb
          join vendors v on v.organization_id = vb.organization_id and v.id = vb.vendor_id
          join budgets b on b.organization_id = vb.organization_id and b.id = vb.budget_id
          left join purchase_orders po on po.organization_id = vb.organization_id and po.id = vb.purchase_order_id
          left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id
          left join profiles pc on pc.id = vb.created_by
          left join profiles pa on pa.id = vb.approved_by
          left join profiles pp on pp.id = vb.paid_by
          left join profiles pv on pv.id = vb.voided_by
         where vb.organization_id = ${organizationId} and vb.id = ${billId}`,
  );
}

export interface VendorBillLineRow {
  id: string;
  position: number;
  purchase_order_line_id: string | null;
  budget_line_key: string;
  section: string;
  budget_line_number: string | null;
  budget_line_description: string | null;
  description: string;
  amount_minor: number | string;
  po_line_amount_minor: number | string | null;
  /** What the PO line's other bills that are not void bill on it. */
  po_line_billed_by_others: number | string | null;
}

/** A bill's lines in order, with their budget line (latest revision) and PO line figures. */
export async function selectVendorBillLines(
  executor: Executor,
  organizationId: string,
  billId: string,
): Promise<VendorBillLineRow[]> {
  return rows<VendorBillLineRow>(
    executor,
    sql`select l.id, l.position, l.purchase_order_line_id, l.budget_line_key,
               coalesce(bl.section, l.section) as section,
               bl.number as budget_line_number, bl.description as budget_line_description,
               l.description, l.amount_minor,
               pl.amount_minor as po_line_amount_minor,
               case when pl.id is null then null else coalesce(o.billed, 0) end as po_line_billed_by_others
          from vendor_bill_lines l
          join vendor_bills vb on vb.organization_id = l.organization_id and vb.id = l.bill_id
          join budgets b on b.organization_id = vb.organization_id and b.id = vb.budget_id
          left join budget_lines bl on bl.organization_id = b.organization_id and bl.budget_id = b.id
                                   and bl.revision_number = b.latest_revision_number and bl.key = l.budget_line_key
          left join purchase_order_lines pl on pl.organization_id = l.organization_id
                                           and pl.id = l.purchase_order_line_id
          left join lateral (
            select sum(ol.amount_minor)::bigint as billed
              from vendor_bill_lines ol
              join vendor_bills ob on ob.organization_id = ol.organization_id and ob.id = ol.bill_id
             where ol.organization_id = l.organization_id and ol.purchase_order_line_id = l.purchase_order_line_id
               and ob.id <> vb.id and ob.status <> 'void'
          ) o on l.purchase_order_line_id is not null
         where l.organization_id = ${organizationId} and l.bill_id = ${billId}
         order by l.position, l.id`,
  );
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export interface VendorBillListRow {
  id: string;
  number: number;
  status: VendorBillStatus;
  vendor_id: string;
  vendor_name: string;
  invoice_number: string;
  purchase_order_id: string | null;
  purchase_order_number: number | null;
  budget_id: string;
  budget_name: string;
  folder_id: string;
  folder_name: string | null;
  currency: string;
  bill_date: string;
  due_date: string;
  total_minor: number | string;
  without_po: boolean;
  payment_date: string | null;
  approved_at: Date | string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The filters of the list and its export, as SQL conditions over `vb`, `v` and `b`. */
function listWhere(organizationId: string, query: VendorBillExportQuery): (SQL | undefined)[] {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const number = query.search ? parseVendorBillNumber(query.search) : null;
  return [
    sql`vb.organization_id = ${organizationId}`,
    query.status?.length ? sql`vb.status = any(${sql.param(query.status)}::text[])` : undefined,
    query.vendorId ? sql`vb.vendor_id = ${query.vendorId}` : undefined,
    query.budgetId ? sql`vb.budget_id = ${query.budgetId}` : undefined,
    query.projectId ? sql`b.folder_id = ${query.projectId}` : undefined,
    query.purchaseOrderId ? sql`vb.purchase_order_id = ${query.purchaseOrderId}` : undefined,
    query.dueFrom ? sql`vb.due_date >= ${query.dueFrom}::date` : undefined,
    query.dueTo ? sql`vb.due_date <= ${query.dueTo}::date` : undefined,
    query.withoutPo ? sql`vb.without_po = ${query.withoutPo === "true"}` : undefined,
    // strpos, not like: the search text is literal (no wildcards to escape).
    search
      ? sql`(strpos(lower(v.name), ${search}) > 0 or strpos(lower(vb.invoice_number), ${search}) > 0
             ${number !== null ? sql`or vb.number = ${number}` : sql``})`
      : undefined,
  ];
}

/** `from` of the list: vendors joined only for the search or the vendor sort, budgets only for the project filter. */
function listFrom(query: VendorBillExportQuery, sorting: boolean): SQL {
  const vendor = Boolean(query.search) || (sorting && query.sort === "vendor");
  const budget = Boolean(query.projectId);
  return sql`vendor_bills vb${
    vendor ? sql` join vendors v on v.organization_id = vb.organization_id and v.id = vb.vendor_id` : sql``
  }${budget ? sql` join budgets b on b.organization_id = vb.organization_id and b.id = vb.budget_id` : sql``}`;
}

function listQuery(
  organizationId: string,
  query: VendorBillExportQuery,
): Omit<ListQuery<VendorBillSortKey>, "page" | "pageSize"> {
  const sorts: Record<VendorBillSortKey, SQL> = {
    number: sql`vb.number`,
    billDate: sql`vb.bill_date`,
    dueDate: sql`vb.due_date`,
    amount: sql`vb.total_minor`,
    vendor: sql`lower(v.name)`,
    status: sql`vb.status`,
    updatedAt: sql`vb.updated_at`,
  };
  return {
    select: sql`vb.id, vb.number, vb.status, vb.vendor_id, vb.invoice_number, vb.purchase_order_id, vb.budget_id,
                vb.currency, vb.bill_date::text as bill_date, vb.due_date::text as due_date, vb.total_minor,
                vb.without_po, vb.payment_date::text as payment_date, vb.approved_at, vb.paid_at,
                vb.created_at, vb.updated_at`,
    from: listFrom(query, true),
    where: listWhere(organizationId, query),
    sorts,
    tiebreakers: [sql`vb.number`],
    // Names and the PO's number: for the page's rows only.
    late: {
      select: sql`lv.name as vendor_name, lb.name as budget_name, lb.folder_id, lf.name as folder_name,
                  lpo.number as purchase_order_number`,
      from: sql`join vendors lv on lv.organization_id = ${organizationId} and lv.id = list_page.vendor_id
        join budgets lb on lb.organization_id = ${organizationId} and lb.id = list_page.budget_id
        left join folders lf on lf.organization_id = ${organizationId} and lf.id = lb.folder_id
        left join purchase_orders lpo on lpo.organization_id = ${organizationId} and lpo.id = list_page.purchase_order_id`,
    },
    sort: query.sort,
    dir: query.dir,
  };
}

/** One page of the list, filtered and sorted in one query. */
export async function vendorBillListPage(
  executor: Executor,
  organizationId: string,
  query: VendorBillExportQuery & { page: number; pageSize: number },
): Promise<ListPage<VendorBillListRow>> {
  return listPage<VendorBillListRow, VendorBillSortKey>(executor, {
    ...listQuery(organizationId, query),
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** The list's query for an export (listBatches reads it in batches). */
export function vendorBillExportQuery(organizationId: string, query: VendorBillExportQuery) {
  return listQuery(organizationId, query);
}

export interface VendorBillTotalsRow {
  currency: string;
  count: number;
  amount_minor: number | string;
  open_minor: number | string;
  paid_minor: number | string;
  not_due: number | string;
  days_0_30: number | string;
  days_31_60: number | string;
  days_61_90: number | string;
  days_90_plus: number | string;
}

/** `asOf − due_date` in the bucket's range (domain/vendor-bills.ts AGEING_BUCKET_DAYS). */
function bucketCondition(asOf: string, bucket: keyof typeof AGEING_BUCKET_DAYS): SQL {
  const { from, to } = AGEING_BUCKET_DAYS[bucket];
  const days = sql`(${asOf}::date - f.due_date)`;
  return to === null ? sql`${days} >= ${from}` : sql`${days} between ${from} and ${to}`;
}

/**
 * Σ of the whole filtered set per currency in one grouped statement: count, amount, open
 * (received and approved), paid, and what is open per ageing bucket as of `asOf`.
 */
export async function vendorBillTotals(
  executor: Executor,
  organizationId: string,
  query: VendorBillExportQuery,
  asOf: string,
): Promise<VendorBillTotalsRow[]> {
  const open = sql`f.status in (${OPEN_SQL})`;
  const bucket = (name: keyof typeof AGEING_BUCKET_DAYS) =>
    sql`coalesce(sum(f.total_minor) filter (where ${open} and ${bucketCondition(asOf, name)}), 0)::bigint`;
  return rows<VendorBillTotalsRow>(
    executor,
    sql`with filtered as (
          select vb.currency, vb.status, vb.total_minor, vb.due_date from ${listFrom(query, false)}
           where ${whereAll(listWhere(organizationId, query))}
        )
        select f.currency, count(*)::int as count, sum(f.total_minor)::bigint as amount_minor,
               coalesce(sum(f.total_minor) filter (where ${open}), 0)::bigint as open_minor,
               coalesce(sum(f.total_minor) filter (where f.status = 'paid'), 0)::bigint as paid_minor,
               coalesce(sum(f.total_minor) filter (where ${open} and f.due_date >= ${asOf}::date), 0)::bigint as not_due,
               ${bucket("days_0_30")} as days_0_30, ${bucket("days_31_60")} as days_31_60,
               ${bucket("days_61_90")} as days_61_90, ${bucket("days_90_plus")} as days_90_plus
          from filtered f
         group by f.currency order by f.currency`,
  );
}
