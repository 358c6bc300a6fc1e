import { sortUserTasks, toUserTask } from "@domain/index";
import { viewedUserId, type RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import type { ProjectIdParam, ProjectTasksQuery, ProjectUserTasksResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import { assigneeOpenTasks } from "./repo";

/**
 * One person's open tasks in the project (spec §3 user task, §9): overdue first, then priority
 * high/medium/low, then due date. `assignee` is a ClickUp user id, or "me" for the viewed
 * person's; "me" without a ClickUp connection gives an empty list.
 */
export async function listProjectUserTasks(
  ctx: RequestContext,
  input: ProjectIdParam & ProjectTasksQuery,
): Promise<ProjectUserTasksResponse> {
  const now = ctx.deps.now();
  const [meta, assigneeId] = await Promise.all([
    requireMetaTask(ctx.db, ctx.organizationId, input.projectId),
    input.assignee === "me"
      ? activeClickupUserId(ctx.db, ctx.organizationId, viewedUserId(ctx))
      : Promise.resolve(input.assignee),
  ]);
  if (!meta.folder_id || assigneeId === null) return { assigneeId, tasks: [] };
  const rows = await assigneeOpenTasks(ctx.db, ctx.organizationId, meta.folder_id, assigneeId);
  const tasks = rows.map((r) =>
    toUserTask(
      { id: r.id, name: r.name, status: r.status ?? "", dueDate: r.due_date, customId: r.custom_id },
      now,
    ),
  );
  return { assigneeId, tasks: sortUserTasks(tasks) };
}
