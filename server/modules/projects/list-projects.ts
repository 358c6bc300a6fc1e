import { z } from "zod";
import { percentComplete, projectJobCode, projectPhase, type ProjectPhase } from "@domain/index";
import { PROJECT_SORT_KEYS, type ProjectListItem, type ProjectListResponse } from "./contract";
import { hours, iso, producerLine, usersById } from "./names";
import type { ProjectsRepo, TaskScope } from "./repo";

export const PHASES = ["bid", "creative", "post", "other"] as const satisfies readonly ProjectPhase[];

export const projectListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  phase: z.enum(PHASES).optional(),
  /** A space id, or "none" for projects without a space. */
  spaceId: z.string().trim().min(1).max(64).optional(),
  sort: z.enum(PROJECT_SORT_KEYS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

/** Every project the caller may see with its All Projects columns, hours scoped per §6. */
export async function loadProjectItems(
  repo: ProjectsRepo,
  organizationId: string,
  scope: TaskScope,
): Promise<ProjectListItem[]> {
  const [rows, users] = await Promise.all([
    repo.listProjectRows(organizationId, scope),
    repo.allProviderUsers(organizationId),
  ]);
  const byId = usersById(users);
  return rows.map((row) => {
    const estimatedHours = hours(row.estimated_hours);
    const loggedHours = hours(row.logged_hours);
    return {
      id: row.id,
      jobCode: projectJobCode(row.custom_id, row.name),
      name: row.name,
      client: row.client,
      phase: projectPhase(row.status),
      status: row.status,
      producer: producerLine(row.assignees_array, byId),
      startDate: iso(row.start_date),
      endDate: iso(row.due_date),
      percentComplete: percentComplete(row.logged_hours, row.estimated_hours),
      loggedHours,
      estimatedHours,
      folderId: row.folder_id,
      spaceId: row.space_id,
      spaceName: row.space_name,
    };
  });
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const PHASE_ORDER: Record<ProjectPhase, number> = { bid: 0, creative: 1, post: 2, other: 3 };

function compareBy(key: ProjectListQuery["sort"]): (a: ProjectListItem, b: ProjectListItem) => number {
  const nullsLast = <T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b);
  switch (key) {
    case "phase":
      return (a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase];
    case "startDate":
    case "endDate":
      return (a, b) => nullsLast(a[key], b[key], (x, y) => x.localeCompare(y));
    case "percentComplete":
    case "loggedHours":
    case "estimatedHours":
      return (a, b) => a[key] - b[key];
    case "producer":
      return (a, b) => nullsLast(a.producer || null, b.producer || null, collator.compare);
    default:
      return (a, b) => nullsLast(a[key], b[key], collator.compare);
  }
}

/** Search, filter, sort (nulls last in either direction) and page the project items. */
export function queryProjectItems(
  items: readonly ProjectListItem[],
  query: ProjectListQuery,
): ProjectListResponse {
  const needle = query.search?.toLowerCase() ?? "";
  const matchesSearch = (p: ProjectListItem) =>
    !needle ||
    [p.name, p.jobCode, p.client, p.producer, p.status, p.spaceName].some((v) =>
      v?.toLowerCase().includes(needle),
    );
  const matchesSpace = (p: ProjectListItem) =>
    !query.spaceId || (query.spaceId === "none" ? p.spaceId === null : p.spaceId === query.spaceId);

  const base = items.filter((p) => matchesSearch(p) && matchesSpace(p));
  const phaseCounts: Record<ProjectPhase, number> = { bid: 0, creative: 0, post: 0, other: 0 };
  for (const p of base) phaseCounts[p.phase] += 1;
  const filtered = query.phase ? base.filter((p) => p.phase === query.phase) : base;

  const cmp = compareBy(query.sort);
  const sign = query.dir === "desc" ? -1 : 1;
  const isNull = (p: ProjectListItem) => {
    const v = p[query.sort];
    return v === null || v === "";
  };
  const sorted = [...filtered].sort((a, b) => {
    const an = isNull(a);
    const bn = isNull(b);
    if (an !== bn) return an ? 1 : -1;
    return sign * cmp(a, b) || collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  });

  const spaces = new Map<string, { id: string | null; name: string | null; count: number }>();
  for (const p of items) {
    const key = p.spaceId ?? "";
    const entry = spaces.get(key) ?? { id: p.spaceId, name: p.spaceName, count: 0 };
    entry.count += 1;
    spaces.set(key, entry);
  }

  const start = (query.page - 1) * query.pageSize;
  return {
    items: sorted.slice(start, start + query.pageSize),
    total: sorted.length,
    page: query.page,
    pageSize: query.pageSize,
    totalAll: items.length,
    spaces: [...spaces.values()].sort((a, b) => collator.compare(a.name ?? "~", b.name ?? "~")),
    phaseCounts,
  };
}

/** All Projects: every visible project, searched, filtered, sorted and paged. */
export async function listProjects(
  repo: ProjectsRepo,
  organizationId: string,
  scope: TaskScope,
  query: ProjectListQuery,
): Promise<ProjectListResponse> {
  return queryProjectItems(await loadProjectItems(repo, organizationId, scope), query);
}
