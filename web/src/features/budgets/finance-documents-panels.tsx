import type { ReactNode } from "react";
import { ArrowRight } from "lucide-react";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { z } from "zod";
import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useOrgId } from "@/features/dashboard/api";
import { purchaseOrderHref, usePurchaseOrderList } from "@/features/purchase-orders/api";
import { apiFetch } from "@/lib/api";
import { invoiceListResponseSchema } from "../../../../server/modules/client-invoices/contract";
import { vendorBillListResponseSchema } from "../../../../server/modules/vendor-bills/contract";
import type { BudgetSummary } from "./api";
import { Money } from "./status-badge";

/*
 * The /finance overview's document panels (PRODUCT.md → /finance): open purchase orders, vendor
 * bills due this week, client invoices overdue and the work in progress not billed yet. Each
 * reads its list API's first rows and the totals of the whole filtered set, summed on the server.
 */

const OPEN_POS = "status=approved,sent,partially_billed&sort=orderDate&dir=desc&pageSize=5";
const WAITING_POS = "status=pending_approval&pageSize=1";
const BILLS_DUE = "status=received,approved&dueThisWeek=true&sort=dueDate&dir=asc&pageSize=5";
const OVERDUE_INVOICES = "overdue=true&sort=dueDate&dir=asc&pageSize=5";

function useOverviewList<S extends z.ZodType>(path: string, schema: S) {
  const org = useOrgId();
  return useQuery({
    queryKey: ["finance-overview", org, path],
    queryFn: () => apiFetch(path, schema),
    enabled: Boolean(org),
  });
}

