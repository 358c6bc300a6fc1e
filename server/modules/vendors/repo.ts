import { and, eq, sql, type SQL } from "drizzle-orm";
import { firstRow, type Executor } from "../../db/executor";
import { vendors } from "../../db/schema";
import { listPage, type ListPage } from "../../lib/list-query";
import type { VendorListQuery, VendorSortKey } from "./contract";

/*
 * All SQL of vendors. Every query filters organization_id. A change locks the vendor row first
 * (lockVendor), so two edits run one after the other and the second sees the first's version.
 */

export interface VendorRow {
  id: string;
  name: string;
  contact_name: string;
  email: string;
  tax_id: string;
  payment_terms_days: number;
  notes: string;
  archived: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql`id, name, contact_name, email, tax_id, payment_terms_days, notes, archived, version,
  created_at, updated_at`;

export async function selectVendor(
  executor: Executor,
  organizationId: string,
  vendorId: string,
): Promise<VendorRow | undefined> {
  return firstRow<VendorRow>(
    executor,
    sql`select ${COLUMNS} from vendors where organization_id = ${organizationId} and id = ${vendorId}`,
  );
}

/** The vendor, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockVendor(
  executor: Executor,
  organizationId: string,
  vendorId: string,
): Promise<VendorRow | undefined> {
  return firstRow<VendorRow>(
    executor,
    sql`select ${COLUMNS} from vendors where organization_id = ${organizationId} and id = ${vendorId} for update`,
  );
}

/** The id of the workspace's vendor of that name in any case, other than `exceptId`. */
export async function vendorNamed(
  executor: Executor,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<string | undefined> {
  const row = await firstRow<{ id: string }>(
    executor,
    sql`select id from vendors
         where organization_id = ${organizationId} and lower(name) = lower(${name})
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  return row?.id;
}

export async function insertVendor(executor: Executor, row: typeof vendors.$inferInsert): Promise<void> {
  await executor.insert(vendors).values(row);
}

/** Change a vendor and bump its version. */
export async function updateVendor(
  executor: Executor,
  organizationId: string,
  vendorId: string,
  set: Partial<typeof vendors.$inferInsert>,
): Promise<void> {
  await executor
    .update(vendors)
    .set({ ...set, version: sql`${vendors.version} + 1` })
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, vendorId)));
}

export async function deleteVendor(
  executor: Executor,
  organizationId: string,
  vendorId: string,
): Promise<void> {
  await executor
    .delete(vendors)
    .where(and(eq(vendors.organizationId, organizationId), eq(vendors.id, vendorId)));
}

/** How many purchase orders name the vendor. */
export async function vendorDocumentCount(
  executor: Executor,
  organizationId: string,
  vendorId: string,
): Promise<number> {
  const row = await firstRow<{ n: number }>(
    executor,
    sql`select count(*)::int as n from purchase_orders
         where organization_id = ${organizationId} and vendor_id = ${vendorId}`,
  );
  return Number(row?.n ?? 0);
}

/** The vendors list, filtered, sorted and paged in one query. */
export async function vendorListPage(
  executor: Executor,
  organizationId: string,
  query: VendorListQuery,
): Promise<ListPage<VendorRow>> {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const where: (SQL | undefined)[] = [
    sql`v.organization_id = ${organizationId}`,
    query.archived === "active" ? sql`not v.archived` : undefined,
    query.archived === "archived" ? sql`v.archived` : undefined,
    // strpos, not like: the search text is literal (no wildcards to escape).
    search
      ? sql`(strpos(lower(v.name), ${search}) > 0 or strpos(lower(v.contact_name), ${search}) > 0
             or strpos(lower(v.email), ${search}) > 0 or strpos(lower(v.tax_id), ${search}) > 0)`
      : undefined,
  ];
  const sorts: Record<VendorSortKey, SQL> = {
    name: sql`lower(v.name)`,
    paymentTermsDays: sql`v.payment_terms_days`,
    createdAt: sql`v.created_at`,
    updatedAt: sql`v.updated_at`,
  };
  return listPage<VendorRow, VendorSortKey>(executor, {
    select: sql`v.id, v.name, v.contact_name, v.email, v.tax_id, v.payment_terms_days, v.notes, v.archived,
                v.version, v.created_at, v.updated_at`,
    from: sql`vendors v`,
    where,
    sorts,
    tiebreakers: [sql`v.id`],
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** Whether `error` (or its cause, as drizzle wraps driver errors) is a unique violation of `index`. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (constraint === index || (message ?? "").includes(index))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
