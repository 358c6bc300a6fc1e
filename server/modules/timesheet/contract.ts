import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { TIMESHEET_HOURS_INPUT } from "@domain/timesheet";

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
