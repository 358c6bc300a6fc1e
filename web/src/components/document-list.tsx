import type { ReactNode } from "react";
import { Download, Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";

/*
 * The parts every finance document list shares (purchase orders, vendor bills, client invoices,
 * statements of work): the search / count / CSV row, the filter controls, the sort menu, the
 * loading / error / empty states, the table frame and the totals card phones get below 768 px.
 * Each list keeps only what is its own: its columns, rows, cards and filters.
 */

type Dir = "asc" | "desc";

/** "3 invoices", "1 bill matches", "12 SOWs match": the count beside the search. */
export function countLabel(total: number, [one, many]: readonly [string, string], filtered: boolean): string {
  const noun = total === 1 ? one : many;
  return `${total} ${noun}${filtered ? (total === 1 ? " matches" : " match") : ""}`;
}

/**
 * The row above a list: the search box (the URL follows it), the count of what is shown and the
 * CSV of exactly that; then the filters, in a grid of `columns` at the widest.
 */
export function ListToolbar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearch,
  count,
  exportHref,
  columns,
  children,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  /** countLabel(…) once the list is loaded. */
  count: string | null;
  exportHref: string;
  /** Filter columns at xl (the grid is 2 on phones and 3 from md). */
  columns: 5 | 6 | 7;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative sm:w-80">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder={searchPlaceholder}
            className="pl-9"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
          />
        </div>
        <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
          {count}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      </div>
      <div
        className={cn(
          "grid grid-cols-2 gap-2 md:grid-cols-3",
          columns === 5 && "xl:grid-cols-5",
          columns === 6 && "xl:grid-cols-6",
          columns === 7 && "xl:grid-cols-7",
        )}
      >
        {children}
      </div>
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter as a select: "All …" (no filter) first, then the options; a value the options do
 * not name (an id or status list typed into the URL) stays shown as it is, never silently swapped.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
  className?: string;
}) {
  return (
    <select
      aria-label={label}
      className={cn(SELECT_CLASS, className)}
      value={value}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {value && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
    </select>
  );
}

/** A from–to pair of day inputs, each bounding the other. */
export function DateRangeFilter({
  fromLabel,
  toLabel,
  from,
  to,
  onFrom,
  onTo,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFrom: (value: string | null) => void;
  onTo: (value: string | null) => void;
}) {
  return (
    <>
      <Input
        type="date"
        aria-label={fromLabel}
        value={from}
        max={to || undefined}
        onChange={(e) => onFrom(e.target.value || null)}
      />
      <Input
        type="date"
        aria-label={toLabel}
        value={to}
        min={from || undefined}
        onChange={(e) => onTo(e.target.value || null)}
      />
    </>
  );
}

export interface SortOption<K extends string> {
  value: `${K}:${Dir}`;
  label: string;
}

/** The sort menu (phones have no column headers): "Custom order" when a header set another. */
export function SortSelect<K extends string>({
  options,
  sort,
  dir,
  onChange,
  className,
}: {
  options: readonly SortOption<K>[];
  sort: K;
  dir: Dir;
  onChange: (sort: string | null, dir: string | null) => void;
  className?: string;
}) {
  const current = `${sort}:${dir}`;
  return (
    <select
      aria-label="Sort by"
      className={cn(SELECT_CLASS, className)}
      value={current}
      onChange={(e) => {
        const [key, d] = e.target.value.split(":");
        onChange(key ?? null, d ?? null);
      }}
    >
      {options.some((o) => o.value === current) ? null : <option value={current}>Custom order</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * What a list shows besides its rows: skeletons while loading, the error, "No … match" when the
 * filters leave nothing, the list's own empty state when there is nothing at all; else `children`.
 */
export function ListBody({
  query,
  total,
  filtered,
  errorTitle,
  noMatchTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null };
  /** The loaded list's total (undefined while none is loaded). */
  total: number | undefined;
  filtered: boolean;
  errorTitle: string;
  noMatchTitle: string;
  /** The empty state of a workspace with none yet. */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) return <EmptyState title={errorTitle}>{query.error?.message}</EmptyState>;
  if (total === undefined) return null;
  if (total === 0) {
    return filtered ? (
      <EmptyState title={noMatchTitle}>Try another search or clear the filters.</EmptyState>
    ) : (
      empty
    );
  }
  return <>{children}</>;
}

/** The desktop table's frame (hidden below 768 px, where cards list the rows); dimmed while the next page loads. */
export function ListTable({
  label,
  dimmed,
  children,
}: {
  label: string;
  dimmed: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "relative hidden overflow-x-auto rounded-xl border bg-card md:block",
        dimmed && "opacity-60",
      )}
    >
      <table className="w-full text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

/** "Total of 12 invoices", "in EUR" when the totals hold several currencies, "(every page)" when paged. */
export function totalsTitle(
  t: { count: number; currency: string },
  [one, many]: readonly [string, string],
  currencies: number,
): string {
  return `Total of ${t.count} ${t.count === 1 ? one : many}${currencies > 1 ? ` in ${t.currency}` : ""}`;
}

/** Below 768 px the table's footer is a card: the totals of every page of the filtered set. */
export function TotalsCard<T extends { currency: string; count: number }>({
  totals,
  noun,
  figures,
  testId,
}: {
  totals: readonly T[];
  noun: readonly [string, string];
  /** The figures of each currency's totals, in order. */
  figures: readonly { label: string; value: (t: T) => number }[];
  testId: string;
}) {
  if (totals.length === 0) return null;
  return (
    <div className="mt-2 space-y-2 rounded-xl border bg-muted/30 p-3 text-xs md:hidden" data-testid={testId}>
      {totals.map((t) => (
        <div key={t.currency}>
          <p className="font-medium">{totalsTitle(t, noun, totals.length)}</p>
          <dl className={cn("mt-1 grid gap-2", figures.length >= 3 ? "grid-cols-3" : "grid-cols-2")}>
            {figures.map((f) => (
              <div key={f.label}>
                <dt className="text-muted-foreground">{f.label}</dt>
                <dd>
                  <Money value={f.value(t)} currency={t.currency} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
