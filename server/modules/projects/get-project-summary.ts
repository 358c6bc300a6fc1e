import { summarizeTasks } from "@domain/index";
import type { RequestContext } from "../../request-context";
import type { ProjectIdParam, ProjectSummaryResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import { summaryTasks } from "./repo";

/** Task summary (spec §3, §7, §9): totals, completed, overdue and the next 7 days' milestones. */
export async function getProjectSummary(
  ctx: RequestContext,
  input: ProjectIdParam,
): Promise<ProjectSummaryResponse> {
  const now = ctx.deps.now();
  const meta = await requireMetaTask(ctx.db, ctx.organizationId, input.projectId);
  if (!meta.folder_id) return summarizeTasks([], now);
  const rows = await summaryTasks(ctx.db, ctx.organizationId, meta.folder_id);
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
