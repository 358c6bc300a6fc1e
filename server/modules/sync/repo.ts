import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { TaskRow } from "../../integrations/clickup/mapper";
import type {
  CuFieldDef,
  CuFolder,
  CuList,
  CuMember,
  CuSpace,
  CuTimeEntry,
} from "../../integrations/clickup/types";

/** All SQL of the sync engine. Bulk writes go through one jsonb parameter per batch. */

type Executor = Pick<Db, "execute">;

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function dbNow(db: Executor): Promise<string> {
  const [row] = await rows<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row!.now).toISOString();
}

// ---- hierarchy ------------------------------------------------------------------------

export async function upsertProviderUsers(db: Executor, orgId: string, members: CuMember[]): Promise<void> {
  if (!members.length) return;
  await db.execute(sql`
    insert into provider_users (organization_id, id, username, email, profile_picture, initials, color, role, synced_at)
    select ${orgId}, r.id, r.username, r.email, r."profilePicture", r.initials, r.color, r.role, now()
    from jsonb_to_recordset(${json(members)}) as r(id text, username text, email text, "profilePicture" text, initials text, color text, role int)
    on conflict (organization_id, id) do update set
      username = excluded.username, email = excluded.email, profile_picture = excluded.profile_picture,
      initials = excluded.initials, color = excluded.color, role = excluded.role, synced_at = now()`);
}

export async function upsertSpaces(
  db: Executor,
  orgId: string,
  teamId: string,
  spaces: CuSpace[],
): Promise<void> {
  if (!spaces.length) return;
  await db.execute(sql`
    insert into spaces (organization_id, id, name, team_id, statuses, private, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, ${teamId}, r.statuses, coalesce(r.private, false), r.archived, false, now()
    from jsonb_to_recordset(${json(spaces)}) as r(id text, name text, statuses jsonb, private boolean, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, team_id = excluded.team_id, statuses = excluded.statuses, private = excluded.private,
      archived = excluded.archived, deleted = false, synced_at = now()`);
}

export async function upsertFolders(db: Executor, orgId: string, folders: CuFolder[]): Promise<void> {
  if (!folders.length) return;
  const data = folders.map((f) => ({
    id: f.id,
    name: f.name,
    spaceId: f.spaceId,
    hidden: f.hidden,
    archived: f.archived,
  }));
  await db.execute(sql`
    insert into folders (organization_id, id, name, space_id, hidden, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."spaceId", r.hidden, r.archived, false, now()
    from jsonb_to_recordset(${json(data)}) as r(id text, name text, "spaceId" text, hidden boolean, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, space_id = excluded.space_id, hidden = excluded.hidden, archived = excluded.archived,
      deleted = false, synced_at = now()`);
}

export async function upsertLists(db: Executor, orgId: string, lists: CuList[]): Promise<void> {
  if (!lists.length) return;
  await db.execute(sql`
    insert into lists (organization_id, id, name, folder_id, space_id, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."folderId", r."spaceId", r.archived, false, now()
    from jsonb_to_recordset(${json(lists)}) as r(id text, name text, "folderId" text, "spaceId" text, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, folder_id = excluded.folder_id, space_id = excluded.space_id,
      archived = excluded.archived, deleted = false, synced_at = now()`);
}

/** Lists only known from their tasks (e.g. archived lists inside folders): insert if missing. */
export async function insertMissingLists(db: Executor, orgId: string, lists: CuList[]): Promise<void> {
  if (!lists.length) return;
  await db.execute(sql`
    insert into lists (organization_id, id, name, folder_id, space_id, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."folderId", r."spaceId", r.archived, false, now()
    from jsonb_to_recordset(${json(lists)}) as r(id text, name text, "folderId" text, "spaceId" text, archived boolean)
    on conflict (organization_id, id) do update set synced_at = now(), deleted = false`);
}

export async function replaceListMembers(
  db: Executor,
  orgId: string,
  listId: string,
  userIds: string[],
): Promise<void> {
  await db.execute(sql`delete from list_members where organization_id = ${orgId} and list_id = ${listId}`);
  if (!userIds.length) return;
  await db.execute(sql`
    insert into list_members (organization_id, list_id, user_id)
    select ${orgId}, ${listId}, u from jsonb_array_elements_text(${json(userIds)}) as u
    on conflict do nothing`);
}

