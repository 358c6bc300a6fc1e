import { z } from "zod";
import { timesheetWeekStatusSchema } from "@domain/timesheet-approval";
import { isoDaySchema } from "@domain/iso-day";

/*
 * Request and response shapes of /api/dashboard/* (spec §2), shared with the web app.
 * Dates in responses are ISO timestamps, days yyyy-MM-dd.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** ?date=yyyy-MM-dd: the day whose week a panel shows (default today). */
export const dateQuerySchema = z.object({ date: isoDaySchema.optional() }).strict();

export const taskIdParamSchema = z.object({ taskId: z.string().trim().min(1).max(64) });
export const folderIdParamSchema = z.object({ folderId: z.string().trim().min(1).max(64) });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const customFieldSchema = z.object({ id: z.string(), name: z.string(), value: z.unknown() });
const taskStatusSchema = z.object({ status: z.string() });

/** Dashboard task (spec §3 derived fields). */
export const dashboardTaskSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: taskStatusSchema,
    dueDate: z.string().nullable(),
    startDate: z.string().nullable(),
    folderId: z.string().nullable(),
    /** 'No Project' when the task has no folder name. */
    folderName: z.string(),
    spaceName: z.string().nullable(),
    customItemId: z.number().nullable(),
    parentTaskId: z.string().nullable(),
    customFields: z.array(customFieldSchema),
    timeEstimateMinutes: z.number(),
    timeSpentMinutes: z.number(),
    /** From a custom field whose name contains 'h/d est', 'hours/day' or 'hrs/day'; null when none. */
    hoursPerDayEstimate: z.number().nullable(),
    /** Σ non-deleted time-entry durations in hours. */
    hoursLogged: z.number(),
    /** The task in ClickUp. */
    url: z.string(),
  })
  .meta({ id: "DashboardTask" });

export type DashboardTask = z.infer<typeof dashboardTaskSchema>;

export const dashboardSummarySchema = z
  .object({
    /** The viewed person has an active ClickUp connection; otherwise show 'Connect to ClickUp'. */
    connected: z.boolean(),
    /** ClickUp username of the viewed person (greeting 'Hello, {username}'), else their display name. */
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    impersonation: z.object({
      active: z.boolean(),
      user: z.object({ id: z.string(), displayName: z.string(), email: z.string() }).nullable(),
    }),
    /** May open the picker (admins and owners). */
    canImpersonate: z.boolean(),
    /** Time logging allowed (false while impersonating). */
    canLogTime: z.boolean(),
    /** Number of projects the viewed person has assigned work in. */
    assignedProjectsCount: z.number(),
    bookedToday: z.object({ hours: z.number(), percent: z.number(), taskCount: z.number() }),
    /** yyyy-MM-dd (UTC) the figures were computed for. */
    today: z.string(),
  })
  .meta({ id: "DashboardSummary" });

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const weekResponseSchema = z
  .object({
    /** Monday yyyy-MM-dd. */
    weekStart: z.string(),
    /** Sunday yyyy-MM-dd. */
    weekEnd: z.string(),
    today: z.string(),
    tasks: z.array(dashboardTaskSchema),
    /** The viewed person's timesheet approval of this week (open when never submitted). */
    timesheetStatus: timesheetWeekStatusSchema,
  })
  .meta({ id: "DashboardWeek" });

export type WeekResponse = z.infer<typeof weekResponseSchema>;

export const projectSummarySchema = z.object({
  folderId: z.string(),
  projectName: z.string(),
  status: z.enum(["Open", "Needs Work"]),
  hasOpenAssignments: z.boolean(),
  hasOpenActivities: z.boolean(),
  urgentCount: z.number(),
  activityCount: z.number(),
  assignmentCount: z.number(),
  /** The folder in ClickUp. */
  url: z.string().nullable(),
});

export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectsResponseSchema = z
  .object({
    /** At most 10, 'Needs Work' first, then urgentCount, then name. */
    projects: z.array(projectSummarySchema),
    /** Every project with work for the person (the panel shows '+N more' past the 10 listed). */
    total: z.number(),
  })
  .meta({ id: "DashboardProjects" });

export type ProjectsResponse = z.infer<typeof projectsResponseSchema>;

export const otherTasksResponseSchema = z
  .object({ tasks: z.array(dashboardTaskSchema) })
  .meta({ id: "DashboardOtherTasks" });

export type OtherTasksResponse = z.infer<typeof otherTasksResponseSchema>;

export const projectItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  dueDate: z.string().nullable(),
  status: taskStatusSchema,
  customItemId: z.number().nullable(),
  customFields: z.array(customFieldSchema),
  url: z.string(),
});

export type ProjectItem = z.infer<typeof projectItemSchema>;

export const projectDetailResponseSchema = z
  .object({
    folderId: z.string(),
    projectName: z.string(),
    spaceName: z.string().nullable(),
    url: z.string().nullable(),
    weekStart: z.string(),
    weekEnd: z.string(),
    /** Milestones (type 1) due this week. */
    milestones: z.array(projectItemSchema),
    /**
     * The viewed person's outstanding revisions (spec §4), as many as the project's My Projects
     * activityCount.
     */
    revisions: z.array(projectItemSchema),
    /** The viewed person's open assignments (1014/1031), as many as its assignmentCount. */
    assignments: z.array(projectItemSchema),
  })
  .meta({ id: "DashboardProjectDetail" });

export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>;

export const taskDetailResponseSchema = z
  .object({
    task: dashboardTaskSchema,
    /** Up to 5 non-empty custom fields besides the ones shown elsewhere. */
    additionalFields: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        text: z.string(),
        /**
         * A ClickUp currency field: its amount in integer minor units and the ISO 4217 currency of
         * its definition (type_config.currency_type); null for every other field.
         */
        money: z.object({ amountMinor: z.number().int(), currency: z.string() }).nullable(),
      }),
    ),
  })
  .meta({ id: "DashboardTaskDetail" });

export type TaskDetailResponse = z.infer<typeof taskDetailResponseSchema>;
