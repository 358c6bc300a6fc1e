import { compareDueDates, daysUntilDue, isOverdue, toDate, type DateInput } from "./dates";
import { UPCOMING_MILESTONE_DAYS, UPCOMING_MILESTONES_LIMIT } from "./constants";
import { isCompleteOrClosed, isFinishedStatus, type StatusInput } from "./status";
import { isItemType, ITEM_TYPE, type ItemTypeInput } from "./task-types";

export type MilestoneType = "milestone" | "shoot" | "creative" | "approval";

const NAME_KEYWORDS = ["shoot", "creative", "approval"] as const;

/**
 * Milestone classification (spec §3 upcomingMilestones `type`, §9): a name containing 'shoot',
 * 'creative' or 'approval' (case-insensitive, checked in that order) gives that type; otherwise a
 * milestone-type item (custom_item_id 1) is 'milestone'; anything else is not a milestone (`null`).
 * The name keyword wins over the item type, so a type-1 'Client approval' is 'approval'.
 */
export function milestoneType(task: {
  name: string | null | undefined;
  customItemId: ItemTypeInput;
}): MilestoneType | null {
  const name = (task.name ?? "").toLowerCase();
  const keyword = NAME_KEYWORDS.find((k) => name.includes(k));
  if (keyword) return keyword;
  return isItemType(task.customItemId, ITEM_TYPE.milestone) ? "milestone" : null;
}

/** Upcoming milestone (spec §3 task summary). */
export interface UpcomingMilestone {
  id: string;
  name: string;
  /** ISO timestamp. */
  dueDate: string;
  daysUntilDue: number;
  type: MilestoneType;
}

/** The fields the milestone rules read. */
export interface MilestoneCandidate {
  id: string | number;
  name: string;
  customItemId: ItemTypeInput;
  dueDate?: DateInput;
}

/**
 * Upcoming milestones (spec §9): milestone-type items or names containing shoot, creative or
 * approval, due from today to 7 days ahead inclusive (UTC calendar days), earliest first, up to 5.
 * Finished items are not filtered here (the task-summary query already excludes closed tasks).
 */
export function upcomingMilestones(
  tasks: readonly MilestoneCandidate[],
  today: DateInput,
  limit: number = UPCOMING_MILESTONES_LIMIT,
): UpcomingMilestone[] {
  const result: UpcomingMilestone[] = [];
  for (const task of tasks) {
    const type = milestoneType(task);
    const due = toDate(task.dueDate);
    const days = daysUntilDue(due, today);
    if (type === null || due === null || days === null) continue;
    if (days < 0 || days > UPCOMING_MILESTONE_DAYS) continue;
    result.push({
      id: String(task.id),
      name: task.name,
      dueDate: due.toISOString(),
      daysUntilDue: days,
      type,
    });
  }
  return result.sort((a, b) => compareDueDates(a.dueDate, b.dueDate)).slice(0, limit);
}

/** Task summary (spec §3). */
export interface TaskSummary {
  totalTasks: number;
  completedTasks: number;
  overdueTasks: number;
  upcomingMilestones: UpcomingMilestone[];
}

/**
 * Task summary of a project's tasks: total; completed = complete or closed (as the team
 * classification); overdue = not finished and due before today; plus {@link upcomingMilestones}.
 */
export function summarizeTasks(
  tasks: ReadonlyArray<MilestoneCandidate & { status: StatusInput }>,
  today: DateInput,
): TaskSummary {
  return {
    totalTasks: tasks.length,
    completedTasks: tasks.filter((t) => isCompleteOrClosed(t.status)).length,
    overdueTasks: tasks.filter((t) => !isFinishedStatus(t.status) && isOverdue(t.dueDate, today)).length,
    upcomingMilestones: upcomingMilestones(tasks, today),
  };
}
