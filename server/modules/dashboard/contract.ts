/**
 * Response shapes of /api/dashboard/* — shared with the web app (type-only import).
 */

/** Dashboard task (spec §3 derived fields). Dates are ISO timestamps. */
export interface DashboardTask {
  id: string;
  name: string;
  status: { status: string };
  dueDate: string | null;
  startDate: string | null;
  folderId: string | null;
  /** 'No Project' when the task has no folder name. */
  folderName: string;
  spaceName: string | null;
  customItemId: number | null;
  parentTaskId: string | null;
  customFields: { id: string; name: string; value: unknown }[];
  timeEstimateMinutes: number;
  timeSpentMinutes: number;
  /** From a custom field whose name contains 'h/d est', 'hours/day' or 'hrs/day'; null when none. */
  hoursPerDayEstimate: number | null;
  /** Σ non-deleted time-entry durations in hours. */
  hoursLogged: number;
  /** The task in ClickUp. */
  url: string;
}

export interface DashboardSummary {
  /** The viewed person has an active ClickUp connection; otherwise show 'Connect to ClickUp'. */
  connected: boolean;
  /** ClickUp username of the viewed person (greeting 'Hello, {username}'), else their display name. */
  username: string | null;
  avatarUrl: string | null;
  impersonation: { active: boolean; user: { id: string; displayName: string; email: string } | null };
  /** May open the picker (admins and owners). */
  canImpersonate: boolean;
  /** Time logging allowed (false while impersonating). */
  canLogTime: boolean;
  /** Number of projects the viewed person has assigned work in. */
  assignedProjectsCount: number;
  bookedToday: { hours: number; percent: number; taskCount: number };
  /** yyyy-MM-dd (UTC) the figures were computed for. */
  today: string;
}

export interface WeekResponse {
  /** Monday yyyy-MM-dd. */
  weekStart: string;
  /** Sunday yyyy-MM-dd. */
  weekEnd: string;
  today: string;
  tasks: DashboardTask[];
}

export interface ProjectSummary {
  folderId: string;
  projectName: string;
  status: "Open" | "Needs Work";
  hasOpenAssignments: boolean;
  hasOpenActivities: boolean;
  urgentCount: number;
  activityCount: number;
  assignmentCount: number;
  /** The folder in ClickUp. */
  url: string | null;
}

export interface ProjectsResponse {
  /** At most 10, 'Needs Work' first, then urgentCount, then name. */
  projects: ProjectSummary[];
  total: number;
}

export interface OtherTasksResponse {
  tasks: DashboardTask[];
}

export interface ProjectItem {
  id: string;
  name: string;
  dueDate: string | null;
  status: { status: string };
  customItemId: number | null;
  customFields: { id: string; name: string; value: unknown }[];
  url: string;
}

export interface ProjectDetailResponse {
  folderId: string;
  projectName: string;
  spaceName: string | null;
  url: string | null;
  weekStart: string;
  weekEnd: string;
  /** Milestones (type 1) due this week. */
  milestones: ProjectItem[];
  /** Outstanding revisions (spec §4). */
  revisions: ProjectItem[];
}

export interface TaskDetailResponse {
  task: DashboardTask;
  /** Up to 5 non-empty custom fields besides the ones shown elsewhere. */
  additionalFields: { id: string; name: string; text: string }[];
}
