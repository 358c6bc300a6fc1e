import { workspaceClickupTeamId } from "../clickup/repo";
import { addDays, startOfWeek, toIsoDate } from "@domain/index";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveAssignedScope } from "./assigned-scope";
import type { ProjectDetailResponse } from "./contract";
import { folderUrl, presentProjectItem } from "./present";
import { selectProjectItems, selectViewerFolder } from "./repo";

/**
 * Project detail dialog (spec §2): milestones due in the week containing `date` (default this
 * week) among the folder's tasks visible to the viewed person, and the rows the project's My
 * Projects count counts — their outstanding revisions and open assignments (so the dialog lists
 * activityCount + assignmentCount rows). 404 unless the viewed person has assigned work in the folder.
 */
export async function getProjectDetail(
  ctx: RequestContext,
  input: { folderId: string; date?: string | undefined },
): Promise<ProjectDetailResponse> {
  const { folderId } = input;
  const scope = await resolveAssignedScope(ctx);
  if (!scope) throw notFound("Project not found");
  const folder = await selectViewerFolder(ctx.db, scope, folderId);
  if (!folder) throw notFound("Project not found");
  const monday = startOfWeek(input.date ?? ctx.deps.now());
  const weekStart = toIsoDate(monday) as string;
  const weekEnd = toIsoDate(addDays(monday, 6)) as string;
  const [items, teamId] = await Promise.all([
    selectProjectItems(ctx.db, scope, folderId, weekStart, weekEnd),
    workspaceClickupTeamId(ctx.db, ctx.organizationId),
  ]);
  return {
    folderId,
    projectName: folder.name,
    spaceName: folder.space_name,
    url: folderUrl(teamId, folderId),
    weekStart,
    weekEnd,
    milestones: items.filter((i) => i.kind === "milestone").map(presentProjectItem),
    revisions: items.filter((i) => i.kind === "revision").map(presentProjectItem),
    assignments: items.filter((i) => i.kind === "assignment").map(presentProjectItem),
  };
}
