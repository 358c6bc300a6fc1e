import { aicpForm, type AicpSectionLetter } from "@domain/aicp";
import { formatBasisPoints } from "@domain/money";
import { cn } from "@/lib/cn";
import type { BudgetDetail } from "./api";
import { Money, Variance } from "./status-badge";

const COLUMNS = ["Estimate", "Committed", "Actual", "Client actual", "Variance", "Forecast"] as const;

/**
 * The top sheet: the form's 16 lines, then contingency, weather day and the total with
 * contingency, in the six columns. A line made of sections opens them (the rows behind it).
 */
export function TopSheet({
  budget,
  onOpenSections,
}: {
  budget: BudgetDetail;
  onOpenSections: (letters: readonly AicpSectionLetter[]) => void;
}) {
  const { estimate, committed, actual, forecast } = budget.totals;
  const currency = budget.currency;
  const form = aicpForm(budget.formId);
  const firm = budget.bidType === "firm";
  const byNumber = (rows: typeof estimate.topSheet, n: number) =>
    rows.find((r) => r.number === n)?.amount ?? 0;
  const rates = budget.revision.rates;

  const row = (
    key: string,
    label: React.ReactNode,
    e: number,
    c: number,
    a: number,
    client: number,
    f: number,
    strong: boolean,
  ) => (
    <tr key={key} className={cn("border-t", strong && "bg-muted/30 font-semibold")} data-row={key}>
      <th scope="row" className="min-w-52 px-2 py-1.5 text-left font-[inherit]">
        {label}
      </th>
      <td className="px-2 py-1.5 text-right" data-col="estimate">
        <Money value={e} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="committed">
        <Money value={c} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="actual">
        <Money value={a} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="client-actual">
        <Money value={client} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="variance">
        <Variance value={e - a} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="forecast">
        <Money value={f} currency={currency} />
      </td>
    </tr>
  );

  return (
    <div className="space-y-2">
      <div
        className="relative overflow-x-auto rounded-lg border [contain:inline-size]"
        role="region"
        aria-label="Top sheet table"
        tabIndex={0}
      >
        <table className="w-full min-w-[44rem] text-sm" aria-label="Top sheet">
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Line
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-2 py-1.5 text-right font-medium whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {estimate.topSheet.map((r) => {
              const rule = form?.topSheet.find((l) => l.number === r.number)?.rule;
              const sections = rule?.kind === "sections" ? rule.sections : null;
              const a = byNumber(actual.topSheet, r.number);
              const label = (
                <span className="flex items-baseline gap-x-2">
                  <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">
                    {r.number}
                  </span>
                  {sections ? (
                    <button
                      type="button"
                      className="text-left underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      onClick={() => onOpenSections(sections)}
                    >
                      {r.label}
                      <span className="ml-1 text-xs text-muted-foreground">({sections.join(" + ")})</span>
                    </button>
                  ) : (
                    <span>
                      {r.label}
                      {rule?.kind === "insurance" ? (
                        <span className="ml-1 text-xs font-normal text-muted-foreground">
                          ({formatBasisPoints(rates.insuranceBp)})
                        </span>
                      ) : rule?.kind === "fee" ? (
                        <span className="ml-1 text-xs font-normal text-muted-foreground">
                          ({formatBasisPoints(rates.feeBp)})
                        </span>
                      ) : null}
                    </span>
                  )}
                </span>
              );
              const isGrand = r.number === (form?.grandTotalLine ?? 16);
              return row(
                String(r.number),
                label,
                r.amount,
                byNumber(committed.topSheet, r.number),
                a,
                isGrand ? budget.figures.clientActualMinor : firm ? r.amount : a,
                byNumber(forecast.topSheet, r.number),
                r.subtotal,
              );
            })}
            {row(
              "contingency",
              <span className="pl-7">Contingency ({formatBasisPoints(rates.contingencyBp)})</span>,
              estimate.contingency,
              committed.contingency,
              actual.contingency,
              firm ? estimate.contingency : actual.contingency,
              forecast.contingency,
              false,
            )}
            {row(
              "weather-day",
              <span className="pl-7">Weather day</span>,
              estimate.weatherDay,
              committed.weatherDay,
              actual.weatherDay,
              firm ? estimate.weatherDay : actual.weatherDay,
              forecast.weatherDay,
              false,
            )}
            {row(
              "total-with-contingency",
              <span className="pl-7">Total with contingency</span>,
              estimate.totalWithContingency,
              committed.totalWithContingency,
              actual.totalWithContingency,
              firm ? estimate.totalWithContingency : actual.totalWithContingency,
              forecast.totalWithContingency,
              true,
            )}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Actual is the lines' actuals plus labour from ClickUp time entries at internal rates, with P&W,
        insurance and fee. Client actual:{" "}
        {firm ? "a firm bid bills its estimate" : "a cost-plus bid bills its actuals"}. Variance is estimate −
        actual (red: over budget). Committed is what open purchase orders still owe their vendors (approved,
        sent or partly billed, less what is billed).
      </p>
    </div>
  );
}
