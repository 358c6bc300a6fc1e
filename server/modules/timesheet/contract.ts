import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { commaListSchema, pageQueryFields, pagedSchema } from "@domain/paging";
import { TIMESHEET_HOURS_INPUT } from "@domain/timesheet";
import {
  lockedWeekChangeSchema,
  TIMESHEET_COMMENT_MAX,
  timesheetWeekActionSchema,
  timesheetWeekStatusSchema,
} from "@domain/timesheet-approval";

/* Request and response shapes of /api/timesheet (spec §5, §7), shared with the web app. */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** Days a timesheet can show or save: years 2000–2100 (a week of 9999-12-27 ends past any date). */
export const TIMESHEET_DAY_RANGE = { from: "2000-01-01", to: "2100-12-31" } as const;

/** A real calendar day yyyy-MM-dd inside {@link TIMESHEET_DAY_RANGE}. */
export const timesheetDaySchema = isoDaySchema.refine(
  (day) => day >= TIMESHEET_DAY_RANGE.from && day <= TIMESHEET_DAY_RANGE.to,
  "must be a date between 2000 and 2100",
);

/** ?week=yyyy-MM-dd: any day of the week to show (default this week). */
export const timesheetQuerySchema = z.object({ week: timesheetDaySchema.optional() }).strict();

export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

/** Hours of one cell (spec §5): numeric, 0–24 in steps of 0.5. */
export const timesheetCellHoursSchema = z
  .number()
  .min(TIMESHEET_HOURS_INPUT.min)
  .max(TIMESHEET_HOURS_INPUT.max)
  .multipleOf(TIMESHEET_HOURS_INPUT.step);

export const saveTimesheetRequestSchema = z
  .object({
    /** The Monday yyyy-MM-dd of the week saved. */
    weekStart: timesheetDaySchema,
    /** `${taskId}:${yyyy-MM-dd}` → hours (0–24, step 0.5). Cells left out count as 0. */
    cells: z
      .record(z.string().min(3).max(120), timesheetCellHoursSchema)
      .refine((cells) => Object.keys(cells).length <= 7 * 500, "too many cells"),
  })
  .strict()
  .meta({ id: "SaveTimesheetRequest" });

export type SaveTimesheetRequest = z.infer<typeof saveTimesheetRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const writeBackStatusSchema = z.enum(["none", "pending", "synced", "failed"]);

export type WriteBackStatus = z.infer<typeof writeBackStatusSchema>;

/** One person's week as approval sees it (also part of GET /api/timesheet). */
export const timesheetWeekStateSchema = z.object({
  status: timesheetWeekStatusSchema,
  /** Send it back with a reviewer's action: a stale version answers 409. 0 for a week never acted on. */
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  submittedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** The reviewer's last comment (why it was rejected). */
  comment: z.string().nullable(),
  /** Why the hours cannot be changed (approved or submitted), or null. */
  editRefusal: z.string().nullable(),
});
export type TimesheetWeekState = z.infer<typeof timesheetWeekStateSchema>;

export const timesheetCellSchema = z.object({
  /** Hours this timesheet wrote for the cell (the editable value). */
  hours: z.number(),
  /** Hours logged in ClickUp itself for the cell: counted in totals, never changed here. */
  clickupHours: z.number(),
  /** Write-back of the timesheet's hours to ClickUp ('none' when ClickUp is not connected with a token). */
  writeBack: writeBackStatusSchema,
  writeBackError: z.string().nullable(),
});

export type TimesheetCell = z.infer<typeof timesheetCellSchema>;

export const timesheetRowSchema = z.object({
  taskId: z.string(),
  taskName: z.string(),
  folderName: z.string(),
  url: z.string(),
});

export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

const timesheetShape = {
  /** Monday yyyy-MM-dd. */
  weekStart: z.string(),
  /** The seven days yyyy-MM-dd. */
  days: z.array(z.string()),
  rows: z.array(timesheetRowSchema),
  /** Keyed `${taskId}:${yyyy-MM-dd}`; cells without any time are omitted. */
  cells: z.record(z.string(), timesheetCellSchema),
  /** Entries are written back to the user's ClickUp account. */
  writeBackEnabled: z.boolean(),
  /** The week's approval. */
  approval: timesheetWeekStateSchema,
};

export const timesheetResponseSchema = z.object(timesheetShape).meta({ id: "Timesheet" });

export type TimesheetResponse = z.infer<typeof timesheetResponseSchema>;

