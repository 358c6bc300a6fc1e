import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../db/executor";

/*
 * The one way a server-side list is filtered, sorted and paged in SQL (All Projects, reports,
 * finance lists). The caller gives the parts of one SELECT — CTEs, select list, from/joins and
 * where conditions as drizzle `SQL` — and a whitelist of sort keys; the helper adds the ORDER
 * BY, the page window and the total.
 *
 * Sorting: the requested key is looked up in the caller's whitelist (an unknown key throws) and
 * the direction is one of two constants, so neither is ever interpolated from user input. The
 * key sorts in the requested direction with NULLs last either way; the tiebreakers follow,
 * always ascending, and must end in a unique column so pages never overlap or skip rows.
 *
 * Paging: offset (page, pageSize), with the total of matching rows from the same query
 * (`count(*) over ()`). One query rather than a second `count(*)`: the ORDER BY already has to
 * read every matching row, so the window count costs one counter on that scan, while a second
 * query would run every join, CTE and per-row subquery of `from` again — in these lists that
 * is the expensive part. Only a page past the end (no rows to carry the count) runs a count.
 *
 * Late columns: `late` adds columns computed for the rows of the page only, after the sort
 * and the limit (per-row aggregates, display-only lookups). They may use the page's columns as
 * `list_page.<column>`. Anything the list filters or sorts on belongs in `select`/`from`.
 */

export type SortDirection = "asc" | "desc";

export interface ListQuery<K extends string> {
  /** CTEs without the `with` keyword (`name as (...), other as (...)`). */
  with?: SQL;
  /** The select list of one row (without `select`). */
  select: SQL;
  /** `from` and its joins (without `from`). */
  from: SQL;
  /** Conditions, joined with `and`; none means every row. */
  where?: readonly (SQL | undefined)[];
  /** Whitelist: sort key → SQL expression. */
  sorts: Readonly<Record<K, SQL>>;
  /** Expressions applied after the sort key, ascending; the last one unique per row. */
  tiebreakers: readonly SQL[];
  sort: K;
  dir: SortDirection;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Columns computed only for the page's rows (see above). */
  late?: { select: SQL; from?: SQL };
}

export interface ListPage<T> {
  items: T[];
  /** Rows matching the conditions (every page). */
  total: number;
  page: number;
  pageSize: number;
}

const SORT_COLUMN = "list_sort__";
const TIEBREAK_COLUMN = "list_tiebreak__";
const TOTAL_COLUMN = "list_total__";

/** The `and` of the conditions; `true` for none. */
export function whereAll(conditions: readonly (SQL | undefined)[] = []): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

/** The whitelisted sort expression of `sort`, or an error (never the input itself). */
export function sortExpression<K extends string>(sorts: Readonly<Record<K, SQL>>, sort: K): SQL {
  if (!Object.prototype.hasOwnProperty.call(sorts, sort)) throw new Error(`Unknown sort key ${sort}`);
  return sorts[sort];
}

/** `asc` or `desc` as SQL keywords: constants chosen by the value, not the value. */
export function directionKeyword(dir: SortDirection): SQL {
  return dir === "desc" ? sql.raw("desc") : sql.raw("asc");
}

/**
 * The SQL of one page: the list with its sort key and tiebreakers as columns, limited inside
 * `list_page`, then the late columns joined and the page re-sorted by those columns (a list
 * without late columns is the limited statement alone). Without `withTotal` (batches of an
 * export) the window count is left out.
 */
export function listPageQuery<K extends string>(query: ListQuery<K>, withTotal = true): SQL {
  if (!Number.isInteger(query.page) || query.page < 1) throw new Error("page must be a positive integer");
  if (!Number.isInteger(query.pageSize) || query.pageSize < 1) {
    throw new Error("pageSize must be a positive integer");
  }
  return listRowsQuery(query, query.pageSize, (query.page - 1) * query.pageSize, withTotal);
}