export async function listIdsInPrivateSpaces(db: Executor, orgId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select l.id from lists l join spaces s on s.organization_id = l.organization_id and s.id = l.space_id
        where l.organization_id = ${orgId} and s.private and not l.deleted and not s.deleted order by l.id`,
  );
  return r.map((x) => x.id);
}

/** Hierarchy rows not seen since `since` were deleted in ClickUp. */
export async function markHierarchyDeletedBefore(db: Executor, orgId: string, since: string): Promise<void> {
  for (const table of ["spaces", "folders", "lists"] as const) {
    await db.execute(
      sql`update ${sql.identifier(table)} set deleted = true
          where organization_id = ${orgId} and not deleted and synced_at < ${since}::timestamptz`,
    );
  }
}

export async function markHierarchyDeleted(
  db: Executor,
  orgId: string,
  kind: "space" | "folder" | "list",
  id: string,
): Promise<void> {
  if (kind === "space") {
    await db.execute(sql`update spaces set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await db.execute(
      sql`update folders set deleted = true where organization_id = ${orgId} and space_id = ${id}`,
    );
    await db.execute(
      sql`update lists set deleted = true where organization_id = ${orgId} and space_id = ${id}`,
    );
    await db.execute(
      sql`update tasks set deleted = true where organization_id = ${orgId} and space_id = ${id}`,
    );
  } else if (kind === "folder") {
    await db.execute(sql`update folders set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await db.execute(
      sql`update lists set deleted = true where organization_id = ${orgId} and folder_id = ${id}`,
    );
    await db.execute(
      sql`update tasks set deleted = true where organization_id = ${orgId} and folder_id = ${id}`,
    );
  } else {
    await db.execute(sql`update lists set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await db.execute(
      sql`update tasks set deleted = true where organization_id = ${orgId} and list_id = ${id}`,
    );
  }
}

// ---- tasks ----------------------------------------------------------------------------

/**
 * Idempotent batch upsert. An older copy never overwrites a newer one (a full-sync page
 * fetched before a webhook was processed), so the newest date_updated wins.
 */
export async function upsertTasks(db: Executor, orgId: string, tasks: TaskRow[]): Promise<void> {
  if (!tasks.length) return;
  await db.execute(sql`
    insert into tasks (organization_id, id, name, description, status, status_type, status_color, folder_id, space_id,
      list_id, list_name, folder_name, custom_item_id, custom_id, start_date, due_date, time_estimate_ms, time_spent_ms,
      assignees_array, assignee_id, assignee_name, tags, custom_fields, parent_task_id, priority, url, archived, deleted,
      date_created, date_updated, date_closed, synced_at)
    select ${orgId}, r.id, r.name, r.description, r.status, r."statusType", r."statusColor", r."folderId", r."spaceId",
      r."listId", r."listName", r."folderName", r."customItemId", r."customId", r."startDate", r."dueDate",
      r."timeEstimateMs", r."timeSpentMs", coalesce(r."assigneesArray", '[]'::jsonb), r."assigneeId", r."assigneeName",
      coalesce(r.tags, '[]'::jsonb), coalesce(r."customFields", '[]'::jsonb), r."parentTaskId", r.priority, r.url,
      coalesce(r.archived, false), false, r."dateCreated", r."dateUpdated", r."dateClosed", now()
    from jsonb_to_recordset(${json(tasks)}) as r(id text, name text, description text, status text, "statusType" text,
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
      or excluded.date_updated >= tasks.date_updated`);
}

export async function replaceTaskAssignees(
  db: Executor,
  orgId: string,
  taskIds: string[],
  pairs: Array<{ taskId: string; userId: string }>,
): Promise<void> {
  if (!taskIds.length) return;
  await db.execute(
    sql`delete from task_assignees where organization_id = ${orgId} and task_id in (select jsonb_array_elements_text(${json(taskIds)}))`,
  );
  if (!pairs.length) return;
  await db.execute(sql`
    insert into task_assignees (organization_id, task_id, user_id)
    select ${orgId}, r."taskId", r."userId" from jsonb_to_recordset(${json(pairs)}) as r("taskId" text, "userId" text)
    on conflict do nothing`);
}

export async function upsertCustomFieldDefs(db: Executor, orgId: string, defs: CuFieldDef[]): Promise<void> {
  if (!defs.length) return;
  await db.execute(sql`
    insert into custom_fields (organization_id, id, name, field_type, type_config, synced_at)
    select ${orgId}, r.id, r.name, r.type, r."typeConfig", now()
    from jsonb_to_recordset(${json(defs)}) as r(id text, name text, type text, "typeConfig" jsonb)
    on conflict (organization_id, id) do update set
      name = excluded.name, field_type = excluded.field_type, type_config = excluded.type_config, synced_at = now()`);
}

