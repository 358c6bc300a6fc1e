/**
 * Keyword rules over free-text task and project statuses (spec §4).
 *
 * Every check is a case-insensitive "contains" on the status text, after underscores are read
 * as spaces (so `in_progress` matches "in progress", consistent with {@link formatStatusText}).
 */

/** A status as ClickUp and our API carry it: plain text, or an object holding the text. */
export type StatusInput = string | { status?: string | null } | null | undefined;

/** The raw status text ('' when missing). */
export function statusText(status: StatusInput): string {
  if (status === null || status === undefined) return "";
  if (typeof status === "string") return status;
  return status.status ?? "";
}

/** Lower-cased, underscores as spaces, whitespace collapsed: the form every keyword check uses. */
export function normalizeStatus(status: StatusInput): string {
  return statusText(status).toLowerCase().replace(/_/g, " ").replace(/\s+/g, " ").trim();
}

function containsAny(status: StatusInput, keywords: readonly string[]): boolean {
  const text = normalizeStatus(status);
  return keywords.some((keyword) => text.includes(keyword));
}

const FINISHED_KEYWORDS = ["closed", "complete", "archived", "canceled"] as const;

/**
 * Finished = the status contains closed, complete, archived or canceled (spec §4).
 * Literal consequences: 'Completed' and 'Incomplete' both count; British 'cancelled' does not
 * (it does not contain 'canceled').
 */
export function isFinishedStatus(status: StatusInput): boolean {
  return containsAny(status, FINISHED_KEYWORDS);
}

/** Complete-or-closed only (spec §4 team classification, project page colour). */
export function isCompleteOrClosed(status: StatusInput): boolean {
  return containsAny(status, ["complete", "closed"]);
}

// Project grouping by status (spec §4, projectPhase) lives in project-groups.ts.

/** Colour tokens (Tailwind palette names; the spec's "grey" and "gray" are the same token). */
export type StatusColor = "green" | "blue" | "orange" | "purple" | "red" | "yellow" | "gray";

/**
 * Dashboard status colour by keyword (spec §4), first match in the spec's order wins:
 * complete/closed/done → green; progress/working → blue; revision/needs work → orange;
 * review → purple; blocked → red; else gray. So 'In Progress - Revision' is blue and
 * 'Review Complete' is green.
 */
export function dashboardStatusColor(
  status: StatusInput,
): Extract<StatusColor, "green" | "blue" | "orange" | "purple" | "red" | "gray"> {
  const text = normalizeStatus(status);
  if (["complete", "closed", "done"].some((k) => text.includes(k))) return "green";
  if (["progress", "working"].some((k) => text.includes(k))) return "blue";
  if (["revision", "needs work"].some((k) => text.includes(k))) return "orange";
  if (text.includes("review")) return "purple";
  if (text.includes("blocked")) return "red";
  return "gray";
}

/**
 * Project page status colour (spec §4): complete or closed → green; in progress → yellow;
 * to do → gray; anything else → blue.
 */
export function projectPageStatusColor(
  status: StatusInput,
): Extract<StatusColor, "green" | "yellow" | "gray" | "blue"> {
  const text = normalizeStatus(status);
  if (text.includes("complete") || text.includes("closed")) return "green";
  if (text.includes("in progress")) return "yellow";
  if (text.includes("to do")) return "gray";
  return "blue";
}

/**
 * Status shown capitalised with underscores as spaces (spec §4): every word gets an upper-case
 * first letter, other letters are kept ('in_progress' → 'In Progress', 'QA review' → 'QA Review').
 */
export function formatStatusText(status: StatusInput): string {
  return statusText(status)
    .replace(/_/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(^|\s)(\S)/g, (_, space: string, first: string) => space + first.toUpperCase());
}

export type ProjectRevisionStatus = "Open" | "Needs Work";

const NEEDS_WORK_KEYWORDS = ["in progress", "pending", "revision", "needs work"] as const;

/** True when an open (not finished) status contains in progress, pending, revision or needs work. */
export function statusNeedsWork(status: StatusInput): boolean {
  return !isFinishedStatus(status) && containsAny(status, NEEDS_WORK_KEYWORDS);
}

/**
 * Project status (spec §4): 'Needs Work' if any open task status contains in progress, pending,
 * revision or needs work; otherwise 'Open'. Finished statuses are ignored ('Revision Complete'
 * does not make a project need work).
 */
export function projectRevisionStatus(statuses: Iterable<StatusInput>): ProjectRevisionStatus {
  for (const status of statuses) if (statusNeedsWork(status)) return "Needs Work";
  return "Open";
}

export type ProjectBadgeVariant = "destructive" | "secondary" | "outline";

/**
 * Badge style of a My Projects row (spec §4 names the styles destructive, secondary, outline;
 * the mapping is ours): 'Needs Work' with urgent items → destructive (act now); 'Needs Work'
 * without urgent items → secondary; 'Open' → outline (nothing asked of the user).
 */
export function projectBadgeVariant(status: ProjectRevisionStatus, urgentCount: number): ProjectBadgeVariant {
  if (status === "Needs Work") return urgentCount > 0 ? "destructive" : "secondary";
  return "outline";
}
