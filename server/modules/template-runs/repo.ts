import { sql } from "drizzle-orm";
import { firstRow, rows, run, type Executor } from "../../db/executor";

/*
 * All SQL of "create project from template" runs (template_runs, template_run_items) and the
 * synced facts a run reads (spaces, folders, people with role tags, custom fields, the
 * workspace's time zone). Every query filters organization_id.
 */

export interface RunRow {
  id: string;
  template_id: string;
  template_version: number;
  template_name: string | null;
  space_id: string;
  name: string;
  client: string | null;
  job_code: string | null;
  start_date: string;
  status: "queued" | "running" | "succeeded" | "failed";
  error: string | null;
  total: number;
  done: number;
  created_count: number;
  folder_id: string | null;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

const RUN_COLUMNS = sql`r.id, r.template_id, r.template_version, t.name as template_name, r.space_id, r.name,
  r.client, r.job_code, r.start_date::text as start_date, r.status, r.error, r.total, r.done,
  (select count(*)::int from template_run_items i
    where i.organization_id = r.organization_id and i.run_id = r.id) as created_count,
  r.folder_id, r.created_by, r.created_at, r.updated_at, r.finished_at`;

const RUN_FROM = sql`template_runs r
  left join folder_templates t on t.organization_id = r.organization_id and t.id = r.template_id`;

export async function selectRun(ex: Executor, orgId: string, runId: string): Promise<RunRow | undefined> {
  return firstRow<RunRow>(
    ex,
    sql`select ${RUN_COLUMNS} from ${RUN_FROM} where r.organization_id = ${orgId} and r.id = ${runId}`,
  );
}

/** The newest runs (at most `limit`), of one template or of all. */
export async function selectRuns(
  ex: Executor,
  orgId: string,
  templateId: string | undefined,
  limit: number,
): Promise<RunRow[]> {
  return rows<RunRow>(
    ex,
    sql`select ${RUN_COLUMNS} from ${RUN_FROM}
        where r.organization_id = ${orgId}
          ${templateId === undefined ? sql`` : sql`and r.template_id = ${templateId}`}
        order by r.created_at desc, r.id desc
        limit ${limit}`,
  );
}

export interface NewRun {
  organizationId: string;
  id: string;
  templateId: string;
  templateVersion: number;
  spaceId: string;
  name: string;
  client: string | null;
  jobCode: string | null;
  startDate: string;
  total: number;
  createdBy: string | null;
  now: Date;
}

export async function insertRun(ex: Executor, r: NewRun): Promise<void> {
  await run(
    ex,
    sql`insert into template_runs (organization_id, id, template_id, template_version, space_id, name, client,
          job_code, start_date, status, total, done, created_by, created_at, updated_at)
        values (${r.organizationId}, ${r.id}, ${r.templateId}, ${r.templateVersion}, ${r.spaceId}, ${r.name},
          ${r.client}, ${r.jobCode}, ${r.startDate}, 'queued', ${r.total}, 0, ${r.createdBy},
          ${r.now.toISOString()}, ${r.now.toISOString()})`,
  );
}

/** A failed run back to queued (false when it is not failed). */
export async function requeueFailedRun(
  ex: Executor,
  orgId: string,
  runId: string,
  now: Date,
): Promise<boolean> {
  const n = await run(
    ex,
    sql`update template_runs set status = 'queued', error = null, finished_at = null, updated_at = ${now.toISOString()}
        where organization_id = ${orgId} and id = ${runId} and status = 'failed'`,
  );
  return n > 0;
}

/**
 * Take a queued run (or one left running by a process that died) for this worker: status
 * running. Undefined when the run is finished, failed or gone.
 */
export async function claimRun(ex: Executor, orgId: string, runId: string): Promise<RunRow | undefined> {
  const n = await run(
    ex,
    sql`update template_runs set status = 'running', error = null, updated_at = now()
        where organization_id = ${orgId} and id = ${runId} and status in ('queued', 'running')`,
  );
  return n > 0 ? selectRun(ex, orgId, runId) : undefined;
}

export async function failRun(ex: Executor, orgId: string, runId: string, error: string): Promise<void> {
  await run(
    ex,
    sql`update template_runs set status = 'failed', error = ${error}, updated_at = now(), finished_at = now()
        where organization_id = ${orgId} and id = ${runId} and status = 'running'`,
  );
}

export async function succeedRun(
  ex: Executor,
  orgId: string,
  runId: string,
  folderId: string,
): Promise<void> {
  await run(
    ex,
    sql`update template_runs set status = 'succeeded', error = null, folder_id = ${folderId},
          updated_at = now(), finished_at = now()
        where organization_id = ${orgId} and id = ${runId}`,
  );
}

/** The ClickUp ids this run created so far, by node key ('folder', 'list:…', 'task:…'). */
export async function selectRunItems(
  ex: Executor,
  orgId: string,
  runId: string,
): Promise<Map<string, string>> {
  const found = await rows<{ node_key: string; clickup_id: string }>(
    ex,
    sql`select node_key, clickup_id from template_run_items where organization_id = ${orgId} and run_id = ${runId}`,
  );
  return new Map(found.map((r) => [r.node_key, r.clickup_id]));
}

/** Record one created object and the run's progress (done = objects recorded). */
export async function recordRunItem(
  ex: Executor,
  orgId: string,
  runId: string,
  item: { nodeKey: string; kind: "folder" | "list" | "task"; clickupId: string },
): Promise<void> {
  await run(
    ex,
    sql`insert into template_run_items (organization_id, run_id, node_key, kind, clickup_id)
        values (${orgId}, ${runId}, ${item.nodeKey}, ${item.kind}, ${item.clickupId})
        on conflict (organization_id, run_id, node_key) do nothing`,
  );
  await run(
    ex,
    sql`update template_runs set
          done = least(total, (select count(*) from template_run_items
                                where organization_id = ${orgId} and run_id = ${runId})),
          folder_id = case when ${item.kind} = 'folder' then ${item.clickupId} else folder_id end,
          updated_at = now()
        where organization_id = ${orgId} and id = ${runId}`,
  );
}

// ---- synced facts a run reads ------------------------------------------------------------------

/** A synced, live space of the workspace (the ones its ClickUp connection reaches). */
export async function selectSyncedSpace(
  ex: Executor,
  orgId: string,
  spaceId: string,
): Promise<{ id: string; name: string; archived: boolean } | undefined> {
  return firstRow(
    ex,
    sql`select id, name, archived from spaces where organization_id = ${orgId} and id = ${spaceId} and not deleted`,
  );
}

/** A synced live folder of that name (any letter case) in the space. */
export async function folderNameTaken(
  ex: Executor,
  orgId: string,
  spaceId: string,
  name: string,
): Promise<boolean> {
  const r = await firstRow<{ id: string }>(
    ex,
    sql`select id from folders where organization_id = ${orgId} and space_id = ${spaceId} and not deleted
          and lower(btrim(name)) = lower(btrim(${name})) limit 1`,
  );
  return r !== undefined;
}

/** A run of the workspace still creating a folder of that name in the space (queued or running). */
export async function activeRunWithName(
  ex: Executor,
  orgId: string,
  spaceId: string,
  name: string,
): Promise<boolean> {
  const r = await firstRow<{ id: string }>(
    ex,
    sql`select id from template_runs where organization_id = ${orgId} and space_id = ${spaceId}
          and status in ('queued', 'running', 'failed') and folder_id is null
          and lower(btrim(name)) = lower(btrim(${name})) limit 1`,
  );
  return r !== undefined;
}

/** Serialise run creation of one workspace (transaction-scoped advisory lock). */
export async function lockRuns(ex: Executor, orgId: string): Promise<void> {
  await run(ex, sql`select pg_advisory_xact_lock(hashtextextended(${"template-runs:" + orgId}, 0))`);
}

export async function workspaceTimeZone(ex: Executor, orgId: string): Promise<string> {
  const r = await firstRow<{ time_zone: string }>(
    ex,
    sql`select time_zone from organizations where id = ${orgId}`,
  );
  return r?.time_zone ?? "UTC";
}

export interface PersonRow {
  id: string;
  username: string | null;
  role_tags: string[] | null;
}

/** The workspace's ClickUp people with their role tags, by name then id (the role pick's order). */
export async function selectPeople(ex: Executor, orgId: string): Promise<PersonRow[]> {
  return rows<PersonRow>(
    ex,
    sql`select u.id, u.username, coalesce(s.role_tags, '{}'::text[]) as role_tags
        from provider_users u
        left join person_settings s on s.organization_id = u.organization_id and s.clickup_user_id = u.id
        where u.organization_id = ${orgId}
        order by lower(coalesce(u.username, u.email, u.id)), u.id`,
  );
}

export interface FieldRow {
  id: string;
  name: string;
  field_type: string;
  type_config: unknown;
}

/** The synced custom field definitions, by name then id. */
export async function selectCustomFields(ex: Executor, orgId: string): Promise<FieldRow[]> {
  return rows<FieldRow>(
    ex,
    sql`select id, name, field_type, type_config from custom_fields where organization_id = ${orgId}
        order by lower(name), id`,
  );
}

/**
 * Runs of every workspace still queued or running with no job of `queue` waiting for them or
 * running them (the process died before it queued one): the queue's start queues them again.
 * A run whose job is waiting, or active in this or another live instance, is left to that job —
 * a second job would run it twice at once (infrastructure).
 */
export async function selectUnfinishedRuns(
  ex: Executor,
  queue: string,
): Promise<Array<{ organizationId: string; runId: string }>> {
  const found = await rows<{ organization_id: string; id: string }>(
    ex,
    sql`select r.organization_id, r.id from template_runs r
        where r.status in ('queued', 'running')
          and not exists (select 1 from pgboss.job j
                           where j.name = ${queue} and j.singleton_key = r.id::text
                             and j.state in ('created', 'retry', 'active'))
        order by r.created_at`,
  );
  return found.map((r) => ({ organizationId: r.organization_id, runId: r.id }));
}
