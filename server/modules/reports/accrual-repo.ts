import { sql, type SQL } from "drizzle-orm";
import { ITEM_TYPE } from "@domain/index";
import { firstRow, rows, type Executor } from "../../db/executor";
import { folderClientSql } from "../projects/repo";
import { cardIdSql, priceSql, rateSql } from "../rate-cards/rates-sql";
import { reportEntriesCte, reportRates, type ReportRates, type ReportScope } from "./repo";

/*
 * The Accrual report's SQL (issue 16 point 2) and the project_datasets table (spec §3, §7).
 *
 * Accrual figures are cumulative to the report date: the estimates of the project's live tasks
 * (time_estimate_ms, each task its own, so no subtask is counted twice) per assignee (the task's
 * first assignee; "" when none), priced at the assignee's client rate in force on the report date
 * on the project's card (rateSql + priceSql, half-even), and the project's time up to the report
 * date priced line by line on its own day (reportEntriesCte, the Actual report's pricing). Summed
 * per (project, assignee), per project and in total in one statement (grouping sets). The
 * accrued share is applied afterwards (domain/accrual.ts) to those sums.
 */

/** Entries since this day count as "to date" (the earliest a workspace can hold). */
export const ACCRUAL_EPOCH = "2000-01-01";

export interface AccrualSqlRow {
  kind: "assignee" | "project" | "total";
  folder_id: string | null;
  user_id: string | null;
  est_ms: string | number | null;
  est_revenue: string | number | null;
  act_ms: string | number | null;
  act_entries: string | number | null;
  act_revenue: string | number | null;
  /** project rows */
  name: string | null;
  client: string | null;
  job_code: string | null;
  budget_id: string | null;
  project_start: string | null;
  project_due: string | null;
  /** assignee rows */
  assignee_name: string | null;
  tags: string[] | null;
}

const PROJECT = ITEM_TYPE.project;

/**
 * Every folder id that tasks of the workspace name (or just `project`), read as a loose index scan
 * of tasks_folder_idx: one probe per folder for the next folder id, rather than a pass over every
 * task of the workspace.
 */
function foldersWithTasks(org: string, project: string | undefined): SQL {
  if (project) return sql`select ${project}::text as folder_id`;
  const next = (after: SQL | null) =>
    sql`(select t.folder_id from tasks t
          where t.organization_id = ${org} and t.folder_id ${after ? sql`> ${after}` : sql`is not null`}
          order by t.folder_id limit 1)`;
  return sql`with recursive fs(folder_id) as (
      select ${next(null)}
      union all
      select ${next(sql`fs.folder_id`)} from fs where fs.folder_id is not null)
    select fs.folder_id from fs where fs.folder_id is not null`;
}

/**
 * The rate spans the Accrual report prices with: the estimates need those holding the report date;
 * the lines to date need all of them only while some line's stored rates are stale.
 */
async function accrualRates(
  executor: Executor,
  scope: ReportScope,
  reportDate: string,
): Promise<ReportRates> {
  const forLines = await reportRates(executor, scope, { whenStale: true });
  return forLines.users.length > 0
    ? forLines
    : reportRates(executor, { ...scope, from: reportDate, to: reportDate });
}

