import type { ReactNode } from "react";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDetailDay } from "@domain/index";
import { formatMoney } from "@domain/money";
import { Figure } from "@/components/document-parts";
import {
  useClientReport,
  type ClientReportResponse,
  type ClientReportRow,
  type ClientReportTotals,
} from "./api";
import { EntriesDialog, useEntriesTarget } from "./entries-dialog";
import { FigureButton, MoneyCell, percentText } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, ReportTable, REPORT_CELL, useReportSort } from "./report-table";
import { useReportUrlState, type ReportUrlState } from "./url-state";

/*
 * The Client report (issue 16 point 4): per client, its projects, approved budgets, invoiced,
 * paid, outstanding with ageing (on the workspace's today), revenue and cost of the period's time
 * at the rate cards, and margin. Money is never summed across currencies: one row per client and
 * currency, one totals row per currency. A figure whose source has no rows shows "—" with the
 * reason. Revenue and cost open their time entries; invoiced and outstanding open the client's
 * invoices in Finance.
 */

type FigureKey = "approvedBudget" | "invoiced" | "paid" | "outstanding" | "revenue" | "cost" | "marginBp";

/** Why a single row's figure is empty (the column has figures elsewhere). */
const ROW_REASON: Record<FigureKey, string> = {
  approvedBudget: "No approved budget for this client's projects",
  invoiced: "No invoice issued to this client in this period",
  paid: "No payment received from this client in this period",
  outstanding: "No invoice issued to this client yet",
  revenue: "No priced time for this client in this period",
  cost: "No priced time for this client in this period",
  marginBp: "Margin needs priced revenue and cost",
};

type SortKey =
  | "client"
  | "projects"
  | "approvedBudget"
  | "invoiced"
  | "paid"
  | "outstanding"
  | "revenue"
  | "cost"
  | "marginBp";
const SORT_KEYS: readonly SortKey[] = [
  "client",
  "projects",
  "approvedBudget",
  "invoiced",
  "paid",
  "outstanding",
  "revenue",
  "cost",
  "marginBp",
];

const AGEING = [
  { key: "current", label: "Current" },
  { key: "days1to30", label: "1–30 days" },
  { key: "days31to60", label: "31–60 days" },
  { key: "days61to90", label: "61–90 days" },
  { key: "over90", label: "90+ days" },
] as const;

export function ClientReport() {
  const state = useReportUrlState();
  const report = useClientReport(state.filterQuery);
  const entries = useEntriesTarget(state.filterQuery);
  return (
    <ReportFrame
      title="Client Report"
      description="Per client: projects, approved budgets, invoiced, paid, outstanding with ageing, revenue, cost and margin."
      state={state}
      shown={report.data?.period}
      csvHref={`/api/reports/client.csv?${state.filterQuery}`}
      query={report}
    >
      {report.data ? (
        <ClientBody data={report.data} state={state} open={entries.open} dimmed={report.isPlaceholderData} />
      ) : null}
      <EntriesDialog target={entries.target} onClose={entries.close} />
    </ReportFrame>
  );
}

