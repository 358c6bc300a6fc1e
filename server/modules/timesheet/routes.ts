import { Hono } from "hono";
import { z } from "zod";
import { TIMESHEET_HOURS_INPUT } from "@domain/index";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { isoDaySchema } from "../dashboard/routes";
import { resolveViewer, type AccessibleTaskIds } from "../dashboard/viewer";
import { getTimesheet } from "./get-timesheet";
import { enqueueWriteBack } from "../../jobs/write-back-time-entries";
import { saveTimesheet, type EnqueueWriteBack } from "./save-timesheet";

const weekQuery = z.object({ week: isoDaySchema.optional() }).strict();

/** Hours of one cell (spec §5): numeric, 0–24 in steps of 0.5. */
const hoursSchema = z
  .number()
  .min(TIMESHEET_HOURS_INPUT.min)
  .max(TIMESHEET_HOURS_INPUT.max)
  .multipleOf(TIMESHEET_HOURS_INPUT.step);

const saveBody = z
  .object({
    weekStart: isoDaySchema,
    cells: z
      .record(z.string().min(3).max(120), hoursSchema)
      .refine((cells) => Object.keys(cells).length <= 7 * 500, "too many cells"),
  })
  .strict();

export interface TimesheetRoutesOptions {
  accessibleTaskIds?: AccessibleTaskIds;
  /** Override the write-back queue (default: registerWriteBackQueue's, else in-process). */
  enqueueWriteBack?: EnqueueWriteBack;
}

/** /api/timesheet: the weekly timesheet of the caller (refused with 403 while impersonating). */
export function timesheetRoutes(options: TimesheetRoutesOptions = {}) {
  return new Hono<AppEnv>()
    .use("*", requireTenant())
    .get("/", validate("query", weekQuery), async (c) => {
      const viewer = await resolveViewer(c.var.deps, c.var.tenant, options.accessibleTaskIds);
      return c.json(await getTimesheet(c.var.deps, viewer, c.req.valid("query").week));
    })
    .put("/", validate("json", saveBody), async (c) => {
      const viewer = await resolveViewer(c.var.deps, c.var.tenant, options.accessibleTaskIds);
      const deps = c.var.deps;
      const enqueue: EnqueueWriteBack =
        options.enqueueWriteBack ?? ((payload) => enqueueWriteBack(deps, payload));
      return c.json(await saveTimesheet(deps, viewer, c.req.valid("json"), enqueue));
    });
}
