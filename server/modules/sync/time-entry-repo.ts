import { sql } from "drizzle-orm";
import { rows, run, type Executor } from "../../db/executor";
import type { CuTimeEntry } from "../../integrations/clickup/types";
import { jsonb } from "./jsonb";

/**
 * Time entries as ClickUp has them. A timesheet edit not yet written back to ClickUp
 * (source 'timesheet', write-back pending or failed) always wins over ClickUp's older copy.
 */

export async function upsertTimeEntries(ex: Executor, orgId: string, entries: CuTimeEntry[]): Promise<void> {
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
  await run(
    ex,
    sql`
    insert into time_entries (organization_id, id, clickup_id, user_id, task_id, start_time, end_time, duration_ms,
      billable, description, deleted, source, created_at, updated_at)
    select ${orgId}, r.id, r.id, r."userId", r."taskId", r.start, r."end", r.duration, r.billable, r.description,
      false, 'clickup', now(), now()
    from jsonb_to_recordset(${jsonb(data)}) as r(id text, "userId" text, "taskId" text, start timestamptz,
      "end" timestamptz, duration bigint, billable boolean, description text)
    on conflict (organization_id, clickup_id) do update set
      user_id = excluded.user_id, task_id = excluded.task_id, start_time = excluded.start_time,
      end_time = excluded.end_time, duration_ms = excluded.duration_ms, billable = excluded.billable,
      description = excluded.description, deleted = false, updated_at = now()
    -- A timesheet edit not yet written back to ClickUp wins over ClickUp's older copy.
    where not (time_entries.source = 'timesheet' and time_entries.write_back_status in ('pending', 'failed'))`,
  );
}

/** Entries in [from, to) that ClickUp no longer returned (seen before `since`) were deleted there. */
export async function markTimeEntriesDeletedInWindow(
  ex: Executor,
  orgId: string,
  from: number,
  to: number,
  since: string,
  taskId?: string,
): Promise<number> {
  const r = await rows<{ id: string }>(
    ex,
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