export async function replaceCustomFieldValues(
  db: Executor,
  orgId: string,
  taskIds: string[],
  values: Array<{ taskId: string; fieldId: string; value: unknown }>,
): Promise<void> {
  if (!taskIds.length) return;
  await db.execute(
    sql`delete from custom_field_values where organization_id = ${orgId} and task_id in (select jsonb_array_elements_text(${json(taskIds)}))`,
  );
  if (!values.length) return;
  await db.execute(sql`
    insert into custom_field_values (organization_id, task_id, custom_field_id, value, synced_at)
    select ${orgId}, r."taskId", r."fieldId", r.value, now()
    from jsonb_to_recordset(${json(values)}) as r("taskId" text, "fieldId" text, value jsonb)
    on conflict (organization_id, task_id, custom_field_id) do update set value = excluded.value, synced_at = now()`);
}

export async function markTasksDeletedBefore(db: Executor, orgId: string, since: string): Promise<number> {
  const r = await rows<{ id: string }>(
    db,
    sql`update tasks set deleted = true where organization_id = ${orgId} and not deleted and synced_at < ${since}::timestamptz returning id`,
  );
  return r.length;
}

/** A deleted task takes its subtasks with it (ClickUp deletes them together). */
export async function markTasksDeleted(db: Executor, orgId: string, taskIds: string[]): Promise<void> {
  if (!taskIds.length) return;
  await db.execute(sql`
    with recursive doomed as (
      select id from tasks where organization_id = ${orgId} and id in (select jsonb_array_elements_text(${json(taskIds)}))
      union
      select t.id from tasks t join doomed d on t.organization_id = ${orgId} and t.parent_task_id = d.id
    )
    update tasks set deleted = true where organization_id = ${orgId} and id in (select id from doomed)`);
}

export async function latestTaskUpdate(db: Executor, orgId: string): Promise<number | null> {
  const [r] = await rows<{ ms: string | number | null }>(
    db,
    sql`select (extract(epoch from max(date_updated)) * 1000)::bigint as ms from tasks where organization_id = ${orgId}`,
  );
  return r?.ms === null || r?.ms === undefined ? null : Number(r.ms);
}

export async function taskDateRange(
  db: Executor,
  orgId: string,
): Promise<{ min: number | null; max: number | null }> {
  const [r] = await rows<{ min: string | number | null; max: string | number | null }>(
    db,
    sql`select (extract(epoch from min(date_created)) * 1000)::bigint as min,
               (extract(epoch from greatest(max(due_date), max(start_date))) * 1000)::bigint as max
        from tasks where organization_id = ${orgId} and not deleted`,
  );
  return { min: r?.min == null ? null : Number(r.min), max: r?.max == null ? null : Number(r.max) };
}

// ---- time entries ---------------------------------------------------------------------

export async function upsertTimeEntries(db: Executor, orgId: string, entries: CuTimeEntry[]): Promise<void> {
  const done = entries.filter((e) => e.duration >= 0 && e.id);
  if (!done.length) return;
  const data = done.map((e) => ({
    id: e.id,
    userId: e.userId,
    taskId: e.taskId,
    start: new Date(e.start).toISOString(),
    end: new Date(e.end ?? e.start + e.duration).toISOString(),
    duration: e.duration,
    billable: e.billable,
    description: e.description,
  }));
  await db.execute(sql`
    insert into time_entries (organization_id, id, clickup_id, user_id, task_id, start_time, end_time, duration_ms,
      billable, description, deleted, source, created_at, updated_at)
    select ${orgId}, r.id, r.id, r."userId", r."taskId", r.start, r."end", r.duration, r.billable, r.description,
      false, 'clickup', now(), now()
    from jsonb_to_recordset(${json(data)}) as r(id text, "userId" text, "taskId" text, start timestamptz,
      "end" timestamptz, duration bigint, billable boolean, description text)
    on conflict (organization_id, clickup_id) do update set
      user_id = excluded.user_id, task_id = excluded.task_id, start_time = excluded.start_time,
      end_time = excluded.end_time, duration_ms = excluded.duration_ms, billable = excluded.billable,
      description = excluded.description, deleted = false, updated_at = now()
    -- A timesheet edit not yet written back to ClickUp wins over ClickUp's older copy.
    where not (time_entries.source = 'timesheet' and time_entries.write_back_status in ('pending', 'failed'))`);
}

