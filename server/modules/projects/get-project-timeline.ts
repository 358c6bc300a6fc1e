import { classifyTeamTask, itemTypeLabel, milestoneType, taskPriority } from "@domain/index";
import type { RequestContext } from "../../request-context";
import type { ProjectIdParam, ProjectTimelineResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import { assigneeNames, iso, usersById } from "./names";
import { allProviderUsers, timelineTasks } from "./repo";

/** Dated items shown on a project timeline; more are reported as truncated. */
export const TIMELINE_LIMIT = 500;

/** Project timeline: the folder's milestones and tasks by date. */
export async function getProjectTimeline(
  ctx: RequestContext,
  input: ProjectIdParam,
): Promise<ProjectTimelineResponse> {
  const now = ctx.deps.now();
  const meta = await requireMetaTask(ctx.db, ctx.organizationId, input.projectId);
  if (!meta.folder_id) return { items: [], truncated: false };
  const [rows, users] = await Promise.all([
    timelineTasks(ctx.db, ctx.organizationId, meta.folder_id, TIMELINE_LIMIT + 1),
    allProviderUsers(ctx.db, ctx.organizationId),
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
