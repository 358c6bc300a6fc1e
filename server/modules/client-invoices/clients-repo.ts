import { and, eq, sql, type SQL } from "drizzle-orm";
import { firstRow, type Executor } from "../../db/executor";
import { clients } from "../../db/schema/finance-invoicing";
import { listPage, type ListPage } from "../../lib/list-query";
import type { ClientListQuery, ClientSortKey } from "./contract";

/*
 * All SQL of clients (the billing details of the meta task's client field). Every query filters
 * organization_id; a change locks the client row first.
 */

export interface ClientRow {
  id: string;
  name: string;
  contact_name: string;
  email: string;
  address: string;
  tax_id: string;
  payment_terms_days: number;
  notes: string;
  archived: boolean;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = sql`id, name, contact_name, email, address, tax_id, payment_terms_days, notes, archived, version,
  created_at, updated_at`;

export async function selectClient(
  executor: Executor,
  organizationId: string,
  clientId: string,
): Promise<ClientRow | undefined> {
  return firstRow<ClientRow>(
    executor,
    sql`select ${COLUMNS} from clients where organization_id = ${organizationId} and id = ${clientId}`,
  );
}

export async function lockClient(
  executor: Executor,
  organizationId: string,
  clientId: string,
): Promise<ClientRow | undefined> {
  return firstRow<ClientRow>(
    executor,
    sql`select ${COLUMNS} from clients where organization_id = ${organizationId} and id = ${clientId} for update`,
  );
}

/** The workspace's client of that name in any case (other than `exceptId`). */
export async function clientNamed(
  executor: Executor,
  organizationId: string,
  name: string,
  exceptId?: string,
): Promise<ClientRow | undefined> {
  return firstRow<ClientRow>(
    executor,
    sql`select ${COLUMNS} from clients
         where organization_id = ${organizationId} and lower(name) = lower(${name})
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
}

export async function insertClient(executor: Executor, row: typeof clients.$inferInsert): Promise<void> {
  await executor.insert(clients).values(row);
}

/**
 * A client of this name unless one exists in any case (a concurrent insert of the same name waits
 * for the other transaction, then inserts nothing): whether it was inserted.
 */
export async function insertClientIfAbsent(
  executor: Executor,
  row: { organizationId: string; id: string; name: string; createdBy: string | null; now: Date },
): Promise<boolean> {
  const inserted = await firstRow<{ id: string }>(
    executor,
    sql`insert into clients (organization_id, id, name, created_by, created_at, updated_at)
        values (${row.organizationId}, ${row.id}, ${row.name}, ${row.createdBy}, ${row.now.toISOString()}::timestamptz,
                ${row.now.toISOString()}::timestamptz)
        on conflict do nothing returning id`,
  );
  return inserted !== undefined;
}

/** Change a client and bump its version. */
export async function updateClientRow(
  executor: Executor,
  organizationId: string,
  clientId: string,
  set: Partial<typeof clients.$inferInsert>,
): Promise<void> {
  await executor
    .update(clients)
    .set({ ...set, version: sql`${clients.version} + 1` })
    .where(and(eq(clients.organizationId, organizationId), eq(clients.id, clientId)));
}

/** The clients list, filtered, sorted and paged in one query. */
export async function clientListPage(
  executor: Executor,
  organizationId: string,
  query: ClientListQuery,
): Promise<ListPage<ClientRow>> {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const where: (SQL | undefined)[] = [
    sql`c.organization_id = ${organizationId}`,
    query.archived === "active" ? sql`not c.archived` : undefined,
    query.archived === "archived" ? sql`c.archived` : undefined,
    search
      ? sql`(strpos(lower(c.name), ${search}) > 0 or strpos(lower(c.contact_name), ${search}) > 0
             or strpos(lower(c.email), ${search}) > 0 or strpos(lower(c.tax_id), ${search}) > 0)`
      : undefined,
  ];
  const sorts: Record<ClientSortKey, SQL> = {
    name: sql`lower(c.name)`,
    paymentTermsDays: sql`c.payment_terms_days`,
    createdAt: sql`c.created_at`,
    updatedAt: sql`c.updated_at`,
  };
  return listPage<ClientRow, ClientSortKey>(executor, {
    select: sql`c.id, c.name, c.contact_name, c.email, c.address, c.tax_id, c.payment_terms_days, c.notes,
                c.archived, c.version, c.created_at, c.updated_at`,
    from: sql`clients c`,
    where,
    sorts,
    tiebreakers: [sql`c.id`],
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    pageSize: query.pageSize,
  });
}
