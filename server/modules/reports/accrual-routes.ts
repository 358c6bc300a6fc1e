import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { routeBodyLimit } from "../../lib/body-limit";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { createDataset, getDataset, listDatasets, removeDataset } from "./change-dataset";
import {
  accrualQuerySchema,
  accrualResponseSchema,
  createDatasetSchema,
  DATASET_MAX_BYTES,
  DATASET_TOO_LARGE,
  datasetIdParamSchema,
  datasetListResponseSchema,
  datasetResponseSchema,
  datasetSummarySchema,
} from "./contract";
import { ACCRUAL_CSV_COLUMNS, exportAccrualCsv } from "./export-accrual-csv";
import { getAccrual } from "./get-accrual";

const tags = ["Reports"];

/**
 * /api/reports/accrual and /api/reports/datasets (issue 16 point 2), mounted inside reportRoutes
 * (canViewFinancials: members 403). A dataset of another workspace is 404.
 */
export function accrualRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/accrual",
      documented({
        summary:
          "Accrual report: per project and assignee, estimated, actual and accrued hours and revenue on the report date, or a saved dataset",
        tags,
        response: accrualResponseSchema,
      }),
      validate("query", accrualQuerySchema),
      async (c) => c.json(await getAccrual(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/accrual.csv",
      documented({
        summary: "Accrual report as CSV: one line per project and assignee, then the totals",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", accrualQuerySchema),
      async (c) =>
        csvResponse(c, {
          filename: "accrual.csv",
          columns: ACCRUAL_CSV_COLUMNS,
          batches: exportAccrualCsv(c.var.ctx, c.req.valid("query")),
        }),
    )
    .get(
      "/datasets",
      documented({
        summary: "Saved Accrual datasets, newest first",
        tags,
        response: datasetListResponseSchema,
      }),
      async (c) => c.json(await listDatasets(c.var.ctx)),
    )
    .post(
      "/datasets",
      documented({
        summary: "Save the Accrual report as a named dataset",
        tags,
        status: 201,
        response: datasetSummarySchema,
      }),
      // Up to 5 MB of data (more than the app-wide limit): past it and some room for the name and
      // description, 413 before parsing; within it, the contract's 400 naming `data`.
      routeBodyLimit(DATASET_MAX_BYTES + 64 * 1024, "data", DATASET_TOO_LARGE),
      validate("json", createDatasetSchema),
      async (c) => c.json(await createDataset(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/datasets/:id",
      documented({
        summary: "One saved Accrual dataset with its figures",
        tags,
        response: datasetResponseSchema,
      }),
      validate("param", datasetIdParamSchema),
      async (c) => c.json(await getDataset(c.var.ctx, c.req.valid("param").id)),
    )
    .delete(
      "/datasets/:id",
      documented({ summary: "Delete a saved Accrual dataset", tags, status: 204 }),
      validate("param", datasetIdParamSchema),
      async (c) => {
        await removeDataset(c.var.ctx, c.req.valid("param").id);
        return c.body(null, 204);
      },
    );
}
