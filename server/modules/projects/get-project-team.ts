import { resolveAssigneeName, summarizeTeamMembers } from "@domain/index";
import { viewedUserId, type RequestContext } from "../../request-context";
import { activeClickupUserId } from "../accessible-tasks/repo";
import type { ProjectIdParam, ProjectTeamResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import { teamTaskRows } from "./repo";

/**
 * Team members (spec §3, §4): each assignee's active, overdue and completed task counts, and
 * the viewed person's ClickUp user id for 'My Tasks'.
 */
export async function getProjectTeam(
  ctx: RequestContext,
  input: ProjectIdParam,
): Promise<ProjectTeamResponse> {
  const now = ctx.deps.now();
  const [meta, myAssigneeId] = await Promise.all([
    requireMetaTask(ctx.db, ctx.organizationId, input.projectId),
    activeClickupUserId(ctx.db, ctx.organizationId, viewedUserId(ctx)),
  ]);
  if (!meta.folder_id) return { members: [], myAssigneeId };
  const rows = await teamTaskRows(ctx.db, ctx.organizationId, meta.folder_id);
  const members = summarizeTeamMembers(
    rows.map((r) => ({
      assigneeId: r.assignee_id,
      assigneeName: resolveAssigneeName({
        id: r.assignee_id,
        username: r.username,
        user: { username: r.user_username, email: r.user_email },
        email: r.email,
      }).name,
      status: r.status,
      dueDate: r.due_date,
    })),
    now,
  );
  return { members, myAssigneeId };
}
