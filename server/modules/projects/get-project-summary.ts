import { summarizeTasks } from "@domain/index";
import type { ProjectSummaryResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import type { ProjectsRepo } from "./repo";

/** Task summary (spec §3, §7, §9): totals, completed, overdue and the next 7 days' milestones. */
export async function getProjectSummary(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
  now: Date,
): Promise<ProjectSummaryResponse> {
  const meta = await requireMetaTask(repo, organizationId, projectId);
  if (!meta.folder_id) return summarizeTasks([], now);
  const rows = await repo.summaryTasks(organizationId, meta.folder_id);
  return summarizeTasks(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      dueDate: r.due_date,
      customItemId: r.custom_item_id,
    })),
    now,
  );
}
