import { formatHours, type ProjectPhase } from "@domain/index";
import type { ProjectHeader } from "./api";

export const PHASE_LABEL: Record<ProjectPhase, string> = {
  bid: "Bid",
  creative: "Creative",
  post: "Post",
  other: "Other",
};

/** 'logged / estimated' hours, each with one decimal and 'h' (spec §9). */
export function formatLoggedOfEstimated(logged: number, estimated: number): string {
  return `${formatHours(logged)} / ${formatHours(estimated)}`;
}

/** What a project's hours sum, as the header, Time Report and Health answers carry it (spec §6). */
type HoursScope = Pick<ProjectHeader, "hoursScopeAll" | "hoursTasks">;

/**
 * The one rule for saying what project hours sum: null when they cover the whole project (an
 * admin, or a member who sees all of its tasks); otherwise the share of its tasks they cover.
 */
function partialScope(p: HoursScope): string | null {
  if (p.hoursScopeAll || !p.hoursTasks) return null;
  const { visible, total } = p.hoursTasks;
  return `the ${visible} of ${total} ${total === 1 ? "task" : "tasks"} you can see`;
}

/** The header's suffix after its hours: '' for the whole project, else ' (the 3 of 40 tasks you can see)'. */
export function hoursScopeLabel(p: HoursScope): string {
  const partial = partialScope(p);
  return partial ? ` (${partial})` : "";
}

/** A tab's caption of its figures: 'Every task of the project', else 'The 3 of 40 tasks you can see'. */
export function hoursScopeCaption(p: HoursScope): string {
  const partial = partialScope(p);
  return partial ? partial.charAt(0).toUpperCase() + partial.slice(1) : "Every task of the project";
}
