import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { acknowledgeLockedChange } from "./acknowledge-locked-change";
import { changeOwnWeek, reviewWeek } from "./change-week-status";
import {
  lockedChangeParamSchema,
  lockedChangeSchema,
  lockedChangesQuerySchema,
  lockedChangesResponseSchema,
  ownWeekRequestSchema,
  ownWeekResponseSchema,
  reviewWeekRequestSchema,
  saveTimesheetRequestSchema,
  saveTimesheetResponseSchema,
  timesheetQuerySchema,
  timesheetResponseSchema,
  timesheetWeekStateSchema,
  weekParamSchema,
  weekQueueQuerySchema,
  weekQueueResponseSchema,
} from "./contract";
import { getTimesheet } from "./get-timesheet";
import { listLockedChanges } from "./list-locked-changes";
import { listWeekQueue } from "./list-week-queue";
import { saveTimesheet, type SaveTimesheetOptions } from "./save-timesheet";

const tags = ["Timesheet"];

export type TimesheetRoutesOptions = SaveTimesheetOptions;

/**
 * /api/timesheet: the weekly timesheet of the caller (refused with 403 while impersonating), its
 * submission, and the approval of weeks by owners and admins (PRODUCT.md → Timesheet approval).
 */
export function timesheetRoutes(options: TimesheetRoutesOptions = {}) {
  const app = new Hono<AppEnv>()
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
        summary:
          "Save the week's hours (409 once submitted or approved); ClickUp receives them through the write-back job",
        tags,
        response: saveTimesheetResponseSchema,
      }),
      requireTenant(),
      validate("json", saveTimesheetRequestSchema),
      async (c) => c.json(await saveTimesheet(c.var.ctx, c.req.valid("json"), options)),
    );
  for (const action of ["submit", "withdraw"] as const) {
    app.post(
      `/${action}`,
      documented({
        summary:
          action === "submit"
            ? "Submit the caller's week for approval"
            : "Withdraw the caller's submitted week",
        tags,
        response: ownWeekResponseSchema,
      }),
      requireTenant(),
      validate("json", ownWeekRequestSchema),
      async (c) => c.json(await changeOwnWeek(c.var.ctx, action, c.req.valid("json"))),
    );
  }
  app.get(
    "/weeks",
    documented({
      summary: "The approval queue: weeks by status (submitted by default), person and period",
      tags,
      response: weekQueueResponseSchema,
    }),
    requireTenant("canManageUsers"),
    validate("query", weekQueueQuerySchema),
    async (c) => c.json(await listWeekQueue(c.var.ctx, c.req.valid("query"))),
  );
  for (const action of ["approve", "reject", "reopen"] as const) {
    app.post(
      `/weeks/:clickupUserId/:weekStart/${action}`,
      documented({
        summary: `${action[0]?.toUpperCase()}${action.slice(1)} a person's week (owners and admins, never their own)`,
        tags,
        response: timesheetWeekStateSchema,
      }),
      requireTenant("canManageUsers"),
      validate("param", weekParamSchema),
      validate("json", reviewWeekRequestSchema),
      async (c) => c.json(await reviewWeek(c.var.ctx, action, c.req.valid("param"), c.req.valid("json"))),
    );
  }
  app.get(
    "/locked-changes",
    documented({
      summary: "Changes made in ClickUp to approved weeks (open ones by default)",
      tags,
      response: lockedChangesResponseSchema,
    }),
    requireTenant("canViewTimeSyncReports"),
    validate("query", lockedChangesQuerySchema),
    async (c) => c.json(await listLockedChanges(c.var.ctx, c.req.valid("query"))),
  );
  app.post(
    "/locked-changes/:id/acknowledge",
    documented({
      summary: "Acknowledge a change made in ClickUp to an approved week",
      tags,
      response: lockedChangeSchema,
    }),
    requireTenant("canViewTimeSyncReports"),
    validate("param", lockedChangeParamSchema),
    async (c) => c.json(await acknowledgeLockedChange(c.var.ctx, c.req.valid("param").id)),
  );
  return app;
}