export async function selectAccrual(
  executor: Executor,
  s: ReportScope,
  reportDate: string,
): Promise<AccrualSqlRow[]> {
  const org = s.organizationId;
  const scope: ReportScope = { ...s, from: ACCRUAL_EPOCH, to: reportDate };
  const subject = {
    organizationId: org,
    person: sql`e.user_id`,
    roles: sql`(select ps.role_tags from person_settings ps where ps.organization_id = ${org} and ps.clickup_user_id = e.user_id)`,
    folder: sql`e.folder_id`, // the card is given (est_card)
    day: sql`${reportDate}::date`,
  };
  const day = (col: SQL) => sql`to_char((${col} at time zone (select tz from zone))::date, 'YYYY-MM-DD')`;
  return rows<AccrualSqlRow>(
    executor,
    sql`with ${reportEntriesCte(scope, await accrualRates(executor, scope, reportDate))},
        pf as materialized (
          select x.folder_id from (${foldersWithTasks(org, s.project)}) x
           where exists (select 1 from tasks t where t.organization_id = ${org} and t.folder_id = x.folder_id and not t.deleted)
             and not exists (select 1 from folders f where f.organization_id = ${org} and f.id = x.folder_id and f.deleted)
             ${s.client ? sql`and lower(${folderClientSql(org, sql`x.folder_id`)}) = lower(${s.client})` : sql``}),
        est as (
          select t.folder_id, coalesce(t.assignee_id, '') as user_id, sum(t.time_estimate_ms) as ms
            from tasks t join pf on pf.folder_id = t.folder_id
           where t.organization_id = ${org} and not t.deleted and t.time_estimate_ms > 0
             ${s.person ? sql`and t.assignee_id = ${s.person}` : sql``}
           group by 1, 2),
        est_card as materialized (
          select x.folder_id, coalesce(${cardIdSql("client", { organizationId: org, folder: sql`x.folder_id` })}, '') as card
            from (select distinct folder_id from est) x),
        -- The assignee's client rate on the report date: the span of reportRates holding it, else
        -- (someone without one) read here.
        est_priced as (
          select e.folder_id, e.user_id, e.ms,
                 ${priceSql(
                   sql`e.ms`,
                   sql`(case when e.user_id = '' then null
                             when r.user_id is null then ${rateSql("client", subject, sql`nullif(c.card, '')`)}
                             else r.client_rate end)`,
                 )} as revenue
            from est e
            join est_card c on c.folder_id = e.folder_id
            left join rates r on r.user_id = e.user_id and r.card is not distinct from c.card
             and ${reportDate}::date >= r.since and (r.until is null or ${reportDate}::date < r.until)),
        act as (
          select p.folder_id, p.user_id, sum(p.duration_ms) as ms, sum(p.entries) as entries, sum(p.revenue) as revenue
            from priced p join pf on pf.folder_id = p.folder_id
           group by 1, 2),
        pairs as (
          select coalesce(e.folder_id, a.folder_id) as folder_id, coalesce(e.user_id, a.user_id) as user_id,
                 coalesce(e.ms, 0) as est_ms, case when e.folder_id is null then 0 else e.revenue end as est_revenue,
                 coalesce(a.ms, 0) as act_ms, coalesce(a.entries, 0) as act_entries,
                 case when a.folder_id is null then 0 else a.revenue end as act_revenue
            from est_priced e full join act a on a.folder_id = e.folder_id and a.user_id = e.user_id),
        projects as (
          select folder_id from pairs
          union
          select m.folder_id from tasks m join pf on pf.folder_id = m.folder_id
           where ${s.person ? sql`false` : sql`m.organization_id = ${org} and m.custom_item_id = ${PROJECT} and not m.deleted`}),
        g as (
          select case when grouping(pairs.user_id) = 0 then 'assignee'
                      when grouping(pairs.folder_id) = 0 then 'project' else 'total' end as kind,
                 pairs.folder_id, pairs.user_id,
                 sum(est_ms) as est_ms, sum(est_revenue) as est_revenue,
                 sum(act_ms) as act_ms, sum(act_entries) as act_entries, sum(act_revenue) as act_revenue,
                 -- null revenue stays null only when every part is unpriced
                 bool_and(est_revenue is null) filter (where est_ms > 0) as est_unpriced,
                 bool_and(act_revenue is null) filter (where act_entries > 0) as act_unpriced
            from pairs
           group by grouping sets ((pairs.folder_id, pairs.user_id), (pairs.folder_id), ()))
        select g.kind, g.folder_id, g.user_id, g.est_ms, g.act_ms, g.act_entries,
               case when g.est_unpriced then null else coalesce(g.est_revenue, 0) end as est_revenue,
               case when g.act_unpriced then null else coalesce(g.act_revenue, 0) end as act_revenue,
               null as name, null as client, null as job_code, null as budget_id, null as project_start,
               null as project_due,
               case when g.user_id = '' then 'Unassigned'
                    else coalesce(nullif(btrim(pu.username), ''), nullif(btrim(pu.email), ''), 'User ' || g.user_id) end
                 as assignee_name,
               coalesce(ps.role_tags, '{}'::text[]) as tags
          from g
          left join provider_users pu on pu.organization_id = ${org} and pu.id = g.user_id
          left join person_settings ps on ps.organization_id = ${org} and ps.clickup_user_id = g.user_id
         where g.kind <> 'project'
        union all
        select 'project', pr.folder_id, null, coalesce(g.est_ms, 0), coalesce(g.act_ms, 0), coalesce(g.act_entries, 0),
               case when g.est_unpriced then null else coalesce(g.est_revenue, 0) end,
               case when g.act_unpriced then null else coalesce(g.act_revenue, 0) end,
               coalesce(f.name, m.folder_name, m.name, 'Project ' || pr.folder_id),
               ${folderClientSql(org, sql`pr.folder_id`)},
               coalesce(nullif(btrim(m.job_code), ''), nullif(btrim(m.custom_id), ''), m.name, f.name, pr.folder_id),
               (select b.id from budgets b where b.organization_id = ${org} and b.folder_id = pr.folder_id
                 order by b.created_at desc, b.id limit 1),
               coalesce(${day(sql`m.start_date`)},
                        (select ${day(sql`min(t.start_date)`)} from tasks t
                          where t.organization_id = ${org} and t.folder_id = pr.folder_id and not t.deleted)),
               coalesce(${day(sql`m.due_date`)},
                        (select ${day(sql`max(t.due_date)`)} from tasks t
                          where t.organization_id = ${org} and t.folder_id = pr.folder_id and not t.deleted)),
               null, null
          from projects pr
          left join g on g.kind = 'project' and g.folder_id = pr.folder_id
          left join folders f on f.organization_id = ${org} and f.id = pr.folder_id
          left join lateral (
            select mt.name, mt.folder_name, mt.job_code, mt.custom_id, mt.start_date, mt.due_date from tasks mt
             where mt.organization_id = ${org} and mt.folder_id = pr.folder_id and mt.custom_item_id = ${PROJECT}
               and not mt.deleted
             order by mt.id limit 1) m on true`,
  );
}

