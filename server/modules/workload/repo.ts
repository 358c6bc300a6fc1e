import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { cardIdSql, priceSql, rateSql, roundHalfEvenBigintSql } from "../rate-cards/rates-sql";

/*
 * All SQL of the workload grid (spec §2 Workload, §9): one statement reads the window's rows of
 * workload_days (every open task's booking spread over its days, kept by bookings-repo.ts, which
 * spells the §9 and `h/d est` rules) into minutes per person per day, with capacity from
 * workload_capacity() (migration 0008) and the overdue bookings from workload_bookings. The Bid
 * phase of spec §4 is decided by domain projectPhase() in the use case, which hands the Bid
 * statuses in.
 */

/** The workspace facts a workload request needs before its main statement. */
export interface WorkloadSetupRow {
  currency: string;
  /** yyyy-MM-dd in the workspace time zone. */
  today: string;
  /** Distinct statuses of the project meta tasks (custom item 1001). */
  meta_statuses: (string | null)[] | null;
  /** Every space of the workspace (a handful), to name the ones the grid mentions. */
  spaces: { id: string; name: string }[] | null;
  space_found: boolean;
  project_found: boolean;
  person_found: boolean;
}

/**
 * Currency, today (workspace time zone) and the distinct project statuses of the workspace, and
 * whether the filter ids exist in it; undefined when the workspace does not exist.
 */
export async function selectWorkloadSetup(
  executor: Executor,
  organizationId: string,
  now: Date,
  ids: { space?: string; project?: string; person?: string },
): Promise<WorkloadSetupRow | undefined> {
  return firstRow<WorkloadSetupRow>(
    executor,
    sql`select o.currency,
               to_char((${now.toISOString()}::timestamptz at time zone o.time_zone)::date, 'YYYY-MM-DD') as today,
               (select array_agg(distinct m.status) from tasks m
                 where m.organization_id = o.id and m.custom_item_id = 1001 and not m.deleted) as meta_statuses,
               (select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.name, s.id) from spaces s
                 where s.organization_id = o.id) as spaces,
               ${ids.space ?? null}::text is null
                 or exists (select 1 from spaces s where s.organization_id = o.id and s.id = ${ids.space ?? null}) as space_found,
               ${ids.project ?? null}::text is null
                 or exists (select 1 from folders f where f.organization_id = o.id and f.id = ${ids.project ?? null})
                 or exists (select 1 from tasks pt where pt.organization_id = o.id and pt.folder_id = ${ids.project ?? null})
                 as project_found,
               ${ids.person ?? null}::text is null
                 or exists (select 1 from provider_users u where u.organization_id = o.id and u.id = ${ids.person ?? null})
                 or exists (select 1 from task_assignees pa where pa.organization_id = o.id and pa.user_id = ${ids.person ?? null})
                 as person_found
          from organizations o where o.id = ${organizationId}`,
  );
}

export interface WorkloadFilter {
  organizationId: string;
  /** First and last day of the window (yyyy-MM-dd, inclusive). */
  from: string;
  to: string;
  /** The workspace's today (yyyy-MM-dd). */
  today: string;
  space?: string;
  project?: string;
  /** A ClickUp user id, or "" for the Unassigned row only. */
  person?: string;
  role?: string;
  includeTentative: boolean;
  /** Meta-task statuses whose projects are in the Bid phase (domain projectPhase). */
  bidStatuses: string[];
  /** Price the confirmed bookings (canViewFinancials): the rows' cost and revenue columns. */
  withMoney: boolean;
}

