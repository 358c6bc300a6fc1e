/**
 * The raw-SQL floors of `bench:reports` (issue 16: "p95 of each report … beside a raw-SQL floor"):
 * for each report, the plainest hand-written SQL that returns the same figures — the same sums,
 * groupings (key, week, total), ratios, rates, names and labels — with none of the app's layers
 * (no request context, no zod, no filters, no contract mapping, no stale-rate branch). They read
 * what the reports read: the report lines (time_entry_days) at the rates stored on them (the bench
 * reads every line's rates first, as the app's poll does), workload_capacity, the rate cards, the
 * tasks' estimates and the finance tables. Each returns a check figure that the bench compares
 * with the report's own, so a floor cannot drift into computing less than its report.
 */
import { ITEM_TYPE } from "../domain/index";
import type { Database } from "../server/db/client";

const PROJECT = ITEM_TYPE.project;

/** n ÷ d rounded half-even in numeric (n ≥ 0, d > 0). */
function halfEven(n: string, d: string): string {
  const a = `(${n})::numeric`;
  const b = `(${d})::numeric`;
  return `(div(${a}, ${b}) + case when mod(${a}, ${b}) * 2 > ${b}
            or (mod(${a}, ${b}) * 2 = ${b} and mod(div(${a}, ${b}), 2) = 1) then 1 else 0 end)::bigint`;
}

/** First day of the week of `day` for the workspace's week start (`o` is the organizations row). */
const week = (day: string) =>
  `(${day} - case when o.week_start = 'sunday' then extract(dow from ${day})::int
                  else extract(isodow from ${day})::int - 1 end)`;

/** The period's report lines with the prices stored on them. $1 org, $2 from, $3 to. */
const LINES = `
  select l.user_id, l.folder_id, l.day, ${week("l.day")} as week, l.entries, l.duration_ms, l.billable,
         l.internal_rate, l.client_rate, l.cost_minor as cost, l.revenue_minor as revenue
    from time_entry_days l cross join organizations o
   where o.id = $1 and l.organization_id = $1 and l.entries > 0 and l.day between $2::date and $3::date`;

const FIGURES = `sum(l.entries) as entries, sum(l.duration_ms) as ms,
  sum(l.duration_ms) filter (where l.billable) as billable_ms,
  sum(l.duration_ms) filter (where not l.billable) as non_billable_ms,
  sum(l.cost) as cost, sum(l.duration_ms) filter (where l.internal_rate is null) as unpriced_cost_ms,
  sum(l.revenue) as revenue, sum(l.duration_ms) filter (where l.client_rate is null) as unpriced_revenue_ms`;

const NAME = (u: string, id: string) =>
  `coalesce(nullif(btrim(${u}.username), ''), nullif(btrim(${u}.email), ''), 'User ' || ${id})`;

/** A project's client: its first meta task's first non-empty client field (projects/repo.ts). */
const FOLDER_CLIENTS = `
  select m.folder_id, (
    select nullif(btrim(coalesce(v.value->>'text', v.value->>'value', v.value->>'name',
             case when jsonb_typeof(v.value) in ('string', 'number', 'boolean') then v.value #>> '{}' end)), '') as c
      from custom_field_values v
      join custom_fields cf on cf.organization_id = v.organization_id and cf.id = v.custom_field_id
     where v.organization_id = $1 and v.task_id = m.id and lower(cf.name) like '%client%'
       and not (lower(cf.name) like '%clickup%' and lower(cf.name) like '%folder%')
       and nullif(btrim(coalesce(v.value->>'text', v.value->>'value', v.value->>'name',
             case when jsonb_typeof(v.value) in ('string', 'number', 'boolean') then v.value #>> '{}' end)), '') is not null
     order by cf.name, cf.id limit 1) as client
    from (select distinct on (t.folder_id) t.folder_id, t.id from tasks t
           where t.organization_id = $1 and t.custom_item_id = ${PROJECT} and not t.deleted and t.folder_id is not null
           order by t.folder_id, t.id) m`;

