import { OTHER_TASKS_LIMIT } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { resolveAssignedScope } from "./assigned-scope";
import type { OtherTasksResponse } from "./contract";
import { presentTask } from "./present";
import { selectOtherTasks } from "./repo";

/** OTHER TASKS (spec §9): not assignments/activities, not finished, by due date, at most 7. */
export async function listOtherTasks(ctx: RequestContext): Promise<OtherTasksResponse> {
  const scope = await resolveAssignedScope(ctx);
  if (!scope) return { tasks: [] };
  const rows = await selectOtherTasks(ctx.db, scope, OTHER_TASKS_LIMIT);
  return { tasks: rows.map(presentTask) };
}
