import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { badRequest } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { budgetParamSchema } from "./contract";
import {
  BUDGET_LIST_CSV_COLUMNS,
  budgetFileBase,
  detailCsvColumns,
  exportBudgetListCsv,
  oneBatch,
  topSheetCsvColumns,
  topSheetRows,
} from "./export-budget-csv";
import { renderBudgetPdf } from "./export-budget-pdf";
import {
  budgetCsvQuerySchema,
  budgetLineImportQuerySchema,
  budgetLineImportResultSchema,
  budgetListExportQuerySchema,
  budgetPdfQuerySchema,
} from "./files-contract";
import { readBudget } from "./get-budget";
import { importBudgetLines } from "./import-budget-lines";

const tags = ["Budgets"];

/** Media types a CSV upload may carry (spreadsheet apps and browsers differ). */
const CSV_TYPES = ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"];

/**
 * Budget files: PDF and CSV exports of the top sheet and the detail, the budgets list as CSV, and
 * CSV import of lines (mounted inside budgetRoutes, so canViewFinancials already holds; another
 * workspace's budget is 404).
 */
export function budgetFileRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/export.csv",
      documented({
        summary: "The budgets list as CSV: the list's filters and sort, every row (streamed)",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", budgetListExportQuerySchema),
      async (c) => {
        const date = c.var.deps.now().toISOString().slice(0, 10);
        return csvResponse(c, {
          filename: `budgets-${date}.csv`,
          columns: BUDGET_LIST_CSV_COLUMNS,
          batches: exportBudgetListCsv(c.var.ctx, c.req.valid("query")),
        });
      },
    )
    .get(
      "/:budgetId/export.pdf",
      documented({
        summary: "A budget revision as PDF: the top sheet, then the detail by section",
        tags,
        mediaType: "application/pdf",
      }),
      validate("param", budgetParamSchema),
      validate("query", budgetPdfQuerySchema),
      async (c) => {
        const ctx = c.var.ctx;
        const detail = await readBudget(
          ctx.db,
          ctx,
          c.req.valid("param").budgetId,
          c.req.valid("query").revision,
        );
        const pdf = await renderBudgetPdf(detail, { generatedAt: ctx.deps.now() });
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${budgetFileBase(detail)}.pdf"`,
          "Content-Length": String(pdf.byteLength),
          "Cache-Control": "private, no-store",
        });
      },
    )
    .get(
      "/:budgetId/export.csv",
      documented({
        summary: "A budget revision as CSV: its top sheet, or every line (the import's columns)",
        tags,
        mediaType: "text/csv",
      }),
      validate("param", budgetParamSchema),
      validate("query", budgetCsvQuerySchema),
      async (c) => {
        const ctx = c.var.ctx;
        const query = c.req.valid("query");
        const detail = await readBudget(ctx.db, ctx, c.req.valid("param").budgetId, query.revision);
        const filename = `${budgetFileBase(detail)}-${query.part}.csv`;
        return query.part === "topsheet"
          ? csvResponse(c, {
              filename,
              columns: topSheetCsvColumns(detail.currency),
              batches: oneBatch(topSheetRows(detail)),
            })
          : csvResponse(c, {
              filename,
              columns: detailCsvColumns(detail.currency),
              batches: oneBatch(detail.lines),
            });
      },
    )
    .post(
      "/:budgetId/lines/import",
      documented({
        summary: "Import lines from CSV (text/csv body): a dry run previews, an import is all or nothing",
        description:
          "The body is a CSV file (Content-Type text/csv) whose first row is the header: section, " +
          "number, description, quantity, rate, ot_hours, ot_rate, notes (any order; the detail " +
          "export's header names are accepted, its estimate column ignored and actual imported). " +
          "Quantities and OT hours take up to 2 decimals, money up to the currency's digits; at " +
          "most 5,000 lines. dryRun=true answers BudgetLineImportPreview (every accepted line and " +
          "every rejected cell by row and column); dryRun=false adds every line to the draft " +
          "revision in one transaction and answers the Budget, or 400 BudgetLineImportRefusal " +
          "when any row is rejected (nothing imported), or 409 when the revision is not a draft " +
          "or (with baseVersion, the revision version the client saw) has changed since: a " +
          "retried import whose answer was lost never adds the lines twice.",
        tags,
        response: budgetLineImportResultSchema,
      }),
      validate("param", budgetParamSchema),
      validate("query", budgetLineImportQuerySchema),
      async (c) => {
        const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
        if (!CSV_TYPES.includes(type)) {
          throw badRequest("body: send the file as text/csv", [
            { field: "content-type", message: "must be text/csv" },
          ]);
        }
        const body = new Uint8Array(await c.req.arrayBuffer());
        const { budgetId } = c.req.valid("param");
        return c.json(await importBudgetLines(c.var.ctx, budgetId, body, c.req.valid("query")));
      },
    );
}
