import { sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";
import type { TaskRow } from "../../integrations/clickup/mapper";
import type { CuFieldDef } from "../../integrations/clickup/types";
import { jsonb } from "./jsonb";

/**
 * Synced tasks and what hangs off them: assignees, custom field definitions and values,
 * deletions, and the date bounds the sync reads time entries and the poll cursor from.
 */

/**
 * Idempotent batch upsert. An older copy never overwrites a newer one (a full-sync page
 * fetched before a webhook was processed), so the newest date_updated wins.
 */
export async function upsertTasks(ex: Executor, orgId: string, tasks: TaskRow[]): Promise<void> {
  if (!tasks.length) return;
  await run(
    ex,
    sql`
    insert into tasks (organization_id, id, name, description, status, status_type, status_color, folder_id, space_id,
      list_id, list_name, folder_name, custom_item_id, custom_id, start_date, due_date, time_estimate_ms, time_spent_ms,
      assignees_array, assignee_id, assignee_name, tags, custom_fields, parent_task_id, priority, url, archived, deleted,
      date_created, date_updated, date_closed, synced_at)
    select ${orgId}, r.id, r.name, r.description, r.status, r."statusType", r."statusColor", r."folderId", r."spaceId",
      r."listId", r."listName", r."folderName", r."customItemId", r."customId", r."startDate", r."dueDate",
      r."timeEstimateMs", r."timeSpentMs", coalesce(r."assigneesArray", '[]'::jsonb), r."assigneeId", r."assigneeName",
      coalesce(r.tags, '[]'::jsonb), coalesce(r."customFields", '[]'::jsonb), r."parentTaskId", r.priority, r.url,
      coalesce(r.archived, false), false, r."dateCreated", r."dateUpdated", r."dateClosed", now()
    from jsonb_to_recordset(${jsonb(tasks)}) as r(id text, name text, description text, status text, "statusType" text,
      "statusColor" text, "folderId" text, "spaceId" text, "listId" text, "listName" text, "folderName" text,
      "customItemId" int, "customId" text, "startDate" timestamptz, "dueDate" timestamptz, "timeEstimateMs" bigint,
      "timeSpentMs" bigint, "assigneesArray" jsonb, "assigneeId" text, "assigneeName" text, tags jsonb,
      "customFields" jsonb, "parentTaskId" text, priority text, url text, archived boolean,
      "dateCreated" timestamptz, "dateUpdated" timestamptz, "dateClosed" timestamptz)
    on conflict (organization_id, id) do update set
      name = excluded.name, description = excluded.description, status = excluded.status,
      status_type = excluded.status_type, status_color = excluded.status_color, folder_id = excluded.folder_id,
      space_id = excluded.space_id, list_id = excluded.list_id, list_name = excluded.list_name,
      folder_name = excluded.folder_name, custom_item_id = excluded.custom_item_id, custom_id = excluded.custom_id,
      start_date = excluded.start_date, due_date = excluded.due_date, time_estimate_ms = excluded.time_estimate_ms,
      time_spent_ms = excluded.time_spent_ms, assignees_array = excluded.assignees_array,
      assignee_id = excluded.assignee_id, assignee_name = excluded.assignee_name, tags = excluded.tags,
      custom_fields = excluded.custom_fields, parent_task_id = excluded.parent_task_id, priority = excluded.priority,
      url = excluded.url, archived = excluded.archived, deleted = false, date_created = excluded.date_created,
      date_updated = excluded.date_updated, date_closed = excluded.date_closed, synced_at = now()
    where tasks.deleted or tasks.date_updated is null or excluded.date_updated is null
      or excluded.date_updated >= tasks.date_updated`,
  );
}

export async function replaceTaskAssignees(
  ex: Executor,
  orgId: string,
  taskIds: string[],
  /** Each task's assignees, with the name their entry on the task carries (spec §8). */
  pairs: Array<{ taskId: string; userId: string; username: string | null; email: string | null }>,
): Promise<void> {
  if (!taskIds.length) return;
  await run(
    ex,
    sql`delete from task_assignees where organization_id = ${orgId} and task_id in (select jsonb_array_elements_text(${jsonb(taskIds)}))`,
  );
  if (!pairs.length) return;
  await run(
    ex,
    sql`
    insert into task_assignees (organization_id, task_id, user_id, username, email)
    select ${orgId}, r."taskId", r."userId", nullif(btrim(r.username), ''), nullif(btrim(r.email), '')
      from jsonb_to_recordset(${jsonb(pairs)}) as r("taskId" text, "userId" text, username text, email text)
    on conflict do nothing`,
  );
}

export async function upsertCustomFieldDefs(ex: Executor, orgId: string, defs: CuFieldDef[]): Promise<void> {
  if (!defs.length) return;
  await run(
    ex,
    sql`
    insert into custom_fields (organization_id, id, name, field_type, type_config, synced_at)
    select ${orgId}, r.id, r.name, r.type, r."typeConfig", now()
    from jsonb_to_recordset(${jsonb(defs)}) as r(id text, name text, type text, "typeConfig" jsonb)
    on conflict (organization_id, id) do update set
      name = excluded.name, field_type = excluded.field_type, type_config = excluded.type_config, synced_at = now()`,
  );
}

/**
 * Replace the values of the fields each task's response carried. ClickUp lists on a task every
 * field that applies to it, with `value` only when set (clickup-api.md §3.5), and only the fields
 * that apply to its `custom_item_id` (OpenAPI document): a field missing from the response could
 * not have been there — a field scoped to another task type, say after the task changed type —
 * so its stored value is kept, never taken for "cleared". `carried`: every (task, field) the
 * responses listed; `values`: those of them with a value.
 */
export async function replaceCustomFieldValues(
  ex: Executor,
  orgId: string,
  carried: Array<{ taskId: string; fieldId: string }>,
  values: Array<{ taskId: string; fieldId: string; value: unknown }>,
): Promise<void> {
  if (!carried.length) return;
  const setKeys = new Set(values.map((v) => `${v.taskId}\u0000${v.fieldId}`));
  const cleared = carried.filter((c) => !setKeys.has(`${c.taskId}\u0000${c.fieldId}`));
  if (cleared.length)
    await run(
      ex,
      // Found through the primary key by the page's task ids: joined on the pairs alone, a planner
      // without statistics (PGlite never gathers them; nor does PostgreSQL with autovacuum off)
      // probed (organization, field) for each pair and read every value of the field — 1–5 s
      // a page of the large agency's archived pass.
      sql`delete from custom_field_values v
          where v.organization_id = ${orgId}
            and v.task_id = any(array(select jsonb_array_elements_text(${jsonb([...new Set(cleared.map((c) => c.taskId))])})))
            and (v.task_id, v.custom_field_id) in (
              select c."taskId", c."fieldId"
                from jsonb_to_recordset(${jsonb(cleared)}) as c("taskId" text, "fieldId" text))`,
    );
  if (!values.length) return;
  await run(
    ex,
    sql`
    insert into custom_field_values (organization_id, task_id, custom_field_id, value, synced_at)
    select ${orgId}, r."taskId", r."fieldId", r.value, now()
    from jsonb_to_recordset(${jsonb(values)}) as r("taskId" text, "fieldId" text, value jsonb)
    on conflict (organization_id, task_id, custom_field_id) do update set value = excluded.value, synced_at = now()`,
  );
}

export async function markTasksDeletedBefore(ex: Executor, orgId: string, since: string): Promise<number> {
  const r = await rows<{ id: string }>(
    ex,
    sql`update tasks set deleted = true where organization_id = ${orgId} and not deleted and synced_at < ${since}::timestamptz returning id`,
  );
  return r.length;
}

/** A deleted task takes its subtasks with it (ClickUp deletes them together). */
export async function markTasksDeleted(ex: Executor, orgId: string, taskIds: string[]): Promise<void> {
  if (!taskIds.length) return;
  await run(
    ex,
    sql`
    with recursive doomed as (
      select id from tasks where organization_id = ${orgId} and id in (select jsonb_array_elements_text(${jsonb(taskIds)}))
      union
      select t.id from tasks t join doomed d on t.organization_id = ${orgId} and t.parent_task_id = d.id
    )
    update tasks set deleted = true where organization_id = ${orgId} and id in (select id from doomed)`,
  );
}

/**
 * The ids among `taskIds` whose copy here is older than `updated` (ms), missing or deleted: what
 * a re-read page really changes (the poll's overlap re-reads tasks it already has).
 */
export async function tasksNewerThanStored(
  ex: Executor,
  orgId: string,
  updated: Array<{ id: string; dateUpdated: number | null }>,
): Promise<Set<string>> {
  if (!updated.length) return new Set();
  const pairs = updated.map((t) => ({ id: t.id, dateUpdated: t.dateUpdated }));
  const r = await rows<{ id: string }>(
    ex,
    sql`select u.id from jsonb_to_recordset(${jsonb(pairs)}) as u(id text, "dateUpdated" bigint)
        left join tasks t on t.organization_id = ${orgId} and t.id = u.id
        where t.id is null or t.deleted or t.date_updated is null or u."dateUpdated" is null
          or u."dateUpdated" > (extract(epoch from t.date_updated) * 1000)::bigint`,
  );
  return new Set(r.map((x) => x.id));
}

export async function latestTaskUpdate(ex: Executor, orgId: string): Promise<number | null> {
  const r = await firstRow<{ ms: string | number | null }>(
    ex,
    sql`select (extract(epoch from max(date_updated)) * 1000)::bigint as ms from tasks where organization_id = ${orgId}`,
  );
  return r?.ms === null || r?.ms === undefined ? null : Number(r.ms);
}

export async function taskDateRange(
  ex: Executor,
  orgId: string,
): Promise<{ min: number | null; max: number | null }> {
  const r = await firstRow<{ min: string | number | null; max: string | number | null }>(
    ex,
    sql`select (extract(epoch from min(date_created)) * 1000)::bigint as min,
               (extract(epoch from greatest(max(due_date), max(start_date))) * 1000)::bigint as max
        from tasks where organization_id = ${orgId} and not deleted`,
  );
  return { min: r?.min == null ? null : Number(r.min), max: r?.max == null ? null : Number(r.max) };
}
