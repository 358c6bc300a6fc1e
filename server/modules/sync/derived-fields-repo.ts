import { sql } from "drizzle-orm";
import { run, type Executor } from "../../db/executor";
import { pruneWorkloadDays, refreshWorkloadBookings } from "../workload/bookings-repo";
import { jsonb } from "./jsonb";

/**
 * The task fields computed from synced data (spec §3): hierarchy names, job codes, hour totals; and
 * the workload bookings of the tasks the triggers marked (workload/bookings-repo.ts).
 */

/**
 * Names, job codes and hour totals, in SQL. `taskIds` limits the totals to those tasks' trees
 * (the tasks, their ancestors and descendants); null recomputes the whole workspace.
 */
export async function recomputeDerived(ex: Executor, orgId: string, taskIds: string[] | null): Promise<void> {
  const scoped = taskIds !== null;
  if (scoped && taskIds.length === 0) return;
  const ids = jsonb(taskIds ?? []);

  // Names from the hierarchy (renames of spaces/folders/lists reach every task).
  await run(
    ex,
    sql`
    update tasks t set
      space_name = s.name,
      folder_name = case when t.folder_id is null then null else coalesce(f.name, t.folder_name) end,
      list_name = coalesce(l.name, t.list_name)
    from tasks x
      left join spaces s on s.organization_id = x.organization_id and s.id = x.space_id
      left join folders f on f.organization_id = x.organization_id and f.id = x.folder_id
      left join lists l on l.organization_id = x.organization_id and l.id = x.list_id
    where t.organization_id = ${orgId} and x.organization_id = t.organization_id and x.id = t.id
      ${scoped ? sql`and t.id in (select jsonb_array_elements_text(${ids}))` : sql``}
      and (t.space_name is distinct from s.name
        or t.folder_name is distinct from (case when t.folder_id is null then null else coalesce(f.name, t.folder_name) end)
        or t.list_name is distinct from coalesce(l.name, t.list_name))`,
  );

  // Job codes: the task's own 'Job Code' field or custom id, else its folder's project (1001) code.
  await run(
    ex,
    sql`
    with jc as (
      select v.task_id, nullif(trim(v.value->>'text'), '') as code
      from custom_field_values v
      join custom_fields f on f.organization_id = v.organization_id and f.id = v.custom_field_id
      where v.organization_id = ${orgId} and lower(trim(f.name)) = 'job code'
    ),
    own as (
      select t.id, t.folder_id, t.custom_item_id, t.name, coalesce(jc.code, nullif(trim(t.custom_id), '')) as code
      from tasks t left join jc on jc.task_id = t.id
      where t.organization_id = ${orgId} and not t.deleted
        ${
          scoped
            ? sql`and (t.id in (select jsonb_array_elements_text(${ids})) or t.folder_id in (
                select folder_id from tasks where organization_id = ${orgId} and folder_id is not null
                  and id in (select jsonb_array_elements_text(${ids}))))`
            : sql``
        }
    ),
    meta as (
      select distinct on (folder_id) folder_id, coalesce(code, name) as code
      from own where custom_item_id = 1001 and folder_id is not null
      order by folder_id, id
    )
    update tasks t set job_code = coalesce(own.code, meta.code)
    from own left join meta on meta.folder_id = own.folder_id
    where t.organization_id = ${orgId} and t.id = own.id
      and t.job_code is distinct from coalesce(own.code, meta.code)`,
  );

  // Hour totals over each task's subtree (own + subtasks', non-deleted entries only).
  await run(
    ex,
    sql`
    with recursive
    ups as (
      select id, parent_task_id from tasks
      where organization_id = ${orgId} and id in (select jsonb_array_elements_text(${ids}))
      union
      select p.id, p.parent_task_id from tasks p join ups on p.organization_id = ${orgId} and p.id = ups.parent_task_id
    ),
    roots as (
      ${scoped ? sql`select id from ups` : sql`select id from tasks where organization_id = ${orgId}`}
    ),
    tree as (
      select r.id as root, r.id from roots r
      union all
      select tree.root, c.id from tree
        join tasks c on c.organization_id = ${orgId} and c.parent_task_id = tree.id and not c.deleted
    ),
    est as (
      select tree.root, sum(coalesce(t.time_estimate_ms, 0)) as ms
      from tree join tasks t on t.organization_id = ${orgId} and t.id = tree.id
      group by tree.root
    ),
    logged as (
      select tree.root, sum(e.duration_ms) as ms
      from tree join time_entries e on e.organization_id = ${orgId} and e.task_id = tree.id and not e.deleted
      group by tree.root
    ),
    totals as (
      select est.root, est.ms / 3600000.0 as est_h, coalesce(logged.ms, 0) / 3600000.0 as logged_h
      from est left join logged on logged.root = est.root
    )
    update tasks t set estimated_time_total = totals.est_h, time_logged_total = totals.logged_h
    from totals
    where t.organization_id = ${orgId} and t.id = totals.root
      and (t.estimated_time_total is distinct from totals.est_h or t.time_logged_total is distinct from totals.logged_h)`,
  );

  // Every marked task of the workspace, whatever `taskIds` says: the triggers know what changed.
  await refreshWorkloadBookings(ex, orgId);
  await pruneWorkloadDays(ex, orgId);
}
