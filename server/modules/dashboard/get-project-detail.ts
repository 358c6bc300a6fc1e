import { addDays, startOfWeek, toIsoDate } from "@domain/index";
import type { AppDeps } from "../../context";
import { notFound } from "../../lib/errors";
import type { ProjectDetailResponse } from "./contract";
import { folderUrl, presentProjectItem } from "./present";
import { selectClickupTeamId, selectProjectItems, selectViewerFolder } from "./repo";
import type { Viewer } from "./viewer";

/**
 * Project detail dialog (spec §2): milestones due in the week containing `date` (default this
 * week) and outstanding revisions. 404 unless the viewed person has visible work in the folder.
 */
export async function getProjectDetail(
  deps: Pick<AppDeps, "database" | "now">,
  viewer: Viewer,
  folderId: string,
  date: string | undefined,
): Promise<ProjectDetailResponse> {
  if (!viewer.scope) throw notFound("Project not found");
  const folder = await selectViewerFolder(deps.database, viewer.scope, folderId);
  if (!folder) throw notFound("Project not found");
  const monday = startOfWeek(date ?? deps.now());
  const weekStart = toIsoDate(monday) as string;
  const weekEnd = toIsoDate(addDays(monday, 6)) as string;
  const [items, teamId] = await Promise.all([
    viewer
      .visibleScope()
      .then((scope) => (scope ? selectProjectItems(deps.database, scope, folderId, weekStart, weekEnd) : [])),
    selectClickupTeamId(deps.database, viewer.organizationId),
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
  };
}
