import { resolveAssigneeName, summarizeTeamMembers } from "@domain/index";
import type { ProjectTeamResponse } from "./contract";
import { requireMetaTask } from "./get-project";
import type { ProjectsRepo } from "./repo";

/** Team members (spec §3, §4): each assignee's active, overdue and completed task counts. */
export async function getProjectTeam(
  repo: ProjectsRepo,
  organizationId: string,
  projectId: string,
  myAssigneeId: string | null,
  now: Date,
): Promise<ProjectTeamResponse> {
  const meta = await requireMetaTask(repo, organizationId, projectId);
  if (!meta.folder_id) return { members: [], myAssigneeId };
  const rows = await repo.teamTaskRows(organizationId, meta.folder_id);
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