/** Entries in [from, to) that ClickUp no longer returned (seen before `since`) were deleted there. */
export async function markTimeEntriesDeletedInWindow(
  db: Executor,
  orgId: string,
  from: number,
  to: number,
  since: string,
  taskId?: string,
): Promise<number> {
  const r = await rows<{ id: string }>(
    db,
    sql`update time_entries set deleted = true, updated_at = now()
        where organization_id = ${orgId} and clickup_id is not null and not deleted
          and start_time >= ${new Date(from).toISOString()}::timestamptz
          and start_time < ${new Date(to).toISOString()}::timestamptz
          and updated_at < ${since}::timestamptz
          and not (source = 'timesheet' and write_back_status in ('pending', 'failed'))
          ${taskId ? sql`and task_id = ${taskId}` : sql``}
        returning id`,
  );
  return r.length;
}

export async function markTimeEntryDeleted(db: Executor, orgId: string, clickupId: string): Promise<void> {
  await db.execute(
    sql`update time_entries set deleted = true, updated_at = now() where organization_id = ${orgId} and clickup_id = ${clickupId}`,
  );
}

// ---- derived fields (spec §3) ---------------------------------------------------------

/**
 * Names, job codes and hour totals, in SQL. `taskIds` limits the totals to those tasks' trees
 * (the tasks, their ancestors and descendants); null recomputes the whole workspace.
 */
export async function recomputeDerived(db: Executor, orgId: string, taskIds: string[] | null): Promise<void> {
  const scoped = taskIds !== null;
  if (scoped && taskIds.length === 0) return;
  const ids = json(taskIds ?? []);

  // Names from the hierarchy (renames of spaces/folders/lists reach every task).
  await db.execute(sql`
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
        or t.list_name is distinct from coalesce(l.name, t.list_name))`);

  // Job codes: the task's own 'Job Code' field or custom id, else its folder's project (1001) code.
  await db.execute(sql`
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
      and t.job_code is distinct from coalesce(own.code, meta.code)`);

  // Hour totals over each task's subtree (own + subtasks', non-deleted entries only).
  await db.execute(sql`
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
      and (t.estimated_time_total is distinct from totals.est_h or t.time_logged_total is distinct from totals.logged_h)`);
}

// ---- state, runs, webhooks, notifications ---------------------------------------------

export interface SyncStateRow {
  status: string;
  phase: string | null;
  progress: number;
  checkpoint: Record<string, unknown> | null;
  currentRunId: string | null;
  lastFullSyncAt: string | null;
  lastIncrementalAt: string | null;
  lastPollCursor: string | null;
  lastError: string | null;
  updatedAt: string;
}

export async function getSyncState(db: Executor, orgId: string): Promise<SyncStateRow | null> {
  const [r] = await rows<SyncStateRow>(
    db,
    sql`select status, phase, progress, checkpoint, current_run_id as "currentRunId",
          last_full_sync_at as "lastFullSyncAt", last_incremental_at as "lastIncrementalAt",
          last_poll_cursor as "lastPollCursor", last_error as "lastError", updated_at as "updatedAt"
        from sync_state where organization_id = ${orgId}`,
  );
  return r ?? null;
}

export async function patchSyncState(
  db: Executor,
  orgId: string,
  patch: Partial<{
    status: string;
    phase: string | null;
    progress: number;
    checkpoint: Record<string, unknown> | null;
    currentRunId: string | null;
    lastFullSyncAt: "now";
    lastIncrementalAt: "now";
    lastPollCursor: string | null;
    lastError: string | null;
  }>,
): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
  if (patch.phase !== undefined) sets.push(sql`phase = ${patch.phase}`);
  if (patch.progress !== undefined)
    sets.push(sql`progress = ${Math.max(0, Math.min(100, Math.round(patch.progress)))}`);
  if (patch.checkpoint !== undefined)
    sets.push(
      sql`checkpoint = ${patch.checkpoint === null ? null : JSON.stringify(patch.checkpoint)}::jsonb`,
    );
  if (patch.currentRunId !== undefined) sets.push(sql`current_run_id = ${patch.currentRunId}`);
  if (patch.lastFullSyncAt) sets.push(sql`last_full_sync_at = now()`);
  if (patch.lastIncrementalAt) sets.push(sql`last_incremental_at = now()`);
  if (patch.lastPollCursor !== undefined) sets.push(sql`last_poll_cursor = ${patch.lastPollCursor}`);
  if (patch.lastError !== undefined) sets.push(sql`last_error = ${patch.lastError}`);
  await db.execute(
    sql`insert into sync_state (organization_id) values (${orgId}) on conflict (organization_id) do nothing`,
  );
  await db.execute(sql`update sync_state set ${sql.join(sets, sql`, `)} where organization_id = ${orgId}`);
}

