import { sql, type SQL } from "drizzle-orm";
import { firstRow, rows, type Executor } from "../../db/executor";
import { cardIdSql, rateSql, roundHalfEvenBigintSql, roundHalfEvenSql } from "../rate-cards/rates-sql";

/*
 * All SQL of the workload grid (spec §2 Workload, §9): one statement aggregates every open
 * task of the workspace into minutes per person per day, with capacity from
 * workload_capacity() (migration 0008). The booking rules are written once in contract.ts; the
 * SQL spellings of domain rules come from the dashboard repo (finished status, `h/d est`), and
 * the Bid phase of spec §4 is decided by domain projectPhase() in the use case, which hands the
 * Bid statuses in.
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
 * The money of the grid's confirmed bookings (CTEs appended to the grid statement, which gives
 * `rated` and `cum`): PRODUCT.md → Rate cards, priced per line where a line is one task's
 * booked minutes for one person within one rate period — the task's days in the window split
 * wherever a rate line that may apply to the person (their person line or a line of one of their
 * role tags, on the default internal card or the project's client card) takes effect, so an hour
 * is priced at the rate in force on the day it is booked. A rate depends on the person, the card
 * and the day only, so each (person, card) pair the lines need is cut into the ranges of the
 * window between those effective dates, and rateSql (domain/rates.ts) runs once per range (a few
 * hundred) rather than once per line (tens of thousands); a line reads the range holding its
 * first day. Its price is minutes × rate / 60 rounded half-even once (roundHalfEvenSql, on the
 * exact fraction of minutes); totals are sums of those rounded lines.
 * A line without a rate is unpriced: its minutes are counted apart, never priced at 0.
 * Tentative (Bid-phase) minutes are not priced.
 */