/** A person's rate of a kind on a day on a card: person line, else first role line, else the default. */
const rate = (card: string, person: string, roles: string, day: string) => `(select coalesce(
    (select l.rate_minor from rate_card_lines l
      where l.organization_id = $1 and l.card_id = rc.id and l.subject_type = 'person' and l.subject_id = ${person}
        and l.effective_from <= ${day} order by l.effective_from desc limit 1),
    (select rl.rate_minor from unnest(coalesce(${roles}, '{}'::text[])) with ordinality r(tag, ord)
      cross join lateral (select l.rate_minor from rate_card_lines l
        where l.organization_id = $1 and l.card_id = rc.id and l.subject_type = 'role'
          and lower(l.subject_id) = lower(r.tag) and l.effective_from <= ${day}
        order by l.effective_from desc limit 1) rl order by r.ord limit 1),
    rc.default_rate_minor) from rate_cards rc where rc.organization_id = $1 and rc.id = ${card})`;

const defaultCard = (kind: "internal" | "client") =>
  `(select dc.id from rate_cards dc where dc.organization_id = $1 and dc.kind = '${kind}' and dc.is_default)`;

/** A check figure: Σ of a column over the rows of a kind. */
function sumOf<T extends Record<string, unknown>>(rows: T[], column: keyof T, where: (r: T) => boolean) {
  return rows.filter(where).reduce((s, r) => s + Number(r[column] ?? 0), 0);
}

export interface FloorCheck {
  /** Σ of the report's money (or, without money, its minutes) over its rows: compared with the report's. */
  check: number;
}

/** Actual by project: per project, per week and in total, the eight figures; the project's name. */
export async function floorActual(db: Database, from: string, to: string): Promise<FloorCheck> {
  const { rows } = await db.raw.query<{ gk: number; revenue: string | null; cost: string | null }>(
    `with l as (${LINES}),
     g as (select grouping(l.folder_id) as gk, grouping(l.week) as gw, l.folder_id, l.week, ${FIGURES}
             from l group by grouping sets ((l.folder_id), (l.week), ()))
     select g.*, case when g.gk = 0 then coalesce(f.name, 'Project ' || g.folder_id) end as label
       from g left join folders f on g.gk = 0 and f.organization_id = $1 and f.id = g.folder_id`,
    [ORG, from, to],
  );
  return {
    check: sumOf(rows, "revenue", (r) => Number(r.gk) === 0) + sumOf(rows, "cost", (r) => Number(r.gk) === 0),
  };
}

/** Utilization: capacity and time off, logged and billable, per person, person × week and team; ratios. */
export async function floorUtilization(db: Database, from: string, to: string): Promise<FloorCheck> {
  const [figures] = await Promise.all([
    db.raw.query<{ gp: number; gw: number; logged_bp: string | null }>(
      `with cap as (select c.clickup_user_id as person_id, ${week("c.day")} as week,
                          sum(c.capacity_minutes) as capacity_minutes, sum(c.time_off_minutes) as time_off_minutes
                     from workload_capacity($1, $2::date, $3::date) c cross join organizations o where o.id = $1
                    group by 1, 2),
       logged as (select l.user_id as person_id, ${week("l.day")} as week, sum(l.duration_ms) as logged_ms,
                         coalesce(sum(l.duration_ms) filter (where l.billable), 0) as billable_ms
                    from time_entry_days l cross join organizations o
                   where o.id = $1 and l.organization_id = $1 and l.entries > 0 and l.day between $2::date and $3::date
                   group by 1, 2),
       d as (select coalesce(cap.person_id, logged.person_id) as person_id, coalesce(cap.week, logged.week) as week,
                    coalesce(cap.capacity_minutes, 0) as capacity_minutes, coalesce(cap.time_off_minutes, 0) as time_off_minutes,
                    coalesce(logged.logged_ms, 0) as logged_ms, coalesce(logged.billable_ms, 0) as billable_ms
               from cap full join logged on logged.person_id = cap.person_id and logged.week = cap.week),
       g as (select grouping(d.person_id) as gp, grouping(d.week) as gw, d.person_id, d.week,
                    sum(d.capacity_minutes) as capacity_minutes, sum(d.time_off_minutes) as time_off_minutes,
                    sum(d.logged_ms) as logged_ms, sum(d.billable_ms) as billable_ms
               from d group by grouping sets ((d.person_id), (d.person_id, d.week), ()))
       select g.*,
              case when g.capacity_minutes > 0 then ${halfEven("g.logged_ms * 10000", "g.capacity_minutes * 60000")} end as logged_bp,
              case when g.capacity_minutes > 0 then ${halfEven("g.billable_ms * 10000", "g.capacity_minutes * 60000")} end as utilization_bp,
              case when g.gp = 0 and g.gw = 1 then ${NAME("pu", "g.person_id")} end as name,
              case when g.gp = 0 and g.gw = 1 then coalesce(ps.role_tags, '{}') end as roles,
              case when g.gp = 0 and g.gw = 1 then ps.utilization_target_bp end as target_bp
         from g
         left join provider_users pu on pu.organization_id = $1 and pu.id = g.person_id
         left join person_settings ps on ps.organization_id = $1 and ps.clickup_user_id = g.person_id`,
      [ORG, from, to],
    ),
    db.raw.query(
      `select clickup_user_id, to_char(week_start, 'YYYY-MM-DD') as week_start, status from timesheet_weeks
        where organization_id = $1 and status <> 'open' and week_start between $2::date - 6 and $3::date
        order by clickup_user_id, week_start`,
      [ORG, from, to],
    ),
  ]);
  return {
    check: sumOf(figures.rows, "logged_bp", (r) => Number(r.gp) === 0 && Number(r.gw) === 1),
  };
}

