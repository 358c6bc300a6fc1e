import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { getTimeSyncCheck } from "./time-sync-check";
import {
  timeSyncCheckResponseSchema,
  timeSyncRangeSchema,
  timeSyncResyncResponseSchema,
  timeSyncWriteBacksQuerySchema,
  timeSyncWriteBacksResponseSchema,
} from "./time-sync-contract";
import { resyncTimeSyncRange } from "./time-sync-resync";
import { listTimeSyncWriteBacks } from "./time-sync-write-backs";

const tags = ["Reports"];

/**
 * /api/reports/time-sync (issue 16 point 8): canViewTimeSyncReports (admins and owners; members
 * 403). Mounted before the finance reports, whose canViewFinancials guard covers /api/reports/*.
 */
export function timeSyncRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewTimeSyncReports"))
    .get(
      "/check",
      documented({
        summary:
          "Time-sync validation of a range (≤ 31 days): minutes per person and day in ClickUp (read live) and here, and the entries that differ",
        tags,
        response: timeSyncCheckResponseSchema,
      }),
      validate("query", timeSyncRangeSchema),
      async (c) => c.json(await getTimeSyncCheck(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/write-backs",
      documented({
        summary: "Timesheet write-backs to ClickUp still pending or failed, paged",
        tags,
        response: timeSyncWriteBacksResponseSchema,
      }),
      validate("query", timeSyncWriteBacksQuerySchema),
      async (c) => c.json(await listTimeSyncWriteBacks(c.var.ctx, c.req.valid("query"))),
    )
    .post(
      "/resync",
      documented({
        summary: "Re-sync a range's (≤ 31 days) time entries from ClickUp",
        tags,
        response: timeSyncResyncResponseSchema,
      }),
      validate("json", timeSyncRangeSchema),
      async (c) => c.json(await resyncTimeSyncRange(c.var.ctx, c.req.valid("json"))),
    );
}