export const saveTimesheetResponseSchema = z
  .object({
    ...timesheetShape,
    changes: z.object({
      inserted: z.number(),
      updated: z.number(),
      deleted: z.number(),
      unchanged: z.number(),
    }),
  })
  .meta({ id: "SaveTimesheetResponse" });

export type SaveTimesheetResponse = z.infer<typeof saveTimesheetResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Approval (PRODUCT.md → Timesheet approval; domain/timesheet-approval.ts)
// ---------------------------------------------------------------------------------------------

/** POST /api/timesheet/submit and /withdraw: the caller's own week. */
export const ownWeekRequestSchema = z
  .strictObject({ weekStart: timesheetDaySchema })
  .meta({ id: "OwnWeekRequest" });
export type OwnWeekRequest = z.infer<typeof ownWeekRequestSchema>;

export const ownWeekResponseSchema = z
  .object({ weekStart: z.string(), approval: timesheetWeekStateSchema })
  .meta({ id: "OwnWeek" });
export type OwnWeekResponse = z.infer<typeof ownWeekResponseSchema>;

/** /api/timesheet/weeks/:clickupUserId/:weekStart */
export const weekParamSchema = z.strictObject({
  clickupUserId: z.string().trim().min(1).max(64),
  weekStart: timesheetDaySchema,
});
export type WeekParam = z.infer<typeof weekParamSchema>;

/** POST …/approve, …/reject, …/reopen. */
export const reviewWeekRequestSchema = z
  .strictObject({
    /** The version the reviewer saw (a changed week answers 409). */
    version: z.number().int().min(0).max(1_000_000),
    comment: z.string().max(TIMESHEET_COMMENT_MAX).optional(),
  })
  .meta({ id: "ReviewWeekRequest" });
export type ReviewWeekRequest = z.infer<typeof reviewWeekRequestSchema>;

/** GET /api/timesheet/weeks: the approval queue (owners and admins). */
export const weekQueueQuerySchema = z.strictObject({
  /** Default: submitted. */
  status: commaListSchema(timesheetWeekStatusSchema).optional(),
  /** A ClickUp user id. */
  person: z.string().trim().min(1).max(64).optional(),
  /** Weeks starting on or after / on or before these days. */
  from: timesheetDaySchema.optional(),
  to: timesheetDaySchema.optional(),
  ...pageQueryFields({ max: 100, fallback: 25 }),
});
export type WeekQueueQuery = z.infer<typeof weekQueueQuerySchema>;

export const queuedWeekSchema = timesheetWeekStateSchema.extend({
  clickupUserId: z.string(),
  personName: z.string(),
  weekStart: z.string(),
  /** Time logged in the week (ms), ClickUp's and the timesheet's, and of it billable. */
  totalMs: z.number().int(),
  billableMs: z.number().int(),
  /** Changes made in ClickUp after approval, not yet acknowledged. */
  openChanges: z.number().int(),
  /** What the caller may do (none on their own week). */
  actions: z.array(timesheetWeekActionSchema),
});
export type QueuedWeek = z.infer<typeof queuedWeekSchema>;

export const weekQueueResponseSchema = pagedSchema(queuedWeekSchema).meta({ id: "TimesheetWeekQueue" });
export type WeekQueueResponse = z.infer<typeof weekQueueResponseSchema>;

/** GET /api/timesheet/locked-changes: ClickUp-side changes to approved weeks. */
export const lockedChangesQuerySchema = z.strictObject({
  state: z.enum(["open", "all"]).default("open"),
  ...pageQueryFields({ max: 100, fallback: 25 }),
});
export type LockedChangesQuery = z.infer<typeof lockedChangesQuerySchema>;

const lockedEntrySchema = z.object({
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  start: z.string(),
  durationMs: z.number().int(),
  billable: z.boolean(),
});

export const lockedChangeSchema = z.object({
  id: z.string(),
  clickupUserId: z.string(),
  personName: z.string(),
  weekStart: z.string(),
  timeEntryId: z.string(),
  change: lockedWeekChangeSchema,
  before: lockedEntrySchema.nullable(),
  after: lockedEntrySchema.nullable(),
  detectedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
});
export type LockedChange = z.infer<typeof lockedChangeSchema>;

export const lockedChangesResponseSchema = pagedSchema(lockedChangeSchema).meta({ id: "LockedWeekChanges" });
export type LockedChangesResponse = z.infer<typeof lockedChangesResponseSchema>;

/** /api/timesheet/locked-changes/:id */
export const lockedChangeParamSchema = z.strictObject({ id: z.string().trim().min(1).max(64) });
