import { sql, type SQL } from "drizzle-orm";
import { rows, run, type Executor } from "../../db/executor";
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
 * The priced entries of the given budgets (a CTE body ending in `priced`: budget_id, id, user_id,
 * task_id, day, section, duration_ms, rate, amount). Set-based, so the cost grows with entries,
 * not entries × lookups: a person's section is resolved once per budget (`who`), and their rate
 * once per rate period — the days between the effective dates of the lines that may apply to
 * them (their person line, their role tags' lines) — by rateSql on the period's first day
 * (`periods`); each entry joins the period its day falls in.
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
    ent as materialized (
      select bud.budget_id, te.id, te.user_id, te.task_id, te.duration_ms,
             (te.start_time at time zone (select tz from zone))::date as day
        from bud
        join tasks t on t.organization_id = ${org} and t.folder_id = bud.folder_id
        join time_entries te on te.organization_id = ${org} and te.task_id = t.id
                            and not te.deleted and te.duration_ms > 0),
    who as materialized (
      select w.budget_id, w.user_id,
             coalesce(
               (select m.section
                  from unnest(coalesce(ps.role_tags, '{}'::text[])) with ordinality r(tag, ord)
                  join jsonb_to_recordset(bud.labour_mapping) m(tag text, section text) on lower(m.tag) = lower(r.tag)
                 order by r.ord limit 1),
               bud.labour_default_section) as section
        from (select distinct budget_id, user_id from ent) w
        join bud on bud.budget_id = w.budget_id
        left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = w.user_id),
    starts as (
      select u.user_id, '-infinity'::date as d from (select distinct user_id from ent) u
      union
      select u.user_id, l.effective_from
        from (select distinct user_id from ent) u
        left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = u.user_id
        join rate_card_lines l on l.organization_id = ${org}
         and l.card_id = (select c.id from rate_cards c where c.organization_id = ${org} and c.kind = 'internal' and c.is_default)
         and ((l.subject_type = 'person' and l.subject_id = u.user_id)
           or (l.subject_type = 'role' and lower(l.subject_id) in (select lower(x) from unnest(coalesce(ps.role_tags, '{}'::text[])) x)))),
    periods as materialized (
      select s.user_id, s.d as from_day, lead(s.d) over (partition by s.user_id order by s.d) as to_day,
             ${rateSql("internal", { organizationId: org, person: sql`s.user_id`, roles: roles(sql`s.user_id`), folder: sql`null::text`, day: sql`s.d` })} as rate
        from starts s),
    priced as (
      select ent.budget_id, ent.id, ent.user_id, ent.task_id, ent.duration_ms, ent.day, who.section, p.rate,
             case when p.rate is null then null
                  when p.rate < 1000000000 and ent.duration_ms < 1000000000
                    -- duration × rate / 3,600,000 rounded half-even in bigint arithmetic (exact below 10^18)
                    then (ent.duration_ms * p.rate) / 3600000
                       + case when 2 * ((ent.duration_ms * p.rate) % 3600000) > 3600000
                                or (2 * ((ent.duration_ms * p.rate) % 3600000) = 3600000
                                    and ((ent.duration_ms * p.rate) / 3600000) % 2 = 1) then 1 else 0 end
                  else ${priceSql(sql`ent.duration_ms`, sql`p.rate`)} end as amount
        from ent
        join who on who.budget_id = ent.budget_id and who.user_id = ent.user_id
        join periods p on p.user_id = ent.user_id and ent.day >= p.from_day and (p.to_day is null or ent.day < p.to_day))`;
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

/**
 * Recompute the stored labour sums (budget_labour_sums) of the given budgets from their time
 * entries now, and stamp budgets.labour_computed_at: one delete and one grouped insert.
 */
export async function refreshLabourSums(
  executor: Executor,
  organizationId: string,
  budgetIds: readonly string[],
  now: Date,
): Promise<void> {
  if (budgetIds.length === 0) return;
  const ids = sql`${sql.param([...budgetIds])}::text[]`;
  await run(
    executor,
    sql`delete from budget_labour_sums where organization_id = ${organizationId} and budget_id = any(${ids})`,
  );
  await run(
    executor,
    sql`insert into budget_labour_sums (organization_id, budget_id, section, ms, amount_minor, unpriced_ms, entries)
        with ${pricedEntries(organizationId, budgetIds)}
        select ${organizationId}, budget_id, section, sum(duration_ms), coalesce(sum(amount), 0),
               coalesce(sum(duration_ms) filter (where rate is null), 0), count(*)
          from priced group by budget_id, section`,
  );
  await run(
    executor,
    sql`update budgets set labour_computed_at = ${now.toISOString()}::timestamptz
         where organization_id = ${organizationId} and id = any(${ids})`,
  );
}

/** The stored labour sums of the given budgets (as last refreshed), in labourSums' shape. */
export async function storedLabourSums(
  executor: Executor,
  organizationId: string,
  budgetIds: readonly string[],
): Promise<LabourSumRow[]> {
  if (budgetIds.length === 0) return [];
  return rows<LabourSumRow>(
    executor,
    sql`select budget_id, section, ms, amount_minor as amount, unpriced_ms, entries
          from budget_labour_sums
         where organization_id = ${organizationId} and budget_id = any(${sql.param([...budgetIds])}::text[])
         order by budget_id, section`,
  );
}

/** The workspaces that have budgets (the periodic labour refresh visits them). */
export async function workspacesWithBudgets(executor: Executor): Promise<string[]> {
  const found = await rows<{ organization_id: string }>(
    executor,
    sql`select distinct organization_id from budgets order by organization_id`,
  );
  return found.map((r) => r.organization_id);
}

/** Every budget of the workspace that is not closed (whose labour a refresh recomputes). */
export async function activeBudgetIds(executor: Executor, organizationId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    executor,
    sql`select b.id from budgets b
          join budget_revisions r
            on r.organization_id = b.organization_id and r.budget_id = b.id and r.number = b.latest_revision_number
         where b.organization_id = ${organizationId} and r.status <> 'closed'
         order by b.id`,
  );
  return found.map((r) => r.id);
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