/** One row of the grid: a person, or the Unassigned row (person ''). */
export interface WorkloadGridRow {
  person: string;
  /** Known to provider_users (else only seen as an assignee). */
  known: boolean;
  pu_username: string | null;
  pu_email: string | null;
  /** Username and e-mail from the person's entry in a task's assignees (spec §8 first source). */
  task_username: string | null;
  task_email: string | null;
  role_tags: string[] | null;
  space_ids: string[] | null;
  booked: number[];
  tentative: number[];
  capacity: number[];
  time_off: number[];
  off: number[] | null;
  overdue_days: number[] | null;
  overdue_tasks: number;
  /** Workspace holidays in the window (indices; the same on every row). */
  holidays: number[] | null;
  /** The person's utilisation target (person_settings), basis points; null when not set. */
  utilisation_target_bp: number | null;
  /**
   * Confirmed booked minutes priced at the internal (cost) and client (revenue) rates: Σ of the
   * rounded lines (minor units; bigint text on node-postgres). Null without withMoney, and when
   * the row has booked minutes and none of them could be priced.
   */
  cost: string | number | null;
  revenue: string | number | null;
  /** Booked minutes with no rate (rounded to whole minutes); null without withMoney. */
  unpriced_cost_minutes: string | number | null;
  unpriced_revenue_minutes: string | number | null;
}

/**
 * The rates of workload lines, as CTEs over `priced` (person, day, folder_id, space_id, ms: the
 * lines) and `win` (d0, d1: their first and last day), ending in `line_rates` (the same columns and
 * cost_rate, client_rate: minor units an hour, null when unpriced). PRODUCT.md → Rate cards: a line
 * is one person's booked time on one project on one day (as the reports' time_entry_days lines),
 * so an hour is priced at the rate in force on the day it is booked; cost from the default
 * internal card, revenue from the project's client card. A rate depends on the person, the card
 * and the day only, so each (person, card) pair the lines need is cut into the ranges of the
 * window between the effective dates of the lines that may apply to the person (their person line
 * or a line of one of their role tags), and rateSql (domain/rates.ts) runs once per range (a few
 * hundred) rather than once per line (thousands).
 */
function lineRatesCtes(org: string): SQL {
  const defaultInternal = cardIdSql("internal", { organizationId: org, folder: sql`null` });
  return sql`
      -- Each project's client card and the default internal card, resolved once ('' = none).
      project_cards as materialized (
        select f.folder_id,
               coalesce(${cardIdSql("client", { organizationId: org, folder: sql`nullif(f.folder_id, '')` })}, '') as card
          from (select distinct p.folder_id from priced p) f
      ),
      internal_card as materialized (select coalesce(${defaultInternal}, '') as card),
      person_roles as materialized (
        select k.person, coalesce(ps.role_tags, '{}'::text[]) as roles
          from (select distinct p.person from priced p) k
          left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = k.person
      ),
      -- Every (person, card) a line reads a rate from.
      rate_pairs as (
        select distinct p.person, c.card
          from priced p join project_cards c on c.folder_id = p.folder_id
        union
        select distinct p.person, i.card from priced p cross join internal_card i
      ),
      -- Whom a pair's rate is read for: the person when the card has a line of theirs, else
      -- anyone with their role tags ('' matches no person line) — people who share roles and have
      -- no line of their own share their rates, so each rate is resolved once for all of them.
      pair_subjects as materialized (
        select k.person, k.card, r.roles,
               case when exists (select 1 from rate_card_lines l
                                  where l.organization_id = ${org} and l.card_id = k.card
                                    and l.subject_type = 'person' and l.subject_id = k.person)
                    then k.person else '' end as who
          from rate_pairs k join person_roles r on r.person = k.person
      ),
      subjects as (select distinct s.who, s.roles, s.card from pair_subjects s),
      -- The days such a rate may change in the window: its first day, and the effective_from of
      -- every line of the card that may apply to the subject (the person's line, a line of one of
      -- the role tags) after it.
      rate_points as (
        select k.who, k.roles, k.card, win.d0 as day from subjects k cross join win
        union
        select k.who, k.roles, k.card, l.effective_from
          from subjects k
         cross join win
          join rate_card_lines l on l.organization_id = ${org} and l.card_id = k.card
           and l.effective_from > win.d0 and l.effective_from <= win.d1
           and ((l.subject_type = 'person' and l.subject_id = k.who)
                or (l.subject_type = 'role' and lower(l.subject_id) in (select lower(tag) from unnest(k.roles) tag)))
      ),
      -- Each subject and card's rate from each of those days: rateSql once per range.
      rate_ranges as (
        select t.who, t.roles, t.card, t.day as d_from,
               ${rateSql("internal", { organizationId: org, person: sql`t.who`, roles: sql`t.roles`, folder: sql`null`, day: sql`t.day` }, sql`nullif(t.card, '')`)} as rate
          from rate_points t
      ),
      -- Each (person, card)'s ranges as one row (few pairs have more than one range): a line
      -- finds its pair by equality (a hash join) and its range by subscript.
      rate_table as materialized (
        select k.person, k.card, x.froms, x.rates
          from pair_subjects k
          join (select r.who, r.roles, r.card, array_agg(r.d_from order by r.d_from) as froms,
                       array_agg(r.rate order by r.d_from) as rates
                  from rate_ranges r group by r.who, r.roles, r.card) x
            on x.who = k.who and x.roles = k.roles and x.card = k.card
      ),
      -- Each person's lines on each project, gathered (a hash aggregate: no sort on the names),
      -- then given their rates together: one hash join per (person, project) to its two rate rows.
      person_projects as (
        select p.person, p.folder_id, array_agg(p.day) as days, array_agg(p.space_id) as spaces,
               array_agg(p.ms) as ms
          from priced p group by p.person, p.folder_id
      ),
      line_rates as materialized (
        select pp.person, pp.folder_id, r.day, r.space_id, r.ms, r.cost_rate, r.client_rate
          from person_projects pp
          join project_cards c on c.folder_id = pp.folder_id
         cross join internal_card i
          left join rate_table cr on cr.person = pp.person and cr.card = i.card
          left join rate_table kr on kr.person = pp.person and kr.card = c.card
         cross join lateral (
           select l.day, l.space_id, l.ms,
                  case when cardinality(cr.froms) = 1 then cr.rates[1]
                       else cr.rates[(select max(i) from generate_subscripts(cr.froms, 1) i where cr.froms[i] <= l.day)]
                  end as cost_rate,
                  case when cardinality(kr.froms) = 1 then kr.rates[1]
                       else kr.rates[(select max(i) from generate_subscripts(kr.froms, 1) i where kr.froms[i] <= l.day)]
                  end as client_rate
             from unnest(pp.days, pp.spaces, pp.ms) l(day, space_id, ms)
         ) r
      )`;
}

