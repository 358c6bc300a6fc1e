import { TEMPLATE_LIMITS, templateTreeSchema, type TemplateTree } from "@domain/templates";
import { transaction, type Executor } from "../../db/executor";
import { conflict, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreateTemplate, DuplicateTemplate, TemplateDetail, UpdateTemplate } from "./contract";
import { readTemplate, TEMPLATE_NOT_FOUND } from "./get-template";
import {
  deleteTemplateRow,
  getTemplateVersion,
  insertTemplate,
  insertVersion,
  lockTemplates,
  namesStartingWith,
  selectTemplate,
  templateIdByName,
  updateTemplateRow,
} from "./repo";
import { templateAudit } from "./views";

/*
 * Create, change, duplicate and delete folder templates (canManageTemplates, checked by the
 * route). Each write is one transaction under the workspace's template lock, with its audit row
 * (object folder_template). A tree is saved only as a new immutable version.
 */

export const STALE_VERSION = "This template was changed by someone else";

/** The profile that saved it: the acting person (not the system of the demo boot). */
const creatorOf = (ctx: RequestContext): string | null => (ctx.userId === "system" ? null : ctx.userId);

async function refuseTakenName(tx: Executor, ctx: RequestContext, name: string, self?: string) {
  const taken = await templateIdByName(tx, ctx.organizationId, name);
  if (taken !== undefined && taken !== self) throw conflict(`A template named "${name}" already exists`);
}

export interface NewTemplate {
  name: string;
  description: string | null;
  tree: TemplateTree;
  sourceFolderId?: string | null;
}

/** Insert a template and its version 1 inside an open, locked transaction; audit "created". */
export async function insertNewTemplate(
  ctx: RequestContext,
  tx: Executor,
  input: NewTemplate,
  action = "created",
): Promise<string> {
  await refuseTakenName(tx, ctx, input.name);
  const id = newId();
  const now = ctx.deps.now();
  const createdBy = creatorOf(ctx);
  await insertTemplate(tx, {
    organizationId: ctx.organizationId,
    id,
    name: input.name,
    description: input.description,
    currentVersion: 1,
    sourceFolderId: input.sourceFolderId ?? null,
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  await insertVersion(tx, {
    organizationId: ctx.organizationId,
    templateId: id,
    version: 1,
    tree: input.tree,
    createdBy,
    createdAt: now,
  });
  await recordChange(ctx, tx, {
    object: "folder_template",
    id,
    action,
    after: { ...templateAudit({ ...input, version: 1 }), sourceFolderId: input.sourceFolderId ?? null },
  });
  return id;
}

export async function createTemplate(ctx: RequestContext, input: CreateTemplate): Promise<TemplateDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockTemplates(tx, ctx.organizationId);
    const id = await insertNewTemplate(ctx, tx, {
      name: input.name,
      description: input.description ?? null,
      tree: input.tree,
    });
    return readTemplate(tx, ctx.organizationId, id);
  });
}

/**
 * Save an edit: refused with 409 when `baseVersion` is not the current version (someone saved
 * since). A tree becomes the next version; name and description change the template itself.
 */
export async function updateTemplate(
  ctx: RequestContext,
  templateId: string,
  input: UpdateTemplate,
): Promise<TemplateDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockTemplates(tx, ctx.organizationId);
    const row = await selectTemplate(tx, ctx.organizationId, templateId);
    if (!row) throw notFound(TEMPLATE_NOT_FOUND);
    if (input.tree) {
      const rules = templateTreeSchema.safeParse(input.tree);
      if (!rules.success) throw validationError(rules.error, "body", "tree");
    }
    const current = Number(row.current_version);
    if (input.baseVersion !== current) throw conflict(STALE_VERSION);
    const before = await getTemplateVersion(tx, ctx.organizationId, templateId);
    if (!before) throw notFound(TEMPLATE_NOT_FOUND);
    const name = input.name ?? row.name;
    if (input.name !== undefined) await refuseTakenName(tx, ctx, name, templateId);
    const description = input.description === undefined ? row.description : input.description;
    const version = input.tree ? current + 1 : current;
    const now = ctx.deps.now();
    if (input.tree) {
      await insertVersion(tx, {
        organizationId: ctx.organizationId,
        templateId,
        version,
        tree: input.tree,
        createdBy: creatorOf(ctx),
        createdAt: now,
      });
    }
    await updateTemplateRow(tx, ctx.organizationId, templateId, {
      name,
      description,
      currentVersion: version,
      updatedAt: now,
    });
    await recordChange(ctx, tx, {
      object: "folder_template",
      id: templateId,
      action: "updated",
      before: templateAudit({
        name: row.name,
        description: row.description,
        version: current,
        tree: before.tree,
      }),
      after: templateAudit({ name, description, version, tree: input.tree ?? before.tree }),
    });
    return readTemplate(tx, ctx.organizationId, templateId);
  });
}

/** "<name> (copy)", else "<name> (copy 2)", … — unique in the workspace, within the name limit. */
export function copyName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? " (copy)" : ` (copy ${n})`;
    const candidate = `${name.slice(0, TEMPLATE_LIMITS.name - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** A new template (version 1) with the current tree of another. */
export async function duplicateTemplate(
  ctx: RequestContext,
  templateId: string,
  input: DuplicateTemplate,
): Promise<TemplateDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockTemplates(tx, ctx.organizationId);
    const row = await selectTemplate(tx, ctx.organizationId, templateId);
    const current = row && (await getTemplateVersion(tx, ctx.organizationId, templateId));
    if (!row || !current) throw notFound(TEMPLATE_NOT_FOUND);
    const base = row.name.slice(0, TEMPLATE_LIMITS.name - " (copy".length);
    const name =
      input.name ?? copyName(row.name, await namesStartingWith(tx, ctx.organizationId, base.trimEnd()));
    const id = await insertNewTemplate(
      ctx,
      tx,
      { name, description: row.description, tree: current.tree, sourceFolderId: row.source_folder_id },
      "duplicated",
    );
    return readTemplate(tx, ctx.organizationId, id);
  });
}

/** Delete a template and its versions; its runs keep the template id and version they used. */
export async function deleteTemplate(ctx: RequestContext, templateId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    await lockTemplates(tx, ctx.organizationId);
    const row = await selectTemplate(tx, ctx.organizationId, templateId);
    const current = row && (await getTemplateVersion(tx, ctx.organizationId, templateId));
    if (!row || !current) throw notFound(TEMPLATE_NOT_FOUND);
    await deleteTemplateRow(tx, ctx.organizationId, templateId);
    await recordChange(ctx, tx, {
      object: "folder_template",
      id: templateId,
      action: "deleted",
      before: templateAudit({
        name: row.name,
        description: row.description,
        version: current.version,
        tree: current.tree,
      }),
    });
  });
}
