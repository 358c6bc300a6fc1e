import { OTHER_TASKS_LIMIT } from "@domain/index";
import type { AppDeps } from "../../context";
import type { OtherTasksResponse } from "./contract";
import { presentTask } from "./present";
import { selectOtherTasks } from "./repo";
import type { Viewer } from "./viewer";

/** OTHER TASKS (spec §9): not assignments/activities, not finished, by due date, at most 7. */
export async function listOtherTasks(
  deps: Pick<AppDeps, "database">,
  viewer: Viewer,
): Promise<OtherTasksResponse> {
  if (!viewer.scope) return { tasks: [] };
  const rows = await selectOtherTasks(deps.database, viewer.scope, OTHER_TASKS_LIMIT);
  return { tasks: rows.map(presentTask) };
}
