import { compareDueDates, daysUntilDue, isOverdue, toDate, type DateInput } from "./dates";
import { HIGH_PRIORITY_WITHIN_DAYS, MEDIUM_PRIORITY_WITHIN_DAYS, TEAM_MEMBERS_LIMIT } from "./constants";
import { isCompleteOrClosed, type StatusInput } from "./status";

export type TaskPriority = "high" | "medium" | "low";

/**
 * Priority (spec §4): high if overdue or due within 3 calendar days (today..today+3);
 * medium if due within 7 days (today+4..today+7); low otherwise, and for undated tasks.
 * Days are UTC calendar days from `today`.
 */
export function taskPriority(due: DateInput, today: DateInput): TaskPriority {
  const days = daysUntilDue(due, today);
  if (days === null) return "low";
  if (days <= HIGH_PRIORITY_WITHIN_DAYS) return "high";
  if (days <= MEDIUM_PRIORITY_WITHIN_DAYS) return "medium";
  return "low";
}

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

/** Fields of a user task (spec §3) that the ordering reads. */
export interface SortableUserTask {
  isOverdue: boolean;
  priority: TaskPriority;
  dueDate: DateInput;
}

/**
 * User tasks ordered overdue first, then priority (high, medium, low), then due date ascending
 * with undated last (spec §9). Returns a new array; ties keep input order.
 */
export function sortUserTasks<T extends SortableUserTask>(tasks: readonly T[]): T[] {
  return [...tasks].sort(
    (a, b) =>
      Number(b.isOverdue) - Number(a.isOverdue) ||
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
      compareDueDates(a.dueDate, b.dueDate),
  );
}

/** User task as the project page shows it (spec §3). */
export interface UserTask {
  id: string;
  name: string;
  status: string;
  priority: TaskPriority;
  /** ISO timestamp, or null when undated. */
  dueDate: string | null;
  daysUntilDue: number | null;
  isOverdue: boolean;
  customId: string | null;
}

/** Derive a {@link UserTask} from a task row. */
export function toUserTask(
  task: { id: string; name: string; status: string; dueDate: DateInput; customId?: string | null },
  today: DateInput,
): UserTask {
  const due = toDate(task.dueDate);
  return {
    id: task.id,
    name: task.name,
    status: task.status,
    priority: taskPriority(due, today),
    dueDate: due ? due.toISOString() : null,
    daysUntilDue: daysUntilDue(due, today),
    isOverdue: isOverdue(due, today),
    customId: task.customId ?? null,
  };
}

export type TeamTaskState = "completed" | "overdue" | "active";

/**
 * Team classification of one task (spec §4): complete or closed → completed; else due date
 * before today (UTC calendar day) → overdue; else active (including undated tasks).
 */
export function classifyTeamTask(status: StatusInput, due: DateInput, today: DateInput): TeamTaskState {
  if (isCompleteOrClosed(status)) return "completed";
  if (isOverdue(due, today)) return "overdue";
  return "active";
}

/** Team member (spec §3). */
export interface TeamMember {
  id: string;
  name: string;
  activeTasks: number;
  overdueTasks: number;
  completedTasks: number;
}

/** A task row with its assignee, as the team-members query returns it (spec §7). */
export interface TeamTaskRow {
  assigneeId: string | number | null;
  assigneeName: string | null;
  status: StatusInput;
  dueDate: DateInput;
}

/**
 * Count each assignee's active, overdue and completed tasks. Rows without an assignee name are
 * skipped (the spec's query requires one); the member id is the assignee id, else the name.
 * Members come out in first-seen order.
 */
export function summarizeTeamMembers(rows: readonly TeamTaskRow[], today: DateInput): TeamMember[] {
  const members = new Map<string, TeamMember>();
  for (const row of rows) {
    const name = row.assigneeName?.trim();
    if (!name) continue;
    const id = row.assigneeId === null || row.assigneeId === "" ? name : String(row.assigneeId);
    let member = members.get(id);
    if (!member) {
      member = { id, name, activeTasks: 0, overdueTasks: 0, completedTasks: 0 };
      members.set(id, member);
    }
    const state = classifyTeamTask(row.status, row.dueDate, today);
    if (state === "completed") member.completedTasks += 1;
    else if (state === "overdue") member.overdueTasks += 1;
    else member.activeTasks += 1;
  }
  return [...members.values()];
}

/**
 * Mobile team list (spec §9): sorted by active + overdue descending, first 5.
 * Ties are broken by name (case-insensitive) so the list is stable.
 */
export function sortTeamMembers<T extends Pick<TeamMember, "name" | "activeTasks" | "overdueTasks">>(
  members: readonly T[],
  limit: number = TEAM_MEMBERS_LIMIT,
): T[] {
  return [...members]
    .sort(
      (a, b) =>
        b.activeTasks + b.overdueTasks - (a.activeTasks + a.overdueTasks) ||
        a.name.localeCompare(b.name, "en", { sensitivity: "base" }),
    )
    .slice(0, limit);
}
