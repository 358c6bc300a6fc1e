import { detailCustomFields, findCustomField } from "@domain/index";
import type { AppDeps } from "../../context";
import { notFound } from "../../lib/errors";
import type { TaskDetailResponse } from "./contract";
import { presentTask } from "./present";
import { selectDashboardTask } from "./repo";
import type { Viewer } from "./viewer";

const HOURS_PER_DAY_FRAGMENTS = ["h/d est", "hours/day", "hrs/day"] as const;

/**
 * Task detail dialog (spec §2): the task with status, project, due date and estimates, plus up
 * to 5 non-empty additional custom fields (the hours-per-day field is shown as an estimate).
 * 404 unless the task is one of the viewed person's visible tasks.
 */
export async function getTaskDetail(
  deps: Pick<AppDeps, "database">,
  viewer: Viewer,
  taskId: string,
): Promise<TaskDetailResponse> {
  if (!viewer.scope) throw notFound("Task not found");
  const row = await selectDashboardTask(deps.database, viewer.scope, taskId);
  if (!row) throw notFound("Task not found");
  const task = presentTask(row);
  // The hours-per-day fields are already shown as the estimate.
  const additional = detailCustomFields(
    task.customFields.filter((f) => findCustomField([f], HOURS_PER_DAY_FRAGMENTS) === undefined),
  );
  return { task, additionalFields: additional.map((f) => ({ id: f.id, name: f.name, text: f.text })) };
}