/** User directory: each ClickUp user with member, roles, minutes per day, today's rates, capacity, logged, last entry. */
export async function floorUserDirectory(
  db: Database,
  from: string,
  to: string,
  today: string,
): Promise<FloorCheck> {
  const { rows } = await db.raw.query<{
    logged_ms: string | null;
    internal_rate: string | null;
    client_rate: string | null;
  }>(
    `with logged as (select l.user_id, sum(l.duration_ms) as ms from time_entry_days l
                      where l.organization_id = $1 and l.entries > 0 and l.day between $2::date and $3::date
                      group by 1),
          cap as (select c.clickup_user_id, sum(c.capacity_minutes) as minutes
                    from workload_capacity($1, $2::date, $3::date) c group by 1)
     select u.id, u.username, u.email, u.role, m.member_name, m.member_role, coalesce(ps.role_tags, '{}') as roles,
            case when ps.minutes_per_day is not null and (ps.minutes_effective_from is null or ps.minutes_effective_from <= $4::date)
                 then ps.minutes_per_day else o.default_minutes_per_day end as minutes_per_day,
            ps.utilization_target_bp as target_bp,
            ${rate(defaultCard("internal"), "u.id", "ps.role_tags", "$4::date")} as internal_rate,
            ${rate(defaultCard("client"), "u.id", "ps.role_tags", "$4::date")} as client_rate,
            cap.minutes as capacity_minutes, logged.ms as logged_ms,
            (select max(te.start_time) from time_entries te
              where te.organization_id = $1 and te.user_id = u.id and not te.deleted) as last_logged_at
       from provider_users u
       join organizations o on o.id = u.organization_id
       left join person_settings ps on ps.organization_id = $1 and ps.clickup_user_id = u.id
       left join lateral (
         select coalesce(nullif(btrim(concat_ws(' ', pr.first_name, pr.last_name)), ''), pr.email) as member_name,
                uo.role as member_role
           from user_clickup_connections c
           join user_organizations uo on uo.organization_id = c.organization_id and uo.user_id = c.user_id
           join profiles pr on pr.id = c.user_id
          where c.organization_id = $1 and c.clickup_user_id = u.id and c.is_active
          order by c.connected_at, c.user_id limit 1) m on true
       left join cap on cap.clickup_user_id = u.id
       left join logged on logged.user_id = u.id
      where u.organization_id = $1`,
    [ORG, from, to, today],
  );
  return {
    check:
      sumOf(rows, "logged_ms", () => true) +
      sumOf(rows, "internal_rate", () => true) +
      sumOf(rows, "client_rate", () => true),
  };
}

/**
 * Client: per client (and currency) its projects, approved budgets, invoiced, paid, outstanding
 * with ageing, and the period's time, cost and revenue (the lines of its projects); per currency
 * in total; the margin.
 */
