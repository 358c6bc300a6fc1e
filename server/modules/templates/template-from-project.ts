import { treeFromProject, validateTemplateTree } from "@domain/templates";
import { transaction } from "../../db/executor";
import { AppError, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import { insertNewTemplate } from "./change-template";
import type { TemplateDetail, TemplateFromProject } from "./contract";
import { readTemplate } from "./get-template";
import {
  lockTemplates,
  selectProjectFolder,
  selectProjectLists,
  selectProjectTasks,
  selectRoleTags,
} from "./repo";

export const PROJECT_NOT_FOUND = "Project not found";

/**
 * Save a synced project (ClickUp folder) as a new template: its lists and the tasks the caller
 * may see, dates as offsets from the project start, assignees as role tags where the person has
 * exactly one (domain treeFromProject). Another workspace's folder, or one whose tasks the caller
 * cannot see, is 404.
 */
export async function templateFromProject(
  ctx: RequestContext,
  input: TemplateFromProject,
): Promise<TemplateDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    const scope = await resolveTaskScope(ctx, tx);
    const folder = await selectProjectFolder(tx, ctx.organizationId, input.projectId);
    if (!folder) throw notFound(PROJECT_NOT_FOUND);
    const tasks = await selectProjectTasks(tx, scope, folder.id);
    if (!scope.seesAll && tasks.length === 0) throw notFound(PROJECT_NOT_FOUND);
    const listsWithTasks = new Set(tasks.map((t) => t.list_id));
    const lists = (await selectProjectLists(tx, ctx.organizationId, folder.id)).filter(
      (l) => scope.seesAll || listsWithTasks.has(l.id),
    );
    const assignees = [...new Set(tasks.flatMap((t) => t.assignee_ids ?? []))];
    const tree = treeFromProject({
      lists: lists.map((list) => ({
        id: list.id,
        name: list.name,
        tasks: tasks
          .filter((t) => t.list_id === list.id)
          .map((t) => ({
            id: t.id,
            name: t.name,
            description: t.description,
            customItemId: t.custom_item_id === null ? null : Number(t.custom_item_id),
            startDate: t.start_date,
            dueDate: t.due_date,
            timeEstimateMs: t.time_estimate_ms === null ? null : Number(t.time_estimate_ms),
            assigneeIds: t.assignee_ids ?? [],
            tags: t.tags ?? [],
            parentId: t.parent_task_id,
          })),
      })),
      roleTags: await selectRoleTags(tx, ctx.organizationId, assignees),
    });
    const problems = validateTemplateTree(tree);
    if (problems.length > 0) {
      // treeFromProject repairs what it can; a project too large for a template is what is left.
      throw new AppError(
        409,
        "conflict",
        `This project cannot be saved as a template: ${problems[0]!.field} — ${problems[0]!.reason}`,
      );
    }
    await lockTemplates(tx, ctx.organizationId);
    const id = await insertNewTemplate(ctx, tx, {
      name: input.name,
      description: input.description ?? null,
      tree,
      sourceFolderId: folder.id,
    });
    return readTemplate(tx, ctx.organizationId, id);
  });
}
