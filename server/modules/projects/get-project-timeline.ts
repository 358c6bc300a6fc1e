import { classifyTeamTask, itemTypeLabel, milestoneType, taskPriority } from "@domain/index";
import type { ProjectTimelineResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import { assigneeNames, iso, usersById } from "./names";
import type { ProjectsRepo } from "./repo";

/** Dated items shown on a project timeline; more are reported as truncated. */
export const TIMELINE_LIMIT = 500;

/** Project timeline: the folder's milestones and tasks by date. */
export async function getProjectTimeline(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
  now: Date,
): Promise<ProjectTimelineResponse> {
  const meta = await requireMetaTask(repo, organizationId, projectId);
  if (!meta.folder_id) return { items: [], truncated: false };
  const [rows, users] = await Promise.all([
    repo.timelineTasks(organizationId, meta.folder_id, TIMELINE_LIMIT + 1),
    repo.allProviderUsers(organizationId),
  ]);
  const byId = usersById(users);
  return {
    truncated: rows.length > TIMELINE_LIMIT,
    items: rows.slice(0, TIMELINE_LIMIT).map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      typeLabel: itemTypeLabel(r.custom_item_id),
      milestoneType: milestoneType({ name: r.name, customItemId: r.custom_item_id }),
      startDate: iso(r.start_date),
      dueDate: iso(r.due_date),
      parentId: r.parent_task_id,
      assignees: assigneeNames(r.assignees_array, byId),
      priority: taskPriority(r.due_date, now),
      isOverdue: classifyTeamTask(r.status, r.due_date, now) === "overdue",
    })),
  };
}
