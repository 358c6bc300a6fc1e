import type { RequestContext } from "../../request-context";
import type { ReportOptions } from "./contract";
import { selectReportOptions } from "./repo";

/** The choices of the report filter bar: clients (from the projects' client field), projects, people. */
export async function getReportOptions(ctx: RequestContext): Promise<ReportOptions> {
  const found = await selectReportOptions(ctx.db, ctx.organizationId);
  const projects = found
    .filter((r) => r.kind === "project")
    .map((r) => ({ id: r.id, name: r.name, client: r.client }));
  const clients = [...new Set(projects.map((p) => p.client).filter((c): c is string => c !== null))].sort(
    (a, b) => a.localeCompare(b),
  );
  return {
    clients,
    projects,
    people: found.filter((r) => r.kind === "person").map((r) => ({ id: r.id, name: r.name })),
  };
}
