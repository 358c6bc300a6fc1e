import { projectPhase } from "@domain/index";
import type { NavProjectsResponse } from "./contract";
import type { ProjectsRepo } from "./repo";

/** Projects for the desktop Projects menu and the mobile slide-out (spec §2, §7). */
export async function listNavProjects(
  repo: ProjectsRepo,
  organizationId: string,
): Promise<NavProjectsResponse> {
  const rows = await repo.listNavProjects(organizationId);
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
