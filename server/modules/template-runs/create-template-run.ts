import { countObjects, fillPlaceholders, validateTemplateTree } from "@domain/templates";
import { transaction } from "../../db/executor";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { requestTemplateRun } from "../../jobs/index";
import { recordChange } from "../audit/record-change";
import { getWorkspaceConnection } from "../clickup/repo";
import { getTemplateVersion } from "../templates/repo";
import type { TemplateRun, TemplateRunCreateInput } from "./contract";
import {
  activeRunWithName,
  folderNameTaken,
  insertRun,
  lockRuns,
  requeueFailedRun,
  selectRun,
  selectSyncedSpace,
} from "./repo";
import { runView } from "./views";

/*
 * POST /api/template-runs and POST /api/template-runs/{id}/retry (canManageTemplates, checked by
 * the route): record the run (audit row in the same transaction), then hand it to the queue
 * (server/jobs/create-project-from-template.ts). 202: the work happens in the background.
 */

const conflictOn = (field: string, message: string) =>
  new AppError(409, "conflict", message, [{ field, message }]);

export async function createTemplateRun(
  ctx: RequestContext,
  input: TemplateRunCreateInput,
): Promise<TemplateRun> {
  const orgId = ctx.organizationId;
  const version = await getTemplateVersion(ctx.db, orgId, input.templateId, input.version);
  if (!version)
    throw input.version === undefined
      ? notFound("Template not found")
      : notFound("Template version not found");
  const problems = validateTemplateTree(version.tree);
  if (problems.length) {
    const p = problems[0]!;
    throw badRequest(`The template is not valid: ${p.field} ${p.reason}`, [
      { field: "templateId", message: `${p.field}: ${p.reason}` },
    ]);
  }
  // ClickUp refuses two lists of one name in a folder (SUBCAT_016): say so before creating anything.
  const seen = new Set<string>();
  for (const list of version.tree.lists) {
    const name = fillPlaceholders(list.name, {
      project: input.name,
      client: input.client,
      jobCode: input.jobCode,
    });
    if (seen.has(name.toLowerCase()))
      throw badRequest(`The template has two lists called "${name}"; ClickUp needs list names to differ`, [
        { field: "templateId", message: `two lists are called "${name}"` },
      ]);
    seen.add(name.toLowerCase());
  }
  const space = await selectSyncedSpace(ctx.db, orgId, input.spaceId);
  if (!space) throw notFound("Space not found");
  const connection = await getWorkspaceConnection(ctx.db, orgId);
  if (!connection || connection.status === "disconnected" || !connection.clickupTeamId)
    throw conflictOn(
      "spaceId",
      "This workspace is not connected to ClickUp, so it cannot create the project there",
    );
  if (space.archived)
    throw conflictOn("spaceId", `The space "${space.name}" is archived in ClickUp; pick another space`);

  const id = newId();
  const row = await transaction(ctx.deps.database, async (tx) => {
    await lockRuns(tx, orgId);
    if (await folderNameTaken(tx, orgId, input.spaceId, input.name))
      throw conflictOn("name", `The space "${space.name}" already has a project called "${input.name}"`);
    if (await activeRunWithName(tx, orgId, input.spaceId, input.name))
      throw conflictOn(
        "name",
        `A project called "${input.name}" is already being created in "${space.name}" (retry that run instead)`,
      );
    await insertRun(tx, {
      organizationId: orgId,
      id,
      templateId: version.templateId,
      templateVersion: version.version,
      spaceId: input.spaceId,
      name: input.name,
      client: input.client,
      jobCode: input.jobCode,
      startDate: input.startDate,
      total: countObjects(version.tree),
      createdBy: ctx.userId,
      now: ctx.deps.now(),
    });
    const created = (await selectRun(tx, orgId, id))!;
    await recordChange(ctx, tx, {
      object: "template_run",
      id,
      action: "created",
      after: {
        templateId: version.templateId,
        templateVersion: version.version,
        spaceId: input.spaceId,
        name: input.name,
        client: input.client,
        jobCode: input.jobCode,
        startDate: input.startDate,
      },
    });
    return created;
  });
  await requestTemplateRun(ctx.deps, orgId, id);
  return runView(row);
}

export async function retryTemplateRun(ctx: RequestContext, runId: string): Promise<TemplateRun> {
  const orgId = ctx.organizationId;
  const row = await transaction(ctx.deps.database, async (tx) => {
    const before = await selectRun(tx, orgId, runId);
    if (!before) throw notFound("Run not found");
    if (!(await requeueFailedRun(tx, orgId, runId, ctx.deps.now())))
      throw new AppError(409, "conflict", `Only a failed run can be retried; this one is ${before.status}`);
    await recordChange(ctx, tx, {
      object: "template_run",
      id: runId,
      action: "retried",
      before: { status: before.status, error: before.error, done: before.done },
      after: { status: "queued" },
    });
    return (await selectRun(tx, orgId, runId))!;
  });
  await requestTemplateRun(ctx.deps, orgId, runId);
  return runView(row);
}
