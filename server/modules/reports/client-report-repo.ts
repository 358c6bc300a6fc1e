import { sql, type SQL } from "drizzle-orm";
import { rows, type Executor } from "../../db/executor";
import { folderClientSql } from "../projects/repo";
import { roundHalfEvenSql } from "../rate-cards/rates-sql";
import { reportEntriesCte, reportRates, type ReportScope } from "./repo";

/*
 * The Client report's SQL (issue 16 point 4), in one statement. A client is the meta task's
 * client field (projects/repo.ts folderClientSql) or a billing client (clients), matched by name in
 * any case. Per client and currency:
 *
 * - projects: the workspace's folders whose client it is (under the project filter);
 * - approved budgets: Σ grand total of each budget's working (approved) revision, in its currency;
 * - invoiced: Σ totals of the invoices issued (sent or paid) in the period;
 * - paid: Σ payments received in the period (void invoices left out);
 * - outstanding: what is still open on every sent invoice on the workspace's today, aged by days
 *   past its due date (current, 1–30, 31–60, 61–90, over 90);
 * - revenue and cost: the report's priced time entries (repo.ts reportEntriesCte, the rate cards
 *   read by rates-sql.ts), in the workspace currency; margin = (revenue − cost) ÷ revenue.
 *
 * Money is never summed across currencies: a client billed in two currencies has one row per
 * currency, and the totals are one row per currency (grouping sets). A figure whose source has no
 * rows is null (the page shows "—" with the reason), never 0.
 */

export interface ClientReportSqlRow {
  kind: "client" | "total";
  ck: string | null;
  name: string | null;
  client_id: string | null;
  currency: string;
  clients: string | number;
  projects: string | number;
  project_list: { id: string; name: string }[] | null;
  budgets: string | number;
  approved_budget: string | number | null;
  invoices: string | number;
  invoiced: string | number | null;
  paid: string | number | null;
  outstanding: string | number | null;
  age_current: string | number | null;
  age_1_30: string | number | null;
  age_31_60: string | number | null;
  age_61_90: string | number | null;
  age_90_plus: string | number | null;
  entries: string | number;
  ms: string | number;
  cost: string | number | null;
  unpriced_cost_ms: string | number;
  revenue: string | number | null;
  unpriced_revenue_ms: string | number;
  margin_bp: string | number | null;
}

/** n ÷ d rounded half-even whatever the sign of n (d > 0): the margin may be negative. */
function signedRatioBp(n: SQL, d: SQL): SQL {
  return sql`(sign(${n})::bigint * ${roundHalfEvenSql(sql`abs(${n}) * 10000`, d)})`;
}

