import type PgBoss from "pg-boss";
import { validateTemplateTree } from "@domain/templates";
import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import { ClickUpApiError, type ClickUpClient } from "../integrations/clickup/client";
import type { CuFolder, CuList, CuTask } from "../integrations/clickup/types";
import { notifyWorkspaceChanged } from "../modules/live/repo";
import { connectedClient, ingestTasks, SyncNotConnectedError } from "../modules/sync/engine";
import { recomputeDerived } from "../modules/sync/derived-fields-repo";
import { upsertFolders, upsertLists } from "../modules/sync/hierarchy-repo";
import { planRun, type PlannedStep } from "../modules/template-runs/plan";
import {
  claimRun,
  failRun,
  recordRunItem,
  selectCustomFields,
  selectPeople,
  selectRunItems,
  selectUnfinishedRuns,
  succeedRun,
  workspaceTimeZone,
  type RunRow,
} from "../modules/template-runs/repo";
import { getTemplateVersion } from "../modules/templates/repo";
import type { JobLeases } from "./job-lease";

/*
 * "Create project from template" (issue 13 §4): one run creates the folder, its lists and their
 * tasks in ClickUp, as the workspace's ClickUp connection (the sync's token), in the order of
 * domain/templates.ts creationOrder (the meta task first).
 *
 * Resumable without duplicates:
 * - every ClickUp id is recorded in template_run_items the moment ClickUp returns it, in its own
 *   short transaction together with `done` and the object's row in our tables (the same upserts
 *   the sync uses), so the project is in the Projects menu and on /calendar at once and the
 *   webhooks that follow find nothing to change;
 * - a retry (after a refusal, or a process killed half way) skips the recorded nodes; for the node
 *   that was in flight, the client's safe creates look the object up instead of repeating it:
 *   tasks are adopted when one of the same name and parent exists that this run has not recorded,
 *   folders and lists ("name taken" in their parent) are looked up by name and adopted.
 * - a ClickUp refusal (401/403, 404, 400, a 429 storm, 5xx after retries, timeout) stops the run:
 *   status failed, `error` says what ClickUp said about which object; nothing is rolled back.
 */

export const TEMPLATE_RUN_QUEUE = "template-run";

export interface TemplateRunPayload {
  organizationId: string;
  runId: string;
}

type RunDeps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "clickup">;

export interface TemplateRunResult {
  status: "succeeded" | "failed" | "skipped";
  error?: string;
  /** ClickUp HTTP attempts this run made. */
  calls: number;
}

export interface TemplateRunOptions {
  /** Called after each object is recorded (tests stop a run half way through this). */
  afterStep?: (step: PlannedStep, done: number) => void | Promise<void>;
}

const lower = (s: string) => s.trim().toLowerCase();

/** The step's object in words, for the run's error ("list "Post production""). */
function describeStep(step: PlannedStep): string {
  if (step.kind === "folder") return `the folder "${step.name}"`;
  if (step.kind === "list") return `the list "${step.name}"`;
  return `the task "${step.task.name}"`;
}

function describeFailure(err: unknown): string {
  if (err instanceof ClickUpApiError) {
    if (err.status === 0) return `ClickUp did not answer (${err.err})`;
    if (err.status === 429) return `ClickUp kept refusing with 429 Too Many Requests (${err.err})`;
    return `ClickUp answered ${err.status}${err.ecode ? ` ${err.ecode}` : ""}: ${err.err}`;
  }
  // A database error: its own words (drizzle wraps them in "Failed query: <sql>").
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
}

