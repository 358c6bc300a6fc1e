import { z } from "zod";
import { pageQueryFields } from "@domain/paging";
import type {
  MilestoneType,
  ProjectPhase,
  TaskPriority,
  TaskSummary,
  TeamMember,
  UserTask,
} from "@domain/index";

/*
 * Request and response shapes of /api/projects/* (spec §2, §3, §7), shared with the web app.
 * Dates are ISO strings; hours are numbers of hours.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const PROJECT_PHASES = ["bid", "creative", "post", "other"] as const satisfies readonly ProjectPhase[];

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

/** GET /api/projects?search&phase&spaceId&sort&dir&page&pageSize */
export const projectListQuerySchema = z.object({
  /** Case-insensitive: job code, name, client, producer, status or space contains it. */
  search: z.string().trim().max(200).optional(),
  phase: z.enum(PROJECT_PHASES).optional(),
  /** A space id, or "none" for projects without a space. */
  spaceId: z.string().trim().min(1).max(64).optional(),
  sort: z.enum(PROJECT_SORT_KEYS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** GET /api/projects/export.csv: the list's search, filters and sort, every row. */
export const projectExportQuerySchema = projectListQuerySchema.omit({ page: true, pageSize: true });
export type ProjectExportQuery = z.infer<typeof projectExportQuerySchema>;

export const projectIdParamSchema = z.object({
  projectId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, "Invalid project id"),
});
export type ProjectIdParam = z.infer<typeof projectIdParamSchema>;

export const projectTasksQuerySchema = z.object({
  /** "me" (the viewed person's ClickUp user) or a ClickUp user id. */
  assignee: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^(me|[\w-]+)$/, "Invalid assignee")
    .default("me"),
});
export type ProjectTasksQuery = z.infer<typeof projectTasksQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const phaseSchema = z.enum(PROJECT_PHASES);
const prioritySchema = z.enum(["high", "medium", "low"] as const satisfies readonly TaskPriority[]);
const milestoneTypeSchema = z.enum([
  "milestone",
  "shoot",
  "creative",
  "approval",
] as const satisfies readonly MilestoneType[]);

/** One project of the navigation menus. */
export const navProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  phase: phaseSchema,
  folderId: z.string().nullable(),
  spaceId: z.string().nullable(),
  /** The space's name, or null when unknown ('Unknown Space' is the web's label). */
  spaceName: z.string().nullable(),
});
export type NavProject = z.infer<typeof navProjectSchema>;

/** GET /api/projects/nav: every project of the workspace for the menus (COMPLETED JOBS left out). */
export const navProjectsResponseSchema = z
  .object({ projects: z.array(navProjectSchema), total: z.number() })
  .meta({ id: "ProjectsNav" });
export type NavProjectsResponse = z.infer<typeof navProjectsResponseSchema>;

/** One row of All Projects. */
export const projectListItemSchema = z.object({
  id: z.string(),
  jobCode: z.string(),
  name: z.string(),
  client: z.string().nullable(),
  phase: phaseSchema,
  status: z.string().nullable(),
  producer: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  percentComplete: z.number(),
  loggedHours: z.number(),
  estimatedHours: z.number(),
  folderId: z.string().nullable(),
  spaceId: z.string().nullable(),
  spaceName: z.string().nullable(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** GET /api/projects?search&phase&spaceId&sort&dir&page&pageSize */
export const projectListResponseSchema = z
  .object({
    items: z.array(projectListItemSchema),
    /** Rows matching the filters. */
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** Every project the user may see, before filters. */
    totalAll: z.number(),
    /** Spaces present in the list, for the space filter. */
    spaces: z.array(z.object({ id: z.string().nullable(), name: z.string().nullable(), count: z.number() })),
    /** Counts per phase of the rows matching search and space (for the phase chips). */
    phaseCounts: z.object({ bid: z.number(), creative: z.number(), post: z.number(), other: z.number() }),
  })
  .meta({ id: "ProjectList" });
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** What a project's hours sum (spec §6): the header, the Time Report and the Health tab alike. */
const projectHoursScopeSchema = z.object({
  /**
   * True when the hours count every task of the project: an owner or admin, or a member who
   * can see all of its tasks (§6); false when they count only the tasks the caller can see.
   */
  hoursScopeAll: z.boolean(),
  /**
   * For a caller who sees only some tasks (§6): how many of the project's tasks they see
   * (the tasks the hours sum) and how many it has; null for owners and admins.
   */
  hoursTasks: z.object({ visible: z.number().int(), total: z.number().int() }).nullable(),
});
export type ProjectHoursScope = z.infer<typeof projectHoursScopeSchema>;

/** GET /api/projects/:projectId — the project header (spec §3 meta task, §7). */
export const projectHeaderSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.string().nullable(),
    phase: phaseSchema,
    jobCode: z.string(),
    client: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    estimatedHours: z.number(),
    loggedHours: z.number(),
    /** Logged ÷ estimated, rounded; may exceed 100 (bars clamp). */
    percentComplete: z.number(),
    statusUpdate: z.string().nullable(),
    clickupFolderId: z.string().nullable(),
    producer: z.string(),
    folderId: z.string().nullable(),
    folderName: z.string().nullable(),
    spaceId: z.string().nullable(),
    spaceName: z.string().nullable(),
    url: z.string().nullable(),
    ...projectHoursScopeSchema.shape,
  })
  .meta({ id: "ProjectHeader" });
export type ProjectHeader = z.infer<typeof projectHeaderSchema>;

/** GET /api/projects/:projectId/summary */
export const projectSummaryResponseSchema = z
  .object({
    totalTasks: z.number(),
    completedTasks: z.number(),
    overdueTasks: z.number(),
    upcomingMilestones: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** ISO timestamp. */
        dueDate: z.string(),
        daysUntilDue: z.number(),
        type: milestoneTypeSchema,
      }),
    ),
  })
  .meta({ id: "ProjectSummary" });