/** "—" with the reason, for the eye (tooltip) and the screen reader. */
function Missing({ reason }: { reason: string }) {
  return (
    <span title={reason} className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

function money(value: number | null, currency: string, reason: string, wrap?: (text: string) => ReactNode) {
  if (value === null) return <Missing reason={reason} />;
  const text = formatMoney(value, currency);
  return wrap ? wrap(text) : <span className="whitespace-nowrap">{text}</span>;
}

const LINK = "underline decoration-dotted underline-offset-4 hover:decoration-solid";

const invoicesHref = (clientId: string, more = "") =>
  `/finance/invoices?clientId=${encodeURIComponent(clientId)}${more}`;

function ClientBody({
  data,
  state,
  open,
  dimmed,
}: {
  data: ClientReportResponse;
  state: ReportUrlState;
  open: (title: string, more: Record<string, string | undefined>) => void;
  dimmed: boolean;
}) {
  const { currency: workspaceCurrency, totals } = data;
  const columnReason = new Map(data.unavailable.map((u) => [u.figure, u.reason]));
  const reason = (f: FigureKey) => columnReason.get(f) ?? ROW_REASON[f];
  const { rows, header } = useReportSort<ClientReportRow, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "revenue", dir: "desc" },
    value: (r, k) => (k === "client" ? r.client : k === "projects" ? r.projects.length : r[k]),
    label: (r) => `${r.client} ${r.currency}`,
    rows: data.rows,
  });
  const manyCurrencies = totals.length > 1;
  const cell = REPORT_CELL;
  const chart = data.rows
    .filter((r) => r.currency === workspaceCurrency && (r.revenue !== null || r.cost !== null))
    .map((r) => ({ client: r.client, Revenue: r.revenue ?? 0, Cost: r.cost ?? 0 }));
  const fmt = (v: unknown) => formatMoney(Number(v), workspaceCurrency);

  if (data.rows.length === 0) {
    return (
      <EmptyReport>
        No client matches these filters. Clients come from the Client field of each project and from Finance →
        Clients; try another period or clear the filters.
      </EmptyReport>
    );
  }

  const totalCells = (t: ClientReportTotals) => (
    <>
      {manyCurrencies ? <td className="px-3 py-2">{t.currency}</td> : null}
      <td className={cell}>{t.projects}</td>
      <td className={cell}>{money(t.approvedBudget, t.currency, reason("approvedBudget"))}</td>
      <td className={cell}>{money(t.invoiced, t.currency, reason("invoiced"))}</td>
      <td className={cell}>{money(t.paid, t.currency, reason("paid"))}</td>
      <td className={cell}>{money(t.outstanding, t.currency, reason("outstanding"))}</td>
      {AGEING.map((a) => (
        <td key={a.key} className={cell}>
          {t.ageing ? formatMoney(t.ageing[a.key], t.currency) : <Missing reason={reason("outstanding")} />}
        </td>
      ))}
      <td className={cell}>
        {t.revenue === null ? (
          <Missing reason={reason("revenue")} />
        ) : (
          <MoneyCell value={t.revenue} unpricedMs={t.unpricedRevenueMs} currency={t.currency} />
        )}
      </td>
      <td className={cell}>
        {t.cost === null ? (
          <Missing reason={reason("cost")} />
        ) : (
          <MoneyCell value={t.cost} unpricedMs={t.unpricedCostMs} currency={t.currency} />
        )}
      </td>
      <td className={cell}>
        {t.marginBp === null ? <Missing reason={reason("marginBp")} /> : percentText(t.marginBp)}
      </td>
    </>
  );
  const [firstTotal, ...moreTotals] = totals;

  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4">
        {totals.map((t) => (
          <TotalsFigures key={t.currency} t={t} many={manyCurrencies} reason={reason} />
        ))}
      </div>

      {chart.length > 0 ? (
        <figure className="mb-4 rounded-xl border bg-card p-3" data-testid="report-chart">
          <figcaption className="mb-2 text-sm font-medium">
            Revenue and cost by client ({workspaceCurrency})
          </figcaption>
          <div className="h-64 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="client" fontSize={12} tickLine={false} />
                <YAxis
                  fontSize={12}
                  tickLine={false}
                  width={72}
                  tickFormatter={(v: number) => formatMoney(v, workspaceCurrency).replace(/\.\d+$/, "")}
                />
                <Tooltip formatter={fmt} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar
                  dataKey="Revenue"
                  fill="var(--color-primary)"
                  cursor="pointer"
                  onClick={(_, i) => {
                    const r = chart[i];
                    if (r) open(`${r.client}: revenue`, { client: r.client });
                  }}
                />
                <Bar
                  dataKey="Cost"
                  fill="var(--color-muted-foreground)"
                  cursor="pointer"
                  onClick={(_, i) => {
                    const r = chart[i];
                    if (r) open(`${r.client}: cost`, { client: r.client });
                  }}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ) : (
        <p
          className="mb-4 rounded-xl border border-dashed p-3 text-sm text-muted-foreground"
          data-testid="report-chart"
        >
          No chart: {reason("revenue")}
        </p>
      )}

      <ReportTable
        label="Figures by client"
        head={
          <>
            {header("Client", "client", false)}
            {manyCurrencies ? <th className="px-3 py-2 font-medium">Currency</th> : null}
            {header("Projects", "projects")}
            {header("Approved budgets", "approvedBudget")}
            {header("Invoiced", "invoiced")}
            {header("Paid", "paid")}
            {header("Outstanding", "outstanding")}
            {AGEING.map((a) => (
              <th key={a.key} className="px-3 py-2 text-right font-medium whitespace-nowrap">
                {a.label}
              </th>
            ))}
            {header("Revenue", "revenue")}
            {header("Cost", "cost")}
            {header("Margin", "marginBp")}
          </>
        }
        totalLabel={manyCurrencies ? `Total ${firstTotal?.currency ?? ""}` : "Total"}
        totals={firstTotal ? totalCells(firstTotal) : null}
      >
        {rows.map((r) => (
          <tr key={`${r.client}|${r.currency}`} className="border-t" data-testid="report-row">
            <th scope="row" className="max-w-64 truncate px-3 py-2 text-left font-medium">
              {r.clientId ? (
                <Link to={invoicesHref(r.clientId)} className="hover:underline">
                  {r.client}
                </Link>
              ) : (
                r.client
              )}
            </th>
            {manyCurrencies ? <td className="px-3 py-2">{r.currency}</td> : null}
            <td className={cell}>
              <Projects row={r} />
            </td>
            <td className={cell}>
              {money(r.approvedBudget, r.currency, reason("approvedBudget"), (text) =>
                r.projects.length === 1 && r.projects[0] ? (
                  <Link
                    to={`/finance/budgets?projectId=${encodeURIComponent(r.projects[0].id)}`}
                    className={LINK}
                  >
                    {text}
                    <span className="sr-only"> (budgets of {r.client})</span>
                  </Link>
                ) : (
                  text
                ),
              )}
            </td>
            <td className={cell}>
              {money(r.invoiced, r.currency, reason("invoiced"), (text) =>
                r.clientId ? (
                  <Link to={invoicesHref(r.clientId)} className={LINK}>
                    {text}
                    <span className="sr-only"> (invoices of {r.client})</span>
                  </Link>
                ) : (
                  text
                ),
              )}
            </td>
            <td className={cell}>
              {money(r.paid, r.currency, reason("paid"), (text) =>
                r.clientId ? (
                  <Link to={invoicesHref(r.clientId)} className={LINK}>
                    {text}
                    <span className="sr-only"> (payments of {r.client})</span>
                  </Link>
                ) : (
                  text
                ),
              )}
            </td>
            <td className={cell}>
              {money(r.outstanding, r.currency, reason("outstanding"), (text) =>
                r.clientId ? (
                  <Link to={invoicesHref(r.clientId, "&status=sent")} className={LINK}>
                    {text}
                    <span className="sr-only"> (open invoices of {r.client})</span>
                  </Link>
                ) : (
                  text
                ),
              )}
            </td>
            {AGEING.map((a) => (
              <td key={a.key} className={cell}>
                {r.ageing ? (
                  formatMoney(r.ageing[a.key], r.currency)
                ) : (
                  <Missing reason={reason("outstanding")} />
                )}
              </td>
            ))}
            <td className={cell}>
              {r.revenue === null ? (
                <Missing reason={r.unpricedRevenueMs > 0 ? "Unpriced: no client rate" : reason("revenue")} />
              ) : (
                <FigureButton
                  label={`Time entries of ${r.client}`}
                  onOpen={() => open(`${r.client}: revenue`, { client: r.client })}
                >
                  <MoneyCell value={r.revenue} unpricedMs={r.unpricedRevenueMs} currency={r.currency} />
                </FigureButton>
              )}
            </td>
            <td className={cell}>
              {r.cost === null ? (
                <Missing reason={r.unpricedCostMs > 0 ? "Unpriced: no internal rate" : reason("cost")} />
              ) : (
                <FigureButton
                  label={`Cost entries of ${r.client}`}
                  onOpen={() => open(`${r.client}: cost`, { client: r.client })}
                >
                  <MoneyCell value={r.cost} unpricedMs={r.unpricedCostMs} currency={r.currency} />
                </FigureButton>
              )}
            </td>
            <td className={cell}>
              {r.marginBp === null ? <Missing reason={reason("marginBp")} /> : percentText(r.marginBp)}
            </td>
          </tr>
        ))}
        {moreTotals.map((t) => (
          <tr key={t.currency} className="border-t-2 bg-muted/30 font-medium" data-testid="report-totals">
            <th scope="row" className="px-3 py-2 text-left">
              Total {t.currency}
            </th>
            {totalCells(t)}
          </tr>
        ))}
      </ReportTable>
      <p className="mt-2 text-xs text-muted-foreground">
        Outstanding is aged on {formatDetailDay(data.asOf)} by days past each invoice&apos;s due date.
        Invoiced and paid count the period; revenue and cost price the period&apos;s time at the rate cards (
        {workspaceCurrency}), each hour at the rate in force on its day. Money in different currencies is
        never added together.
      </p>
      {data.unavailable.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs text-muted-foreground" data-testid="report-notes">
          {data.unavailable.map((u) => (
            <li key={u.figure}>
              <span className="font-medium">{FIGURE_LABELS[u.figure]}: —</span> {u.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const FIGURE_LABELS: Record<FigureKey, string> = {
  approvedBudget: "Approved budgets",
  invoiced: "Invoiced",
  paid: "Paid",
  outstanding: "Outstanding",
  revenue: "Revenue",
  cost: "Cost",
  marginBp: "Margin",
};

function TotalsFigures({
  t,
  many,
  reason,
}: {
  t: ClientReportTotals;
  many: boolean;
  reason: (f: FigureKey) => string;
}) {
  const suffix = many ? ` (${t.currency})` : "";
  return (
    <>
      <Figure label={`Revenue${suffix}`} value={money(t.revenue, t.currency, reason("revenue"))} />
      <Figure label={`Cost${suffix}`} value={money(t.cost, t.currency, reason("cost"))} />
      <Figure
        label={`Margin${suffix}`}
        value={t.marginBp === null ? <Missing reason={reason("marginBp")} /> : percentText(t.marginBp)}
      />
      <Figure
        label={`Outstanding${suffix}`}
        value={money(t.outstanding, t.currency, reason("outstanding"))}
      />
    </>
  );
}

/** The client's projects: the count, opening the list of links to each project. */
function Projects({ row }: { row: ClientReportRow }) {
  if (row.projects.length === 0) return <span>0</span>;
  return (
    <details className="inline-block text-left">
      <summary className="cursor-pointer underline decoration-dotted underline-offset-4">
        {row.projects.length}
        <span className="sr-only"> (projects of {row.client})</span>
      </summary>
      <ul className="mt-1 space-y-1">
        {row.projects.map((p) => (
          <li key={p.id}>
            <Link to={`/projects/${encodeURIComponent(p.id)}`} className="hover:underline">
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