/** PostgreSQL deadlock or serialization failure: the statement may simply be run again. */
function isTransient(err: unknown): boolean {
  const cause = err instanceof Error && err.cause ? err.cause : err;
  const code = (cause as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}

/**
 * A short transaction, run again (up to 5 times) when PostgreSQL picks it as a deadlock victim:
 * webhook processing of the objects just created may update the same task rows concurrently.
 */
async function retryTransient<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isTransient(err) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

const nameTaken = (err: unknown, ecode: string) =>
  err instanceof ClickUpApiError && err.status === 400 && err.ecode === ecode;

/** Run (or resume) one template run to its end. Never throws for ClickUp's refusals. */
export async function runTemplateRun(
  deps: RunDeps,
  payload: TemplateRunPayload,
  options: TemplateRunOptions = {},
): Promise<TemplateRunResult> {
  const { organizationId: orgId, runId } = payload;
  const db = deps.database.db;
  const run = await claimRun(db, orgId, runId);
  if (!run) return { status: "skipped", calls: 0 };
  let client: ClickUpClient | undefined;
  let teamId: string;
  const fail = async (error: string): Promise<TemplateRunResult> => {
    await failRun(db, orgId, runId, error);
    await notifyWorkspaceChanged(db, orgId).catch(() => undefined);
    deps.logger.warn({ organizationId: orgId, runId, error }, "template run failed");
    return { status: "failed", error, calls: client?.calls ?? 0 };
  };
  try {
    const version = await getTemplateVersion(db, orgId, run.template_id, run.template_version);
    if (!version) return await fail("The template (or this version of it) no longer exists.");
    const problems = validateTemplateTree(version.tree);
    if (problems.length)
      return await fail(`The template is not valid: ${problems[0]!.field} ${problems[0]!.reason}.`);
    try {
      ({ client, teamId } = await connectedClient(deps, orgId));
    } catch (err) {
      if (err instanceof SyncNotConnectedError) return await fail(err.message);
      throw err;
    }
    const plan = planRun(
      version.tree,
      { name: run.name, client: run.client, jobCode: run.job_code, startDate: run.start_date },
      {
        timeZone: await workspaceTimeZone(db, orgId),
        people: await selectPeople(db, orgId),
        fields: await selectCustomFields(db, orgId),
      },
    );
    const created = await selectRunItems(db, orgId, runId);
    const recordedIds = new Set(created.values());
    let done = created.size;
    // A resumed run: the first node not recorded may have been created by the attempt that
    // stopped (its process died between ClickUp's answer and the record). Folders and lists
    // answer "name taken" and are adopted; a task is looked for once, in its list.
    let inFlight = created.size > 0;
    for (const step of plan.steps) {
      if (created.has(step.key)) continue;
      let clickupId: string;
      try {
        const orphan =
          inFlight && step.kind === "task"
            ? await findOrphanTask(client, teamId, step, created, recordedIds)
            : null;
        inFlight = false;
        clickupId = orphan
          ? (await recordTask(deps, orgId, run.id, step, orphan), orphan.id)
          : await createOne(deps, orgId, run, client, step, created, recordedIds);
      } catch (err) {
        return await fail(`Could not create ${describeStep(step)}: ${describeFailure(err)}`);
      }
      created.set(step.key, clickupId);
      recordedIds.add(clickupId);
      done++;
      await options.afterStep?.(step, done);
    }
    const taskIds = plan.steps.filter((s) => s.kind === "task").map((s) => created.get(s.key)!);
    await retryTransient(() =>
      transaction(deps.database, async (tx) => {
        await recomputeDerived(tx, orgId, taskIds);
        await succeedRun(tx, orgId, runId, created.get("folder")!);
        await notifyWorkspaceChanged(tx, orgId);
      }),
    );
    return { status: "succeeded", calls: client.calls };
  } catch (err) {
    // Our side failed (database, a bug): the run stops with the reason, retry continues it.
    deps.logger.error({ err, organizationId: orgId, runId }, "template run crashed");
    return fail(`The run stopped: ${describeFailure(err)}`);
  }
}

/** Create (or adopt) one object in ClickUp and record it with its row in our tables. */
async function createOne(
  deps: RunDeps,
  orgId: string,
  run: RunRow,
  client: ClickUpClient,
  step: PlannedStep,
  created: ReadonlyMap<string, string>,
  recordedIds: ReadonlySet<string>,
): Promise<string> {
  const record = (
    kind: "folder" | "list" | "task",
    clickupId: string,
    upsert: Parameters<typeof transaction>[1],
  ) =>
    retryTransient(() =>
      transaction(deps.database, async (tx) => {
        await upsert(tx);
        await recordRunItem(tx, orgId, run.id, { nodeKey: step.key, kind, clickupId });
        await notifyWorkspaceChanged(tx, orgId);
      }),
    );

  if (step.kind === "folder") {
    // "Name taken" means an attempt whose answer (or whose process) was lost created it: the
    // client adopts it (the API refused names already taken when the run was created).
    const folder = await client.createFolder(run.space_id, step.name, { adoptExisting: true });
    const row: CuFolder = { ...folder, spaceId: folder.spaceId ?? run.space_id, lists: [] };
    await record("folder", folder.id, (tx) => upsertFolders(tx, orgId, [row]));
    return folder.id;
  }

  if (step.kind === "list") {
    const folderId = created.get("folder")!;
    let list: CuList;
    try {
      list = await client.createList(folderId, { name: step.name, dueDate: step.dueDate });
    } catch (err) {
      // Created by an attempt whose process died before recording it (list names are unique in
      // a run): adopt it unless this run already recorded it.
      if (!nameTaken(err, "SUBCAT_016")) throw err;
      const existing = (await client.getFolderLists(folderId, false)).find(
        (l) => lower(l.name) === lower(step.name) && !recordedIds.has(l.id),
      );
      if (!existing) throw err;
      list = existing;
    }
    const row: CuList = {
      ...list,
      folderId: list.folderId ?? folderId,
      spaceId: list.spaceId ?? run.space_id,
    };
    await record("list", list.id, (tx) => upsertLists(tx, orgId, [row]));
    return list.id;
  }

  const listId = created.get(step.listKey)!;
  const parent = step.parentKey === null ? null : (created.get(step.parentKey) ?? null);
  const input = { ...step.task, parent };
  // The safe create adopts a task of the same name and parent this run has not recorded yet
  // (the one in flight when the answer or the process was lost) instead of creating a second.
  const opts = { adopt: sameTask(step, parent, recordedIds) };
  const task = await client.createTask(listId, input, opts);
  await recordTask(deps, orgId, run.id, step, task);
  return task.id;
}

const sameTask =
  (step: Extract<PlannedStep, { kind: "task" }>, parent: string | null, recordedIds: ReadonlySet<string>) =>
  (existing: CuTask) =>
    existing.name === step.task.name &&
    (existing.parentId ?? null) === parent &&
    !recordedIds.has(existing.id);

/** A task of the step's list that an earlier attempt created but did not record, or null. */
async function findOrphanTask(
  client: ClickUpClient,
  teamId: string,
  step: Extract<PlannedStep, { kind: "task" }>,
  created: ReadonlyMap<string, string>,
  recordedIds: ReadonlySet<string>,
): Promise<CuTask | null> {
  const listId = created.get(step.listKey)!;
  const parent = step.parentKey === null ? null : (created.get(step.parentKey) ?? null);
  const matches = sameTask(step, parent, recordedIds);
  for await (const page of client.teamTaskPages(teamId, {
    listIds: [listId],
    subtasks: true,
    includeClosed: true,
  }))
    for (const t of page.tasks) if (t.listId === listId && matches(t)) return t;
  return null;
}

async function recordTask(
  deps: RunDeps,
  orgId: string,
  runId: string,
  step: PlannedStep,
  task: CuTask,
): Promise<void> {
  await retryTransient(() =>
    transaction(deps.database, async (tx) => {
      await ingestTasks(tx, orgId, [task], { unknownListsArchived: false });
      await recordRunItem(tx, orgId, runId, { nodeKey: step.key, kind: "task", clickupId: task.id });
      await notifyWorkspaceChanged(tx, orgId);
    }),
  );
}

/**
 * The queue (called from startJobs): one job per run (stately, singleton key = run id), under a
 * job lease so a job left active by a killed process is put back by recover-interrupted-jobs.ts;
 * the run then resumes from its recorded items. Runs left queued or running without a job (the
 * process died before it queued one) are queued again at start.
 */
export async function registerTemplateRunJobs(
  boss: PgBoss,
  deps: RunDeps,
  leases: JobLeases,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await boss.work<TemplateRunPayload>(
    TEMPLATE_RUN_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
    async ([job]) => {
      if (job) await leases.hold(job.id, () => runTemplateRun(deps, job.data));
    },
  );
  for (const payload of await selectUnfinishedRuns(deps.database.db, TEMPLATE_RUN_QUEUE))
    await boss.send(TEMPLATE_RUN_QUEUE, payload, { singletonKey: payload.runId });
}

/** Options of the template-run queue (boss.ts creates it with the others). */
export const TEMPLATE_RUN_QUEUE_OPTIONS = {
  name: TEMPLATE_RUN_QUEUE,
  policy: "stately",
  // A refusal fails the run, not the job (the person retries it); a crash is recovered.
  retryLimit: 2,
  retryDelay: 10,
  expireInSeconds: 3600,
} as const;
