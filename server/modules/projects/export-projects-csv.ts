import { formatStatusText } from "@domain/index";
import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import type { ProjectExportQuery, ProjectListItem } from "./contract";
import { presentProjectRow } from "./list-projects";
import { usersById } from "./names";
import { allProviderUsers, projectListBatches } from "./repo";

const PHASE_LABEL = { bid: "Bid", creative: "Creative", post: "Post", other: "Other" } as const;

export const PROJECT_CSV_COLUMNS: readonly CsvColumn<ProjectListItem>[] = [
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
 * All Projects for the CSV export: the list's search, filters and sort, every row, read from
 * SQL in batches of `batchSize` as the download stream asks for them.
 */
export async function* exportProjectsCsv(
  ctx: RequestContext,
  query: ProjectExportQuery,
  options: { batchSize?: number } = {},
): AsyncGenerator<ProjectListItem[], void, undefined> {
  const scope = await resolveTaskScope(ctx);
  const byId = usersById(await allProviderUsers(ctx.db, ctx.organizationId));
  for await (const batch of projectListBatches(ctx.db, ctx.organizationId, scope, query, options.batchSize)) {
    yield batch.map((row) => presentProjectRow(row, byId));
  }
}
