import type { RequestContext } from "../../request-context";
import { invoicedByBudget } from "../client-invoices/repo";
import type { BudgetSummary } from "./contract";
import { budgetListItems } from "./list-budgets";
import { activeBudgetRows, budgetStatusCounts } from "./repo";

const MOST_OVER = 5;
const MOST_UNBILLED = 5;

/**
 * The /finance overview of budgets (PRODUCT.md → /finance): how many budgets are in each status;
 * across active jobs (not closed), per currency, the estimate, actual to date, variance and
 * forecast at completion; the jobs most over budget; and the work in progress not billed yet
 * (client actual less what was invoiced). Sums, labour and invoices are read in grouped
 * statements; each budget's top sheet comes from domain/aicp.ts as on its own screen.
 */
export async function getBudgetSummary(ctx: RequestContext): Promise<BudgetSummary> {
  const [byStatus, active] = await Promise.all([
    budgetStatusCounts(ctx.db, ctx.organizationId),
    activeBudgetRows(ctx.db, ctx.organizationId),
  ]);
  const items = await budgetListItems(ctx.db, ctx.organizationId, active);
  const invoiced = await invoicedByBudget(
    ctx.db,
    ctx.organizationId,
    items.map((item) => item.id),
  );
  const perCurrency = new Map<string, BudgetSummary["active"][number]>();
  for (const item of items) {
    const sum = perCurrency.get(item.currency) ?? {
      currency: item.currency,
      budgets: 0,
      estimateMinor: 0,
      actualMinor: 0,
      varianceMinor: 0,
      forecastMinor: 0,
    };
    sum.budgets += 1;
    sum.estimateMinor += item.grandTotalMinor;
    sum.actualMinor += item.actualMinor;
    sum.varianceMinor += item.varianceMinor;
    sum.forecastMinor += item.forecastMinor;
    perCurrency.set(item.currency, sum);
  }
  const mostOver = items
    .filter((item) => item.varianceMinor < 0)
    .sort((a, b) => a.varianceMinor - b.varianceMinor || a.id.localeCompare(b.id))
    .slice(0, MOST_OVER)
    .map(({ forecastMinor: _forecast, ...item }) => item);
  // Work in progress: jobs with an approved (working) revision; a bid not yet approved is not.
  const unbilled = items
    .filter((item) => item.workingRevisionNumber !== null)
    .map((item) => {
      const clientActualMinor = item.bidType === "firm" ? item.grandTotalMinor : item.actualMinor;
      const invoicedMinor = invoiced.get(item.id) ?? 0;
      return { ...item, clientActualMinor, invoicedMinor, unbilledMinor: clientActualMinor - invoicedMinor };
    })
    .filter((item) => item.unbilledMinor > 0)
    .sort((a, b) => b.unbilledMinor - a.unbilledMinor || a.id.localeCompare(b.id))
    .slice(0, MOST_UNBILLED);
  return {
    byStatus,
    active: [...perCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    mostOver,
    unbilled,
  };
}
