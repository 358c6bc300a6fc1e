import type { ReactNode } from "react";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { formatDetailDay } from "@domain/index";
import { DateRangeFilter, FilterSelect } from "@/components/document-list";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { REPORT_PERIODS, useReportOptions, type ReportPeriodRange } from "./api";
import { PERIOD_LABELS, type ReportUrlState } from "./url-state";

/*
 * The one report frame (issue 16 point 1): title and description, the shared filter bar (period,
 * custom days, client, project, person, and the report's own controls), the days the figures
 * cover, the CSV of exactly what is filtered, then the report (chart, table, drill-downs).
 */

export function ReportFrame({
  title,
  description,
  state,
  shown,
  csvHref,
  controls,
  query,
  children,
}: {
  title: string;
  description: string;
  state: ReportUrlState;
  /** The period the loaded report covers (its days). */
  shown: ReportPeriodRange | undefined;
  csvHref: string;
  /** The report's own controls (e.g. Group by), placed in the filter bar. */
  controls?: ReactNode;
  query: { isPending: boolean; isError: boolean; error: Error | null };
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      description={description}
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm text-muted-foreground">
        <Link to="/reporting" className="hover:underline">
          Reports
        </Link>{" "}
        / {title}
      </nav>
      <ReportFilterBar state={state} shown={shown}>
        {controls}
      </ReportFilterBar>
      <p className="mt-3 mb-4 text-sm text-muted-foreground" aria-live="polite" data-testid="report-period">
        {shown ? `${formatDetailDay(shown.from)} – ${formatDetailDay(shown.to)}` : " "}
      </p>
      {query.isPending ? (
        <div className="space-y-3">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <EmptyState title="Could not load the report">{query.error?.message}</EmptyState>
      ) : (
        children
      )}
    </Page>
  );
}

/** Period (with custom days), client, project and person, all kept in the URL. */
export function ReportFilterBar({
  state,
  shown,
  children,
}: {
  state: ReportUrlState;
  shown: ReportPeriodRange | undefined;
  children?: ReactNode;
}) {
  const options = useReportOptions();
  const { params, update, period, setPeriod } = state;
  const projects = (options.data?.projects ?? []).filter(
    (p) => !params.get("client") || p.client?.toLowerCase() === params.get("client")?.toLowerCase(),
  );
  return (
    <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6" data-testid="report-filters">
      <select
        aria-label="Period"
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs md:text-sm"
        value={period}
        onChange={(e) => setPeriod(e.target.value as (typeof REPORT_PERIODS)[number], shown)}
      >
        {REPORT_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </select>
      {period === "custom" ? (
        <DateRangeFilter
          fromLabel="From"
          toLabel="To"
          from={params.get("from") ?? ""}
          to={params.get("to") ?? ""}
          onFrom={(v) => update({ from: v })}
          onTo={(v) => update({ to: v })}
        />
      ) : null}
      <FilterSelect
        label="Client"
        allLabel="All clients"
        value={params.get("client") ?? ""}
        options={(options.data?.clients ?? []).map((c) => ({ value: c, label: c }))}
        onChange={(v) => update({ client: v, project: null })}
      />
      <FilterSelect
        label="Project"
        allLabel="All projects"
        value={params.get("project") ?? ""}
        options={projects.map((p) => ({ value: p.id, label: p.name }))}
        onChange={(v) => update({ project: v })}
      />
      <FilterSelect
        label="Person"
        allLabel="Everyone"
        value={params.get("person") ?? ""}
        options={(options.data?.people ?? []).map((p) => ({ value: p.id, label: p.name }))}
        onChange={(v) => update({ person: v })}
      />
      {children}
    </div>
  );
}
