import { useListUrlState } from "@/lib/list-url-state";
import { REPORT_PERIODS, type ReportPeriod } from "./api";

/** The shared report filters, as the URL and the API name them. */
export const REPORT_FILTER_KEYS = ["period", "from", "to", "client", "project", "person"] as const;

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  quarter: "This quarter",
  custom: "Custom",
};

function isPeriod(value: string | null): value is ReportPeriod {
  return value !== null && (REPORT_PERIODS as readonly string[]).includes(value);
}

/**
 * A report's filters in the URL (PRODUCT.md: shareable), on the lists' URL state
 * (useListUrlState): the period (this month by default; from–to only with custom), client,
 * project and person; `filterQuery` is what the report's API calls and its CSV take, plus
 * `extra` keys of the report itself (e.g. groupBy).
 */
export function useReportUrlState(extra: readonly string[] = []) {
  const { params, update } = useListUrlState();
  const raw = params.get("period");
  const period: ReportPeriod = isPeriod(raw) ? raw : "this-month";
  const query = new URLSearchParams();
  for (const key of [...REPORT_FILTER_KEYS, ...extra]) {
    if ((key === "from" || key === "to") && period !== "custom") continue;
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  if (!query.has("period")) query.set("period", period);
  return {
    params,
    update,
    period,
    /** The filters as a query string (period always set). */
    filterQuery: query.toString(),
    /** Change the period; custom starts from the days the report shows now. */
    setPeriod: (next: ReportPeriod, shown?: { from: string; to: string }) =>
      update(
        next === "custom"
          ? {
              period: next,
              from: params.get("from") ?? shown?.from ?? null,
              to: params.get("to") ?? shown?.to ?? null,
            }
          : { period: next === "this-month" ? null : next, from: null, to: null },
      ),
  };
}

export type ReportUrlState = ReturnType<typeof useReportUrlState>;

/** The filter query with more keys set (a drill-down's row, week or person). */
export function withParams(query: string, more: Record<string, string | undefined>): string {
  const next = new URLSearchParams(query);
  for (const [k, v] of Object.entries(more)) if (v !== undefined) next.set(k, v);
  return next.toString();
}
