import type { RequestContext } from "../../request-context";
import { selectClientReport, type ClientReportSqlRow } from "./client-report-repo";
import type { ClientReportResponse, ClientReportRow, ClientReportTotals, ReportFilter } from "./contract";
import { int, intOrNull, reportSetup } from "./setup";

type Figures = Omit<ClientReportTotals, "currency" | "clients" | "projects">;

/** The money figures of one SQL row in the contract's shape (null kept: "—", never 0). */
function figures(r: ClientReportSqlRow): Figures {
  const outstanding = intOrNull(r.outstanding);
  return {
    approvedBudget: intOrNull(r.approved_budget),
    invoiced: intOrNull(r.invoiced),
    paid: intOrNull(r.paid),
    outstanding,
    ageing:
      outstanding === null
        ? null
        : {
            current: int(r.age_current),
            days1to30: int(r.age_1_30),
            days31to60: int(r.age_31_60),
            days61to90: int(r.age_61_90),
            over90: int(r.age_90_plus),
          },
    ms: int(r.ms),
    cost: intOrNull(r.cost),
    unpricedCostMs: int(r.unpriced_cost_ms),
    revenue: intOrNull(r.revenue),
    unpricedRevenueMs: int(r.unpriced_revenue_ms),
    marginBp: intOrNull(r.margin_bp),
  };
}

/**
 * The Client report (issue 16 point 4): per client (and currency), its projects, approved budget
 * totals, invoiced and paid in the period, outstanding with ageing on the workspace's today, and
 * revenue, cost and margin of the period's time at the rate cards; totals per currency. All
 * summed in SQL (client-report-repo.ts). Rows come biggest revenue first, then by name.
 */
export async function getClientReport(
  ctx: RequestContext,
  query: ReportFilter,
): Promise<ClientReportResponse> {
  const setup = await reportSetup(ctx, query);
  const found = await selectClientReport(ctx.db, setup.scope, setup.today, setup.currency);
  const rows: ClientReportRow[] = found
    .filter((r) => r.kind === "client")
    .map((r) => ({
      client: r.name ?? r.ck ?? "",
      clientId: r.client_id,
      currency: r.currency,
      projects: r.project_list ?? [],
      ...figures(r),
    }))
    .sort(
      (a, b) =>
        (b.revenue ?? -1) - (a.revenue ?? -1) ||
        a.client.localeCompare(b.client) ||
        a.currency.localeCompare(b.currency),
    );
  const totalRows = found.filter((r) => r.kind === "total");
  const totals: ClientReportTotals[] = totalRows.map((r) => ({
    currency: r.currency,
    clients: int(r.clients),
    projects: int(r.projects),
    ...figures(r),
  }));
  const none = (pick: (t: ClientReportTotals) => unknown) => totals.every((t) => pick(t) === null);
  const perPerson = query.person !== undefined;
  const unavailable: ClientReportResponse["unavailable"] = [];
  const add = (figure: ClientReportResponse["unavailable"][number]["figure"], reason: string) =>
    unavailable.push({ figure, reason });
  if (perPerson) {
    for (const figure of ["approvedBudget", "invoiced", "paid", "outstanding"] as const) {
      add(figure, "Budgets and invoices are not kept per person: clear the person filter to see them.");
    }
  } else {
    if (none((t) => t.approvedBudget))
      add("approvedBudget", "No budget of these clients' projects is approved yet.");
    if (none((t) => t.invoiced)) add("invoiced", "No invoice was issued to these clients in this period.");
    if (none((t) => t.paid)) add("paid", "No payment was received from these clients in this period.");
    if (none((t) => t.outstanding)) add("outstanding", "No invoice has been issued to these clients yet.");
  }
  const logged = totals.some((t) => t.ms > 0);
  if (none((t) => t.revenue)) {
    add(
      "revenue",
      logged
        ? "None of this time has a client rate (Finance → Rate cards)."
        : "No time was logged for these clients in this period.",
    );
  }
  if (none((t) => t.cost)) {
    add(
      "cost",
      logged
        ? "None of this time has an internal rate (Finance → Rate cards)."
        : "No time was logged for these clients in this period.",
    );
  }
  if (none((t) => t.marginBp)) add("marginBp", "Margin needs priced revenue and cost in this period.");
  return {
    period: setup.period,
    asOf: setup.today,
    currency: setup.currency,
    rows,
    totals,
    unavailable,
  };
}
