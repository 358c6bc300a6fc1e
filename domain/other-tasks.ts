import { compareDueDates, type DateInput } from "./dates";
import { OTHER_TASKS_LIMIT } from "./constants";
import { isFinishedStatus, type StatusInput } from "./status";
import { isItemType, ITEM_TYPE, type ItemTypeInput } from "./task-types";

/** Types shown elsewhere on the dashboard and therefore excluded from Other Tasks. */
export const OTHER_TASKS_EXCLUDED_TYPES: readonly number[] = [
  ITEM_TYPE.assignment,
  ITEM_TYPE.assignmentFreelance,
  ITEM_TYPE.activity,
];

/** True when a task belongs in the Other Tasks panel: not type 1014/1031/1033 and not finished. */
export function isOtherTask(task: { customItemId: ItemTypeInput; status: StatusInput }): boolean {
  return !isItemType(task.customItemId, ...OTHER_TASKS_EXCLUDED_TYPES) && !isFinishedStatus(task.status);
}

/**
 * The Other Tasks panel (spec §9): tasks that pass {@link isOtherTask}, by due date ascending with
 * undated last (ties keep input order), at most 7.
 */
export function selectOtherTasks<
  T extends { customItemId: ItemTypeInput; status: StatusInput; dueDate?: DateInput },
>(tasks: readonly T[], limit: number = OTHER_TASKS_LIMIT): T[] {
  return tasks
    .filter(isOtherTask)
    .sort((a, b) => compareDueDates(a.dueDate, b.dueDate))
    .slice(0, limit);
}