export async function floorClient(
  db: Database,
  from: string,
  to: string,
  today: string,
): Promise<FloorCheck> {
  const open = "(i.total_minor - i.paid_minor)";
  const age = "($4::date - i.due_date)";
  const { rows } = await db.raw.query<{ kind: string; revenue: string | null; cost: string | null }>(
    `with fc as materialized (${FOLDER_CLIENTS}),
     l as (${LINES}),
     f as materialized (select f.id, f.name, fc.client from folders f join fc on fc.folder_id = f.id
                         where f.organization_id = $1 and not f.deleted and nullif(btrim(fc.client), '') is not null),
     billing as (select lower(c.name) as ck, c.name, c.id, c.archived from clients c where c.organization_id = $1),
     projects as (select lower(f.client) as ck, min(f.client) as name, count(*) as projects,
                         json_agg(json_build_object('id', f.id, 'name', f.name) order by f.name, f.id) as project_list
                    from f group by 1),
     budgets as (select lower(f.client) as ck, b.currency, count(*) as budgets, sum(r.grand_total_minor) as approved_budget
                   from budgets b join f on f.id = b.folder_id
                   join budget_revisions r on r.organization_id = $1 and r.budget_id = b.id and r.number = b.working_revision_number
                  where b.organization_id = $1 and b.working_revision_number is not null group by 1, 2),
     invoices as (select lower(c.name) as ck, i.currency,
                         count(*) filter (where i.issue_date between $2::date and $3::date) as invoices,
                         sum(i.total_minor) filter (where i.issue_date between $2::date and $3::date) as invoiced,
                         coalesce(sum(${open}) filter (where i.status = 'sent'), 0) as outstanding,
                         coalesce(sum(${open}) filter (where i.status = 'sent' and ${age} <= 0), 0) as age_current,
                         coalesce(sum(${open}) filter (where i.status = 'sent' and ${age} between 1 and 30), 0) as age_1_30,
                         coalesce(sum(${open}) filter (where i.status = 'sent' and ${age} between 31 and 60), 0) as age_31_60,
                         coalesce(sum(${open}) filter (where i.status = 'sent' and ${age} between 61 and 90), 0) as age_61_90,
                         coalesce(sum(${open}) filter (where i.status = 'sent' and ${age} > 90), 0) as age_90_plus
                    from client_invoices i join clients c on c.organization_id = $1 and c.id = i.client_id
                   where i.organization_id = $1 and i.status in ('sent', 'paid') group by 1, 2),
     paid as (select lower(c.name) as ck, i.currency, sum(p.amount_minor) as paid
                from client_invoice_payments p
                join client_invoices i on i.organization_id = $1 and i.id = p.invoice_id and i.status <> 'void'
                join clients c on c.organization_id = $1 and c.id = i.client_id
               where p.organization_id = $1 and p.paid_on between $2::date and $3::date group by 1, 2),
     time as (select lower(fc.client) as ck, min(fc.client) as name, sum(x.entries) as entries, sum(x.ms) as ms,
                     sum(x.cost) as cost, sum(x.unpriced_cost_ms) as unpriced_cost_ms,
                     sum(x.revenue) as revenue, sum(x.unpriced_revenue_ms) as unpriced_revenue_ms
                from (select l.folder_id, ${FIGURES} from l group by 1) x join fc on fc.folder_id = x.folder_id
               where nullif(btrim(fc.client), '') is not null group by 1),
     keys as (select ck from time union select ck from projects union select ck from budgets
              union select ck from invoices union select ck from paid union select ck from billing where not archived),
     rs as (select k.ck, x.currency from keys k cross join lateral (
              select o.currency from organizations o where o.id = $1
              union select currency from budgets b where b.ck = k.ck
              union select currency from invoices i where i.ck = k.ck
              union select currency from paid pd where pd.ck = k.ck) x),
     full_rows as (
       select r.ck, r.currency, coalesce(cb.name, cp.name, t.name) as name, cb.id as client_id,
              coalesce(cp.projects, 0) as projects, cp.project_list, coalesce(bu.budgets, 0) as budgets, bu.approved_budget,
              coalesce(iv.invoices, 0) as invoices, iv.invoiced, pd.paid, iv.outstanding, iv.age_current, iv.age_1_30,
              iv.age_31_60, iv.age_61_90, iv.age_90_plus,
              case when r.currency = o.currency then t.entries end as entries,
              case when r.currency = o.currency then t.ms end as ms,
              case when r.currency = o.currency then t.cost end as cost,
              case when r.currency = o.currency then t.unpriced_cost_ms end as unpriced_cost_ms,
              case when r.currency = o.currency then t.revenue end as revenue,
              case when r.currency = o.currency then t.unpriced_revenue_ms end as unpriced_revenue_ms
         from rs r cross join organizations o
         left join billing cb on cb.ck = r.ck left join projects cp on cp.ck = r.ck left join time t on t.ck = r.ck
         left join budgets bu on bu.ck = r.ck and bu.currency = r.currency
         left join invoices iv on iv.ck = r.ck and iv.currency = r.currency
         left join paid pd on pd.ck = r.ck and pd.currency = r.currency
        where o.id = $1),
     sums as (
       select case when grouping(x.ck) = 0 then 'client' else 'total' end as kind, x.ck, min(x.name) as name,
              min(x.client_id) as client_id, x.currency, count(*) as clients, sum(x.projects) as projects,
              case when grouping(x.ck) = 0 then (array_agg(x.project_list))[1] end as project_list,
              sum(x.budgets) as budgets, sum(x.approved_budget) as approved_budget, sum(x.invoices) as invoices,
              sum(x.invoiced) as invoiced, sum(x.paid) as paid, sum(x.outstanding) as outstanding,
              sum(x.age_current) as age_current, sum(x.age_1_30) as age_1_30, sum(x.age_31_60) as age_31_60,
              sum(x.age_61_90) as age_61_90, sum(x.age_90_plus) as age_90_plus, coalesce(sum(x.entries), 0) as entries,
              coalesce(sum(x.ms), 0) as ms, sum(x.cost) as cost, coalesce(sum(x.unpriced_cost_ms), 0) as unpriced_cost_ms,
              sum(x.revenue) as revenue, coalesce(sum(x.unpriced_revenue_ms), 0) as unpriced_revenue_ms
         from full_rows x group by grouping sets ((x.ck, x.currency), (x.currency)))
     select s.*, case when s.revenue > 0 and s.cost is not null then
              sign(s.revenue - s.cost)::bigint * ${halfEven("abs(s.revenue - s.cost) * 10000", "s.revenue")} end as margin_bp
       from sums s order by s.kind, s.currency, s.name`,
    [ORG, from, to, today],
  );
  return {
    check:
      sumOf(rows, "revenue", (r) => r.kind === "client") + sumOf(rows, "cost", (r) => r.kind === "client"),
  };
}

