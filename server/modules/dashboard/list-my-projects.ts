import { workspaceClickupTeamId } from "../clickup/repo";
import { sortMyProjects, toIsoDate, type ProjectRevisionStatus } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { resolveAssignedScope } from "./assigned-scope";
import type { ProjectsResponse, ProjectSummary } from "./contract";
import { folderUrl } from "./present";
import { selectProjectSummaries } from "./repo";

/** MY PROJECTS (spec §3, §9): revision summaries per project, Needs Work first, at most 10. */
export async function listMyProjects(ctx: RequestContext): Promise<ProjectsResponse> {
  const scope = await resolveAssignedScope(ctx);
  if (!scope) return { projects: [], total: 0 };
  const today = toIsoDate(ctx.deps.now()) as string;
  const [rows, teamId] = await Promise.all([
    selectProjectSummaries(ctx.db, scope, today),
    workspaceClickupTeamId(ctx.db, ctx.organizationId),
  ]);
  const all: ProjectSummary[] = rows.map((r) => {
    const activityCount = Number(r.activity_count);
    const assignmentCount = Number(r.assignment_count);
    const status: ProjectRevisionStatus = r.needs_work ? "Needs Work" : "Open";
    return {
      folderId: r.project_id,
      projectName: r.project_name,
      status,
      hasOpenActivities: activityCount > 0,
      hasOpenAssignments: assignmentCount > 0,
      urgentCount: Number(r.urgent_count),
      activityCount,
      assignmentCount,
      url: folderUrl(teamId, r.project_id),
    };
  });
  return { projects: sortMyProjects(all), total: all.length };
}
