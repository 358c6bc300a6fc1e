import { lineEditRefusal } from "@domain/budget-lifecycle";
import { parseBudgetLinesCsv, type ImportPreview } from "@domain/budget-csv";
import { hasUnstorableCharacters } from "@domain/security";
import { transaction } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { lockedBudget, requireDraft, requireRevisionVersion, touchRevision } from "./budget-writes";
import type { BudgetDetail } from "./contract";
import type {
  BudgetLineImportPreview,
  BudgetLineImportQuery,
  BudgetLineImportRefusal,
} from "./files-contract";
import { readBudget } from "./get-budget";
import { insertLines, nextPosition, selectBudget, selectLines, selectRevision } from "./repo";
import { formOf, lineAudit } from "./views";

/*
 * CSV import of budget lines (PRODUCT.md → Budgets: "import lines from CSV"): the rules of a row
 * are domain/budget-csv.ts's. A dry run answers what would be imported and every rejected cell;
 * an import is all or nothing — one rejected row refuses the file (400 with every rejection) —
 * and adds every line to the latest revision in one transaction, only while it is a draft (409
 * with the domain's reason otherwise), with a finance audit row per line (as a line added by
 * hand) and one for the import.
 */

/** 400 of an import with rejected rows: the rejections and totals beside our error shape. */
export class ImportRejectedError extends AppError {
  constructor(readonly preview: ImportPreview) {
    const rows = preview.totals.rejected;
    super(
      400,
      "validation_failed",
      `${rows} ${rows === 1 ? "row was" : "rows were"} rejected: nothing was imported`,
      [{ field: "rows", message: `${rows} rejected` }],
    );
  }

  override toBody(): BudgetLineImportRefusal {
    return {
      error: { code: "validation_failed", message: this.message, fields: this.fields ?? [] },
      rejected: this.preview.rejected,
      totals: this.preview.totals,
    };
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text: 400 (never 500) for bytes that are not UTF-8 or hold NULs. */
export function csvText(body: Uint8Array): string {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw badRequest("body: the file is not UTF-8 text (save it as CSV UTF-8)", [
      { field: "body", message: "is not UTF-8 text" },
    ]);
  }
  if (hasUnstorableCharacters(text)) {
    throw badRequest("body: the file holds NUL characters", [
      { field: "body", message: "must not contain NUL characters" },
    ]);
  }
  return text;
}

function previewOf(budget: { form_id: string; currency: string }, text: string) {
  const result = parseBudgetLinesCsv(text, { form: formOf(budget.form_id), currency: budget.currency });
  if (!result.ok) {
    throw badRequest(`${result.problem.field}: ${result.problem.message}`, [
      { field: result.problem.field, message: result.problem.message },
    ]);
  }
  return result.preview;
}

export async function importBudgetLines(
  ctx: RequestContext,
  budgetId: string,
  body: Uint8Array,
  query: BudgetLineImportQuery & { dryRun: true },
): Promise<BudgetLineImportPreview>;
export async function importBudgetLines(
  ctx: RequestContext,
  budgetId: string,
  body: Uint8Array,
  query: BudgetLineImportQuery,
): Promise<BudgetLineImportPreview | BudgetDetail>;
export async function importBudgetLines(
  ctx: RequestContext,
  budgetId: string,
  body: Uint8Array,
  query: BudgetLineImportQuery,
): Promise<BudgetLineImportPreview | BudgetDetail> {
  const budget = await selectBudget(ctx.db, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  const text = csvText(body);
  if (query.dryRun) {
    // A preview says at once when the budget cannot take lines (the import would be refused).
    const latest = await selectRevision(ctx.db, ctx.organizationId, budgetId, budget.latest_revision_number);
    const refusal = latest ? lineEditRefusal(latest.status) : null;
    if (refusal) throw new AppError(409, "conflict", refusal);
    return { dryRun: true, ...previewOf(budget, text) };
  }
  // The form and currency of a budget never change, so the file is checked before the lock.
  const preview = previewOf(budget, text);
  if (preview.rejected.length > 0) throw new ImportRejectedError(preview);
  if (preview.accepted.length === 0) {
    throw badRequest("body: the file has no lines to import", [{ field: "body", message: "has no lines" }]);
  }
  return transaction(ctx.deps.database, async (tx) => {
    const { budget: locked, latest } = await lockedBudget(tx, ctx, budgetId);
    requireDraft(latest);
    requireRevisionVersion(latest, query.baseVersion);
    let position = await nextPosition(tx, ctx.organizationId, budgetId, latest.number);
    const now = ctx.deps.now();
    const ids = new Set<string>();
    const rows = preview.accepted.map(({ line }) => {
      const id = newId();
      ids.add(id);
      return {
        organizationId: ctx.organizationId,
        id,
        budgetId,
        revisionNumber: latest.number,
        key: newId(),
        ...line,
        position: position++,
        createdAt: now,
        updatedAt: now,
      };
    });
    await insertLines(tx, rows);
    await touchRevision(tx, ctx, locked, latest, "rows");
    // In the file's order (positions were given in it).
    const lines = (await selectLines(tx, ctx.organizationId, budgetId, latest.number))
      .filter((l) => ids.has(l.id))
      .sort((a, b) => a.position - b.position);
    for (const line of lines) {
      await recordChange(ctx, tx, {
        object: "budget_line",
        id: line.id,
        action: "created",
        after: { budgetId, ...lineAudit(line) },
        category: "finance",
      });
    }
    await recordChange(ctx, tx, {
      object: "budget",
      id: budgetId,
      action: "lines_imported",
      after: { revisionNumber: latest.number, lines: lines.length },
      category: "finance",
    });
    return readBudget(tx, ctx, budgetId);
  });
}
