import { Hono } from "hono";
import { can } from "@domain/index";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  workloadEntriesQuerySchema,
  workloadEntriesResponseSchema,
  workloadQuerySchema,
  workloadResponseSchema,
  workloadTimeEntriesQuerySchema,
  workloadTimeEntriesResponseSchema,
} from "./contract";
import { exportWorkloadCsv, workloadCsvColumns } from "./export-workload-csv";
import { getWorkload } from "./get-workload";
import { listWorkloadEntries, listWorkloadTimeEntries } from "./list-workload-entries";

const tags = ["Workload"];

/**
 * /api/workload (every member of the workspace; money only with canViewFinancials):
 * GET /api/workload — the person × day grid; GET /api/workload/entries — spec §3 Workload
 * entries of a cell, person or project; GET /api/workload/time-entries — Detailed time entries.
 * Unknown or another workspace's space, project or person → 404; a user without a workspace →
 * 403 (the web shows 'No Organization Access').
 */
export function workloadRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/",
      documented({
        summary: "Workload grid: booked and tentative minutes per person per day against capacity",
        tags,
        response: workloadResponseSchema,
      }),
      requireTenant(),
      validate("query", workloadQuerySchema),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await getWorkload(c.var.ctx, c.req.valid("query")));
      },
    )
    .get(
      "/entries",
      documented({
        summary: "Workload entries (one per task and assignee) of a cell, person or project, paged",
        tags,
        response: workloadEntriesResponseSchema,
      }),
      requireTenant(),
      validate("query", workloadEntriesQuerySchema),
      async (c) => c.json(await listWorkloadEntries(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/time-entries",
      documented({
        summary: "Detailed time entries of a cell, person or project, paged",
        tags,
        response: workloadTimeEntriesResponseSchema,
      }),
      requireTenant(),
      validate("query", workloadTimeEntriesQuerySchema),
      async (c) => c.json(await listWorkloadTimeEntries(c.var.ctx, c.req.valid("query"))),
    );
}

/** GET /api/workload.csv — the grid as filtered, one line per person and day (streamed). */
export function workloadCsvRoutes() {
  return new Hono<AppEnv>().get(
    "/",
    documented({
      summary: "Workload grid as CSV: the same filters, one line per person and day",
      tags,
      mediaType: "text/csv",
    }),
    requireTenant(),
    validate("query", workloadQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      return csvResponse(c, {
        filename: `workload-${query.from}-${query.to}.csv`,
        columns: workloadCsvColumns(can(c.var.ctx.role, "canViewFinancials")),
        batches: exportWorkloadCsv(c.var.ctx, query),
      });
    },
  );
}
