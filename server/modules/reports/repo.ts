import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { clickupUserNameSql } from "../../lib/sql-names";
import { listPage, type ListPage } from "../../lib/list-query";
import { folderClientSql } from "../projects/repo";
import { cardIdSql, priceSql, rateSql, roundHalfEvenSql, type RateSubject } from "../rate-cards/rates-sql";
import { ITEM_TYPE } from "@domain/index";
import type { ActualGroup } from "./contract";

/*
 * All SQL of the reports (issue 16). Every query filters organization_id first. The time of a
 * report is read once, set-based (`reportEntriesCte`): the lines of time_entry_days whose
 * workspace day lies in the period (a person's time on a project on a day, billable apart, kept
 * by triggers; person and project filters pushed into that scan), their project's client once per
 * project (projects/repo.ts folderClientSql), the internal and client rate once per person, card
 * and day (rate-cards/rates-sql.ts rateSql, domain/rates.ts in SQL), and each line priced once,
 * duration × rate / 3,600,000 rounded half-even (priceSql); the entries behind a figure share
 * their line's money out exactly, so they add up to it. Time without a rate keeps null money
 * (unpriced), never 0.
 */

export interface ReportScope {
  organizationId: string;
  from: string;
  to: string;
  client?: string | undefined;
  project?: string | undefined;
  person?: string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Setup: the workspace's today, currency and calendar; the filter ids checked
// ---------------------------------------------------------------------------------------------

export interface ReportSetupRow {
  today: string;
  currency: string;
  week_start: "monday" | "sunday";
  client_found: boolean;
  project_found: boolean;
  person_found: boolean;
}

export async function selectReportSetup(
  executor: Executor,
  organizationId: string,
  now: Date,
  ids: { client?: string | undefined; project?: string | undefined; person?: string | undefined },
): Promise<ReportSetupRow | undefined> {
  const org = organizationId;
  const client = ids.client ?? null;
  const project = ids.project ?? null;
  const person = ids.person ?? null;
  return firstRow<ReportSetupRow>(
    executor,
    sql`select o.currency, o.week_start,
               to_char((${now.toISOString()}::timestamptz at time zone o.time_zone)::date, 'YYYY-MM-DD') as today,
               ${client}::text is null
                 or exists (select 1 from clients c where c.organization_id = o.id and lower(c.name) = lower(${client}))
                 or exists (select 1 from folders f where f.organization_id = o.id
                              and lower(${folderClientSql(org, sql`f.id`)}) = lower(${client}))
                 as client_found,
               ${project}::text is null
                 or exists (select 1 from folders f where f.organization_id = o.id and f.id = ${project})
                 or exists (select 1 from tasks pt where pt.organization_id = o.id and pt.folder_id = ${project})
                 as project_found,
               ${person}::text is null
                 or exists (select 1 from provider_users u where u.organization_id = o.id and u.id = ${person})
                 or exists (select 1 from time_entries pe where pe.organization_id = o.id and pe.user_id = ${person})
                 as person_found
          from organizations o where o.id = ${org}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Filter options
// ---------------------------------------------------------------------------------------------

export interface OptionRow {
  kind: "project" | "person";
  id: string;
  name: string;
  client: string | null;
}

/** Every project (folder) with its client, and every person, of the workspace, by name. */
export async function selectReportOptions(executor: Executor, organizationId: string): Promise<OptionRow[]> {
  const org = organizationId;
  return rows<OptionRow>(
    executor,
    sql`select 'project' as kind, f.id, f.name, ${folderClientSql(org, sql`f.id`)} as client
          from folders f where f.organization_id = ${org} and not f.deleted
        union all
        select 'person', u.id, ${personName(sql`u`, sql`u.id`)}, null
          from provider_users u where u.organization_id = ${org}
        order by 1, 3, 2`,
  );
}

const personName = clickupUserNameSql;

// ---------------------------------------------------------------------------------------------
// The priced time entries of a report
// ---------------------------------------------------------------------------------------------

/** First day of the week of `day` (a date expression) for the workspace's week start. */
function weekOf(day: SQL): SQL {
  return sql`(case when (select week_start from zone) = 'sunday'
                   then ${day} - extract(dow from ${day})::int
                   else ${day} - (extract(isodow from ${day})::int - 1) end)`;
}

/**
 * The rate subject of `person` on `day` (rateSql), its role tags read from person_settings. The
 * client card is always given to rateSql here; the internal card has no project.
 */
function rateSubject(org: string, person: SQL, day: SQL): RateSubject {
  const roles = sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = ${person})`;
  return { organizationId: org, person, roles, folder: sql`null::text`, day };
}

/** A client card id as text, '' for none (cardIdSql). */
function clientCardSql(org: string, folder: SQL): SQL {
  return sql`coalesce(${cardIdSql("client", { organizationId: org, folder })}, '')`;
}

/**
 * The internal and client rates of a report's period as spans: per (person, client card), one row
 * per stretch of days between the days a line of the card (or of the internal card) takes effect,
 * with both rates in force over it (rateSql, read once per span rather than once per line or day).
 * Parallel arrays, for reportEntriesCte. The people are everyone with a name or rate settings in
 * the workspace (on the default client card), and whoever has time on a project with a card of
 * its own (on that card).
 */
export interface ReportRates {
  users: string[];
  cards: string[];
  since: string[];
  until: (string | null)[];
  internal: (string | null)[];
  client: (string | null)[];
}

export async function reportRates(
  executor: Executor,
  s: ReportScope,
  options: {
    /**
     * Only when a line of the workspace is stale (anyStaleLine): a report whose lines all hold
     * their stored rates reads none (a line arriving meanwhile reads its rates itself).
     */
    whenStale?: boolean;
  } = {},
): Promise<ReportRates> {
  const org = s.organizationId;
  const none: ReportRates = { users: [], cards: [], since: [], until: [], internal: [], client: [] };
  if (
    options.whenStale &&
    !(await firstRow<{ stale: boolean }>(executor, sql`select ${anyStaleLine(org)} as stale`))?.stale
  ) {
    return none;
  }
  const card = (folder: SQL) => clientCardSql(org, folder);
  const subject = rateSubject(org, sql`k.user_id`, sql`k.since`);
  const onlyPerson = (column: SQL) => (s.person ? sql`and ${column} = ${s.person}` : sql``);
  const row = await firstRow<ReportRates>(
    executor,
    sql`with pairs as (
          select u.user_id, ${card(sql`null::text`)} as card from (
            select pu.id as user_id from provider_users pu where pu.organization_id = ${org} ${onlyPerson(sql`pu.id`)}
            union
            select ps.clickup_user_id from person_settings ps where ps.organization_id = ${org} ${onlyPerson(sql`ps.clickup_user_id`)}
            union
            select pl.subject_id from rate_card_lines pl
             where pl.organization_id = ${org} and pl.subject_type = 'person' ${onlyPerson(sql`pl.subject_id`)}) u
          union
          select distinct l.user_id, ${card(sql`pc.folder_id`)}
            from project_rate_cards pc
            join time_entry_days l on l.organization_id = ${org} and l.folder_id = pc.folder_id
             and l.day between ${s.from}::date and ${s.to}::date
           where pc.organization_id = ${org}
             ${s.project ? sql`and pc.folder_id = ${s.project}` : sql``} ${onlyPerson(sql`l.user_id`)}),
        spans as (
          select p.user_id, p.card, b.since,
                 lead(b.since) over (partition by p.user_id, p.card order by b.since) as until
            from pairs p
            cross join lateral (
              select '-infinity'::date as since
              union
              select l.effective_from from rate_card_lines l
               where l.organization_id = ${org} and l.effective_from <= ${s.to}::date
                 and (l.card_id = nullif(p.card, '')
                      or l.card_id = ${cardIdSql("internal", { organizationId: org, folder: sql`null::text` })})
                 and (l.subject_type = 'role' or l.subject_id = p.user_id)) b)
        select coalesce(array_agg(k.user_id), '{}') as users, coalesce(array_agg(k.card), '{}') as cards,
               coalesce(array_agg(k.since::text), '{}') as since, coalesce(array_agg(k.until::text), '{}') as until,
               coalesce(array_agg(${rateSql("internal", subject)}::text), '{}') as internal,
               coalesce(array_agg(${rateSql("client", subject, sql`nullif(k.card, '')`)}::text), '{}') as client
          from spans k
         where k.until is null or k.until > ${s.from}::date`,
  );
  return row ?? none;
}

/**
 * Whether any line of the workspace has stale rates: one with none yet, or the lowest version below
 * the workspace's. Two probes of time_entry_days_rates_idx, whatever the number of lines (a test
 * per line of the period would be planned as a scan: the planner cannot see the version).
 */
function anyStaleLine(org: string): SQL {
  return sql`(exists (select 1 from time_entry_days l where l.organization_id = ${org} and l.rates_version is null)
      or (select min(l.rates_version) from time_entry_days l where l.organization_id = ${org})
         < (select o.rates_version from organizations o where o.id = ${org}))`;
}

/**
 * A CTE body ending in `priced`, the report's time priced line by line. A line is a person's time
 * on a project on a workspace day, billable apart (time_entry_days, kept by triggers): its money is
 * duration × rate rounded half-even once (PRODUCT.md: round where a line total is formed), and
 * every figure of a report is a sum of lines. Columns: id (null), user_id, task_id (null),
 * folder_id, client, card (the client card, '' for none), day, week, duration_ms, entries, billable,
 * internal_rate, client_rate, cost, revenue. A line's rates are those stored on it when they were
 * read at the workspace's rates version (repriceReportLines), with the prices the database keeps
 * beside them (time_entry_days.cost_minor, revenue_minor: priceSql); else read from the spans and
 * priced here.
 *
 * `options.staleOnly` leaves out the lines whose stored rates hold (repriceReportLines).
 *
 * `source: "entries"` gives one row per time entry instead (id, task_id, entries = 1), for the rows
 * behind a figure: each entry's cost and revenue is its line's total shared out by largest
 * remainder (each entry's exact price rounded down, the line's leftover minor units to the entries
 * with the largest remainders), so the entries of a line add up to the line exactly.
 */
export function reportEntriesCte(
  s: ReportScope,
  rates: ReportRates,
  source: "lines" | "entries" = "lines",
  options: {
    staleOnly?: boolean;
    /** Each line's client is read (a report by client); a client filter reads it anyway. */
    client?: boolean;
  } = {},
): SQL {
  const org = s.organizationId;
  const card = (folder: SQL) => clientCardSql(org, folder);
  // A line without a span of its own (a person with no rate settings nor name, or one whose first
  // line arrived after reportRates read the spans) reads its rates itself.
  const own = rateSubject(org, sql`kept.user_id`, sql`kept.day`);
  const param = <T>(values: T[]) => sql.param(values);
  // A line's client (and client card) is read where something needs it: a client filter, a
  // report by client, the entries (their rows show it) and the stale lines (their card is priced).
  const withClient = options.client === true || !!s.client || source === "entries";
  const keep = (ent: SQL, client: boolean) =>
    client
      ? sql`select ent.*, fc.client, coalesce(fc.card, ${card(sql`null::text`)}) as card
        from (${ent}) ent left join fc on fc.folder_id = ent.folder_id
       ${s.client ? sql`where lower(fc.client) = lower(${s.client})` : sql``}`
      : sql`select ent.*, null::text as client, null::text as card from (${ent}) ent`;
  const columns = sql`kept.id, kept.user_id, kept.task_id, kept.folder_id, kept.client, kept.card, kept.day,
             ${weekOf(sql`kept.day`)} as week, kept.duration_ms, kept.entries, kept.billable`;
  // Lines whose rates were read at the workspace's rates version are priced from them; the others
  // (and the entries one by one) from the spans: two scans, each of its own lines.
  const stored =
    source === "lines" && !options.staleOnly
      ? linesOf(s, "stored")
      : sql`select * from (${linesOf(s, "stored")}) none where false`;
  const others = source === "lines" ? linesOf(s, "stale") : entriesOf(s);
  return sql`
    ${zoneCte(org)},
    ${projectClientsCte(s)},
    kept_stored as (${keep(stored, withClient)}),
    kept as (${keep(others, true)}),
    -- The spans read by reportRates, as parameters: the planner knows how many there are and
    -- hashes them against the period's lines.
    rates as (
      select * from unnest(${param(rates.users)}::text[], ${param(rates.cards)}::text[],
                           ${param(rates.since)}::date[], ${param(rates.until)}::date[],
                           ${param(rates.internal)}::bigint[], ${param(rates.client)}::bigint[])
        as r(user_id, card, since, until, internal_rate, client_rate)),
    -- Lines at their stored rates come priced (time_entry_days.cost_minor, revenue_minor).
    rated as (
      select ${columns}, kept.internal_rate, kept.client_rate, kept.stored_cost, kept.stored_revenue
        from kept_stored kept
      union all
      select ${columns},
             case when r.user_id is null then ${rateSql("internal", own)} else r.internal_rate end as internal_rate,
             case when r.user_id is null then ${rateSql("client", own, sql`nullif(kept.card, '')`)}
                  else r.client_rate end as client_rate,
             null::bigint as stored_cost, null::bigint as stored_revenue
        from kept left join rates r on r.user_id = kept.user_id and r.card is not distinct from kept.card
         and kept.day >= r.since and (r.until is null or kept.day < r.until)),
    priced as (${source === "lines" ? pricedLines : pricedEntries})`;
}

/**
 * `fc`: the projects of the period with a client or a client card of their own (a meta task, a
 * project_rate_cards row), their client and card, each read once. Any other line has no client and
 * the default card.
 */
function projectClientsCte(s: ReportScope): SQL {
  const org = s.organizationId;
  return sql`fc as materialized (
      select x.folder_id, ${folderClientSql(org, sql`x.folder_id`)} as client, ${clientCardSql(org, sql`x.folder_id`)} as card
        from (select m.folder_id from tasks m
               where m.organization_id = ${org} and m.custom_item_id = ${sql.raw(String(ITEM_TYPE.project))}
                 and not m.deleted and m.folder_id is not null
              union
              select pc.folder_id from project_rate_cards pc where pc.organization_id = ${org}) x
       where exists (select 1 from time_entry_days l where l.organization_id = ${org} and l.folder_id = x.folder_id
                        and l.day between ${s.from}::date and ${s.to}::date))`;
}

/**
 * A CTE body ending in `period_time`: the report's time without money, for the reports that show
 * only hours (Utilization, the User directory's logged time): the lines of the period in one scan,
 * with their client only under a client filter; and `zone`. Columns: user_id, folder_id, client,
 * day, duration_ms, entries, billable.
 */
export function reportTimeCte(s: ReportScope): SQL {
  const lines = linesOf(s, "all");
  return s.client
    ? sql`${zoneCte(s.organizationId)}, ${projectClientsCte(s)},
        period_time as (
          select ent.*, fc.client from (${lines}) ent join fc on fc.folder_id = ent.folder_id
           where lower(fc.client) = lower(${s.client}))`
    : sql`${zoneCte(s.organizationId)}, period_time as (select ent.*, null::text as client from (${lines}) ent)`;
}

/** `zone`: the workspace's time zone and week start (weekOf reads it). */
function zoneCte(org: string): SQL {
  return sql`zone as (select o.time_zone as tz, o.week_start from organizations o where o.id = ${org})`;
}

/**
 * Reads again the rates of the workspace's report lines whose stored rates are stale (new lines,
 * and every line after a rate change raised the rates version): the same pricing as a report
 * (reportEntriesCte), kept on the lines so that reports read them instead of the rate cards. Run
 * after each sync (sync/report-rates.ts); returns how many lines were written.
 */
export async function repriceReportLines(executor: Executor, organizationId: string): Promise<number> {
  const head = await firstRow<{ version: number; stale: boolean }>(
    executor,
    sql`select o.rates_version as version,
               exists (select 1 from time_entry_days l where l.organization_id = o.id
                          and (l.rates_version < o.rates_version or l.rates_version is null)) as stale
          from organizations o where o.id = ${organizationId}`,
  );
  if (!head?.stale) return 0;
  const version = Number(head.version);
  const s: ReportScope = { organizationId, from: "1900-01-01", to: "9999-12-30" };
  // The version is read first and the lines are written only if it is still current when the
  // update runs: a rate changed meanwhile leaves them stale (priced from the cards), never wrong.
  const found = await rows<{ n: number }>(
    executor,
    sql`with ${reportEntriesCte(s, await reportRates(executor, s), "lines", { staleOnly: true })},
        -- Lines a sync is writing right now are left for the next run: this never waits on (nor
        -- deadlocks with) the triggers that keep the lines.
        locked as (
          select k.day, k.user_id, k.folder_id, k.billable from time_entry_days k
           where k.organization_id = ${organizationId}
             and (k.rates_version < ${version} or k.rates_version is null)
           for update skip locked),
        written as (
          update time_entry_days l
             set rates_version = ${version}, internal_rate = p.internal_rate, client_rate = p.client_rate
            from rated p
            join locked k on k.day = p.day and k.user_id = p.user_id and k.folder_id = coalesce(p.folder_id, '')
             and k.billable = p.billable
           where l.organization_id = ${organizationId} and l.day = k.day and l.user_id = k.user_id
             and l.folder_id = k.folder_id and l.billable = k.billable
             and (select o.rates_version from organizations o where o.id = ${organizationId}) = ${version}
          returning 1)
        select count(*)::int as n from written`,
  );
  return Number(found[0]?.n ?? 0);
}

/**
 * The lines of the period (time_entry_days), person and project filters pushed into the scan: those
 * whose stored rates hold ("stored": read at the workspace's rates version) or the others ("stale":
 * read at an older version — versions only rise — or never; time_entry_days_rates_idx finds them),
 * or all of them.
 */
function linesOf(s: ReportScope, rates: "stored" | "stale" | "all"): SQL {
  const version = sql`(select o.rates_version from organizations o where o.id = ${s.organizationId})`;
  const current = {
    stored: sql`and l.rates_version = ${version}`,
    stale: sql`and (l.rates_version < ${version} or l.rates_version is null)`,
    all: sql``,
  }[rates];
  return sql`
      select null::text as id, l.user_id, null::text as task_id, l.duration_ms, l.entries, l.billable,
             nullif(l.folder_id, '') as folder_id, l.day, l.internal_rate, l.client_rate,
             l.cost_minor as stored_cost, l.revenue_minor as stored_revenue
        from time_entry_days l
       where l.organization_id = ${s.organizationId} and l.entries > 0
         and l.day between ${s.from}::date and ${s.to}::date
         ${s.person ? sql`and l.user_id = ${s.person}` : sql``}
         ${s.project ? sql`and l.folder_id = ${s.project}` : sql``}
         ${current}`;
}

/** The entries of the period, one by one (the rows behind a figure). */
function entriesOf(s: ReportScope): SQL {
  const org = s.organizationId;
  return sql`
      select te.id, te.user_id, te.task_id, te.duration_ms, 1 as entries, te.billable, t.folder_id,
             (te.start_time at time zone z.tz)::date as day, null::bigint as internal_rate,
             null::bigint as client_rate
        from zone z
        join time_entries te on te.organization_id = ${org} and not te.deleted and te.duration_ms > 0
         and te.start_time >= (${s.from}::date::timestamp at time zone z.tz)
         and te.start_time < ((${s.to}::date + 1)::timestamp at time zone z.tz)
        left join tasks t on t.organization_id = ${org} and t.id = te.task_id
       where true
         ${s.person ? sql`and te.user_id = ${s.person}` : sql``}
         ${s.project ? sql`and t.folder_id = ${s.project}` : sql``}`;
}

const pricedLines = sql`
      select r.*, coalesce(r.stored_cost, ${priceSql(sql`r.duration_ms`, sql`r.internal_rate`, "columns")}) as cost,
             coalesce(r.stored_revenue, ${priceSql(sql`r.duration_ms`, sql`r.client_rate`, "columns")}) as revenue
        from rated r`;

/**
 * Each entry's share of its line's money: ⌊duration × rate ÷ 3,600,000⌋, plus one minor unit for
 * the entries with the largest remainders until the line's half-even total is reached.
 */
function shareOfLine(rate: "internal_rate" | "client_rate"): SQL {
  const r = sql.raw(`r.${rate}`);
  const exact = sql`(r.duration_ms::numeric * ${r}::numeric)`;
  const line = sql`partition by r.user_id, coalesce(r.folder_id, ''), r.day, r.billable`;
  return sql`case when ${r} is not null then
      div(${exact}, 3600000)::bigint
      + case when row_number() over (${line} order by mod(${exact}, 3600000) desc, r.id)
               <= ${roundHalfEvenSql(sql`sum(${exact}) over (${line})`, sql`3600000`, "columns")}
                  - sum(div(${exact}, 3600000)) over (${line})
             then 1 else 0 end end`;
}

const pricedEntries = sql`
      select r.*, ${shareOfLine("internal_rate")} as cost, ${shareOfLine("client_rate")} as revenue
        from rated r`;

const GROUP_KEY: Record<ActualGroup, SQL> = {
  project: sql`coalesce(p.folder_id, '')`,
  person: sql`p.user_id`,
  client: sql`coalesce(p.client, '')`,
};

const FIGURES = sql`coalesce(sum(p.entries), 0) as entries, coalesce(sum(p.duration_ms), 0) as ms,
  coalesce(sum(p.duration_ms) filter (where p.billable), 0) as billable_ms,
  coalesce(sum(p.duration_ms) filter (where not p.billable), 0) as non_billable_ms,
  sum(p.cost) as cost, coalesce(sum(p.duration_ms) filter (where p.internal_rate is null), 0) as unpriced_cost_ms,
  sum(p.revenue) as revenue, coalesce(sum(p.duration_ms) filter (where p.client_rate is null), 0) as unpriced_revenue_ms`;

export interface FiguresRow {
  entries: string | number;
  ms: string | number;
  billable_ms: string | number;
  non_billable_ms: string | number;
  cost: string | number | null;
  unpriced_cost_ms: string | number;
  revenue: string | number | null;
  unpriced_revenue_ms: string | number;
}

export interface ActualGroupRow extends FiguresRow {
  /** 'key' (a table row), 'week' (a chart bar) or 'total'. */
  kind: "key" | "week" | "total";
  key: string | null;
  label: string | null;
  week: string | null;
}

/**
 * The Actual report in one statement: Σ per group key, per week and in total (grouping sets over
 * the priced entries), with each key's label.
 */
export async function selectActual(
  executor: Executor,
  s: ReportScope,
  groupBy: ActualGroup,
): Promise<ActualGroupRow[]> {
  const org = s.organizationId;
  const label: Record<ActualGroup, SQL> = {
    project: sql`(select coalesce(
                    (select f.name from folders f where f.organization_id = ${org} and f.id = g.key),
                    (select t.folder_name from tasks t where t.organization_id = ${org} and t.folder_id = g.key
                       and t.folder_name is not null limit 1),
                    'Project ' || g.key))`,
    person: sql`(select ${personName(sql`pu`, sql`g.key`)} from (select 1) one
                   left join provider_users pu on pu.organization_id = ${org} and pu.id = g.key)`,
    client: sql`g.key`,
  };
  return rows<ActualGroupRow>(
    executor,
    sql`with ${reportEntriesCte(s, await reportRates(executor, s, { whenStale: true }), "lines", {
      client: groupBy === "client",
    })},
        g as (
          select case when grouping(${GROUP_KEY[groupBy]}) = 0 then 'key'
                      when grouping(p.week) = 0 then 'week' else 'total' end as kind,
                 ${GROUP_KEY[groupBy]} as key, to_char(p.week, 'YYYY-MM-DD') as week, ${FIGURES}
            from priced p
           group by grouping sets ((${GROUP_KEY[groupBy]}), (p.week), ()))
        select g.*, case when g.kind = 'key' and g.key <> '' then ${label[groupBy]} end as label
          from g`,
  );
}

// ---------------------------------------------------------------------------------------------
// The entries behind a figure
// ---------------------------------------------------------------------------------------------

export interface EntryRow {
  id: string;
  day: string;
  user_id: string;
  person_name: string;
  folder_id: string | null;
  project_name: string | null;
  client: string | null;
  task_id: string | null;
  task_name: string | null;
  task_url: string | null;
  duration_ms: string | number;
  billable: boolean;
  internal_rate: string | number | null;
  cost: string | number | null;
  client_rate: string | number | null;
  revenue: string | number | null;
}

export interface EntriesNarrowing {
  groupBy?: ActualGroup | undefined;
  key?: string | undefined;
  week?: string | undefined;
  billable?: boolean | undefined;
}

/** One page of the priced entries of the report, narrowed to a row, a week or billable; newest first. */
export async function selectReportEntries(
  executor: Executor,
  s: ReportScope,
  n: EntriesNarrowing,
  page: { page: number; pageSize: number },
): Promise<ListPage<EntryRow>> {
  const org = s.organizationId;
  return listPage<EntryRow, "day">(executor, {
    with: reportEntriesCte(s, await reportRates(executor, s), "entries"),
    select: sql`p.id, to_char(p.day, 'YYYY-MM-DD') as day, p.user_id, p.folder_id, p.client, p.task_id,
                p.duration_ms, p.billable, p.internal_rate, p.cost, p.client_rate, p.revenue`,
    from: sql`priced p`,
    where: [
      n.groupBy !== undefined && n.key !== undefined ? sql`${GROUP_KEY[n.groupBy]} = ${n.key}` : undefined,
      n.week ? sql`p.week = ${n.week}::date` : undefined,
      n.billable === undefined ? undefined : sql`p.billable = ${n.billable}`,
    ],
    sorts: { day: sql`p.day` },
    tiebreakers: [sql`p.id`],
    sort: "day",
    dir: "desc",
    page: page.page,
    pageSize: page.pageSize,
    late: {
      select: sql`(select ${personName(sql`pu`, sql`list_page.user_id`)} from (select 1) one
                     left join provider_users pu on pu.organization_id = ${org} and pu.id = list_page.user_id) as person_name,
                  (select f.name from folders f where f.organization_id = ${org} and f.id = list_page.folder_id) as project_name,
                  tk.name as task_name, tk.url as task_url`,
      from: sql`left join tasks tk on tk.organization_id = ${org} and tk.id = list_page.task_id`,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Utilization
// ---------------------------------------------------------------------------------------------

export interface UtilizationSqlRow {
  kind: "person" | "cell" | "total";
  person_id: string | null;
  week: string | null;
  name: string | null;
  roles: string[] | null;
  target_bp: number | null;
  capacity_minutes: string | number;
  time_off_minutes: string | number;
  logged_ms: string | number;
  billable_ms: string | number;
  logged_bp: string | number | null;
  utilization_bp: string | number | null;
}

/**
 * Utilization in one statement: capacity per person per day from workload_capacity (working
 * days × minutes per day − time off − holidays) and the logged and billable time of the report's
 * lines, each summed per person and week before they are joined (a few thousand rows, not one per
 * person and day), then per person and for the team, with logged ÷ capacity and billable ÷
 * capacity in basis points rounded half-even.
 */
export async function selectUtilization(executor: Executor, s: ReportScope): Promise<UtilizationSqlRow[]> {
  const org = s.organizationId;
  const bp = (ms: SQL, minutes: SQL) =>
    sql`case when ${minutes} > 0 then ${roundHalfEvenSql(sql`(${ms})::numeric * 10000`, sql`(${minutes})::numeric * 60000`)} end`;
  return rows<UtilizationSqlRow>(
    executor,
    sql`with ${reportTimeCte(s)},
        cap as (
          select c.clickup_user_id as person_id, ${weekOf(sql`c.day`)} as week,
                 sum(c.capacity_minutes) as capacity_minutes, sum(c.time_off_minutes) as time_off_minutes
            from workload_capacity(${org}, ${s.from}::date, ${s.to}::date) c
           ${s.person ? sql`where c.clickup_user_id = ${s.person}` : sql``}
           group by 1, 2),
        logged as (
          select p.user_id as person_id, ${weekOf(sql`p.day`)} as week, sum(p.duration_ms) as logged_ms,
                 coalesce(sum(p.duration_ms) filter (where p.billable), 0) as billable_ms
            from period_time p group by 1, 2),
        weeks as (
          select coalesce(cap.person_id, logged.person_id) as person_id, coalesce(cap.week, logged.week) as week,
                 coalesce(cap.capacity_minutes, 0) as capacity_minutes, coalesce(cap.time_off_minutes, 0) as time_off_minutes,
                 coalesce(logged.logged_ms, 0) as logged_ms, coalesce(logged.billable_ms, 0) as billable_ms
            from cap full join logged on logged.person_id = cap.person_id and logged.week = cap.week
           ${s.project || s.client ? sql`where coalesce(cap.person_id, logged.person_id) in (select user_id from period_time)` : sql``}),
        g as (
          select case when grouping(d.person_id) = 1 then 'total'
                      when grouping(d.week) = 1 then 'person' else 'cell' end as kind,
                 d.person_id, to_char(d.week, 'YYYY-MM-DD') as week,
                 sum(d.capacity_minutes) as capacity_minutes, sum(d.time_off_minutes) as time_off_minutes,
                 sum(d.logged_ms) as logged_ms, sum(d.billable_ms) as billable_ms
            from weeks d
           group by grouping sets ((d.person_id), (d.person_id, d.week), ()))
        select g.kind, g.person_id, g.week, g.capacity_minutes, g.time_off_minutes, g.logged_ms, g.billable_ms,
               ${bp(sql`g.logged_ms`, sql`g.capacity_minutes`)} as logged_bp,
               ${bp(sql`g.billable_ms`, sql`g.capacity_minutes`)} as utilization_bp,
               case when g.kind = 'person' then ${personName(sql`pu`, sql`g.person_id`)} end as name,
               case when g.kind = 'person' then coalesce(ps.role_tags, '{}'::text[]) end as roles,
               case when g.kind = 'person' then ps.utilization_target_bp end as target_bp
          from g
          left join provider_users pu on pu.organization_id = ${org} and pu.id = g.person_id
          left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = g.person_id`,
  );
}

export interface UtilizationDayRow {
  day: string;
  capacity_minutes: number;
  time_off_minutes: number;
  is_holiday: boolean;
  is_working_day: boolean;
  logged_ms: string | number;
  billable_ms: string | number;
}

/** One person's days: capacity (workload_capacity) beside the time they logged. */
export async function selectUtilizationDays(
  executor: Executor,
  s: ReportScope & { person: string },
  range: { from: string; to: string },
): Promise<UtilizationDayRow[]> {
  const org = s.organizationId;
  return rows<UtilizationDayRow>(
    executor,
    sql`with ${reportTimeCte(s)},
        logged as (
          select p.day, sum(p.duration_ms) as logged_ms,
                 coalesce(sum(p.duration_ms) filter (where p.billable), 0) as billable_ms
            from period_time p group by p.day)
        select to_char(c.day, 'YYYY-MM-DD') as day, c.capacity_minutes, c.time_off_minutes, c.is_holiday,
               c.is_working_day, coalesce(l.logged_ms, 0) as logged_ms, coalesce(l.billable_ms, 0) as billable_ms
          from workload_capacity(${org}, ${range.from}::date, ${range.to}::date) c
          left join logged l on l.day = c.day
         where c.clickup_user_id = ${s.person}
         order by c.day`,
  );
}

// ---------------------------------------------------------------------------------------------
// User directory
// ---------------------------------------------------------------------------------------------

export interface DirectorySqlRow {
  id: string;
  username: string | null;
  email: string | null;
  clickup_role: number | null;
  member_name: string | null;
  member_role: "owner" | "admin" | "member" | null;
  roles: string[];
  minutes_per_day: number;
  target_bp: number | null;
  internal_rate: string | number | null;
  client_rate: string | number | null;
  capacity_minutes: string | number | null;
  logged_ms: string | number | null;
  last_logged_at: Date | string | null;
}

/**
 * Every ClickUp user of the workspace (person filter; with a project or client filter only those
 * who logged time there in the period): the linked member and their role, role tags, today's
 * rates on the default cards (rateSql), minutes per day in force today, capacity and time logged
 * in the period, and the start of their latest entry (time_entries_user_start_idx, one probe each).
 */
export async function selectUserDirectory(
  executor: Executor,
  s: ReportScope,
  today: string,
): Promise<DirectorySqlRow[]> {
  const org = s.organizationId;
  const subject = {
    organizationId: org,
    person: sql`u.id`,
    roles: sql`ps.role_tags`,
    folder: sql`null::text`,
    day: sql`${today}::date`,
  };
  return rows<DirectorySqlRow>(
    executor,
    sql`with ${reportTimeCte(s)},
        logged as (select p.user_id, sum(p.duration_ms) as ms from period_time p group by p.user_id),
        cap as (select c.clickup_user_id, sum(c.capacity_minutes) as minutes
                  from workload_capacity(${org}, ${s.from}::date, ${s.to}::date) c group by c.clickup_user_id)
        select u.id, u.username, u.email, u.role as clickup_role,
               m.member_name, m.member_role,
               coalesce(ps.role_tags, '{}'::text[]) as roles,
               case when ps.minutes_per_day is not null
                         and (ps.minutes_effective_from is null or ps.minutes_effective_from <= ${today}::date)
                    then ps.minutes_per_day else o.default_minutes_per_day end as minutes_per_day,
               ps.utilization_target_bp as target_bp,
               ${rateSql("internal", subject)} as internal_rate,
               ${rateSql("client", subject)} as client_rate,
               cap.minutes as capacity_minutes, logged.ms as logged_ms,
               (select max(te.start_time) from time_entries te
                 where te.organization_id = ${org} and te.user_id = u.id and not te.deleted) as last_logged_at
          from provider_users u
          join organizations o on o.id = u.organization_id
          left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = u.id
          left join lateral (
            select coalesce(nullif(btrim(concat_ws(' ', pr.first_name, pr.last_name)), ''), pr.email) as member_name,
                   uo.role as member_role
              from user_clickup_connections c
              join user_organizations uo on uo.organization_id = c.organization_id and uo.user_id = c.user_id
              join profiles pr on pr.id = c.user_id
             where c.organization_id = ${org} and c.clickup_user_id = u.id and c.is_active
             order by c.connected_at, c.user_id limit 1) m on true
          left join cap on cap.clickup_user_id = u.id
          left join logged on logged.user_id = u.id
         where u.organization_id = ${org}
           ${s.person ? sql`and u.id = ${s.person}` : sql``}
           ${s.project || s.client ? sql`and u.id in (select user_id from period_time)` : sql``}`,
  );
}