/** Each person's money: the sums of money_parts. */
const moneyTotals = sql`money as (
        select m.person,
               -- Null when there are lines and none has a rate; 0 with no line.
               case when coalesce(sum(m.cost_lines), 0) = 0 and sum(m.unpriced_cost_ms) > 0 then null
                    else coalesce(sum(m.cost), 0) end as cost,
               case when coalesce(sum(m.client_lines), 0) = 0 and sum(m.unpriced_revenue_ms) > 0 then null
                    else coalesce(sum(m.revenue), 0) end as revenue,
               coalesce(round(sum(m.unpriced_cost_ms) / 60000.0), 0)::bigint as unpriced_cost_minutes,
               coalesce(round(sum(m.unpriced_revenue_ms) / 60000.0), 0)::bigint as unpriced_revenue_minutes
          from money_parts m
         group by m.person
    )`;

/**
 * The money of the grid's confirmed bookings (CTEs appended to the grid statement, which gives
 * `booked`, with each line's stored rates and prices, and `win`): a line's price is booked ms ×
 * rate / 3,600,000 rounded half-even once (priceSql); totals are sums of those rounded lines. A
 * line whose rates were read at the workspace's rates version (repriceWorkloadDays, after each
 * sync) comes priced (workload_days.cost_minor, revenue_minor); the others (added since, or every
 * line after a rate change) are priced here from the rate cards (lineRatesCtes). A line without a
 * rate is unpriced: its minutes are counted apart, never priced at 0. Tentative (Bid-phase)
 * bookings are not priced.
 */