export type ProjectSummaryResponse = z.infer<typeof projectSummaryResponseSchema>;

const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  activeTasks: z.number(),
  overdueTasks: z.number(),
  completedTasks: z.number(),
});

/** GET /api/projects/:projectId/team */
export const projectTeamResponseSchema = z
  .object({
    members: z.array(teamMemberSchema),
    /** The viewed person's ClickUp user id, for 'My Tasks'; null when not connected. */
    myAssigneeId: z.string().nullable(),
  })
  .meta({ id: "ProjectTeam" });
export type ProjectTeamResponse = z.infer<typeof projectTeamResponseSchema>;

const userTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  priority: prioritySchema,
  /** ISO timestamp, or null when undated. */
  dueDate: z.string().nullable(),
  daysUntilDue: z.number().nullable(),
  isOverdue: z.boolean(),
  customId: z.string().nullable(),
});

/** GET /api/projects/:projectId/tasks?assignee=me|<clickup user id> */
export const projectUserTasksResponseSchema = z
  .object({ assigneeId: z.string().nullable(), tasks: z.array(userTaskSchema) })
  .meta({ id: "ProjectUserTasks" });
export type ProjectUserTasksResponse = z.infer<typeof projectUserTasksResponseSchema>;

export const timelineItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  typeLabel: z.string(),
  milestoneType: milestoneTypeSchema.nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  parentId: z.string().nullable(),
  assignees: z.array(z.string()),
  priority: prioritySchema,
  isOverdue: z.boolean(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** GET /api/projects/:projectId/timeline */
export const projectTimelineResponseSchema = z
  .object({
    items: z.array(timelineItemSchema),
    /** True when the project has more dated tasks than the timeline shows. */
    truncated: z.boolean(),
  })
  .meta({ id: "ProjectTimeline" });
export type ProjectTimelineResponse = z.infer<typeof projectTimelineResponseSchema>;

const hoursByWeekSchema = z.record(z.string(), z.number());

export const timeReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Hours per week start (yyyy-MM-dd, Monday). */
  weeks: hoursByWeekSchema,
  loggedHours: z.number(),
  estimatedHours: z.number(),
});
export type TimeReportRow = z.infer<typeof timeReportRowSchema>;

/** GET /api/projects/:projectId/time-report */
export const projectTimeReportResponseSchema = z
  .object({
    /** Week starts (Monday, yyyy-MM-dd), ascending. */
    weeks: z.array(z.string()),
    people: z.array(timeReportRowSchema),
    tasks: z.array(timeReportRowSchema),
    totals: z.object({ weeks: hoursByWeekSchema, loggedHours: z.number(), estimatedHours: z.number() }),
    ...projectHoursScopeSchema.shape,
  })
  .meta({ id: "ProjectTimeReport" });
export type ProjectTimeReportResponse = z.infer<typeof projectTimeReportResponseSchema>;

export const healthRowSchema = z.object({
  assigneeId: z.string(),
  name: z.string(),
  taskCount: z.number(),
  estimatedHours: z.number(),
  loggedHours: z.number(),
  /** Logged − estimated. */
  varianceHours: z.number(),
  percentUsed: z.number(),
});
export type HealthRow = z.infer<typeof healthRowSchema>;

/** GET /api/projects/:projectId/health */
export const projectHealthResponseSchema = z
  .object({
    rows: z.array(healthRowSchema),
    totals: z.object({
      estimatedHours: z.number(),
      loggedHours: z.number(),
      varianceHours: z.number(),
      percentUsed: z.number(),
    }),
    /** Revenue columns need rate cards; false until the finance area provides them. */
    revenueAvailable: z.boolean(),
    ...projectHoursScopeSchema.shape,
  })
  .meta({ id: "ProjectHealth" });
export type ProjectHealthResponse = z.infer<typeof projectHealthResponseSchema>;

// The domain computes these shapes; a drift between them and the schemas fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ProjectContractMatchesDomain = [
  Assert<Same<ProjectSummaryResponse, TaskSummary>>,
  Assert<Same<z.infer<typeof teamMemberSchema>, TeamMember>>,
  Assert<Same<z.infer<typeof userTaskSchema>, UserTask>>,
];