function Panel({
  title,
  to,
  linkText,
  testId,
  query,
  children,
}: {
  title: string;
  to: string;
  linkText: string;
  testId: string;
  query: Pick<UseQueryResult, "isPending" | "isError" | "error">;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium hover:underline">
          {linkText} <ArrowRight aria-hidden className="size-4" />
        </Link>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {query.isPending ? (
          <Skeleton className="h-24" />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {query.error?.message}
          </p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <ul className="divide-y rounded-md border">{children}</ul>;
}

function Row({
  to,
  number,
  who,
  note,
  amount,
}: {
  to: string;
  number: string;
  who: string;
  note: ReactNode;
  amount: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 py-2">
      <Link to={to} className="font-medium tabular-nums hover:underline">
        {number}
      </Link>
      <span className="min-w-0 flex-1 truncate">{who}</span>
      <span className="text-xs text-muted-foreground">{note}</span>
      <span className="tabular-nums">{amount}</span>
    </li>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function OpenPurchaseOrders() {
  const open = usePurchaseOrderList(OPEN_POS);
  const waiting = usePurchaseOrderList(WAITING_POS);
  return (
    <Panel
      title="Open purchase orders"
      to="/finance/purchase-orders?status=approved,sent,partially_billed"
      linkText="All open"
      testId="overview-purchase-orders"
      query={open}
    >
      {open.data?.total === 0 ? (
        <p className="text-muted-foreground">No purchase order is open: nothing is committed to vendors.</p>
      ) : (
        <>
          {open.data?.totals.map((t) => (
            <p key={t.currency}>
              {plural(t.count, "open PO")}, <Money value={t.committedMinor} currency={t.currency} /> committed
            </p>
          ))}
          <Rows>
            {open.data?.items.map((po) => (
              <Row
                key={po.id}
                to={purchaseOrderHref(po.id)}
                number={po.displayNumber}
                who={po.vendorName}
                note={po.orderDate}
                amount={<Money value={po.amountMinor} currency={po.currency} />}
              />
            ))}
          </Rows>
        </>
      )}
      {waiting.data && waiting.data.total > 0 ? (
        <Link
          to="/finance/purchase-orders?status=pending_approval"
          className="block font-medium hover:underline"
        >
          {plural(waiting.data.total, "purchase order")} waiting for approval
        </Link>
      ) : null}
    </Panel>
  );
}

export function BillsDueThisWeek() {
  const bills = useOverviewList(`/api/vendor-bills?${BILLS_DUE}`, vendorBillListResponseSchema);
  return (
    <Panel
      title="Bills due this week"
      to="/finance/bills?status=received,approved&sort=dueDate&dir=asc"
      linkText="All open bills"
      testId="overview-bills"
      query={bills}
    >
      {bills.data?.total === 0 ? (
        <p className="text-muted-foreground">No bill is due by Sunday.</p>
      ) : (
        <>
          {bills.data?.totals.map((t) => {
            const overdue = bills.data.ageing.find((a) => a.currency === t.currency)?.buckets;
            const late = overdue
              ? overdue.days_0_30 + overdue.days_31_60 + overdue.days_61_90 + overdue.days_90_plus
              : 0;
            return (
              <p key={t.currency}>
                {plural(t.count, "bill")} due by Sunday: <Money value={t.openMinor} currency={t.currency} />
                {late > 0 ? (
                  <>
                    , <Money value={late} currency={t.currency} className="text-destructive" /> of it overdue
                  </>
                ) : null}
              </p>
            );
          })}
          <Rows>
            {bills.data?.items.map((bill) => (
              <Row
                key={bill.id}
                to={`/finance/bills/${encodeURIComponent(bill.id)}`}
                number={bill.displayNumber}
                who={bill.vendorName}
                note={
                  bill.daysPastDue !== null && bill.daysPastDue > 0
                    ? `${plural(bill.daysPastDue, "day")} overdue`
                    : `due ${bill.dueDate}`
                }
                amount={<Money value={bill.amountMinor} currency={bill.currency} />}
              />
            ))}
          </Rows>
        </>
      )}
    </Panel>
  );
}

export function OverdueInvoices() {
  const invoices = useOverviewList(`/api/client-invoices?${OVERDUE_INVOICES}`, invoiceListResponseSchema);
  return (
    <Panel
      title="Invoices overdue"
      to="/finance/invoices?overdue=true"
      linkText="All overdue"
      testId="overview-invoices"
      query={invoices}
    >
      {invoices.data?.total === 0 ? (
        <p className="text-muted-foreground">No invoice is overdue.</p>
      ) : (
        <>
          {invoices.data?.totals.map((t) => (
            <p key={t.currency}>
              {plural(t.count, "invoice")} overdue:{" "}
              <Money value={t.outstandingMinor} currency={t.currency} className="text-destructive" />{" "}
              outstanding
            </p>
          ))}
          <Rows>
            {invoices.data?.items.map((invoice) => (
              <Row
                key={invoice.id}
                to={`/finance/invoices/${encodeURIComponent(invoice.id)}`}
                number={invoice.displayNumber}
                who={invoice.clientName}
                note={`${plural(invoice.daysOverdue, "day")} overdue`}
                amount={<Money value={invoice.outstandingMinor} currency={invoice.currency} />}
              />
            ))}
          </Rows>
        </>
      )}
    </Panel>
  );
}

export function UnbilledWork({ summary }: { summary: UseQueryResult<BudgetSummary> }) {
  return (
    <Panel
      title="Work in progress not billed"
      to="/finance/budgets"
      linkText="All budgets"
      testId="overview-unbilled"
      query={summary}
    >
      {summary.data?.unbilled.length === 0 ? (
        <p className="text-muted-foreground">Every active job is invoiced up to its client actual.</p>
      ) : (
        <Rows>
          {summary.data?.unbilled.map((job) => (
            <Row
              key={job.id}
              to={`/finance/budgets/${encodeURIComponent(job.id)}`}
              number={job.projectName ?? job.name}
              who={job.name}
              note={
                <>
                  <Money value={job.invoicedMinor} currency={job.currency} /> of{" "}
                  <Money value={job.clientActualMinor} currency={job.currency} /> invoiced
                </>
              }
              amount={<Money value={job.unbilledMinor} currency={job.currency} />}
            />
          ))}
        </Rows>
      )}
    </Panel>
  );
}
