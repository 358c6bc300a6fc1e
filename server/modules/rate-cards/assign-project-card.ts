import { transaction } from "../../db/executor";
import { badRequest, notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { ProjectCardView } from "./contract";
import {
  deleteProjectCards,
  folderExists,
  lockRateCards,
  selectCard,
  selectProjectCard,
  selectProjectCards,
  upsertProjectCard,
} from "./repo";
import { projectCardView } from "./views";

/** Give a project (ClickUp folder of the workspace) its own client card. */
export async function assignProjectCard(
  ctx: RequestContext,
  folderId: string,
  cardId: string,
): Promise<ProjectCardView> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    if (!(await folderExists(tx, ctx.organizationId, folderId))) throw notFound("Project not found");
    const card = await selectCard(tx, ctx.organizationId, cardId);
    if (!card) throw notFound("Rate card not found");
    if (card.kind !== "client") {
      throw badRequest("cardId: a project's own card must be a client card", [
        { field: "cardId", message: "must be a client card" },
      ]);
    }
    const before = await selectProjectCard(tx, ctx.organizationId, folderId);
    if (before !== cardId) {
      await upsertProjectCard(tx, ctx.organizationId, folderId, cardId, ctx.deps.now());
      await recordChange(ctx, tx, {
        object: "project_rate_card",
        id: folderId,
        action: before === undefined ? "created" : "updated",
        ...(before === undefined ? {} : { before: { cardId: before } }),
        after: { cardId },
        category: "finance",
      });
    }
    const row = (await selectProjectCards(tx, ctx.organizationId)).find((p) => p.folder_id === folderId);
    return projectCardView(row!);
  });
}

/** The project goes back to the default client card. 404 when it had no card of its own. */
export async function unassignProjectCard(ctx: RequestContext, folderId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const before = await selectProjectCard(tx, ctx.organizationId, folderId);
    if (before === undefined) throw notFound("This project has no card of its own");
    await deleteProjectCards(tx, ctx.organizationId, { folderId });
    await recordChange(ctx, tx, {
      object: "project_rate_card",
      id: folderId,
      action: "deleted",
      before: { cardId: before },
      category: "finance",
    });
  });
}
