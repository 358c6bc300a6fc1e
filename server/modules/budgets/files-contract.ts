import { z } from "zod";
import { aicpSectionLetterSchema } from "@domain/aicp";
import { budgetDetailSchema, budgetListQuerySchema, budgetQuerySchema } from "./contract";

/*
 * Budget files (PRODUCT.md → Budgets: "Export the top sheet and detail as PDF and CSV; import
 * lines from CSV"): the query strings of the exports and the import, and the import's answers.
 * The rules of a CSV line are domain/budget-csv.ts's; the line fields are the line API's.
 */

/** GET /api/budgets/:budgetId/export.pdf?revision=n (default: the latest revision). */
export const budgetPdfQuerySchema = budgetQuerySchema;

/** GET /api/budgets/:budgetId/export.csv?revision=n&part=topsheet|detail (default detail). */
export const budgetCsvQuerySchema = budgetQuerySchema.extend({
  part: z.enum(["topsheet", "detail"]).default("detail"),
});
export type BudgetCsvQuery = z.infer<typeof budgetCsvQuerySchema>;

/** GET /api/budgets/export.csv: the list's filters and sort, every row (no paging). */
export const budgetListExportQuerySchema = budgetListQuerySchema.omit({ page: true, pageSize: true });
export type BudgetListExportQuery = z.infer<typeof budgetListExportQuerySchema>;

/**
 * POST /api/budgets/:budgetId/lines/import?dryRun=true|false&baseVersion=n with a text/csv body.
 * `dryRun` is required so a forgotten parameter never imports: true previews, false imports.
 */
export const budgetLineImportQuerySchema = z.object({
  dryRun: z.enum(["true", "false"], "must be true or false").transform((v) => v === "true"),
  /**
   * The latest revision's version the client saw (optional): 409 when it has changed since, so
   * a retried import whose first answer was lost never adds the lines twice.
   */
  baseVersion: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type BudgetLineImportQuery = z.infer<typeof budgetLineImportQuerySchema>;

export const importedLineSchema = z.object({
  section: aicpSectionLetterSchema,
  number: z.string(),
  description: z.string(),
  quantityHundredths: z.number().int(),
  rateMinor: z.number().int(),
  otHoursHundredths: z.number().int(),
  otRateMinor: z.number().int(),
  estimateMinor: z.number().int(),
  actualMinor: z.number().int(),
  notes: z.string(),
});

/** A rejected cell: the row as a spreadsheet numbers it (header = 1), the column and why. */
export const importRejectionSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
});

const importTotalsSchema = z.object({
  /** Data rows read (blank rows skipped). */
  rows: z.number().int(),
  accepted: z.number().int(),
  /** Rows with at least one rejected cell. */
  rejected: z.number().int(),
});

/** The answer of a dry run: what would be imported and every rejected cell. */
export const budgetLineImportPreviewSchema = z
  .object({
    dryRun: z.literal(true),
    accepted: z.array(z.object({ row: z.number().int(), line: importedLineSchema })),
    rejected: z.array(importRejectionSchema),
    totals: importTotalsSchema,
  })
  .meta({ id: "BudgetLineImportPreview" });
export type BudgetLineImportPreview = z.infer<typeof budgetLineImportPreviewSchema>;

/** An import refused because rows were rejected (400): nothing was imported. */
export const budgetLineImportRefusalSchema = z
  .object({
    error: z.object({
      code: z.literal("validation_failed"),
      message: z.string(),
      fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
    rejected: z.array(importRejectionSchema),
    totals: importTotalsSchema,
  })
  .meta({ id: "BudgetLineImportRefusal" });
export type BudgetLineImportRefusal = z.infer<typeof budgetLineImportRefusalSchema>;

/** A dry run answers the preview; an import answers the budget with its new lines. */
export const budgetLineImportResultSchema = z
  .union([budgetLineImportPreviewSchema, budgetDetailSchema])
  .meta({ id: "BudgetLineImportResult" });
