import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  saveTimesheetRequestSchema,
  saveTimesheetResponseSchema,
  timesheetQuerySchema,
  timesheetResponseSchema,
} from "./contract";
import { getTimesheet } from "./get-timesheet";
import { saveTimesheet, type SaveTimesheetOptions } from "./save-timesheet";

const tags = ["Timesheet"];

export type TimesheetRoutesOptions = SaveTimesheetOptions;

/** /api/timesheet: the weekly timesheet of the caller (refused with 403 while impersonating). */
export function timesheetRoutes(options: TimesheetRoutesOptions = {}) {
  return new Hono<AppEnv>()
    .get(
      "/",
      documented({
        summary: "The caller's weekly timesheet (403 while impersonating, 409 without ClickUp)",
        tags,
        response: timesheetResponseSchema,
      }),
      requireTenant(),
      validate("query", timesheetQuerySchema),
      async (c) => c.json(await getTimesheet(c.var.ctx, c.req.valid("query"))),
    )
    .put(
      "/",
      documented({
        summary: "Save the week's hours; ClickUp receives them through the write-back job",
        tags,
        response: saveTimesheetResponseSchema,
      }),
      requireTenant(),
      validate("json", saveTimesheetRequestSchema),
      async (c) => c.json(await saveTimesheet(c.var.ctx, c.req.valid("json"), options)),
    );
}
