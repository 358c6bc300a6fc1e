import { percentComplete, projectJobCode, projectPhase, type ProjectPhase } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import type { ProjectListItem, ProjectListQuery, ProjectListResponse } from "./contract";
import { hours, iso, producerLine, usersById } from "./names";
import {
  allProviderUsers,
  projectFacets,
  projectListPage,
  type ProjectFacetRow,
  type ProjectListRow,
  type ProviderUserRow,
} from "./repo";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** A list row with the domain's derived fields (job code, phase, producer, hours, percent). */
export function presentProjectRow(
  row: ProjectListRow,
  users: ReadonlyMap<string, ProviderUserRow>,
): ProjectListItem {
  return {
    id: row.id,
    jobCode: projectJobCode(row.custom_id, row.name),
    name: row.name,
    client: row.client,
    phase: projectPhase(row.status),
    status: row.status,
    producer: producerLine(row.assignees_array, users),
    startDate: iso(row.start_date),
    endDate: iso(row.due_date),
    percentComplete: percentComplete(Number(row.logged_hours), Number(row.estimated_hours)),
    loggedHours: hours(row.logged_hours),
    estimatedHours: hours(row.estimated_hours),
    folderId: row.folder_id,
    spaceId: row.space_id,
    spaceName: row.space_name,
  };
}

function facetsOf(rows: readonly ProjectFacetRow[]) {
  const phaseCounts: Record<ProjectPhase, number> = { bid: 0, creative: 0, post: 0, other: 0 };
  const spaces = new Map<string, { id: string | null; name: string | null; count: number }>();
  let totalAll = 0;
  for (const row of rows) {
    const count = Number(row.count);
    totalAll += count;
    if (row.matches) phaseCounts[row.phase as ProjectPhase] += count;
    const key = row.space_id ?? "";
    const entry = spaces.get(key) ?? { id: row.space_id, name: row.space_name, count: 0 };
    entry.count += count;
    spaces.set(key, entry);
  }
  return {
    totalAll,
    spaces: [...spaces.values()].sort((a, b) => collator.compare(a.name ?? "~", b.name ?? "~")),
    phaseCounts,
  };
}

/**
 * All Projects: every project the caller may see, searched, filtered, sorted and paged in SQL,
 * with hours under the §6 scope; plus the counts behind the space filter and phase chips.
 */
export async function listProjects(
  ctx: RequestContext,
  query: ProjectListQuery,
): Promise<ProjectListResponse> {
  const scope = await resolveTaskScope(ctx);
  const [facets, page, users] = await Promise.all([
    projectFacets(ctx.db, ctx.organizationId, query),
    projectListPage(ctx.db, ctx.organizationId, scope, query),
    allProviderUsers(ctx.db, ctx.organizationId),
  ]);
  const byId = usersById(users);
  return {
    items: page.items.map((row) => presentProjectRow(row, byId)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    ...facetsOf(facets),
  };
}
