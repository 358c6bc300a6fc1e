import { formatStatusText } from "@domain/index";
import type { ProjectListItem } from "./contract";
import { loadProjectItems, queryProjectItems, type ProjectListQuery } from "./list-projects";
import type { ProjectsRepo, TaskScope } from "./repo";

const PHASE_LABEL = { bid: "Bid", creative: "Creative", post: "Post", other: "Other" } as const;

const COLUMNS: { header: string; value: (p: ProjectListItem) => string | number | null }[] = [
  { header: "Job Code", value: (p) => p.jobCode },
  { header: "Project", value: (p) => p.name },
  { header: "Client", value: (p) => p.client },
  { header: "Phase", value: (p) => PHASE_LABEL[p.phase] },
  { header: "Status", value: (p) => (p.status ? formatStatusText(p.status) : null) },
  { header: "Producer", value: (p) => p.producer },
  { header: "Space", value: (p) => p.spaceName },
  { header: "Start Date", value: (p) => p.startDate?.slice(0, 10) ?? null },
  { header: "End Date", value: (p) => p.endDate?.slice(0, 10) ?? null },
  { header: "Percent Complete", value: (p) => p.percentComplete },
  { header: "Hours Logged", value: (p) => p.loggedHours },
  { header: "Hours Estimated", value: (p) => p.estimatedHours },
];

/**
 * One CSV cell: quoted when needed; text starting with = + - @ (or a tab/CR) is prefixed with an
 * apostrophe so spreadsheets do not run it as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** All Projects as CSV with the list's search, filters and sort, every page. */
export async function exportProjectsCsv(
  repo: ProjectsRepo,
  organizationId: string,
  scope: TaskScope,
  query: Omit<ProjectListQuery, "page" | "pageSize">,
): Promise<string> {
  const items = await loadProjectItems(repo, organizationId, scope);
  const { items: rows } = queryProjectItems(items, { ...query, page: 1, pageSize: Number.MAX_SAFE_INTEGER });
  const lines = [COLUMNS.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
