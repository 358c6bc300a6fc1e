import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Page } from "@/features/app-shell/page";

/** The reports (spec §2 routes) with what each answers, in one line. */
export const REPORTS = [
  {
    path: "accrual",
    title: "Accrual",
    description:
      "Per project: estimated, actual and accrued hours and revenue, and the variances; saved datasets.",
  },
  {
    path: "actual",
    title: "Actuals",
    description: "Hours, internal cost and client revenue actually incurred, by project, person or client.",
  },
  {
    path: "client",
    title: "Client",
    description: "Per client: budgets, invoiced, paid, outstanding, revenue, cost and margin.",
  },
  {
    path: "utilization",
    title: "Utilization",
    description: "Capacity, logged and billable time per person and team against each person's target.",
  },
  {
    path: "user-directory",
    title: "User directory",
    description: "People with role, e-mail, ClickUp link, role tags, rates, capacity and last time logged.",
  },
  {
    path: "webhook-activity",
    title: "Webhook activity",
    description:
      "ClickUp deliveries over time by event and outcome, latency, retries and what the poll caught.",
  },
  {
    path: "time-sync",
    title: "Time-sync validation",
    description: "Hours per person per day in ClickUp against hours here, with every discrepancy.",
  },
  {
    path: "timesheet-approval",
    title: "Timesheet approval",
    description: "Weeks people submitted, to approve or reject, and changes in ClickUp to approved weeks.",
  },
] as const;

export function ReportsIndex() {
  return (
    <Page title="Reports" description="Accrual, actuals, clients, utilization and sync health.">
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Reports">
        {REPORTS.map((r) => (
          <li key={r.path}>
            <Link
              to={`/reporting/${r.path}`}
              className="flex h-full items-center gap-3 rounded-xl border bg-card p-4 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{r.title}</span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{r.description}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
