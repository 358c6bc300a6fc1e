import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../../db/executor";
import { listPage, type ListPage } from "../../lib/list-query";
import { priceSql, rateSql } from "../rate-cards/rates-sql";

/*
 * Labour actuals of budgets (PRODUCT.md → Budgets: "Actual … labour from time entries × internal
 * rates with P&W"): every synced time entry on a task of the budget's project (ClickUp folder),
 * priced at the internal rate in force on the day it was worked (domain/rates.ts through rateSql)
 * and rounded half-even once per entry, so the rows behind a figure add up to it. The section an
 * entry counts in is the budget's mapping of the person's first mapped ClickUp role tag, else the
 * budget's default labour section. P&W is not added here: the section arithmetic of
 * domain/aicp.ts computeBudget adds it to labour sections. Entries without a rate are unpriced:
 * their time is counted apart, never priced at 0.
 */

/** Σ per budget and section of the budgets' labour. */
export interface LabourSumRow {
  budget_id: string;
  section: string;
  ms: string | number;
  amount: string | number;
  unpriced_ms: string | number;
  entries: string | number;
}

/** One priced time entry behind a labour actual. */
export interface LabourEntryRow {
  id: string;
  day: string;
  user_id: string;
  person_name: string | null;
  task_id: string | null;
  task_name: string | null;
  task_url: string | null;
  section: string;
  duration_ms: string | number;
  rate: string | number | null;
  amount: string | number | null;
}

/**
 * The priced entries of the given budgets (a CTE body: budget_id, id, user_id, task_id, day,
 * section, duration_ms, rate, amount). Rates are resolved once per person and day, then joined
 * back to the entries.
 */
function pricedEntries(organizationId: string, budgetIds: readonly string[]): SQL {
  const org = organizationId;
  const roles = (person: SQL) =>
    sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = ${person})`;
  return sql`
    zone as (select coalesce((select o.time_zone from organizations o where o.id = ${org}), 'UTC') as tz),
    bud as (
      select b.id as budget_id, b.folder_id, b.labour_mapping, b.labour_default_section
        from budgets b
       where b.organization_id = ${org} and b.id = any(${sql.param([...budgetIds])}::text[])),
    ent as (
      select bud.budget_id, te.id, te.user_id, te.task_id, te.duration_ms,
             (te.start_time at time zone (select tz from zone))::date as day,
             coalesce(
               (select m.section
                  from unnest(coalesce(ps.role_tags, '{}'::text[])) with ordinality r(tag, ord)
                  join jsonb_to_recordset(bud.labour_mapping) m(tag text, section text) on lower(m.tag) = lower(r.tag)
                 order by r.ord limit 1),
               bud.labour_default_section) as section
        from bud
        join tasks t on t.organization_id = ${org} and t.folder_id = bud.folder_id
        join time_entries te on te.organization_id = ${org} and te.task_id = t.id
                            and not te.deleted and te.duration_ms > 0
        left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = te.user_id),
    person_day as (
      select pd.user_id, pd.day,
             ${rateSql("internal", { organizationId: org, person: sql`pd.user_id`, roles: roles(sql`pd.user_id`), folder: sql`null::text`, day: sql`pd.day` })} as rate
        from (select distinct user_id, day from ent) pd),
    priced as (
      select ent.*, pd.rate, ${priceSql(sql`ent.duration_ms`, sql`pd.rate`)} as amount
        from ent join person_day pd on pd.user_id = ent.user_id and pd.day = ent.day)`;
}

/** Σ labour per budget and section (one statement for any number of budgets). */
export async function labourSums(
  executor: Executor,
  organizationId: string,
  budgetIds: readonly string[],
): Promise<LabourSumRow[]> {
  if (budgetIds.length === 0) return [];
  return rows<LabourSumRow>(
    executor,
    sql`with ${pricedEntries(organizationId, budgetIds)}
        select budget_id, section, sum(duration_ms) as ms, coalesce(sum(amount), 0) as amount,
               coalesce(sum(duration_ms) filter (where rate is null), 0) as unpriced_ms, count(*) as entries
          from priced group by budget_id, section order by budget_id, section`,
  );
}

/** One page of a budget's priced labour entries (optionally of one section), newest first. */
export async function labourEntriesPage(
  executor: Executor,
  organizationId: string,
  budgetId: string,
  query: { section?: string; page: number; pageSize: number },
): Promise<ListPage<LabourEntryRow>> {
  const org = organizationId;
  return listPage<LabourEntryRow, "day">(executor, {
    with: pricedEntries(org, [budgetId]),
    select: sql`p.id, to_char(p.day, 'YYYY-MM-DD') as day, p.user_id, p.task_id, p.section, p.duration_ms,
                p.rate, p.amount`,
    from: sql`priced p`,
    where: [query.section ? sql`p.section = ${query.section}` : undefined],
    sorts: { day: sql`p.day` },
    tiebreakers: [sql`p.id`],
    sort: "day",
    dir: "desc",
    page: query.page,
    pageSize: query.pageSize,
    late: {
      select: sql`(select coalesce(nullif(btrim(pu.username), ''), pu.email) from provider_users pu
                    where pu.organization_id = ${org} and pu.id = list_page.user_id) as person_name,
                  (select t.name from tasks t where t.organization_id = ${org} and t.id = list_page.task_id) as task_name,
                  (select t.url from tasks t where t.organization_id = ${org} and t.id = list_page.task_id) as task_url`,
    },
  });
}
