import {
  MESSAGES,
  parseAssignees,
  percentComplete,
  projectHeaderFields,
  projectJobCode,
  projectPhase,
} from "@domain/index";
import type { Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import type { ProjectHeader, ProjectIdParam } from "./contract";
import { hoursScope } from "./hours-scope";
import { hours, iso, producerLine, usersById } from "./names";
import { findMetaTask, findProjectHeader, folderHours, providerUsers, type MetaTaskRow } from "./repo";

/** The project's meta task, or 404 'Project not found' (also for another workspace's id). */
export async function requireMetaTask(
  executor: Executor,
  organizationId: string,
  projectId: string,
): Promise<MetaTaskRow> {
  const meta = await findMetaTask(executor, organizationId, projectId);
  if (!meta) throw notFound(MESSAGES.project.notFound);
  return meta;
}

/**
 * Project header (spec §3 meta task, §7): the meta task, its custom fields (client, producer
 * update, ClickUp folder id) and the folder's hours under the §6 scope — with, for a scope that
 * sees only some tasks, how many of the project's tasks those hours cover.
 */
export async function getProject(ctx: RequestContext, input: ProjectIdParam): Promise<ProjectHeader> {
  const org = ctx.organizationId;
  // Two rounds: the meta task with its custom fields, and the scope; then the folder's hours and
  // the ClickUp users its assignees name (only those, not the whole workspace's).
  const [meta, scope] = await Promise.all([
    findProjectHeader(ctx.db, org, input.projectId),
    resolveTaskScope(ctx),
  ]);
  if (!meta) throw notFound(MESSAGES.project.notFound);
  const [sums, users] = await Promise.all([
    meta.folder_id
      ? folderHours(ctx.db, scope, meta.folder_id)
      : Promise.resolve({
          estimated: meta.estimated_time_total,
          logged: meta.time_logged_total,
          coverage: null,
        }),
    providerUsers(
      ctx.db,
      org,
      parseAssignees(meta.assignees_array).map((a) => a.id),
    ),
  ]);
  const header = projectHeaderFields(meta.fields.map((f) => ({ id: f.id, name: f.name, value: f.value })));
  const producer = producerLine(meta.assignees_array, usersById(users)) || (meta.assignee_name ?? "");
  return {
    id: meta.id,
    name: meta.name,
    status: meta.status,
    phase: projectPhase(meta.status),
    jobCode: projectJobCode(meta.custom_id, meta.name),
    client: header.client,
    startDate: iso(meta.start_date),
    endDate: iso(meta.due_date),
    estimatedHours: hours(sums.estimated),
    loggedHours: hours(sums.logged),
    percentComplete: percentComplete(sums.logged, sums.estimated),
    statusUpdate: header.statusUpdate,
    clickupFolderId: header.clickupFolderId,
    producer,
    folderId: meta.folder_id,
    folderName: meta.folder_name,
    spaceId: meta.space_id,
    spaceName: meta.space_name,
    url: meta.url,
    // The label tells what is summed: the whole project, or the tasks the caller can see of it.
    ...hoursScope(sums.coverage),
  };
}