/** Whether the workspace has synced any project (a live folder). */
export async function hasSyncedProjects(executor: Executor, organizationId: string): Promise<boolean> {
  const row = await firstRow<{ found: boolean }>(
    executor,
    sql`select exists (select 1 from folders f where f.organization_id = ${organizationId} and not f.deleted) as found`,
  );
  return row?.found ?? false;
}

// ---------------------------------------------------------------------------------------------
// project_datasets (spec §7: select all by updated_at descending; insert; delete by id)
// ---------------------------------------------------------------------------------------------

export interface DatasetRow {
  id: string;
  name: string;
  description: string | null;
  created_by: string | null;
  updated_at: Date | string;
}

const SUMMARY = sql`d.id, d.name, d.description, d.created_by, d.updated_at`;

export async function selectDatasets(executor: Executor, organizationId: string): Promise<DatasetRow[]> {
  return rows<DatasetRow>(
    executor,
    sql`select ${SUMMARY} from project_datasets d where d.organization_id = ${organizationId}
         order by d.updated_at desc, d.created_at desc, d.id desc`,
  );
}

export async function selectDataset(
  executor: Executor,
  organizationId: string,
  id: string,
): Promise<(DatasetRow & { data: unknown }) | undefined> {
  return firstRow<DatasetRow & { data: unknown }>(
    executor,
    sql`select ${SUMMARY}, d.data from project_datasets d where d.organization_id = ${organizationId} and d.id = ${id}`,
  );
}

export async function insertDataset(
  executor: Executor,
  v: {
    organizationId: string;
    id: string;
    name: string;
    description: string | null;
    data: unknown;
    createdBy: string;
    at: Date;
  },
): Promise<DatasetRow> {
  const row = await firstRow<DatasetRow>(
    executor,
    sql`insert into project_datasets as d (organization_id, id, name, description, data, created_by, created_at, updated_at)
        values (${v.organizationId}, ${v.id}, ${v.name}, ${v.description}, ${JSON.stringify(v.data)}::jsonb,
                ${v.createdBy}, ${v.at.toISOString()}, ${v.at.toISOString()})
        returning ${SUMMARY}`,
  );
  return row!;
}

export async function deleteDataset(
  executor: Executor,
  organizationId: string,
  id: string,
): Promise<DatasetRow | undefined> {
  return firstRow<DatasetRow>(
    executor,
    sql`delete from project_datasets d where d.organization_id = ${organizationId} and d.id = ${id} returning ${SUMMARY}`,
  );
}