/**
 * Accrual to the report date: per project and assignee the live tasks' estimates (priced at the
 * assignee's client rate on the report date, on the project's card) and the time to date (the
 * lines since 2000 at their stored client rates); per project and in total; each project's name,
 * client, job code, budget, start and due; each assignee's name and tags.
 */
export async function floorAccrual(db: Database, reportDate: string): Promise<FloorCheck> {
  const day = (col: string) => `to_char((${col} at time zone o.time_zone)::date, 'YYYY-MM-DD')`;
  const { rows } = await db.raw.query<{
    kind: string;
    est_revenue: string | null;
    act_revenue: string | null;
  }>(
    `with l as (${LINES}),
     pf as materialized (select f.id as folder_id from folders f where f.organization_id = $1 and not f.deleted
                            and exists (select 1 from tasks t where t.organization_id = $1 and t.folder_id = f.id and not t.deleted)),
     est as (select t.folder_id, coalesce(t.assignee_id, '') as user_id, sum(t.time_estimate_ms) as ms
               from tasks t join pf on pf.folder_id = t.folder_id
              where t.organization_id = $1 and not t.deleted and t.time_estimate_ms > 0 group by 1, 2),
     cards as (select x.folder_id, coalesce((select pc.card_id from project_rate_cards pc
                                              where pc.organization_id = $1 and pc.folder_id = x.folder_id),
                                             ${defaultCard("client")}) as card
                 from (select distinct folder_id from est) x),
     people as (select distinct e.user_id, c.card from est e join cards c on c.folder_id = e.folder_id where e.user_id <> ''),
     prates as (select p.user_id, p.card, ${rate(
       "p.card",
       "p.user_id",
       "(select ps.role_tags from person_settings ps where ps.organization_id = $1 and ps.clickup_user_id = p.user_id)",
       "$3::date",
     )} as rate from people p),
     est_priced as (
       select e.folder_id, e.user_id, e.ms, ${halfEven("e.ms::numeric * r.rate", "3600000")} as revenue
         from est e join cards c on c.folder_id = e.folder_id
         left join prates r on r.user_id = e.user_id and r.card = c.card),
     act as (select l.folder_id, l.user_id, sum(l.duration_ms) as ms, sum(l.entries) as entries, sum(l.revenue) as revenue
               from l join pf on pf.folder_id = l.folder_id group by 1, 2),
     pairs as (select coalesce(e.folder_id, a.folder_id) as folder_id, coalesce(e.user_id, a.user_id) as user_id,
                      coalesce(e.ms, 0) as est_ms, case when e.folder_id is null then 0 else e.revenue end as est_revenue,
                      coalesce(a.ms, 0) as act_ms, coalesce(a.entries, 0) as act_entries,
                      case when a.folder_id is null then 0 else a.revenue end as act_revenue
                 from est_priced e full join act a on a.folder_id = e.folder_id and a.user_id = e.user_id),
     projects as (select folder_id from pairs union
                  select m.folder_id from tasks m join pf on pf.folder_id = m.folder_id
                   where m.organization_id = $1 and m.custom_item_id = ${PROJECT} and not m.deleted),
     g as (select case when grouping(p.user_id) = 0 then 'assignee' when grouping(p.folder_id) = 0 then 'project' else 'total' end as kind,
                  p.folder_id, p.user_id, sum(p.est_ms) as est_ms, sum(p.est_revenue) as est_revenue,
                  sum(p.act_ms) as act_ms, sum(p.act_entries) as act_entries, sum(p.act_revenue) as act_revenue
             from pairs p group by grouping sets ((p.folder_id, p.user_id), (p.folder_id), ()))
     select g.kind, g.folder_id, g.user_id, g.est_ms, g.est_revenue, g.act_ms, g.act_revenue,
            case when g.user_id = '' then 'Unassigned' else ${NAME("pu", "g.user_id")} end as name,
            coalesce(ps.role_tags, '{}') as tags, null as client, null as job_code, null as budget_id, null as start, null as due
       from g
       left join provider_users pu on pu.organization_id = $1 and pu.id = g.user_id
       left join person_settings ps on ps.organization_id = $1 and ps.clickup_user_id = g.user_id
      where g.kind <> 'project'
     union all
     select 'project', pr.folder_id, null, g.est_ms, g.est_revenue, g.act_ms, g.act_revenue,
            coalesce(f.name, m.folder_name, m.name, 'Project ' || pr.folder_id), null, fc.client,
            coalesce(nullif(btrim(m.job_code), ''), nullif(btrim(m.custom_id), ''), m.name, f.name, pr.folder_id),
            (select b.id from budgets b where b.organization_id = $1 and b.folder_id = pr.folder_id order by b.created_at desc, b.id limit 1),
            coalesce(${day("m.start_date")}, (select ${day("min(t.start_date)")} from tasks t
                       where t.organization_id = $1 and t.folder_id = pr.folder_id and not t.deleted)),
            coalesce(${day("m.due_date")}, (select ${day("max(t.due_date)")} from tasks t
                       where t.organization_id = $1 and t.folder_id = pr.folder_id and not t.deleted))
       from projects pr cross join organizations o
       left join g on g.kind = 'project' and g.folder_id = pr.folder_id
       left join folders f on f.organization_id = $1 and f.id = pr.folder_id
       left join (${FOLDER_CLIENTS}) fc on fc.folder_id = pr.folder_id
       left join lateral (select mt.name, mt.folder_name, mt.job_code, mt.custom_id, mt.start_date, mt.due_date from tasks mt
                           where mt.organization_id = $1 and mt.folder_id = pr.folder_id and mt.custom_item_id = ${PROJECT} and not mt.deleted
                           order by mt.id limit 1) m on true
      where o.id = $1`,
    [ORG, "2000-01-01", reportDate],
  );
  return {
    check:
      sumOf(rows, "est_revenue", (r) => r.kind === "assignee") +
      sumOf(rows, "act_revenue", (r) => r.kind === "assignee"),
  };
}

export const ORG = "bench-org";
