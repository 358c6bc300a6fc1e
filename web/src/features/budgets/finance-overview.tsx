import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { BudgetStatus } from "@domain/budget-lifecycle";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Page } from "@/features/app-shell/page";
import { useBudgetSummary, type BudgetListItem, type BudgetSummary } from "./api";
import {
  BillsDueThisWeek,
  OpenPurchaseOrders,
  OverdueInvoices,
  UnbilledWork,
} from "./finance-documents-panels";
import { STATUS_LABEL } from "./figures";
import { BudgetStatusBadge, Money, Variance } from "./status-badge";

const STATUSES: BudgetStatus[] = ["draft", "submitted", "approved", "closed"];

/**
 * /finance overview: budgets by status, estimate / actual / variance / forecast across active jobs
 * (per currency), the jobs most over budget and the work not billed yet — from GET
 * /api/budgets/summary, summed on the server — and the open POs, bills due this week and
 * overdue invoices from their lists.
 */
export function FinanceOverview() {
  const summary = useBudgetSummary();
  return (
    <Page title="Finance" description="Budgets, purchase orders, bills, invoices and rate cards.">
      <div className="space-y-6">
        <StatusCounts summary={summary.data} />
        <ActiveJobs summary={summary} />
        <div className="grid gap-4 lg:grid-cols-2">
          <OpenPurchaseOrders />
          <BillsDueThisWeek />
          <OverdueInvoices />
          <UnbilledWork summary={summary} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/finance/clients">Clients</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/finance/rate-cards">Rate cards</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/finance/audit">Finance audit</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}

function StatusCount({ status, count }: { status: BudgetStatus; count: number | undefined }) {
  return (
    <Link
      to={`/finance/budgets?status=${status}`}
      className="block rounded-lg border bg-card p-3 hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid={`count-${status}`}
    >
      <BudgetStatusBadge status={status} />
      <div className="mt-2 text-2xl font-semibold tabular-nums">
        {count === undefined ? <Skeleton className="h-7 w-10" /> : count}
      </div>
      <span className="sr-only">{STATUS_LABEL[status]} budgets</span>
    </Link>
  );
}

function StatusCounts({ summary }: { summary: BudgetSummary | undefined }) {
  const countOf = (status: BudgetStatus) =>
    summary ? (summary.byStatus.find((s) => s.status === status)?.count ?? 0) : undefined;
  return (
    <section aria-labelledby="by-status" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="by-status" className="text-lg font-semibold">
          Budgets by status
        </h2>
        <Link
          to="/finance/budgets"
          className="inline-flex items-center gap-1 text-sm font-medium hover:underline"
        >
          All budgets <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STATUSES.map((s) => (
          <StatusCount key={s} status={s} count={countOf(s)} />
        ))}
      </div>
    </section>
  );
}

function ActiveJobs({ summary }: { summary: ReturnType<typeof useBudgetSummary> }) {
  if (summary.isPending) return <Skeleton className="h-48" />;
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {summary.error.message}
      </p>
    );
  const { active, mostOver, byStatus } = summary.data;
  if (byStatus.length === 0) {
    return (
      <section aria-labelledby="active-jobs" className="rounded-xl border border-dashed p-6 text-center">
        <h2 id="active-jobs" className="font-medium">
          No budgets yet
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Create a budget for a project on the AICP bid form; its estimate, actual and variance show here.
        </p>
        <Button asChild size="sm" className="mt-4">
          <Link to="/finance/budgets">Go to budgets</Link>
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="active-jobs" className="grid gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <CardHeader>
          <h2 id="active-jobs" className="font-semibold">
            Active jobs
          </h2>
          <p className="text-sm text-muted-foreground">
            {active.length === 0
              ? "Every budget is closed."
              : active
                  .map((a) => `${a.budgets} budget${a.budgets === 1 ? "" : "s"} not closed (${a.currency})`)
                  .join(" · ")}
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {active.map((a) => (
            <dl key={a.currency} className="grid grid-cols-1 gap-3 text-sm min-[480px]:grid-cols-4">
              <Total label="Estimate" value={<Money value={a.estimateMinor} currency={a.currency} />} />
              <Total label="Actual" value={<Money value={a.actualMinor} currency={a.currency} />} />
              <Total label="Variance" value={<Variance value={a.varianceMinor} currency={a.currency} />} />
              <Total label="Forecast" value={<Money value={a.forecastMinor} currency={a.currency} />} />
            </dl>
          ))}
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <h2 className="font-semibold">Most over budget</h2>
        </CardHeader>
        <CardContent>
          {mostOver.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active job is over budget.</p>
          ) : (
            <ol className="divide-y" aria-label="Most over budget">
              {mostOver.map((b) => (
                <OverRow key={b.id} budget={b} />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function OverRow({ budget: b }: { budget: BudgetListItem }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2 text-sm">
      <div className="min-w-0 flex-1">
        <Link
          to={`/finance/budgets/${encodeURIComponent(b.id)}`}
          className="block truncate font-medium hover:underline"
        >
          {b.name}
        </Link>
        <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
          <span className="truncate">{b.projectName ?? "Unknown project"}</span>
          <BudgetStatusBadge status={b.status} />
        </div>
      </div>
      <Variance value={b.varianceMinor} currency={b.currency} />
    </li>
  );
}

function Total({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-base font-semibold">{value}</dd>
    </div>
  );
}