function moneyCtes(org: string, stalePrices: boolean): SQL {
  const stored = sql`select c.person, c.cost_lines, c.client_lines, c.cost, c.revenue, c.unpriced_cost_ms,
               c.unpriced_revenue_ms
          from cells c`;
  // No stale line in the workspace (the probe ran on the statement's snapshot): nothing to price.
  if (!stalePrices) return sql`money_parts as (${stored}), ${moneyTotals}`;
  return sql`priced as (
        select b.person, b.day, b.folder_id, b.space_id, b.booked_ms as ms from booked b
         where not b.tentative and b.booked_ms > 0 and not b.rated
      ),
      ${lineRatesCtes(org)},
      money_parts as (
        select r.person, count(r.cost_rate) as cost_lines, count(r.client_rate) as client_lines,
               sum(${priceSql(sql.raw("r.ms"), sql.raw("r.cost_rate"), "columns")}) as cost,
               sum(${priceSql(sql.raw("r.ms"), sql.raw("r.client_rate"), "columns")}) as revenue,
               sum(r.ms) filter (where r.cost_rate is null) as unpriced_cost_ms,
               sum(r.ms) filter (where r.client_rate is null) as unpriced_revenue_ms
          from line_rates r group by r.person
        union all
        ${stored}
      ),
      ${moneyTotals}`;
}

/**
 * Whether any workload line of the workspace has stale rates: one with none yet, or the lowest
 * version below the workspace's — two probes of workload_days_rates_idx, however many lines.
 */
function anyStaleLine(org: string): SQL {
  return sql`(exists (select 1 from workload_days l where l.organization_id = ${org} and l.rates_version is null)
      or (select min(l.rates_version) from workload_days l where l.organization_id = ${org})
         < (select o.rates_version from organizations o where o.id = ${org}))`;
}

/** Whether the grid must price some lines from the rate cards (moneyCtes' stale part). */
export async function anyStaleWorkloadLine(executor: Executor, organizationId: string): Promise<boolean> {
  const row = await firstRow<{ stale: boolean }>(
    executor,
    sql`select ${anyStaleLine(organizationId)} as stale`,
  );
  return row?.stale === true;
}

/**
 * Reads the rates of the workspace's workload lines whose stored rates are stale (lines added
 * since, and every line after a rate change raised the rates version) and keeps them on the lines,
 * so that the grid sums their prices instead of reading the rate cards (moneyCtes). Run after each
 * sync (sync/report-rates.ts); returns how many lines were written. The version is read first and
 * the lines are written only if it is still current when the update runs: a rate changed meanwhile
 * leaves them stale (priced from the cards), never wrong; lines a refresh is writing right now are
 * skipped (never waits on it, never deadlocks with it) and left for the next run.
 */
export async function repriceWorkloadDays(executor: Executor, organizationId: string): Promise<number> {
  const org = organizationId;
  const head = await firstRow<{ version: number; stale: boolean }>(
    executor,
    sql`select o.rates_version as version, ${anyStaleLine(org)} as stale from organizations o where o.id = ${org}`,
  );
  if (!head?.stale) return 0;
  const version = Number(head.version);
  const found = await rows<{ n: number }>(
    executor,
    sql`with
      locked as materialized (
        select k.day, k.person, k.folder_id, k.space_id, k.booked_ms from workload_days k
         where k.organization_id = ${org} and (k.rates_version < ${version} or k.rates_version is null)
           for update skip locked
      ),
      priced as (select k.person, k.day, k.folder_id, k.space_id, k.booked_ms as ms from locked k),
      win as (select min(k.day) as d0, max(k.day) as d1 from locked k),
      ${lineRatesCtes(org)},
      written as (
        update workload_days w
           set rates_version = ${version}, internal_rate = r.cost_rate, client_rate = r.client_rate
          from line_rates r
         where w.organization_id = ${org} and w.day = r.day and w.person = r.person
           and w.folder_id = r.folder_id and w.space_id = r.space_id
           and (select o.rates_version from organizations o where o.id = ${org}) = ${version}
        returning 1
      )
      select count(*)::int as n from written`,
  );
  return Number(found[0]?.n ?? 0);
}

