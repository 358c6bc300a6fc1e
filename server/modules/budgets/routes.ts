import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { createBudgetLine, deleteBudgetLine, updateBudgetLine } from "./change-budget-line";
import {
  budgetDetailSchema,
  budgetLabourEntriesQuerySchema,
  budgetLabourEntriesResponseSchema,
  budgetLabourSettingsSchema,
  budgetLineParamSchema,
  budgetLineSchema,
  budgetListQuerySchema,
  budgetListResponseSchema,
  budgetParamSchema,
  budgetQuerySchema,
  budgetRevisionDiffSchema,
  budgetRevisionParamSchema,
  budgetSummarySchema,
  budgetTransitionSchema,
  createBudgetLineSchema,
  createBudgetSchema,
  updateBudgetLineSchema,
  updateBudgetSchema,
} from "./contract";
import { createBudget } from "./create-budget";
import { diffBudgetRevision } from "./diff-revision";
import { budgetFileRoutes } from "./file-routes";
import { getBudget } from "./get-budget";
import { getBudgetSummary } from "./get-budget-summary";
import { listBudgets } from "./list-budgets";
import { listLabourEntries } from "./list-labour-entries";
import { setBudgetLabour } from "./set-budget-labour";
import { transitionBudget } from "./transition-budget";
import { updateBudget } from "./update-budget";

const tags = ["Budgets"];

/**
 * Budgets on the AICP bid form (canViewFinancials for every route; members get 403; another
 * workspace's budget, line or project is 404). Every write is one transaction with its finance
 * audit rows (audit_events, category 'finance').
 */
export function budgetRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireTenant("canViewFinancials"))
      // Before "/:budgetId": GET /export.csv (the list) would otherwise be read as a budget id.
      .route("/", budgetFileRoutes())
      .get(
        "/",
        documented({
          summary: "Budgets: filtered, sorted and paged, with status and grand total",
          tags,
          response: budgetListResponseSchema,
        }),
        validate("query", budgetListQuerySchema),
        async (c) => c.json(await listBudgets(c.var.ctx, c.req.valid("query"))),
      )
      .get(
        "/summary",
        documented({
          summary: "The finance overview of budgets: counts by status, active totals, the most over budget",
          tags,
          response: budgetSummarySchema,
        }),
        async (c) => c.json(await getBudgetSummary(c.var.ctx)),
      )
      .post(
        "/",
        documented({
          summary: "Create a budget of a project (revision 0, a draft)",
          tags,
          status: 201,
          response: budgetDetailSchema,
        }),
        validate("json", createBudgetSchema),
        async (c) => c.json(await createBudget(c.var.ctx, c.req.valid("json")), 201),
      )
      .get(
        "/:budgetId",
        documented({
          summary: "A budget: revisions, a revision's lines, sections and top sheet, allowed actions",
          tags,
          response: budgetDetailSchema,
        }),
        validate("param", budgetParamSchema),
        validate("query", budgetQuerySchema),
        async (c) => c.json(await getBudget(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("query"))),
      )
      .patch(
        "/:budgetId",
        documented({
          summary: "Change a budget's name, bid type or rates (latest revision a draft)",
          tags,
          response: budgetDetailSchema,
        }),
        validate("param", budgetParamSchema),
        validate("json", updateBudgetSchema),
        async (c) =>
          c.json(await updateBudget(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("json"))),
      )
      .post(
        "/:budgetId/transitions",
        documented({
          summary: "Submit, return, approve, open a change order or close (409 with the reason)",
          tags,
          response: budgetDetailSchema,
        }),
        validate("param", budgetParamSchema),
        validate("json", budgetTransitionSchema),
        async (c) =>
          c.json(await transitionBudget(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("json"))),
      )
      .put(
        "/:budgetId/labour",
        documented({
          summary: "Set which section each ClickUp role tag's time counts in (labour actuals)",
          tags,
          response: budgetDetailSchema,
        }),
        validate("param", budgetParamSchema),
        validate("json", budgetLabourSettingsSchema),
        async (c) =>
          c.json(await setBudgetLabour(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("json"))),
      )
      .get(
        "/:budgetId/labour-entries",
        documented({
          summary: "The time entries behind the labour actuals, priced at internal rates (paged)",
          tags,
          response: budgetLabourEntriesResponseSchema,
        }),
        validate("param", budgetParamSchema),
        validate("query", budgetLabourEntriesQuerySchema),
        async (c) =>
          c.json(await listLabourEntries(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("query"))),
      )
      .get(
        "/:budgetId/revisions/:number/diff",
        documented({
          summary: "A revision's changes line by line against the last approved revision before it",
          tags,
          response: budgetRevisionDiffSchema,
        }),
        validate("param", budgetRevisionParamSchema),
        async (c) => {
          const { budgetId, number } = c.req.valid("param");
          return c.json(await diffBudgetRevision(c.var.ctx, budgetId, number));
        },
      )
      .post(
        "/:budgetId/lines",
        documented({
          summary: "Add a line to the draft revision",
          tags,
          status: 201,
          response: budgetLineSchema,
        }),
        validate("param", budgetParamSchema),
        validate("json", createBudgetLineSchema),
        async (c) =>
          c.json(await createBudgetLine(c.var.ctx, c.req.valid("param").budgetId, c.req.valid("json")), 201),
      )
      .patch(
        "/:budgetId/lines/:lineId",
        documented({
          summary: "Change a line from the version seen (409 with the current line when stale)",
          tags,
          response: budgetLineSchema,
        }),
        validate("param", budgetLineParamSchema),
        validate("json", updateBudgetLineSchema),
        async (c) => {
          const { budgetId, lineId } = c.req.valid("param");
          return c.json(await updateBudgetLine(c.var.ctx, budgetId, lineId, c.req.valid("json")));
        },
      )
      .delete(
        "/:budgetId/lines/:lineId",
        documented({ summary: "Delete a line of the draft revision", tags, status: 204 }),
        validate("param", budgetLineParamSchema),
        async (c) => {
          const { budgetId, lineId } = c.req.valid("param");
          await deleteBudgetLine(c.var.ctx, budgetId, lineId);
          return c.body(null, 204);
        },
      )
  );
}