export async function selectClientReport(
  executor: Executor,
  s: ReportScope,
  today: string,
  currency: string,
): Promise<ClientReportSqlRow[]> {
  const org = s.organizationId;
  const clientIs = (expr: SQL) => (s.client ? sql`and lower(${expr}) = lower(${s.client})` : sql``);
  // Budgets and invoices name no person: under a person filter they are left out (the page says why).
  const finance = s.person ? sql`and false` : sql``;
  const days = sql`(${today}::date - i.due_date)`;
  const open = sql`(i.total_minor - i.paid_minor)`;
  return rows<ClientReportSqlRow>(
    executor,
    sql`with ${reportEntriesCte(s, await reportRates(executor, s, { whenStale: true }))},
        cr_folders as materialized (
          select x.id, x.name, x.client from (
            select f.id, f.name, ${folderClientSql(org, sql`f.id`)} as client
              from folders f where f.organization_id = ${org} and not f.deleted
               ${s.project ? sql`and f.id = ${s.project}` : sql``}) x
           where nullif(btrim(x.client), '') is not null ${clientIs(sql`x.client`)}),
        cr_billing as (
          select lower(c.name) as ck, c.name, c.id, c.archived from clients c
           where c.organization_id = ${org} ${clientIs(sql`c.name`)}),
        cr_projects as (
          select lower(f.client) as ck, min(f.client) as name, count(*) as projects,
                 json_agg(json_build_object('id', f.id, 'name', f.name) order by f.name, f.id) as project_list
            from cr_folders f group by 1),
        cr_budgets as (
          select lower(f.client) as ck, b.currency, count(*) as budgets, sum(r.grand_total_minor) as approved_budget
            from budgets b
            join cr_folders f on f.id = b.folder_id
            join budget_revisions r on r.organization_id = ${org} and r.budget_id = b.id
             and r.number = b.working_revision_number
           where b.organization_id = ${org} and b.working_revision_number is not null ${finance}
           group by 1, 2),
        cr_invoices as (
          select lower(c.name) as ck, i.currency,
                 count(*) filter (where i.issue_date between ${s.from}::date and ${s.to}::date) as invoices,
                 sum(i.total_minor) filter (where i.issue_date between ${s.from}::date and ${s.to}::date) as invoiced,
                 coalesce(sum(${open}) filter (where i.status = 'sent'), 0) as outstanding,
                 coalesce(sum(${open}) filter (where i.status = 'sent' and ${days} <= 0), 0) as age_current,
                 coalesce(sum(${open}) filter (where i.status = 'sent' and ${days} between 1 and 30), 0) as age_1_30,
                 coalesce(sum(${open}) filter (where i.status = 'sent' and ${days} between 31 and 60), 0) as age_31_60,
                 coalesce(sum(${open}) filter (where i.status = 'sent' and ${days} between 61 and 90), 0) as age_61_90,
                 coalesce(sum(${open}) filter (where i.status = 'sent' and ${days} > 90), 0) as age_90_plus
            from client_invoices i
            join clients c on c.organization_id = ${org} and c.id = i.client_id
           where i.organization_id = ${org} and i.status in ('sent', 'paid') ${finance}
             ${s.project ? sql`and i.project_id = ${s.project}` : sql``} ${clientIs(sql`c.name`)}
           group by 1, 2),
        cr_paid as (
          select lower(c.name) as ck, i.currency, sum(p.amount_minor) as paid
            from client_invoice_payments p
            join client_invoices i on i.organization_id = ${org} and i.id = p.invoice_id and i.status <> 'void'
            join clients c on c.organization_id = ${org} and c.id = i.client_id
           where p.organization_id = ${org} and p.paid_on between ${s.from}::date and ${s.to}::date ${finance}
             ${s.project ? sql`and i.project_id = ${s.project}` : sql``} ${clientIs(sql`c.name`)}
           group by 1, 2),
        -- The priced lines summed per project first (a few hundred rows), then per client (fc:
        -- each project's client, read once).
        cr_time as (
          select lower(fc.client) as ck, min(fc.client) as name, sum(x.entries) as entries, sum(x.ms) as ms,
                 sum(x.cost) as cost, sum(x.unpriced_cost_ms) as unpriced_cost_ms,
                 sum(x.revenue) as revenue, sum(x.unpriced_revenue_ms) as unpriced_revenue_ms
            from (select p.folder_id, sum(p.entries) as entries, sum(p.duration_ms) as ms, sum(p.cost) as cost,
                         coalesce(sum(p.duration_ms) filter (where p.internal_rate is null), 0) as unpriced_cost_ms,
                         sum(p.revenue) as revenue,
                         coalesce(sum(p.duration_ms) filter (where p.client_rate is null), 0) as unpriced_revenue_ms
                    from priced p group by p.folder_id) x
            join fc on fc.folder_id = x.folder_id
           where nullif(btrim(fc.client), '') is not null ${clientIs(sql`fc.client`)}
           group by 1),
        -- The clients shown: under a person filter those with the person's time; under a project
        -- filter those of the project; else every client with projects, billing details or money.
        cr_keys as (
          select ck from cr_time
          ${
            s.person
              ? sql``
              : sql`union select ck from cr_projects union select ck from cr_budgets
                    union select ck from cr_invoices union select ck from cr_paid
                    ${s.project ? sql`` : sql`union select ck from cr_billing where not archived`}`
          }),
        -- One row per client and currency: the workspace's (time is priced in it) and each
        -- currency its budgets, invoices or payments are in.
        cr_rows as (
          select k.ck, x.currency from cr_keys k
          cross join lateral (
            select ${currency}::text as currency
            union select currency from cr_budgets b where b.ck = k.ck
            union select currency from cr_invoices i where i.ck = k.ck
            union select currency from cr_paid pd where pd.ck = k.ck) x),
        cr_full as (
          select r.ck, r.currency, coalesce(cb.name, cp.name, ct.name) as name, cb.id as client_id,
                 coalesce(cp.projects, 0) as projects, cp.project_list,
                 coalesce(bu.budgets, 0) as budgets, bu.approved_budget,
                 coalesce(iv.invoices, 0) as invoices, iv.invoiced, pd.paid,
                 iv.outstanding, iv.age_current, iv.age_1_30, iv.age_31_60, iv.age_61_90, iv.age_90_plus,
                 case when r.currency = ${currency} then ct.entries end as entries,
                 case when r.currency = ${currency} then ct.ms end as ms,
                 case when r.currency = ${currency} then ct.cost end as cost,
                 case when r.currency = ${currency} then ct.unpriced_cost_ms end as unpriced_cost_ms,
                 case when r.currency = ${currency} then ct.revenue end as revenue,
                 case when r.currency = ${currency} then ct.unpriced_revenue_ms end as unpriced_revenue_ms
            from cr_rows r
            left join cr_billing cb on cb.ck = r.ck
            left join cr_projects cp on cp.ck = r.ck
            left join cr_time ct on ct.ck = r.ck
            left join cr_budgets bu on bu.ck = r.ck and bu.currency = r.currency
            left join cr_invoices iv on iv.ck = r.ck and iv.currency = r.currency
            left join cr_paid pd on pd.ck = r.ck and pd.currency = r.currency),
        cr_sums as (
          select case when grouping(f.ck) = 0 then 'client' else 'total' end as kind,
                 f.ck, min(f.name) as name, min(f.client_id) as client_id, f.currency,
                 count(*) as clients, sum(f.projects) as projects,
                 case when grouping(f.ck) = 0 then (array_agg(f.project_list))[1] end as project_list,
                 sum(f.budgets) as budgets, sum(f.approved_budget) as approved_budget,
                 sum(f.invoices) as invoices, sum(f.invoiced) as invoiced, sum(f.paid) as paid,
                 sum(f.outstanding) as outstanding, sum(f.age_current) as age_current,
                 sum(f.age_1_30) as age_1_30, sum(f.age_31_60) as age_31_60,
                 sum(f.age_61_90) as age_61_90, sum(f.age_90_plus) as age_90_plus,
                 coalesce(sum(f.entries), 0) as entries, coalesce(sum(f.ms), 0) as ms,
                 sum(f.cost) as cost, coalesce(sum(f.unpriced_cost_ms), 0) as unpriced_cost_ms,
                 sum(f.revenue) as revenue, coalesce(sum(f.unpriced_revenue_ms), 0) as unpriced_revenue_ms
            from cr_full f
           group by grouping sets ((f.ck, f.currency), (f.currency)))
        select s.*,
               case when s.revenue > 0 and s.cost is not null
                    then ${signedRatioBp(sql`(s.revenue - s.cost)::numeric`, sql`s.revenue::numeric`)} end as margin_bp
          from cr_sums s
         order by s.kind, s.currency, s.name`,
  );
}
