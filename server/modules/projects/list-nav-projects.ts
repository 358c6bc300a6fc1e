import { projectPhase } from "@domain/index";
import type { RequestContext } from "../../request-context";
import type { NavProjectsResponse } from "./contract";
import { listNavProjects as selectNavProjects } from "./repo";

/** Projects for the desktop Projects menu and the mobile slide-out (spec §2, §7). */
export async function listNavProjects(ctx: RequestContext): Promise<NavProjectsResponse> {
  const rows = await selectNavProjects(ctx.db, ctx.organizationId);
  const projects = rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    phase: projectPhase(row.status),
    folderId: row.folder_id,
    spaceId: row.space_id,
    spaceName: row.space_name,
  }));
  return { projects, total: projects.length };
}
