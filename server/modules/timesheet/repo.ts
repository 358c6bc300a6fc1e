import { sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";

/*
 * All SQL of the weekly timesheet. time_entries.user_id is the ClickUp user id of the person the
 * time belongs to; source says who wrote the row ('clickup' = synced from ClickUp, never touched
 * here; 'timesheet' = written by this screen, replaced cell by cell). Index used:
 * time_entries_user_start_idx (organization_id, user_id, start_time).
 */

export interface WeekEntryRow {
  id: string;
  task_id: string;
  start_time: Date | string;
  duration_ms: number | string;
  source: "clickup" | "timesheet";
  clickup_id: string | null;
  write_back_status: "none" | "pending" | "synced" | "failed";
  write_back_error: string | null;
}

/** The person's non-deleted entries of both sources with start_time in [from, to). */
export async function selectWeekEntries(
  executor: Executor,
  organizationId: string,
  providerUserId: string,
  from: Date,
  to: Date,
): Promise<WeekEntryRow[]> {
  return rows<WeekEntryRow>(
    executor,
    sql`select id, task_id, start_time, duration_ms, source, clickup_id, write_back_status, write_back_error
        from time_entries
        where organization_id = ${organizationId} and user_id = ${providerUserId}
          and start_time >= ${from.toISOString()} and start_time < ${to.toISOString()}
          and not deleted and task_id is not null
        order by start_time, id`,
  );
}

export interface TaskNameRow {
  id: string;
  name: string;
  folder_name: string;
  url: string | null;
}

/** Names of tasks (in this workspace) for timesheet rows. */
export async function selectTaskNames(
  executor: Executor,
  organizationId: string,
  taskIds: readonly string[],
): Promise<TaskNameRow[]> {
  if (taskIds.length === 0) return [];
  return rows<TaskNameRow>(
    executor,
    sql`select id, name, coalesce(nullif(btrim(folder_name), ''), 'No Project') as folder_name, url
        from tasks
        where organization_id = ${organizationId}
          and id in (${sql.join(
            taskIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
}

export interface OwnEntryRow {
  id: string;
  task_id: string;
  start_time: Date | string;
  duration_ms: number | string;
  clickup_id: string | null;
}

/** The timesheet's own live rows of the week, locked for the save (call inside its transaction). */
export async function lockOwnWeekEntries(
  executor: Executor,
  organizationId: string,
  providerUserId: string,
  from: Date,
  to: Date,
): Promise<OwnEntryRow[]> {
  return rows<OwnEntryRow>(
    executor,
    sql`select id, task_id, start_time, duration_ms, clickup_id from time_entries
        where organization_id = ${organizationId} and user_id = ${providerUserId}
          and start_time >= ${from.toISOString()} and start_time < ${to.toISOString()}
          and source = 'timesheet' and not deleted
        order by start_time, id
        for update`,
  );
}

export interface NewEntry {
  id: string;
  taskId: string;
  startTime: Date;
  endTime: Date;
  durationMs: number;
  description: string;
}

export async function insertOwnEntry(
  executor: Executor,
  organizationId: string,
  providerUserId: string,
  loggedBy: string,
  writeBackStatus: "none" | "pending",
  e: NewEntry,
): Promise<void> {
  await run(
    executor,
    sql`insert into time_entries (organization_id, id, user_id, task_id, start_time, end_time, duration_ms,
                                  billable, description, source, logged_by, write_back_status)
        values (${organizationId}, ${e.id}, ${providerUserId}, ${e.taskId}, ${e.startTime.toISOString()},
                ${e.endTime.toISOString()}, ${e.durationMs}, true, ${e.description}, 'timesheet', ${loggedBy},
                ${writeBackStatus})`,
  );
}

export async function updateOwnEntry(
  executor: Executor,
  organizationId: string,
  id: string,
  writeBackStatus: "none" | "pending",
  e: Omit<NewEntry, "id" | "taskId">,
): Promise<void> {
  await run(
    executor,
    sql`update time_entries
        set start_time = ${e.startTime.toISOString()}, end_time = ${e.endTime.toISOString()},
            duration_ms = ${e.durationMs}, billable = true, description = ${e.description},
            write_back_status = ${writeBackStatus}, write_back_error = null, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

/** Soft-delete: the write-back job removes the ClickUp copy (if any), then the row stays as a tombstone. */
export async function deleteOwnEntries(
  executor: Executor,
  organizationId: string,
  ids: readonly string[],
  writeBackStatus: "none" | "pending",
): Promise<void> {
  if (ids.length === 0) return;
  await run(
    executor,
    sql`update time_entries
        set deleted = true, write_back_status = ${writeBackStatus}, write_back_error = null, updated_at = now()
        where organization_id = ${organizationId} and id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

// ---------------------------------------------------------------------------------------------
// Write-back to ClickUp (server/jobs/write-back-time-entries.ts)
// ---------------------------------------------------------------------------------------------

export interface WriteBackTargetRow {
  clickup_user_id: string;
  access_token_enc: string | null;
  clickup_team_id: string | null;
}

/** The person's ClickUp identity and token, and the workspace's ClickUp team. */
export async function selectWriteBackTarget(
  executor: Executor,
  organizationId: string,
  userId: string,
): Promise<WriteBackTargetRow | null> {
  const row = await firstRow<WriteBackTargetRow>(
    executor,
    sql`select c.clickup_user_id, c.access_token_enc, w.clickup_team_id
        from user_clickup_connections c
        left join clickup_workspace_connections w on w.organization_id = c.organization_id
        where c.organization_id = ${organizationId} and c.user_id = ${userId} and c.is_active`,
  );
  return row ?? null;
}

export interface PendingEntryRow {
  id: string;
  task_id: string | null;
  start_time: Date | string;
  end_time: Date | string | null;
  duration_ms: number | string;
  description: string | null;
  billable: boolean;
  deleted: boolean;
  clickup_id: string | null;
  updated_at: Date | string;
}

/** The timesheet's entries of one person waiting for (or having failed) the write-back, oldest first. */
export async function selectPendingEntries(
  executor: Executor,
  organizationId: string,
  providerUserId: string,
  limit: number,
): Promise<PendingEntryRow[]> {
  return rows<PendingEntryRow>(
    executor,
    sql`select id, task_id, start_time, end_time, duration_ms, description, billable, deleted, clickup_id, updated_at
        from time_entries
        where organization_id = ${organizationId} and user_id = ${providerUserId} and source = 'timesheet'
          and write_back_status in ('pending', 'failed')
        order by updated_at, id
        limit ${limit}`,
  );
}

/** Clickup ids already linked to rows of this workspace (so a found remote entry is not adopted twice). */
export async function selectLinkedClickupIds(
  executor: Executor,
  organizationId: string,
  clickupIds: readonly string[],
): Promise<Set<string>> {
  if (clickupIds.length === 0) return new Set();
  const found = await rows<{ clickup_id: string }>(
    executor,
    sql`select clickup_id from time_entries
        where organization_id = ${organizationId} and source = 'timesheet'
          and clickup_id in (${sql.join(
            clickupIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
  return new Set(found.map((r) => r.clickup_id));
}

/**
 * Record that a row reached ClickUp as `clickupId`. A copy the sync imported meanwhile (same
 * ClickUp id, source 'clickup') is removed so the time is never counted twice. The row stays
 * 'pending' when it changed after `seenUpdatedAt` (the next pass sends the new value). Both
 * statements commit together: run it in a transaction (the caller's `tx`).
 */
export async function linkWrittenEntry(
  executor: Executor,
  organizationId: string,
  id: string,
  clickupId: string | null,
  seenUpdatedAt: Date | string,
): Promise<void> {
  if (clickupId) {
    await run(
      executor,
      sql`delete from time_entries
          where organization_id = ${organizationId} and clickup_id = ${clickupId} and id <> ${id}
            and source = 'clickup'`,
    );
  }
  await run(
    executor,
    sql`update time_entries
        set clickup_id = ${clickupId},
            write_back_status = case when date_trunc('milliseconds', updated_at) > ${new Date(seenUpdatedAt).toISOString()}::timestamptz
                                     then 'pending' else 'synced' end,
            write_back_error = null
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

export async function markWriteBackFailed(
  executor: Executor,
  organizationId: string,
  id: string,
  error: string,
): Promise<void> {
  await run(
    executor,
    sql`update time_entries set write_back_status = 'failed', write_back_error = ${error.slice(0, 500)}
        where organization_id = ${organizationId} and id = ${id} and write_back_status in ('pending', 'failed')`,
  );
}

/** People with entries waiting for the write-back (the periodic retry sweep). */
export async function selectUsersWithPendingWriteBack(
  executor: Executor,
): Promise<{ organization_id: string; logged_by: string }[]> {
  return rows<{ organization_id: string; logged_by: string }>(
    executor,
    sql`select distinct organization_id, logged_by from time_entries
        where source = 'timesheet' and write_back_status in ('pending', 'failed') and logged_by is not null
        limit 1000`,
  );
}
