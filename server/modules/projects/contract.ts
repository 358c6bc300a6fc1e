/*
 * Response shapes of the projects API, type-only so the web app imports them without pulling
 * server code into the bundle. Dates are ISO strings; hours are numbers of hours.
 */
import type {
  ProjectPhase,
  TaskPriority,
  MilestoneType,
  TaskSummary,
  TeamMember,
  UserTask,
} from "@domain/index";

/** GET /api/projects/nav: every project of the workspace for the menus (COMPLETED JOBS left out). */
export interface NavProject {
  id: string;
  name: string;
  status: string | null;
  phase: ProjectPhase;
  folderId: string | null;
  spaceId: string | null;
  /** The space's name, or null when unknown ('Unknown Space' is the web's label). */
  spaceName: string | null;
}

export interface NavProjectsResponse {
  projects: NavProject[];
  total: number;
}

export const PROJECT_SORT_KEYS = [
  "jobCode",
  "name",
  "client",
  "phase",
  "status",
  "producer",
  "startDate",
  "endDate",
  "percentComplete",
  "loggedHours",
  "estimatedHours",
  "spaceName",
] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

/** One row of All Projects. */
export interface ProjectListItem {
  id: string;
  jobCode: string;
  name: string;
  client: string | null;
  phase: ProjectPhase;
  status: string | null;
  producer: string;
  startDate: string | null;
  endDate: string | null;
  percentComplete: number;
  loggedHours: number;
  estimatedHours: number;
  folderId: string | null;
  spaceId: string | null;
  spaceName: string | null;
}

/** GET /api/projects?search&phase&spaceId&sort&dir&page&pageSize */
export interface ProjectListResponse {
  items: ProjectListItem[];
  /** Rows matching the filters. */
  total: number;
  page: number;
  pageSize: number;
  /** Every project the user may see, before filters. */
  totalAll: number;
  /** Spaces present in the list, for the space filter. */
  spaces: { id: string | null; name: string | null; count: number }[];
  /** Counts per phase of the rows matching search and space (for the phase chips). */
  phaseCounts: Record<ProjectPhase, number>;
}

/** GET /api/projects/:projectId — the project header (spec §3 meta task, §7). */
export interface ProjectHeader {
  id: string;
  name: string;
  status: string | null;
  phase: ProjectPhase;
  jobCode: string;
  client: string | null;
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number;
  loggedHours: number;
  /** Logged ÷ estimated, rounded; may exceed 100 (bars clamp). */
  percentComplete: number;
  statusUpdate: string | null;
  clickupFolderId: string | null;
  producer: string;
  folderId: string | null;
  folderName: string | null;
  spaceId: string | null;
  spaceName: string | null;
  url: string | null;
  /** True when the hours count every task of the folder (admins), false when only the caller's (§6). */
  hoursScopeAll: boolean;
}

/** GET /api/projects/:projectId/summary */
export type ProjectSummaryResponse = TaskSummary;

/** GET /api/projects/:projectId/team */
export interface ProjectTeamResponse {
  members: TeamMember[];
  /** The caller's ClickUp user id, for 'My Tasks'; null when not connected. */
  myAssigneeId: string | null;
}

/** GET /api/projects/:projectId/tasks?assignee=me|<clickup user id> */
export interface ProjectUserTasksResponse {
  assigneeId: string | null;
  tasks: UserTask[];
}

export interface TimelineItem {
  id: string;
  name: string;
  status: string | null;
  typeLabel: string;
  milestoneType: MilestoneType | null;
  startDate: string | null;
  dueDate: string | null;
  parentId: string | null;
  assignees: string[];
  priority: TaskPriority;
  isOverdue: boolean;
}

/** GET /api/projects/:projectId/timeline */
export interface ProjectTimelineResponse {
  items: TimelineItem[];
  /** True when the project has more dated tasks than the timeline shows. */
  truncated: boolean;
}

export interface TimeReportRow {
  id: string;
  name: string;
  /** Hours per week start (yyyy-MM-dd, Monday). */
  weeks: Record<string, number>;
  loggedHours: number;
  estimatedHours: number;
}

/** GET /api/projects/:projectId/time-report */
export interface ProjectTimeReportResponse {
  /** Week starts (Monday, yyyy-MM-dd), ascending. */
  weeks: string[];
  people: TimeReportRow[];
  tasks: TimeReportRow[];
  totals: { weeks: Record<string, number>; loggedHours: number; estimatedHours: number };
  hoursScopeAll: boolean;
}

export interface HealthRow {
  assigneeId: string;
  name: string;
  taskCount: number;
  estimatedHours: number;
  loggedHours: number;
  /** Logged − estimated. */
  varianceHours: number;
  percentUsed: number;
}

/** GET /api/projects/:projectId/health */
export interface ProjectHealthResponse {
  rows: HealthRow[];
  totals: { estimatedHours: number; loggedHours: number; varianceHours: number; percentUsed: number };
  /** Revenue columns need rate cards; false until the finance area provides them. */
  revenueAvailable: boolean;
  hoursScopeAll: boolean;
}
