import { MESSAGES, percentComplete, projectHeaderFields, projectJobCode, projectPhase } from "@domain/index";
import { notFound } from "../../lib/errors";
import type { ProjectHeader } from "./contract";
import { hours, iso, producerLine, usersById } from "./names";
import type { MetaTaskRow, ProjectsRepo, TaskScope } from "./repo";

/** The project's meta task, or 404 'Project not found' (also for another workspace's id). */
export async function requireMetaTask(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
): Promise<MetaTaskRow> {
  const meta = await repo.findMetaTask(organizationId, projectId);
  if (!meta) throw notFound(MESSAGES.project.notFound);
  return meta;
}

/**
 * Project header (spec §3 meta task, §7): the meta task, its custom fields (client, producer
 * update, ClickUp folder id) and the folder's hours under the §6 scope.
 */
export async function getProject(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
  scope: TaskScope,
): Promise<ProjectHeader> {
  const meta = await requireMetaTask(repo, organizationId, projectId);
  const [fields, sums, users] = await Promise.all([
    repo.customFieldValues(organizationId, meta.id),
    meta.folder_id
      ? repo.folderHours(organizationId, meta.folder_id, scope)
      : Promise.resolve({ estimated: meta.estimated_time_total, logged: meta.time_logged_total }),
    repo.allProviderUsers(organizationId),
  ]);
  const header = projectHeaderFields(fields.map((f) => ({ id: f.id, name: f.name, value: f.value })));
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
    hoursScopeAll: scope.seesAll,
  };
}
