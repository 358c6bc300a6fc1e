import type { ReportPeriod, ReportPeriodRange } from "./contract";

/*
 * The days of a report period (issue 16 point 1), from the workspace's today and week start:
 * this week / last week (by the week start), this month / last month (calendar months), quarter
 * (the calendar quarter holding today, whole), custom (the given days).
 */

const DAY = 86_400_000;

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function ms(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function monthStart(year: number, month: number): number {
  return Date.UTC(year, month, 1);
}

export function resolvePeriod(
  input: { period: ReportPeriod; from?: string | undefined; to?: string | undefined },
  today: string,
  weekStart: "monday" | "sunday",
): ReportPeriodRange {
  const t = ms(today);
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (input.period) {
    case "custom":
      return { period: "custom", from: input.from ?? today, to: input.to ?? today };
    case "this-week":
    case "last-week": {
      const back = weekStart === "sunday" ? d.getUTCDay() : (d.getUTCDay() + 6) % 7;
      const start = t - back * DAY - (input.period === "last-week" ? 7 * DAY : 0);
      return { period: input.period, from: iso(start), to: iso(start + 6 * DAY) };
    }
    case "this-month":
      return { period: "this-month", from: iso(monthStart(y, m)), to: iso(monthStart(y, m + 1) - DAY) };
    case "last-month":
      return { period: "last-month", from: iso(monthStart(y, m - 1)), to: iso(monthStart(y, m) - DAY) };
    case "quarter": {
      const q = Math.floor(m / 3) * 3;
      return { period: "quarter", from: iso(monthStart(y, q)), to: iso(monthStart(y, q + 3) - DAY) };
    }
  }
}

/** The first days of the weeks a period touches (the chart's and heat map's columns). */
export function periodWeeks(range: { from: string; to: string }, weekStart: "monday" | "sunday"): string[] {
  const first = resolvePeriod({ period: "this-week" }, range.from, weekStart).from;
  const out: string[] = [];
  for (let t = ms(first); t <= ms(range.to); t += 7 * DAY) out.push(iso(t));
  return out;
}