export async function startRun(
  db: Executor,
  orgId: string,
  id: string,
  kind: string,
  trigger: string,
): Promise<void> {
  await db.execute(sql`
    insert into sync_runs (organization_id, id, kind, status, trigger, stats, started_at)
    values (${orgId}, ${id}, ${kind}, 'running', ${trigger}, '{}'::jsonb, now())
    on conflict (organization_id, id) do update set status = 'running', finished_at = null, error = null`);
}

export async function finishRun(
  db: Executor,
  orgId: string,
  id: string,
  status: "succeeded" | "failed" | "cancelled",
  stats: Record<string, number>,
  error: string | null,
): Promise<void> {
  await db.execute(sql`
    update sync_runs set status = ${status}, stats = ${JSON.stringify(stats)}::jsonb, error = ${error}, finished_at = now()
    where organization_id = ${orgId} and id = ${id}`);
}

export async function recentRuns(db: Executor, orgId: string, limit: number) {
  return rows<{
    id: string;
    kind: string;
    status: string;
    trigger: string | null;
    stats: Record<string, number>;
    error: string | null;
    startedAt: string;
    finishedAt: string | null;
  }>(
    db,
    sql`select id, kind, status, trigger, stats, error, started_at as "startedAt", finished_at as "finishedAt"
        from sync_runs where organization_id = ${orgId} order by started_at desc limit ${limit}`,
  );
}

export async function insertWebhookEvent(
  db: Executor,
  e: {
    organizationId: string | null;
    webhookId: string | null;
    event: string | null;
    taskId: string | null;
    signatureValid: boolean;
    status: "received" | "rejected";
    payload: unknown;
    error: string | null;
  },
): Promise<number> {
  const [r] = await rows<{ id: number | string }>(
    db,
    sql`insert into webhook_events (organization_id, webhook_id, event, task_id, signature_valid, status, payload, error, received_at)
        values (${e.organizationId}, ${e.webhookId}, ${e.event}, ${e.taskId}, ${e.signatureValid}, ${e.status},
          ${e.payload === undefined ? null : JSON.stringify(e.payload)}::jsonb, ${e.error}, now())
        returning id`,
  );
  return Number(r!.id);
}

export async function getWebhookEvent(db: Executor, id: number) {
  const [r] = await rows<{ id: number; organizationId: string | null; status: string; payload: unknown }>(
    db,
    sql`select id, organization_id as "organizationId", status, payload from webhook_events where id = ${id}`,
  );
  return r ?? null;
}

export async function finishWebhookEvent(
  db: Executor,
  id: number,
  status: "processed" | "failed",
  error: string | null,
) {
  await db.execute(
    sql`update webhook_events set status = ${status}, error = ${error}, processed_at = now() where id = ${id}`,
  );
}

export async function notifyWorkspaceChanged(db: Executor, orgId: string): Promise<void> {
  await db.execute(sql`select pg_notify('workspace_changed', ${orgId})`);
}

// ---- connection -----------------------------------------------------------------------

export interface ConnectionRow {
  organizationId: string;
  clickupTeamId: string | null;
  clickupTeamName: string | null;
  authType: "oauth" | "personal";
  accessTokenEnc: string;
  webhookId: string | null;
  webhookSecretEnc: string | null;
  status: string;
}

export async function getConnection(db: Executor, orgId: string): Promise<ConnectionRow | null> {
  const [r] = await rows<ConnectionRow>(
    db,
    sql`select organization_id as "organizationId", clickup_team_id as "clickupTeamId", clickup_team_name as "clickupTeamName",
          auth_type as "authType", access_token_enc as "accessTokenEnc", webhook_id as "webhookId",
          webhook_secret_enc as "webhookSecretEnc", status
        from clickup_workspace_connections where organization_id = ${orgId}`,
  );
  return r ?? null;
}

export async function setConnectionError(db: Executor, orgId: string, error: string | null, status?: string) {
  await db.execute(sql`
    update clickup_workspace_connections set last_error = ${error}, updated_at = now()
      ${status ? sql`, status = ${status}` : sql``}
    where organization_id = ${orgId}`);
}

export async function setConnectionWebhook(
  db: Executor,
  orgId: string,
  webhookId: string | null,
  secretEnc: string | null,
) {
  await db.execute(sql`
    update clickup_workspace_connections set webhook_id = ${webhookId}, webhook_secret_enc = ${secretEnc}, updated_at = now()
    where organization_id = ${orgId}`);
}

export async function activeConnections(db: Executor): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select organization_id as id from clickup_workspace_connections where status = 'active' and clickup_team_id is not null`,
  );
  return r.map((x) => x.id);
}
