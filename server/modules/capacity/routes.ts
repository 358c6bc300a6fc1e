import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { changeTimeOff, createTimeOff, listTimeOff, removeTimeOff } from "./time-off";
import { listHolidays, putHoliday, removeHoliday } from "./change-holiday";
import { listPeople, putPersonSettings } from "./change-person-settings";
import {
  createTimeOffSchema,
  holidayBodySchema,
  holidayParamSchema,
  holidaySchema,
  holidaysResponseSchema,
  peopleResponseSchema,
  personParamSchema,
  personSchema,
  personSettingsBodySchema,
  rangeQuerySchema,
  timeOffListSchema,
  timeOffParamSchema,
  timeOffSchema,
  updateTimeOffSchema,
  workspaceSettingsSchema,
} from "./contract";
import { getWorkspaceSettings, putWorkspaceSettings } from "./workspace-settings";

const tags = ["Capacity"];

/**
 * Capacity of the current workspace: settings (currency, time zone, week start, default minutes
 * per day, working days, fiscal year start), holidays and people's minutes per day — every
 * member reads, owners and admins write (403 otherwise); time off — admins for anyone, a member
 * for their own ClickUp user. Unknown or another workspace's person or row → 404; overlapping
 * time off → 409 naming startDate.
 */
export function capacityRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant())
    .get(
      "/settings",
      documented({
        summary: "The workspace's money and calendar settings",
        tags,
        response: workspaceSettingsSchema,
      }),
      async (c) => c.json(await getWorkspaceSettings(c.var.ctx)),
    )
    .put(
      "/settings",
      documented({
        summary: "Change the workspace's money and calendar settings",
        tags,
        response: workspaceSettingsSchema,
      }),
      validate("json", workspaceSettingsSchema),
      async (c) => c.json(await putWorkspaceSettings(c.var.ctx, c.req.valid("json"))),
    )
    .get(
      "/holidays",
      documented({ summary: "Workspace holidays", tags, response: holidaysResponseSchema }),
      validate("query", rangeQuerySchema),
      async (c) => c.json(await listHolidays(c.var.ctx, c.req.valid("query"))),
    )
    .put(
      "/holidays/:day",
      documented({ summary: "Add or rename a workspace holiday", tags, response: holidaySchema }),
      validate("param", holidayParamSchema),
      validate("json", holidayBodySchema),
      async (c) => c.json(await putHoliday(c.var.ctx, c.req.valid("param").day, c.req.valid("json").name)),
    )
    .delete(
      "/holidays/:day",
      documented({ summary: "Remove a workspace holiday", tags, status: 204 }),
      validate("param", holidayParamSchema),
      async (c) => {
        await removeHoliday(c.var.ctx, c.req.valid("param").day);
        return c.body(null, 204);
      },
    )
    .get(
      "/people",
      documented({
        summary: "ClickUp users with their hours per day and role tags",
        tags,
        response: peopleResponseSchema,
      }),
      async (c) => c.json(await listPeople(c.var.ctx)),
    )
    .put(
      "/people/:clickupUserId",
      documented({
        summary:
          "Set a person's minutes per day, role tags, purchasing limit and utilisation target (owners and admins)",
        tags,
        response: personSchema,
      }),
      validate("param", personParamSchema),
      validate("json", personSettingsBodySchema),
      async (c) =>
        c.json(await putPersonSettings(c.var.ctx, c.req.valid("param").clickupUserId, c.req.valid("json"))),
    )
    .get(
      "/time-off",
      documented({
        summary: "Time off (optionally of one person, overlapping a window)",
        tags,
        response: timeOffListSchema,
      }),
      validate("query", rangeQuerySchema),
      async (c) => c.json(await listTimeOff(c.var.ctx, c.req.valid("query"))),
    )
    .post(
      "/time-off",
      documented({ summary: "Enter time off", tags, status: 201, response: timeOffSchema }),
      validate("json", createTimeOffSchema),
      async (c) => c.json(await createTimeOff(c.var.ctx, c.req.valid("json")), 201),
    )
    .patch(
      "/time-off/:id",
      documented({ summary: "Change time off", tags, response: timeOffSchema }),
      validate("param", timeOffParamSchema),
      validate("json", updateTimeOffSchema),
      async (c) => c.json(await changeTimeOff(c.var.ctx, c.req.valid("param").id, c.req.valid("json"))),
    )
    .delete(
      "/time-off/:id",
      documented({ summary: "Delete time off", tags, status: 204 }),
      validate("param", timeOffParamSchema),
      async (c) => {
        await removeTimeOff(c.var.ctx, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
