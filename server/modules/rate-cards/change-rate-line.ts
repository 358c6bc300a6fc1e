import { transaction, type Executor } from "../../db/executor";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import type { CreateRateLine, RateLineView, UpdateRateLine } from "./contract";
import {
  deleteLine,
  insertLine,
  lineOnSameDay,
  lockRateCards,
  personExists,
  selectCard,
  selectLine,
  selectLines,
  updateLine,
} from "./repo";
import { lineAudit, lineView } from "./views";

/*
 * Rate lines of a card: a person (ClickUp user of the workspace) or a role (a tag, stored in
 * lower case) at a rate from a date on. History is kept by adding a line with a later date; one
 * line per subject and day (409 otherwise). Each write is one transaction with its audit row.
 */

async function requireCard(tx: Executor, ctx: RequestContext, cardId: string): Promise<void> {
  if (!(await selectCard(tx, ctx.organizationId, cardId))) throw notFound("Rate card not found");
}

async function readLine(tx: Executor, ctx: RequestContext, cardId: string, lineId: string) {
  const line = (await selectLines(tx, ctx.organizationId, cardId)).find((l) => l.id === lineId);
  if (!line) throw notFound("Rate line not found");
  return lineView(line);
}

const sameDay = () =>
  new AppError(
    409,
    "conflict",
    "effectiveFrom: this card already has a rate for this person or role from that day",
    [{ field: "effectiveFrom", message: "a rate for this person or role already starts that day" }],
  );

export async function createRateLine(
  ctx: RequestContext,
  cardId: string,
  input: CreateRateLine,
): Promise<RateLineView> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    await requireCard(tx, ctx, cardId);
    const subjectId = input.subjectType === "role" ? input.subjectId.toLowerCase() : input.subjectId;
    if (input.subjectType === "person" && !(await personExists(tx, ctx.organizationId, subjectId))) {
      throw notFound("Person not found");
    }
    const key = { cardId, subjectType: input.subjectType, subjectId, effectiveFrom: input.effectiveFrom };
    if (await lineOnSameDay(tx, ctx.organizationId, key)) throw sameDay();
    const id = newId();
    const now = ctx.deps.now();
    await insertLine(tx, {
      organizationId: ctx.organizationId,
      id,
      cardId,
      subjectType: input.subjectType,
      subjectId,
      rateMinor: input.rateMinor,
      effectiveFrom: input.effectiveFrom,
      createdAt: now,
      updatedAt: now,
    });
    const line = await readLine(tx, ctx, cardId, id);
    await recordChange(ctx, tx, {
      object: "rate_card_line",
      id,
      action: "created",
      after: lineAudit((await selectLine(tx, ctx.organizationId, cardId, id))!),
      category: "finance",
    });
    return line;
  });
}

export async function updateRateLine(
  ctx: RequestContext,
  cardId: string,
  lineId: string,
  input: UpdateRateLine,
): Promise<RateLineView> {
  return transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const before = await selectLine(tx, ctx.organizationId, cardId, lineId);
    if (!before) throw notFound("Rate line not found");
    if (
      input.effectiveFrom !== undefined &&
      (await lineOnSameDay(tx, ctx.organizationId, {
        cardId,
        subjectType: before.subject_type,
        subjectId: before.subject_id,
        effectiveFrom: input.effectiveFrom,
        exceptId: lineId,
      }))
    ) {
      throw sameDay();
    }
    await updateLine(tx, ctx.organizationId, lineId, {
      ...(input.rateMinor !== undefined ? { rateMinor: input.rateMinor } : {}),
      ...(input.effectiveFrom !== undefined ? { effectiveFrom: input.effectiveFrom } : {}),
      updatedAt: ctx.deps.now(),
    });
    const after = await selectLine(tx, ctx.organizationId, cardId, lineId);
    await recordChange(ctx, tx, {
      object: "rate_card_line",
      id: lineId,
      action: "updated",
      before: lineAudit(before),
      after: lineAudit(after!),
      category: "finance",
    });
    return readLine(tx, ctx, cardId, lineId);
  });
}

export async function deleteRateLine(ctx: RequestContext, cardId: string, lineId: string): Promise<void> {
  await transaction(ctx.deps.database, async (tx) => {
    await lockRateCards(tx, ctx.organizationId);
    const before = await selectLine(tx, ctx.organizationId, cardId, lineId);
    if (!before) throw notFound("Rate line not found");
    await deleteLine(tx, ctx.organizationId, lineId);
    await recordChange(ctx, tx, {
      object: "rate_card_line",
      id: lineId,
      action: "deleted",
      before: lineAudit(before),
      category: "finance",
    });
  });
}
