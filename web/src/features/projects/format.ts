import { format } from "date-fns";
import { formatHours, type ProjectPhase } from "@domain/index";

export const PHASE_LABEL: Record<ProjectPhase, string> = {
  bid: "Bid",
  creative: "Creative",
  post: "Post",
  other: "Other",
};

/** A UTC calendar date as 'MMM d, yyyy' (dates compare by UTC day across the app). */
export function formatDate(iso: string | null | undefined, pattern = "MMM d, yyyy"): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  return format(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()), pattern);
}

/** 'logged / estimated' hours, each with one decimal and 'h' (spec §9). */
export function formatLoggedOfEstimated(logged: number, estimated: number): string {
  return `${formatHours(logged)} / ${formatHours(estimated)}`;
}