/** The rows `offset` … `offset + limit − 1` of the sorted list (listPageQuery, listBatches). */
function listRowsQuery<K extends string>(
  query: Omit<ListQuery<K>, "page" | "pageSize">,
  limit: number,
  offset: number,
  withTotal: boolean,
): SQL {
  if (query.tiebreakers.length === 0) throw new Error("A list needs a unique tiebreaker");
  const dir = directionKeyword(query.dir);
  const key = sortExpression(query.sorts, query.sort);
  const tiebreakColumns = query.tiebreakers.map((t, i) => sql`${t} as ${sql.raw(`${TIEBREAK_COLUMN}${i}`)}`);
  const innerOrder = [
    sql`${sql.raw(SORT_COLUMN)} ${dir} nulls last`,
    ...query.tiebreakers.map((_, i) => sql`${sql.raw(`${TIEBREAK_COLUMN}${i}`)} asc`),
  ];
  const outerOrder = [
    sql`list_page.${sql.raw(SORT_COLUMN)} ${dir} nulls last`,
    ...query.tiebreakers.map((_, i) => sql`list_page.${sql.raw(`${TIEBREAK_COLUMN}${i}`)} asc`),
  ];
  const page = sql`select ${query.select}, ${key} as ${sql.raw(SORT_COLUMN)}, ${sql.join(tiebreakColumns, sql`, `)}${
    withTotal ? sql`, (count(*) over ())::int as ${sql.raw(TOTAL_COLUMN)}` : sql``
  }
      from ${query.from}
      where ${whereAll(query.where)}
      order by ${sql.join(innerOrder, sql`, `)}
      limit ${limit} offset ${offset}`;
  // Without late columns the page is the answer: no second pass re-sorting it.
  if (!query.late) return query.with ? sql`with ${query.with} ${page}` : page;
  const ctes = query.with ? sql`${query.with}, ` : sql``;
  return sql`with ${ctes}list_page as (${page})
    select list_page.*, ${query.late.select}
    from list_page ${query.late.from ?? sql``}
    order by ${sql.join(outerOrder, sql`, `)}`;
}

/** The count of every matching row (only for a page past the end). */
function countQuery<K extends string>(query: ListQuery<K>): SQL {
  return sql`${query.with ? sql`with ${query.with} ` : sql``}select count(*)::int as total
    from ${query.from} where ${whereAll(query.where)}`;
}

type Internal = Record<string, unknown>;

function isInternal(column: string): boolean {
  return column === SORT_COLUMN || column === TOTAL_COLUMN || column.startsWith(TIEBREAK_COLUMN);
}

/** A row without the helper's own columns. */
function stripInternal<T>(row: Internal): T {
  const out: Internal = {};
  for (const [column, value] of Object.entries(row)) if (!isInternal(column)) out[column] = value;
  return out as T;
}

/** One page of a list with the total of matching rows. `T` is the row type of `select` + `late`. */
export async function listPage<T, K extends string>(
  executor: Executor,
  query: ListQuery<K>,
): Promise<ListPage<T>> {
  const found = await rows<Internal>(executor, listPageQuery(query));
  let total = Number(found[0]?.[TOTAL_COLUMN] ?? 0);
  if (found.length === 0 && query.page > 1) {
    const counted = await rows<{ total: number }>(executor, countQuery(query));
    total = Number(counted[0]?.total ?? 0);
  }
  return {
    items: found.map((row) => stripInternal<T>(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Every matching row in list order, `batchSize` rows per query (offset pages of the same
 * order), for exports: memory holds one batch, and the connection is free between batches
 * (a cursor would hold a transaction — and PGlite's only connection — for the whole download).
 * Batches are separate statements, so rows changed mid-export may shift between batches.
 */
export async function* listBatches<T, K extends string>(
  executor: Executor,
  query: Omit<ListQuery<K>, "page" | "pageSize">,
  batchSize = 1000,
): AsyncGenerator<T[], void, undefined> {
  // One row past the batch says whether another batch follows, so a list of exactly
  // batchSize × n rows is read in n statements, not n + 1 (the last one empty, yet sorting it all).
  for (let offset = 0; ; offset += batchSize) {
    const found = await rows<Internal>(executor, listRowsQuery(query, batchSize + 1, offset, false));
    const batch = found.slice(0, batchSize);
    if (batch.length) yield batch.map((row) => stripInternal<T>(row));
    if (found.length <= batchSize) return;
  }
}
