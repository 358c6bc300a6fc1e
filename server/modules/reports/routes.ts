import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  actualQuerySchema,
  actualResponseSchema,
  reportEntriesQuerySchema,
  reportEntriesResponseSchema,
  reportFilterSchema,
  reportOptionsResponseSchema,
  utilizationDaysQuerySchema,
  utilizationDaysResponseSchema,
  userDirectoryResponseSchema,
  utilizationResponseSchema,
  webhookActivityQuerySchema,
  webhookActivityResponseSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
} from "./contract";
import {
  actualCsvColumns,
  exportActualCsv,
  exportUserDirectoryCsv,
  exportUtilizationCsv,
  USER_DIRECTORY_CSV_COLUMNS,
  UTILIZATION_CSV_COLUMNS,
} from "./export-reports-csv";
import { getActual } from "./get-actual";
import { getClientReport } from "./get-client-report";
import { clientReportResponseSchema } from "./contract";
import { CLIENT_REPORT_CSV_COLUMNS, exportClientReportCsv } from "./export-reports-csv";
import { getReportOptions } from "./get-report-options";
import { getUserDirectory } from "./get-user-directory";
import { getUtilization, getUtilizationDays } from "./get-utilization";
import {
  exportWebhookActivityCsv,
  getWebhookActivity,
  listWebhookDeliveries,
  WEBHOOK_ACTIVITY_CSV_COLUMNS,
} from "./get-webhook-activity";
import { listReportEntries } from "./list-report-entries";
import { accrualRoutes } from "./accrual-routes";

const tags = ["Reports"];

/**
 * /api/reports (issue 16): canViewFinancials for every route (members 403). Every report takes
 * the shared filters (period, client, project, person; contract.ts); a bad period or an unknown
 * filter id is 400 naming the field. Each report has its CSV (the table as filtered) and the
 * entries behind its figures.
 */
export function reportRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .route("/", accrualRoutes()) // issue 16 point 2: /accrual, /accrual.csv, /datasets
    .get(
      "/options",
      documented({
        summary: "Report filter choices: clients, projects and people",
        tags,
        response: reportOptionsResponseSchema,
      }),
      async (c) => c.json(await getReportOptions(c.var.ctx)),
    )
    .get(
      "/actual",
      documented({
        summary: "Actual report: hours, cost and revenue incurred per project, person or client, per week",
        tags,
        response: actualResponseSchema,
      }),
      validate("query", actualQuerySchema),
      async (c) => c.json(await getActual(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/actual.csv",
      documented({
        summary: "Actual report as CSV: the table as filtered, with its totals",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", actualQuerySchema),
      async (c) => {
        const query = c.req.valid("query");
        return csvResponse(c, {
          filename: `actual-by-${query.groupBy}.csv`,
          columns: actualCsvColumns(query.groupBy),
          batches: exportActualCsv(c.var.ctx, query),
        });
      },
    )
    .get(
      "/client",
      documented({
        summary:
          "Client report: projects, approved budgets, invoiced, paid, outstanding with ageing, revenue, cost and margin per client",
        tags,
        response: clientReportResponseSchema,
      }),
      validate("query", reportFilterSchema),
      async (c) => c.json(await getClientReport(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/client.csv",
      documented({
        summary: "Client report as CSV: one line per client and currency, then the totals per currency",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", reportFilterSchema),
      async (c) =>
        csvResponse(c, {
          filename: "client-report.csv",
          columns: CLIENT_REPORT_CSV_COLUMNS,
          batches: exportClientReportCsv(c.var.ctx, c.req.valid("query")),
        }),
    )
    .get(
      "/entries",
      documented({
        summary: "The priced time entries behind a report figure (a row, a week, billable or not), paged",
        tags,
        response: reportEntriesResponseSchema,
      }),
      validate("query", reportEntriesQuerySchema),
      async (c) => c.json(await listReportEntries(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/utilization",
      documented({
        summary: "Utilization: capacity, logged and billable time per person, week and team",
        tags,
        response: utilizationResponseSchema,
      }),
      validate("query", reportFilterSchema),
      async (c) => c.json(await getUtilization(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/utilization.csv",
      documented({
        summary: "Utilization as CSV: one line per person, then the team",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", reportFilterSchema),
      async (c) =>
        csvResponse(c, {
          filename: "utilization.csv",
          columns: UTILIZATION_CSV_COLUMNS,
          batches: exportUtilizationCsv(c.var.ctx, c.req.valid("query")),
        }),
    )
    .get(
      "/utilization/days",
      documented({
        summary: "The days behind a person's capacity: capacity, time off, holidays and time logged",
        tags,
        response: utilizationDaysResponseSchema,
      }),
      validate("query", utilizationDaysQuerySchema),
      async (c) => c.json(await getUtilizationDays(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/user-directory",
      documented({
        summary:
          "User directory: people with role, link, role tags, rates today, capacity, target, last time logged",
        tags,
        response: userDirectoryResponseSchema,
      }),
      validate("query", reportFilterSchema),
      async (c) => c.json(await getUserDirectory(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/user-directory.csv",
      documented({ summary: "User directory as CSV: one line per person", tags, mediaType: "text/csv" }),
      validate("query", reportFilterSchema),
      async (c) =>
        csvResponse(c, {
          filename: "user-directory.csv",
          columns: USER_DIRECTORY_CSV_COLUMNS,
          batches: exportUserDirectoryCsv(c.var.ctx, c.req.valid("query")),
        }),
    )
    .get(
      "/webhook-activity",
      documented({
        summary:
          "Webhook activity: deliveries per event type and week by outcome, latency, and what the polls caught",
        tags,
        response: webhookActivityResponseSchema,
      }),
      validate("query", webhookActivityQuerySchema),
      async (c) => c.json(await getWebhookActivity(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/webhook-activity.csv",
      documented({
        summary: "Webhook activity as CSV: one line per event type, then the totals",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", webhookActivityQuerySchema),
      async (c) =>
        csvResponse(c, {
          filename: "webhook-activity.csv",
          columns: WEBHOOK_ACTIVITY_CSV_COLUMNS,
          batches: exportWebhookActivityCsv(c.var.ctx, c.req.valid("query")),
        }),
    )
    .get(
      "/webhook-activity/deliveries",
      documented({
        summary: "The webhook deliveries behind a figure of the webhook-activity report, newest first",
        tags,
        response: webhookDeliveriesResponseSchema,
      }),
      validate("query", webhookDeliveriesQuerySchema),
      async (c) => c.json(await listWebhookDeliveries(c.var.ctx, c.req.valid("query"))),
    );
}
