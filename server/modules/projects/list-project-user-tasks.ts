import { sortUserTasks, toUserTask } from "@domain/index";
import type { ProjectUserTasksResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import type { ProjectsRepo } from "./repo";

/**
 * One person's open tasks in the project (spec §3 user task, §9): overdue first, then priority
 * high/medium/low, then due date. `assigneeId` is a ClickUp user id; null (a caller without a
 * ClickUp connection asking for their own) gives an empty list.
 */
export async function listProjectUserTasks(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
  assigneeId: string | null,
  now: Date,
): Promise<ProjectUserTasksResponse> {
  const meta = await requireMetaTask(repo, organizationId, projectId);
  if (!meta.folder_id || assigneeId === null) return { assigneeId, tasks: [] };
  const rows = await repo.assigneeOpenTasks(organizationId, meta.folder_id, assigneeId);
  const tasks = rows.map((r) =>
    toUserTask(
      { id: r.id, name: r.name, status: r.status ?? "", dueDate: r.due_date, customId: r.custom_id },
      now,
    ),
  );
  return { assigneeId, tasks: sortUserTasks(tasks) };
}