function moneyCtes(org: string): SQL {
  // A line's minutes × rate ÷ 60, rounded half-even: in bigint when the product fits (2^40 × 2^22).
  const price = (rate: SQL) =>
    sql`case when l.num_i is not null and ${rate} < 4194304
             then ${roundHalfEvenBigintSql(sql`(l.num_i * ${rate})`, sql`l.den60_i`)}
             else ${roundHalfEvenSql(sql`l.num * ${rate}`, sql`l.den * 60`, "columns")} end`;
  const defaultInternal = cardIdSql("internal", { organizationId: org, folder: sql`null` });
  return sql`priced as (
        -- A day's minutes as an exact fraction (num_day / den_day).
        select r.person, r.task_id, r.s, r.e, r.on_working,
               case when r.hpd > 0 then r.hpd * 60 else r.est_ms::numeric end as num_day,
               case when r.hpd > 0 then 1::numeric else 60000::numeric * r.n_asg * r.days end as den_day,
               coalesce(r.folder_id, '') as folder_key
          from rated r where not r.tentative and (r.hpd > 0 or r.est_ms > 0)
      ),
      -- Each project's client card and the default internal card, resolved once ('' = none).
      project_cards as materialized (
        select f.folder_key,
               coalesce(${cardIdSql("client", { organizationId: org, folder: sql`nullif(f.folder_key, '')` })}, '') as card
          from (select distinct p.folder_key from priced p) f
      ),
      internal_card as materialized (select coalesce(${defaultInternal}, '') as card),
      person_roles as materialized (
        select k.person, coalesce(ps.role_tags, '{}'::text[]) as roles
          from (select distinct p.person from priced p) k
          left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = k.person
      ),
      -- Every (person, card) a priced line reads a rate from.
      rate_pairs as (
        select distinct p.person, c.card
          from priced p join project_cards c on c.folder_key = p.folder_key
        union
        select distinct p.person, i.card from priced p cross join internal_card i
      ),
      -- The days such a rate may change in the window: its first day, and the effective_from of
      -- every line of the card that may apply to the person (their person line, a line of one of
      -- their role tags) after it.
      rate_points as (
        select k.person, k.card, win.d0 as day from rate_pairs k cross join win
        union
        select k.person, k.card, l.effective_from
          from rate_pairs k
         cross join win
          join person_roles r on r.person = k.person
          join rate_card_lines l on l.organization_id = ${org} and l.card_id = k.card
           and l.effective_from > win.d0 and l.effective_from <= win.d1
           and ((l.subject_type = 'person' and l.subject_id = k.person)
                or (l.subject_type = 'role' and lower(l.subject_id) in (select lower(tag) from unnest(r.roles) tag)))
      ),
      -- Each (person, card)'s rate as ranges [from, to) of the window: rateSql once per range.
      rate_ranges as materialized (
        select t.person, t.card, t.day as d_from,
               coalesce(lead(t.day) over (partition by t.person, t.card order by t.day), 'infinity'::date) as d_to,
               ${rateSql("internal", { organizationId: org, person: sql`t.person`, roles: sql`r.roles`, folder: sql`null`, day: sql`t.day` }, sql`nullif(t.card, '')`)} as rate
          from rate_points t join person_roles r on r.person = t.person
      ),
      priced_cards as (
        select p.*, c.card as client_card, i.card as cost_card
          from priced p
          join project_cards c on c.folder_key = p.folder_key
         cross join internal_card i
      ),
      -- The days inside a line where either of its rates changes (few: most lines have none).
      inner_bounds as materialized (
        select distinct p.person, p.task_id, t.d_from as day
          from priced_cards p
          join (select t.* from rate_ranges t cross join win where t.d_from > win.d0) t
            on t.person = p.person and (t.card = p.cost_card or t.card = p.client_card)
           and t.d_from > p.s and t.d_from <= p.e
      ),
      first_bounds as (
        select b.person, b.task_id, min(b.day) as day from inner_bounds b group by b.person, b.task_id
      ),
      -- Each line cut at those days: its first piece, then one piece from each of them.
      segs as (
        select p.person, p.cost_card, p.client_card, p.on_working, p.num_day, p.den_day, p.s as s1,
               coalesce(fb.day - 1, p.e) as e1
          from priced_cards p
          left join first_bounds fb on fb.person = p.person and fb.task_id = p.task_id
        union all
        select p.person, p.cost_card, p.client_card, p.on_working, p.num_day, p.den_day, b.day,
               coalesce(lead(b.day) over (partition by b.person, b.task_id order by b.day) - 1, p.e)
          from inner_bounds b
          join priced_cards p on p.person = b.person and p.task_id = b.task_id
      ),
      lines as materialized (
        select l.*,
               -- Whole minutes' numerators (an estimate's milliseconds, most h/d est values) and
               -- rates that cannot overflow a bigint product are priced in bigint arithmetic.
               case when l.num = trunc(l.num) and l.num < 1099511627776 then l.num::bigint end as num_i,
               (l.den * 60)::bigint as den60_i
          from (
        select g.person,
               g.num_day * (case when g.on_working
                                 then cb.c - ca.c + (case when ca.w then 1 else 0 end)
                                 else g.e1 - g.s1 + 1 end) as num,
               g.den_day as den,
               cr.rate as cost_rate,
               kr.rate as client_rate
          from segs g
          join cum ca on ca.day = g.s1
          join cum cb on cb.day = g.e1
          left join rate_ranges cr on cr.person = g.person and cr.card = g.cost_card
           and g.s1 >= cr.d_from and g.s1 < cr.d_to
          left join rate_ranges kr on kr.person = g.person and kr.card = g.client_card
           and g.s1 >= kr.d_from and g.s1 < kr.d_to
          ) l
      ),
      money as (
        select l.person,
               case when count(*) filter (where l.cost_rate is not null) = 0 then null
                    else sum(${price(sql`l.cost_rate`)}) end as cost,
               case when count(*) filter (where l.client_rate is not null) = 0 then null
                    else sum(${price(sql`l.client_rate`)}) end as revenue,
               coalesce(round(sum(l.num / l.den) filter (where l.cost_rate is null)), 0)::bigint
                 as unpriced_cost_minutes,
               coalesce(round(sum(l.num / l.den) filter (where l.client_rate is null)), 0)::bigint
                 as unpriced_revenue_minutes
          from lines l where l.num > 0
         group by l.person
      )`;
}

/**
 * The grid in one statement: per person (and the Unassigned row) per day of the window, booked
 * and tentative minutes, capacity and time off, overdue days; and per person the open tasks
 * due before today. Rows: every ClickUp user of the workspace (or the filtered person / role
 * holders); with a space or project filter only people with tasks under it; then assignees
 * missing from the users table; the Unassigned row last (not with a person or role filter).
 *
 * Spreading uses running sums over the window (a rate starts on a task's first day and stops
 * after its last), so the cost grows with tasks + people × days, not tasks × days.
 */
