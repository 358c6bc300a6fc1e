import { transaction, type Executor } from "../../db/executor";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreateRateCard, RateCardView, UpdateRateCard } from "./contract";
import {
  clearDefault,
  deleteCard,
  deleteProjectCards,
  insertCard,
  lockRateCards,
  selectCard,
  selectLines,
  updateCard,
  workspaceCurrency,
} from "./repo";
import { cardAudit, cardView } from "./views";

/*
 * Create, change and delete rate cards (canViewFinancials, checked by the route). Each write is
 * one transaction with its finance audit rows; at most one default card per kind.
 */

async function unsetOtherDefault(ctx: RequestContext, tx: Executor, kind: "internal" | "client") {
  for (const id of await clearDefault(tx, ctx.organizationId, kind, ctx.deps.now())) {
    await recordChange(ctx, tx, {
      object: "rate_card",
      id,
      action: "updated",
      before: { isDefault: true },
      after: { isDefault: false },
      category: "finance",
    });
  }
}

async function readCard(tx: Executor, ctx: RequestContext, cardId: string): Promise<RateCardView> {
  const card = await selectCard(tx, ctx.organizationId, cardId);
  if (!card) throw notFound("Rate card not found");
  return cardView(card, await selectLines(tx, ctx.organizationId, cardId));
}

export async function createRateCard(ctx: RequestContext, input: CreateRateCard): Promise<RateCardView> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const id = newId();
    const now = ctx.deps.now();
    if (input.isDefault) await unsetOtherDefault(ctx, tx, input.kind);
    await insertCard(tx, {
      organizationId: ctx.organizationId,
      id,
      kind: input.kind,
      name: input.name,
      currency: input.currency ?? (await workspaceCurrency(tx, ctx.organizationId)),
      isDefault: input.isDefault ?? false,
      defaultRateMinor: input.defaultRateMinor ?? null,
      createdBy: ctx.userId,
      createdAt: now,
      updatedAt: now,
    });
    const card = await selectCard(tx, ctx.organizationId, id);
    await recordChange(ctx, tx, {
      object: "rate_card",
      id,
      action: "created",
      after: cardAudit(card!),
      category: "finance",
    });
    return readCard(tx, ctx, id);
  });
}

export async function updateRateCard(
  ctx: RequestContext,
  cardId: string,
  input: UpdateRateCard,
): Promise<RateCardView> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const before = await selectCard(tx, ctx.organizationId, cardId);
    if (!before) throw notFound("Rate card not found");
    if (input.isDefault === true && !before.is_default) await unsetOtherDefault(ctx, tx, before.kind);
    await updateCard(tx, ctx.organizationId, cardId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
      ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
      ...(input.defaultRateMinor !== undefined ? { defaultRateMinor: input.defaultRateMinor } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = await selectCard(tx, ctx.organizationId, cardId);
    await recordChange(ctx, tx, {
      object: "rate_card",
      id: cardId,
      action: "updated",
      before: cardAudit(before),
      after: cardAudit(after!),
      category: "finance",
    });
    return readCard(tx, ctx, cardId);
  });
}

/** Delete a card with its lines; projects that used it fall back to the default client card. */
export async function deleteRateCard(ctx: RequestContext, cardId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const before = await selectCard(tx, ctx.organizationId, cardId);
    if (!before) throw notFound("Rate card not found");
    const lines = await selectLines(tx, ctx.organizationId, cardId);
    for (const folderId of await deleteProjectCards(tx, ctx.organizationId, { cardId })) {
      await recordChange(ctx, tx, {
        object: "project_rate_card",
        id: folderId,
        action: "deleted",
        before: { cardId },
        category: "finance",
      });
    }
    await deleteCard(tx, ctx.organizationId, cardId);
    await recordChange(ctx, tx, {
      object: "rate_card",
      id: cardId,
      action: "deleted",
      before: { ...cardAudit(before), lines: cardView(before, lines).lines },
      category: "finance",
    });
  });
}