/**
 * The grid in one statement: per person (and the Unassigned row) per day of the window, booked
 * and tentative minutes (the window's rows of workload_days, kept by bookings-repo.ts), capacity
 * and time off (workload_capacity), overdue days; and per person the open tasks due before today
 * (workload_bookings). Rows: every ClickUp user of the workspace (or the filtered person / role
 * holders); with a space or project filter only people with tasks under it; then assignees
 * missing from the users table; the Unassigned row last (not with a person or role filter).
 */
export async function selectWorkloadGrid(
  executor: Executor,
  f: WorkloadFilter,
  /**
   * Some line of the workspace has stale rates (anyStaleWorkloadLine, on the same snapshot): those
   * are priced from the rate cards; without any, the statement only sums stored prices.
   */
  stalePrices: boolean,
): Promise<WorkloadGridRow[]> {
  const org = f.organizationId;
  const onlyPerson = f.person !== undefined;
  const roleHolders = f.role
    ? sql`(select ps.clickup_user_id from person_settings ps
            where ps.organization_id = ${org}
              and exists (select 1 from unnest(ps.role_tags) r where lower(r) = lower(${f.role})))`
    : undefined;
  const taskFilterSet = Boolean(f.space || f.project);
  const withUnassigned = f.person === "" || (!onlyPerson && !roleHolders);
  // The filters every read of workload_days (d) and workload_bookings (b) shares.
  const filters = (t: "d" | "b") => {
    const c = (column: string) => sql.raw(`${t}.${column}`);
    return sql`${f.space ? sql`and ${c("space_id")} = ${f.space}` : sql``}
      ${f.project ? sql`and ${c("folder_id")} = ${f.project}` : sql``}
      ${onlyPerson ? sql`and ${c("person")} = ${f.person ?? ""}` : sql``}
      ${roleHolders ? sql`and ${c("person")} in ${roleHolders}` : sql``}
      ${f.includeTentative ? sql`` : sql`and bid.folder_id is null`}`;
  };
  // A confirmed line with time whose rates were read at the workspace's rates version.
  const storedLine = sql`not b.tentative and b.booked_ms > 0 and b.rated`;
  const found = await rows<RawGridRow>(
    executor,
    sql`with
      win as (select ${f.from}::date as d0, ${f.to}::date as d1, ${f.today}::date as today,
                     (select o.rates_version from organizations o where o.id = ${org}) as rates_version),
      bid as (
        select distinct m.folder_id from tasks m
         where m.organization_id = ${org} and m.custom_item_id = 1001 and not m.deleted
           and m.folder_id is not null and m.status in (select jsonb_array_elements_text(${JSON.stringify(f.bidStatuses)}::jsonb))
      ),
      -- The window's booked days; a Bid-phase project's (spec §4) are tentative.
      booked as materialized (
        select d.person, d.day, d.folder_id, d.space_id, d.booked_ms, bid.folder_id is not null as tentative
               ${
                 f.withMoney
                   ? sql`, coalesce(d.rates_version = win.rates_version, false) as rated, d.internal_rate,
                       d.client_rate, d.cost_minor, d.revenue_minor`
                   : sql``
               }
          from workload_days d
         cross join win
          left join bid on bid.folder_id = d.folder_id
         where d.organization_id = ${org} and d.day between win.d0 and win.d1 and d.bookings > 0
           ${filters("d")}
      ),
      -- Each person's bookings of tasks due before today (overdue, whatever the window), counted
      -- from workload_bookings_due_idx alone: a booking is one task and person.
      overdue as materialized (
        select b.person, count(*)::int as n
          from workload_bookings b
         cross join win
          left join bid on bid.folder_id = b.folder_id
         where b.organization_id = ${org} and b.due_day < win.today
           ${filters("b")}
         group by b.person
      ),
      -- The window's days booked by overdue bookings: a dated task's range ends on its due day,
      -- so only those due in the window reach it.
      late_days as (
        select b.person, array_agg(distinct (g::date - win.d0)::int) as idx
          from workload_bookings b
         cross join win
          left join bid on bid.folder_id = b.folder_id
         cross join lateral generate_series(greatest(b.range_start, win.d0)::timestamp,
                                            least(b.range_end, win.d1)::timestamp, interval '1 day') g
         where b.organization_id = ${org} and b.due_day < win.today and b.due_day >= win.d0
           ${filters("b")}
         group by b.person
      ),
      -- Per person per day, booked and tentative ms summed (a hash aggregate, nothing sorted),
      -- as whole minutes rounded half-even; per person, the days as they come (the repo places
      -- them by day index).
      day_cells as (
        select c.person, array_agg(c.idx) as idx,
               array_agg(${roundHalfEvenBigintSql(sql.raw("c.booked_ms"), sql.raw("60000"))}::int) as booked,
               array_agg(${roundHalfEvenBigintSql(sql.raw("c.tentative_ms"), sql.raw("60000"))}::int) as tentative
          from (
            select b.person, (b.day - win.d0)::int as idx,
                   coalesce(sum(b.booked_ms) filter (where not b.tentative), 0)::bigint as booked_ms,
                   coalesce(sum(b.booked_ms) filter (where b.tentative), 0)::bigint as tentative_ms
              from booked b cross join win
             group by b.person, b.day, win.d0
          ) c
         group by c.person
      ),
      -- Per person: the spaces they book time in (put in order in the final select, a handful
      -- each) and their confirmed lines' stored prices — a line read at the workspace's rates
      -- version (repriceWorkloadDays) comes priced; moneyCtes prices the others.
      space_money as (
        select x.person, array_agg(x.space_id) filter (where x.space_id <> '') as space_ids
               ${
                 f.withMoney
                   ? sql`, sum(x.cost_lines) as cost_lines, sum(x.client_lines) as client_lines, sum(x.cost) as cost,
                       sum(x.revenue) as revenue, sum(x.unpriced_cost_ms) as unpriced_cost_ms,
                       sum(x.unpriced_revenue_ms) as unpriced_revenue_ms`
                   : sql``
               }
          from (
            select b.person, b.space_id
               ${
                 f.withMoney
                   ? sql`, count(b.internal_rate) filter (where ${storedLine}) as cost_lines,
                       count(b.client_rate) filter (where ${storedLine}) as client_lines,
                       sum(b.cost_minor) filter (where ${storedLine}) as cost,
                       sum(b.revenue_minor) filter (where ${storedLine}) as revenue,
                       sum(b.booked_ms) filter (where ${storedLine} and b.internal_rate is null) as unpriced_cost_ms,
                       sum(b.booked_ms) filter (where ${storedLine} and b.client_rate is null) as unpriced_revenue_ms`
                   : sql``
               }
              from booked b group by b.person, b.space_id
          ) x
         group by x.person
      ),
      cells as (
        select d.*, m.space_ids ${f.withMoney ? sql`, m.cost_lines, m.client_lines, m.cost, m.revenue, m.unpriced_cost_ms, m.unpriced_revenue_ms` : sql``}
          from day_cells d join space_money m on m.person = d.person
      ),
      booked_people as (
        select c.person from cells c union select o.person from overdue o
      ),
      people as (
        select u.id as person, true as known, u.username as pu_username, u.email as pu_email
          from provider_users u
         where u.organization_id = ${org}
           ${onlyPerson ? sql`and u.id = ${f.person ?? ""}` : sql``}
           ${roleHolders ? sql`and u.id in ${roleHolders}` : sql``}
           ${taskFilterSet ? sql`and u.id in (select person from booked_people)` : sql``}
        union all
        select a.person, false, null::text, null::text
          from booked_people a
         where a.person <> ''
           and not exists (select 1 from provider_users u where u.organization_id = ${org} and u.id = a.person)
        ${withUnassigned ? sql`union all select '', false, null::text, null::text` : sql``}
      ),
      -- Capacity per person per day (workload_capacity), unordered (placed by day index as above);
      -- a person without a row has none.
      cap as (
        select c.clickup_user_id as person, array_agg((c.day - win.d0)::int) as idx,
               array_agg(c.capacity_minutes) as capacity, array_agg(c.time_off_minutes) as time_off,
               array_agg(not c.is_working_day or c.is_holiday) as off
          from win, workload_capacity(${org}, ${f.from}::date, ${f.to}::date) c
         group by c.clickup_user_id
      )${
        f.withMoney
          ? sql`,
      ${moneyCtes(org, stalePrices)}`
          : sql``
      }
      select p.person, p.known, p.pu_username, p.pu_email,
             tu.username as task_username, tu.email as task_email,
             ps.role_tags, (select array_agg(x.id order by x.id) from unnest(c.space_ids) x(id)) as space_ids,
             c.idx as booked_idx, c.booked as booked_minutes, c.tentative as tentative_minutes,
             k.idx as capacity_idx, k.capacity, k.time_off, k.off as capacity_off, ld.idx as overdue_days,
             coalesce(od.n, 0) as overdue_tasks, ps.utilization_target_bp as utilisation_target_bp,
             ${
               f.withMoney
                 ? sql`case when m.person is null then 0 else m.cost end as cost,
                       case when m.person is null then 0 else m.revenue end as revenue,
                       coalesce(m.unpriced_cost_minutes, 0) as unpriced_cost_minutes,
                       coalesce(m.unpriced_revenue_minutes, 0) as unpriced_revenue_minutes,`
                 : sql`null::bigint as cost, null::bigint as revenue,
                       null::bigint as unpriced_cost_minutes, null::bigint as unpriced_revenue_minutes,`
             }
             (select array_agg((h.day - win.d0)::int order by h.day) from workspace_holidays h cross join win
               where h.organization_id = ${org} and h.day between win.d0 and win.d1) as holidays
        from people p
        left join cells c on c.person = p.person
        left join cap k on k.person = p.person
        left join late_days ld on ld.person = p.person
        left join overdue od on od.person = p.person
        ${f.withMoney ? sql`left join money m on m.person = p.person` : sql``}
        left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = p.person
        -- The name a task's assignee entry carries (spec §8's first source), kept at sync.
        left join lateral (
          select ta.username, ta.email
            from task_assignees ta
           where p.person <> '' and ta.organization_id = ${org} and ta.user_id = p.person
             and (ta.username is not null or ta.email is not null)
           limit 1
        ) tu on true
       order by p.person = '', lower(coalesce(p.pu_username, p.pu_email, p.person)), p.person`,
  );
  const length =
    Math.round((Date.parse(`${f.to}T00:00:00Z`) - Date.parse(`${f.from}T00:00:00Z`)) / 86_400_000) + 1;
  const zeros = () => new Array<number>(length).fill(0);
  return found.map((raw) => {
    const {
      booked_idx,
      booked_minutes,
      tentative_minutes,
      capacity_idx,
      capacity,
      time_off,
      capacity_off,
      ...row
    } = raw;
    const booked = zeros();
    const tentative = zeros();
    booked_idx?.forEach((i, k) => {
      booked[i] = booked_minutes?.[k] ?? 0;
      tentative[i] = tentative_minutes?.[k] ?? 0;
    });
    const capacityByDay = zeros();
    const timeOffByDay = zeros();
    // Without a capacity row a person has no working day in the window.
    const off = new Array<boolean>(length).fill(true);
    capacity_idx?.forEach((i, k) => {
      capacityByDay[i] = capacity?.[k] ?? 0;
      timeOffByDay[i] = time_off?.[k] ?? 0;
      off[i] = capacity_off?.[k] ?? true;
    });
    const offDays = off.flatMap((isOff, i) => (isOff ? [i] : []));
    return {
      ...row,
      booked,
      tentative,
      capacity: capacityByDay,
      time_off: timeOffByDay,
      off: offDays.length ? offDays : null,
    };
  });
}

/** A grid row as the statement returns it: each person's days and capacity rows, placed by day index. */
interface RawGridRow extends Omit<WorkloadGridRow, "booked" | "tentative" | "capacity" | "time_off" | "off"> {
  booked_idx: number[] | null;
  booked_minutes: number[] | null;
  tentative_minutes: number[] | null;
  capacity_idx: number[] | null;
  capacity: number[] | null;
  time_off: number[] | null;
  capacity_off: boolean[] | null;
}
