import { daysUntilDue, type DateInput } from "./dates";
import { MY_PROJECTS_LIMIT, URGENT_WITHIN_DAYS } from "./constants";
import {
  isFinishedStatus,
  normalizeStatus,
  projectRevisionStatus,
  type ProjectRevisionStatus,
  type StatusInput,
} from "./status";
import { ASSIGNMENT_ITEM_TYPES, isItemType, ITEM_TYPE, type ItemTypeInput } from "./task-types";
import { NO_PROJECT_NAME } from "./messages";

/** The task fields the revision rules read (camelCase dashboard task, spec §3). */
export interface RevisionTask {
  id: string | number;
  status: StatusInput;
  customItemId: ItemTypeInput;
  parentTaskId?: string | number | null;
  dueDate?: DateInput;
  folderId?: string | number | null;
  folderName?: string | null;
}

/**
 * Urgent = due within 2 calendar days (spec §9): due today, tomorrow or the day after, in UTC
 * calendar days from `now`. Overdue items are urgent too (they are past the window, not outside
 * the concern); undated items never are.
 */
export function isUrgent(due: DateInput, now: DateInput): boolean {
  const days = daysUntilDue(due, now);
  return days !== null && days <= URGENT_WITHIN_DAYS;
}

/** Status neither archived nor 'not started' — the liveness test of spec §4 outstanding revisions. */
export function isLiveRevisionStatus(status: StatusInput): boolean {
  const text = normalizeStatus(status);
  return !text.includes("archived") && !text.includes("not started");
}

function idKey(id: string | number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const key = String(id).trim();
  return key === "" ? null : key;
}

/**
 * One task is an outstanding revision (spec §4) when: it is type 1033 (Activity); it has a
 * parent; its status is not archived and not 'not started'; and its parent is present, is type
 * 1009 (Asset) and is itself not archived and not 'not started'. A missing parent or a parent of
 * another type disqualifies it. Note the rule does not exclude closed or complete revisions —
 * only archived and not-started ones — and neither do we.
 */
export function isOutstandingRevision(task: RevisionTask, parent: RevisionTask | null | undefined): boolean {
  if (!isItemType(task.customItemId, ITEM_TYPE.activity)) return false;
  const parentId = idKey(task.parentTaskId);
  if (parentId === null || !parent || idKey(parent.id) !== parentId) return false;
  if (!isLiveRevisionStatus(task.status)) return false;
  return isItemType(parent.customItemId, ITEM_TYPE.asset) && isLiveRevisionStatus(parent.status);
}

/**
 * The outstanding revisions among `tasks` (spec §4). Parents are looked up in `tasks` and then in
 * `parents` (pass the assets separately when they are not part of the list). Input order is kept.
 */
export function outstandingRevisions<T extends RevisionTask>(
  tasks: readonly T[],
  parents: readonly RevisionTask[] = [],
): T[] {
  const byId = new Map<string, RevisionTask>();
  for (const task of [...parents, ...tasks]) {
    const key = idKey(task.id);
    if (key !== null) byId.set(key, task);
  }
  return tasks.filter((task) => {
    const parentId = idKey(task.parentTaskId);
    return isOutstandingRevision(task, parentId === null ? null : byId.get(parentId));
  });
}

/** True for an assignment (1014 or 1031) whose status is not finished. */
export function isOpenAssignment(task: Pick<RevisionTask, "status" | "customItemId">): boolean {
  return isItemType(task.customItemId, ...ASSIGNMENT_ITEM_TYPES) && !isFinishedStatus(task.status);
}

/** Project revision status summary (spec §3). */
export interface ProjectRevisionSummary {
  projectId: string;
  projectName: string;
  status: ProjectRevisionStatus;
  hasOpenAssignments: boolean;
  hasOpenActivities: boolean;
  /** Outstanding revisions (activities) in the project. */
  activityCount: number;
  /** Open assignments (1014, 1031) in the project. */
  assignmentCount: number;
  /** Outstanding revisions and open assignments that are urgent. */
  urgentCount: number;
}

/**
 * Per-project revision summaries of a user's tasks (spec §3, §4), one per folder in first-seen
 * order; tasks without a folder are skipped, a folder without a name is 'No Project'.
 * - activities: outstanding revisions ({@link outstandingRevisions}; parents looked up across all
 *   `tasks` and `parents`);
 * - assignments: open 1014/1031 tasks;
 * - urgentCount: activities plus assignments that are {@link isUrgent};
 * - status: {@link projectRevisionStatus} over the folder's tasks except the 1001 project meta task.
 */
export function projectRevisionSummaries(
  tasks: readonly RevisionTask[],
  now: DateInput,
  parents: readonly RevisionTask[] = [],
): ProjectRevisionSummary[] {
  const outstanding = new Set(outstandingRevisions(tasks, parents));
  const summaries = new Map<string, ProjectRevisionSummary & { statuses: StatusInput[] }>();
  for (const task of tasks) {
    const projectId = idKey(task.folderId);
    if (projectId === null) continue;
    let summary = summaries.get(projectId);
    if (!summary) {
      summary = {
        projectId,
        projectName: task.folderName?.trim() || NO_PROJECT_NAME,
        status: "Open",
        hasOpenAssignments: false,
        hasOpenActivities: false,
        activityCount: 0,
        assignmentCount: 0,
        urgentCount: 0,
        statuses: [],
      };
      summaries.set(projectId, summary);
    }
    if (!isItemType(task.customItemId, ITEM_TYPE.project)) summary.statuses.push(task.status);
    const isActivity = outstanding.has(task);
    const isAssignment = isOpenAssignment(task);
    if (isActivity) summary.activityCount += 1;
    if (isAssignment) summary.assignmentCount += 1;
    if ((isActivity || isAssignment) && isUrgent(task.dueDate, now)) summary.urgentCount += 1;
  }
  return [...summaries.values()].map(({ statuses, ...summary }) => ({
    ...summary,
    status: projectRevisionStatus(statuses),
    hasOpenActivities: summary.activityCount > 0,
    hasOpenAssignments: summary.assignmentCount > 0,
  }));
}

/**
 * My Projects order (spec §9): 'Needs Work' first, then urgentCount descending, then name
 * (case-insensitive, English collation); at most 10.
 */
export function sortMyProjects<
  T extends Pick<ProjectRevisionSummary, "status" | "urgentCount" | "projectName">,
>(projects: readonly T[], limit: number = MY_PROJECTS_LIMIT): T[] {
  const needsWork = (p: T) => (p.status === "Needs Work" ? 0 : 1);
  return [...projects]
    .sort(
      (a, b) =>
        needsWork(a) - needsWork(b) ||
        b.urgentCount - a.urgentCount ||
        a.projectName.localeCompare(b.projectName, "en", { sensitivity: "base" }),
    )
    .slice(0, limit);
}

/** A project row shows its item count when activities plus assignments exceed 1 (spec §9). */
export function showProjectCount(
  project: Pick<ProjectRevisionSummary, "activityCount" | "assignmentCount">,
): boolean {
  return project.activityCount + project.assignmentCount > 1;
}