export async function selectWorkloadGrid(executor: Executor, f: WorkloadFilter): Promise<WorkloadGridRow[]> {
  const org = f.organizationId;
  const onlyPerson = f.person !== undefined;
  const personCondition = onlyPerson ? sql`b.person = ${f.person}` : sql`true`;
  const roleHolders = f.role
    ? sql`(select ps.clickup_user_id from person_settings ps
            where ps.organization_id = ${org}
              and exists (select 1 from unnest(ps.role_tags) r where lower(r) = lower(${f.role})))`
    : undefined;
  const roleCondition = roleHolders ? sql`b.person in ${roleHolders}` : sql`true`;
  const taskFilterSet = Boolean(f.space || f.project);
  const withUnassigned = f.person === "" || (!onlyPerson && !roleHolders);
  return rows<WorkloadGridRow>(
    executor,
    sql`with
      win as (select ${f.from}::date as d0, ${f.to}::date as d1, ${f.today}::date as today),
      ws as (select o.working_days from organizations o where o.id = ${org}),
      bid as (
        select distinct m.folder_id from tasks m
         where m.organization_id = ${org} and m.custom_item_id = 1001 and not m.deleted
           and m.folder_id is not null and m.status in (select jsonb_array_elements_text(${JSON.stringify(f.bidStatuses)}::jsonb))
      ),
      -- The bookings of the window (workload_bookings, derived from the synced tables by
      -- bookings-repo.ts) and those overdue whatever the window.
      asg as materialized (
        select b.task_id as id, b.space_id, b.folder_id, b.range_start as rs, b.range_end as re, b.due_day as dd,
               b.estimate_ms as est_ms, b.person, b.assignees as n_asg, b.hours_per_day as hpd,
               bid.folder_id is not null as tentative
          from workload_bookings b
         cross join win
          left join bid on bid.folder_id = b.folder_id
         where b.organization_id = ${org}
           and ((b.range_end >= win.d0 and b.range_start <= win.d1) or b.due_day < win.today)
           ${f.space ? sql`and b.space_id = ${f.space}` : sql``} ${f.project ? sql`and b.folder_id = ${f.project}` : sql``}
           and ${personCondition} and ${roleCondition}
           ${f.includeTentative ? sql`` : sql`and bid.folder_id is null`}
      ),
      inwin as (
        select a.* from asg a cross join win where a.rs <= win.d1 and a.re >= win.d0
      ),
      cal as (
        select g::date as day, (extract(isodow from g)::int = any (ws.working_days) and h.day is null) as w,
               h.day is not null as hol
          from win, ws,
               generate_series(least(win.d0, (select min(rs) from inwin))::timestamp,
                               greatest(win.d1, (select max(re) from inwin))::timestamp, interval '1 day') g
          left join workspace_holidays h on h.organization_id = ${org} and h.day = g::date
      ),
      cum as (select day, w, sum(case when w then 1 else 0 end) over (order by day) as c from cal),
      rated as (
        select i.person, i.id as task_id, i.folder_id, i.space_id, greatest(i.rs, win.d0) as s, least(i.re, win.d1) as e,
               i.tentative, (i.dd < win.today) as ov, n.nw > 0 as on_working,
               -- Minutes a day in float8: cells are whole minutes (rounded once, at the end), and
               -- float sums are several times cheaper than numeric ones; money prices the exact
               -- fraction (moneyCtes).
               case when i.hpd > 0 then (i.hpd * 60)::float8
                    when i.est_ms > 0 then i.est_ms::float8 / (60000 * i.n_asg * n.days)
                    else 0 end as rate,
               i.est_ms, i.hpd, i.n_asg, n.days
          from inwin i
         cross join win
          join cum a on a.day = i.rs
          join cum b on b.day = i.re
         cross join lateral (select b.c - a.c + (case when a.w then 1 else 0 end) as nw) w
         -- The days the estimate is spread over: the range's working days, else all its days.
         cross join lateral (select w.nw, case when w.nw > 0 then w.nw else i.re - i.rs + 1 end as days) n
      ),
      ev as (
        select person, s as day,
               case when on_working and not tentative then rate else 0 end as bw,
               case when not on_working and not tentative then rate else 0 end as ba,
               case when on_working and tentative then rate else 0 end as tw,
               case when not on_working and tentative then rate else 0 end as tall,
               case when ov then 1 else 0 end as ov
          from rated
        union all
        select person, e + 1,
               case when on_working and not tentative then -rate else 0 end,
               case when not on_working and not tentative then -rate else 0 end,
               case when on_working and tentative then -rate else 0 end,
               case when not on_working and tentative then -rate else 0 end,
               case when ov then -1 else 0 end
          from rated cross join win where e < win.d1
      ),
      evd as (
        select person, day, sum(bw) as bw, sum(ba) as ba, sum(tw) as tw, sum(tall) as tall, sum(ov) as ov
          from ev group by person, day
      ),
      people as (
        select u.id as person, true as known, u.username as pu_username, u.email as pu_email
          from provider_users u
         where u.organization_id = ${org}
           ${onlyPerson ? sql`and u.id = ${f.person ?? ""}` : sql``}
           ${roleHolders ? sql`and u.id in ${roleHolders}` : sql``}
           ${taskFilterSet ? sql`and exists (select 1 from asg where asg.person = u.id)` : sql``}
        union all
        select distinct a.person, false, null::text, null::text
          from asg a
         where a.person <> ''
           and not exists (select 1 from provider_users u where u.organization_id = ${org} and u.id = a.person)
        ${withUnassigned ? sql`union all select '', false, null::text, null::text` : sql``}
      ),
      days as (
        select cal.day, cal.w, (cal.day - win.d0)::int as idx
          from cal cross join win where cal.day between win.d0 and win.d1
      ),
      cells as (
        select p.person, d.day, d.idx, d.w,
               sum(coalesce(e.bw, 0)) over run as bw,
               sum(coalesce(e.ba, 0)) over run as ba,
               sum(coalesce(e.tw, 0)) over run as tw,
               sum(coalesce(e.tall, 0)) over run as tall,
               sum(coalesce(e.ov, 0)) over run as ov
          from people p
         cross join days d
          left join evd e on e.person = p.person and e.day = d.day
        window run as (partition by p.person order by d.day)
      ),
      cap as (
        select c.clickup_user_id, c.day, c.capacity_minutes, c.time_off_minutes, c.is_holiday, c.is_working_day
          from win, workload_capacity(${org}, win.d0, win.d1) c
      ),
      grid as (
        select c.person,
               array_agg(round((case when c.w then c.bw else 0 end + c.ba)::float8)::int order by c.idx) as booked,
               array_agg(round((case when c.w then c.tw else 0 end + c.tall)::float8)::int order by c.idx) as tentative,
               array_agg(coalesce(k.capacity_minutes, 0) order by c.idx) as capacity,
               array_agg(coalesce(k.time_off_minutes, 0) order by c.idx) as time_off,
               array_agg(c.idx order by c.idx) filter (
                 where k.clickup_user_id is null or not k.is_working_day or k.is_holiday) as off,
               array_agg(c.idx order by c.idx) filter (where c.ov > 0) as overdue_days
          from cells c
          left join cap k on k.clickup_user_id = c.person and k.day = c.day
         group by c.person
      ),
      overdue as (
        select a.person, count(distinct a.id)::int as n from asg a cross join win
         where a.dd < win.today group by a.person
      ),
      person_spaces as (
        select i.person, array_agg(distinct i.space_id order by i.space_id) as ids
          from inwin i where i.space_id is not null group by i.person
      )${
        f.withMoney
          ? sql`,
      ${moneyCtes(org)}`
          : sql``
      }
      select p.person, p.known, p.pu_username, p.pu_email,
             tu.username as task_username, tu.email as task_email,
             ps.role_tags, sp.ids as space_ids,
             g.booked, g.tentative, g.capacity, g.time_off, g.off, g.overdue_days,
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
             (select array_agg(cal.day - win.d0 order by cal.day) from cal cross join win
               where cal.hol and cal.day between win.d0 and win.d1) as holidays
        from people p
        join grid g on g.person = p.person
        left join overdue od on od.person = p.person
        left join person_spaces sp on sp.person = p.person
        ${f.withMoney ? sql`left join money m on m.person = p.person` : sql``}
        left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = p.person
        left join lateral (
          select case when jsonb_typeof(e.v->'username') = 'string' then nullif(btrim(e.v->>'username'), '') end
                   as username,
                 case when jsonb_typeof(e.v->'email') = 'string' then nullif(btrim(e.v->>'email'), '') end as email
            from task_assignees ta
            join tasks nt on nt.organization_id = ta.organization_id and nt.id = ta.task_id
           cross join lateral jsonb_array_elements(
             case when jsonb_typeof(nt.assignees_array) = 'array' then nt.assignees_array else '[]'::jsonb end) e(v)
           where p.person <> '' and ta.organization_id = ${org} and ta.user_id = p.person
             and jsonb_typeof(e.v) = 'object' and e.v->>'id' = p.person
           limit 1
        ) tu on true
       order by p.person = '', lower(coalesce(p.pu_username, p.pu_email, p.person)), p.person`,
  );
}
