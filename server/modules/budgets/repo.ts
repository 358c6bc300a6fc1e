import { and, eq, sql, type SQL } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import { budgetLines, budgetRevisions, budgets } from "../../db/schema";
import { listPage, type ListPage } from "../../lib/list-query";
import { folderClientSql } from "../projects/repo";
import type { BudgetListQuery, BudgetSortKey } from "./contract";

/*
 * All SQL of budgets. Every query filters organization_id. Writes lock the budget row first
 * (lockBudget: select … for update), so two writes to one budget — two transitions, a line edit
 * and a submit — run one after the other and each sees the other's result.
 */

export interface BudgetRow {
  id: string;
  folder_id: string;
  folder_name: string | null;
  client_name: string | null;
  name: string;
  form_id: string;
  bid_type: "firm" | "cost_plus";
  currency: string;
  working_revision_number: number | null;
  latest_revision_number: number;
  labour_mapping: { tag: string; section: string }[] | string;
  labour_default_section: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface RevisionRow {
  number: number;
  status: "draft" | "submitted" | "approved" | "superseded" | "closed";
  pw_bp: number;
  pw_bp_by_section: Record<string, number> | string;
  insurance_bp: number;
  fee_bp: number;
  contingency_bp: number;
  weather_day_minor: string | number;
  grand_total_minor: string | number;
  version: number;
  submitted_at: Date | string | null;
  approved_at: Date | string | null;
  closed_at: Date | string | null;
}

export interface LineRow {
  id: string;
  budget_id: string;
  revision_number: number;
  key: string;
  section: string;
  number: string;
  description: string;
  quantity_hundredths: string | number;
  rate_minor: string | number;
  ot_hours_hundredths: string | number;
  ot_rate_minor: string | number;
  estimate_minor: string | number;
  actual_minor: string | number;
  notes: string;
  position: number;
  version: number;
  updated_at: Date | string;
}

export interface SectionSumRow {
  section: string;
  estimate: string | number;
  actual: string | number;
}

const budgetColumns = (organizationId: string) => sql`b.id, b.folder_id, f.name as folder_name,
  ${folderClientSql(organizationId, sql`b.folder_id`)} as client_name, b.name, b.form_id, b.bid_type, b.currency,
  b.working_revision_number, b.latest_revision_number, b.labour_mapping, b.labour_default_section,
  b.created_at, b.updated_at`;

/** The budget, locked for the rest of the transaction (undefined when not of the workspace). */
export async function lockBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<BudgetRow | undefined> {
  await run(
    executor,
    sql`select 1 from budgets where organization_id = ${organizationId} and id = ${budgetId} for update`,
  );
  return selectBudget(executor, organizationId, budgetId);
}

export async function selectBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<BudgetRow | undefined> {
  return firstRow<BudgetRow>(
    executor,
    sql`select ${budgetColumns(organizationId)}
          from budgets b
          left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id
         where b.organization_id = ${organizationId} and b.id = ${budgetId}`,
  );
}

const REVISION_COLUMNS = sql`number, status, pw_bp, pw_bp_by_section, insurance_bp, fee_bp, contingency_bp,
  weather_day_minor, grand_total_minor, version, submitted_at, approved_at, closed_at`;

export async function selectRevisions(
  executor: Executor,
  organizationId: string,
  budgetId: string,
): Promise<RevisionRow[]> {
  return rows<RevisionRow>(
    executor,
    sql`select ${REVISION_COLUMNS} from budget_revisions
         where organization_id = ${organizationId} and budget_id = ${budgetId} order by number`,
  );
}

export async function selectRevision(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  number: number,
): Promise<RevisionRow | undefined> {
  return firstRow<RevisionRow>(
    executor,
    sql`select ${REVISION_COLUMNS} from budget_revisions
         where organization_id = ${organizationId} and budget_id = ${budgetId} and number = ${number}`,
  );
}

/** The last revision before `number` that was approved (approved, superseded or closed since). */
export async function lastApprovedBefore(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  number: number,
): Promise<number | undefined> {
  const row = await firstRow<{ number: number }>(
    executor,
    sql`select number from budget_revisions
         where organization_id = ${organizationId} and budget_id = ${budgetId} and number < ${number}
           and status in ('approved', 'superseded', 'closed')
         order by number desc limit 1`,
  );
  return row?.number;
}

const LINE_COLUMNS = sql`id, budget_id, revision_number, key, section, number, description, quantity_hundredths,
  rate_minor, ot_hours_hundredths, ot_rate_minor, estimate_minor, actual_minor, notes, position, version,
  updated_at`;

/** Lines of one revision by section, then position. */
export async function selectLines(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  revisionNumber: number,
): Promise<LineRow[]> {
  return rows<LineRow>(
    executor,
    sql`select ${LINE_COLUMNS} from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and revision_number = ${revisionNumber}
         order by section, position, id`,
  );
}

export async function selectLine(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  lineId: string,
): Promise<LineRow | undefined> {
  return firstRow<LineRow>(
    executor,
    sql`select ${LINE_COLUMNS} from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId} and id = ${lineId}`,
  );
}

/** Σ estimate and Σ actual per section of one revision (one grouped statement). */
export async function sectionSums(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  revisionNumber: number,
): Promise<SectionSumRow[]> {
  return rows<SectionSumRow>(
    executor,
    sql`select section, sum(estimate_minor) as estimate, sum(actual_minor) as actual
          from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and revision_number = ${revisionNumber}
         group by section order by section`,
  );
}

/** The latest revision of each budget: its rates, and Σ estimate and actual per section. */
export async function latestRevisionsOf(
  executor: Executor,
  organizationId: string,
  budgetIds: readonly string[],
): Promise<{
  revisions: (RevisionRow & { budget_id: string })[];
  sums: (SectionSumRow & { budget_id: string })[];
}> {
  if (budgetIds.length === 0) return { revisions: [], sums: [] };
  const ids = sql`${sql.param([...budgetIds])}::text[]`;
  const latest = sql`budgets b join budget_revisions r
      on r.organization_id = b.organization_id and r.budget_id = b.id and r.number = b.latest_revision_number`;
  const where = sql`b.organization_id = ${organizationId} and b.id = any(${ids})`;
  const revisions = await rows<RevisionRow & { budget_id: string }>(
    executor,
    sql`select r.budget_id, r.number, r.status, r.pw_bp, r.pw_bp_by_section, r.insurance_bp, r.fee_bp,
               r.contingency_bp, r.weather_day_minor, r.grand_total_minor, r.version, r.submitted_at,
               r.approved_at, r.closed_at
          from ${latest} where ${where}`,
  );
  const sums = await rows<SectionSumRow & { budget_id: string }>(
    executor,
    sql`select l.budget_id, l.section, sum(l.estimate_minor) as estimate, sum(l.actual_minor) as actual
          from ${latest}
          join budget_lines l on l.organization_id = r.organization_id and l.budget_id = r.budget_id
                             and l.revision_number = r.number
         where ${where}
         group by l.budget_id, l.section order by l.budget_id, l.section`,
  );
  return { revisions, sums };
}

export async function nextPosition(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  revisionNumber: number,
): Promise<number> {
  const row = await firstRow<{ next: number }>(
    executor,
    sql`select (coalesce(max(position), -1) + 1)::int as next from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId}
           and revision_number = ${revisionNumber}`,
  );
  return Number(row?.next ?? 0);
}

export async function insertBudget(executor: Executor, row: typeof budgets.$inferInsert): Promise<void> {
  await executor.insert(budgets).values(row);
}

export async function updateBudget(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  set: Partial<typeof budgets.$inferInsert>,
): Promise<void> {
  await executor
    .update(budgets)
    .set(set)
    .where(and(eq(budgets.organizationId, organizationId), eq(budgets.id, budgetId)));
}

export async function insertRevision(
  executor: Executor,
  row: typeof budgetRevisions.$inferInsert,
): Promise<void> {
  await executor.insert(budgetRevisions).values(row);
}

/** Change a revision and bump its version. */
export async function updateRevision(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  number: number,
  set: Partial<typeof budgetRevisions.$inferInsert>,
): Promise<void> {
  await executor
    .update(budgetRevisions)
    .set({ ...set, version: sql`${budgetRevisions.version} + 1` })
    .where(
      and(
        eq(budgetRevisions.organizationId, organizationId),
        eq(budgetRevisions.budgetId, budgetId),
        eq(budgetRevisions.number, number),
      ),
    );
}

export async function insertLine(executor: Executor, row: typeof budgetLines.$inferInsert): Promise<void> {
  await executor.insert(budgetLines).values(row);
}

/** Insert many lines, 500 rows per statement (an import). */
export async function insertLines(
  executor: Executor,
  lines: readonly (typeof budgetLines.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += 500)
    await executor.insert(budgetLines).values(lines.slice(i, i + 500));
}

/** Change a line and bump its version. */
export async function updateLine(
  executor: Executor,
  organizationId: string,
  lineId: string,
  set: Partial<typeof budgetLines.$inferInsert>,
): Promise<void> {
  await executor
    .update(budgetLines)
    .set({ ...set, version: sql`${budgetLines.version} + 1` })
    .where(and(eq(budgetLines.organizationId, organizationId), eq(budgetLines.id, lineId)));
}

export async function deleteLine(executor: Executor, organizationId: string, lineId: string): Promise<void> {
  await executor
    .delete(budgetLines)
    .where(and(eq(budgetLines.organizationId, organizationId), eq(budgetLines.id, lineId)));
}

/**
 * Copy every line of revision `from` into revision `to` (same keys, new ids, version 1): the
 * lines of a new change order. Returns how many were copied.
 */
export async function copyLines(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  from: number,
  to: number,
  now: Date,
): Promise<number> {
  return run(
    executor,
    sql`insert into budget_lines (organization_id, id, budget_id, revision_number, key, section, number,
               description, quantity_hundredths, rate_minor, ot_hours_hundredths, ot_rate_minor,
               estimate_minor, actual_minor, notes, position, version, created_at, updated_at)
        select organization_id, gen_random_uuid()::text, budget_id, ${to}, key, section, number, description,
               quantity_hundredths, rate_minor, ot_hours_hundredths, ot_rate_minor, estimate_minor,
               actual_minor, notes, position, 1, ${now.toISOString()}::timestamptz,
               ${now.toISOString()}::timestamptz
          from budget_lines
         where organization_id = ${organizationId} and budget_id = ${budgetId} and revision_number = ${from}`,
  );
}

export interface BudgetListRow {
  id: string;
  name: string;
  folder_id: string;
  folder_name: string | null;
  client_name: string | null;
  form_id: string;
  bid_type: "firm" | "cost_plus";
  currency: string;
  status: RevisionRow["status"];
  latest_revision_number: number;
  working_revision_number: number | null;
  grand_total_minor: string | number;
  labour_computed_at: Date | string | null;
  updated_at: Date | string;
}

/**
 * The budgets list: each budget with its latest revision's status and grand total (kept on the
 * revision by every write), filtered, sorted and paged in one query.
 */
export async function budgetListPage(
  executor: Executor,
  organizationId: string,
  query: BudgetListQuery,
): Promise<ListPage<BudgetListRow>> {
  const search = query.search ? query.search.toLowerCase() : undefined;
  const where: (SQL | undefined)[] = [
    sql`b.organization_id = ${organizationId}`,
    query.status ? sql`r.status = ${query.status}` : undefined,
    query.orderable ? sql`b.working_revision_number is not null and r.status <> 'closed'` : undefined,
    query.projectId ? sql`b.folder_id = ${query.projectId}` : undefined,
    // strpos, not like: the search text is literal (no wildcards to escape).
    search
      ? sql`(strpos(lower(b.name), ${search}) > 0 or strpos(lower(coalesce(f.name, '')), ${search}) > 0)`
      : undefined,
  ];
  const sorts: Record<BudgetSortKey, SQL> = {
    name: sql`lower(b.name)`,
    grandTotal: sql`r.grand_total_minor`,
    updatedAt: sql`b.updated_at`,
  };
  return listPage<BudgetListRow, BudgetSortKey>(executor, {
    select: sql`b.id, b.name, b.folder_id, f.name as folder_name, b.form_id, b.bid_type, b.currency,
                r.status, b.latest_revision_number, b.working_revision_number, r.grand_total_minor,
                b.labour_computed_at, b.updated_at`,
    from: sql`budgets b
      join budget_revisions r
        on r.organization_id = b.organization_id and r.budget_id = b.id and r.number = b.latest_revision_number
      left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id`,
    where,
    sorts,
    tiebreakers: [sql`b.id`],
    late: { select: sql`${folderClientSql(organizationId, sql`list_page.folder_id`)} as client_name` },
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    pageSize: query.pageSize,
  });
}

/** How many budgets are in each status (their latest revision's). */
export async function budgetStatusCounts(
  executor: Executor,
  organizationId: string,
): Promise<{ status: RevisionRow["status"]; count: number }[]> {
  return rows<{ status: RevisionRow["status"]; count: number }>(
    executor,
    sql`select r.status, count(*)::int as count
          from budgets b
          join budget_revisions r
            on r.organization_id = b.organization_id and r.budget_id = b.id and r.number = b.latest_revision_number
         where b.organization_id = ${organizationId}
         group by r.status order by r.status`,
  );
}

/** Every budget not closed, as list rows (the /finance overview's active jobs). */
export async function activeBudgetRows(executor: Executor, organizationId: string): Promise<BudgetListRow[]> {
  return rows<BudgetListRow>(
    executor,
    sql`select b.id, b.name, b.folder_id, f.name as folder_name,
               ${folderClientSql(organizationId, sql`b.folder_id`)} as client_name, b.form_id, b.bid_type,
               b.currency, r.status, b.latest_revision_number, b.working_revision_number, r.grand_total_minor,
               b.labour_computed_at, b.updated_at
          from budgets b
          join budget_revisions r
            on r.organization_id = b.organization_id and r.budget_id = b.id and r.number = b.latest_revision_number
          left join folders f on f.organization_id = b.organization_id and f.id = b.folder_id
         where b.organization_id = ${organizationId} and r.status <> 'closed'
         order by b.id`,
  );
}
