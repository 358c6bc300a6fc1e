import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { assignProjectCard, unassignProjectCard } from "./assign-project-card";
import { createRateCard, deleteRateCard, updateRateCard } from "./change-rate-card";
import { createRateLine, deleteRateLine, updateRateLine } from "./change-rate-line";
import {
  assignProjectCardSchema,
  createRateCardSchema,
  createRateLineSchema,
  projectCardSchema,
  projectParamSchema,
  rateCardParamSchema,
  rateCardSchema,
  rateCardsResponseSchema,
  rateLineParamSchema,
  rateLineSchema,
  updateRateCardSchema,
  updateRateLineSchema,
} from "./contract";
import { listRateCards } from "./list-rate-cards";

const tags = ["Rate cards"];

/**
 * Rate cards of the current workspace (canViewFinancials to read or write; members get 403;
 * another workspace's card, line, person or project is 404). Every write appends finance
 * audit rows (audit_events, category 'finance') in its transaction.
 */
export function rateCardRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .get(
      "/",
      documented({
        summary: "Rate cards with their lines, and projects' own client cards",
        tags,
        response: rateCardsResponseSchema,
      }),
      async (c) => c.json(await listRateCards(c.var.ctx)),
    )
    .post(
      "/",
      documented({ summary: "Create a rate card", tags, status: 201, response: rateCardSchema }),
      validate("json", createRateCardSchema),
      async (c) => c.json(await createRateCard(c.var.ctx, c.req.valid("json")), 201),
    )
    .put(
      "/projects/:folderId",
      documented({ summary: "Give a project its own client card", tags, response: projectCardSchema }),
      validate("param", projectParamSchema),
      validate("json", assignProjectCardSchema),
      async (c) =>
        c.json(await assignProjectCard(c.var.ctx, c.req.valid("param").folderId, c.req.valid("json").cardId)),
    )
    .delete(
      "/projects/:folderId",
      documented({ summary: "Put a project back on the default client card", tags, status: 204 }),
      validate("param", projectParamSchema),
      async (c) => {
        await unassignProjectCard(c.var.ctx, c.req.valid("param").folderId);
        return c.body(null, 204);
      },
    )
    .patch(
      "/:cardId",
      documented({ summary: "Change a rate card", tags, response: rateCardSchema }),
      validate("param", rateCardParamSchema),
      validate("json", updateRateCardSchema),
      async (c) => c.json(await updateRateCard(c.var.ctx, c.req.valid("param").cardId, c.req.valid("json"))),
    )
    .delete(
      "/:cardId",
      documented({ summary: "Delete a rate card and its lines", tags, status: 204 }),
      validate("param", rateCardParamSchema),
      async (c) => {
        await deleteRateCard(c.var.ctx, c.req.valid("param").cardId);
        return c.body(null, 204);
      },
    )
    .post(
      "/:cardId/lines",
      documented({
        summary: "Add a person or role rate to a card",
        tags,
        status: 201,
        response: rateLineSchema,
      }),
      validate("param", rateCardParamSchema),
      validate("json", createRateLineSchema),
      async (c) =>
        c.json(await createRateLine(c.var.ctx, c.req.valid("param").cardId, c.req.valid("json")), 201),
    )
    .patch(
      "/:cardId/lines/:lineId",
      documented({ summary: "Change a rate line", tags, response: rateLineSchema }),
      validate("param", rateLineParamSchema),
      validate("json", updateRateLineSchema),
      async (c) => {
        const { cardId, lineId } = c.req.valid("param");
        return c.json(await updateRateLine(c.var.ctx, cardId, lineId, c.req.valid("json")));
      },
    )
    .delete(
      "/:cardId/lines/:lineId",
      documented({ summary: "Delete a rate line", tags, status: 204 }),
      validate("param", rateLineParamSchema),
      async (c) => {
        const { cardId, lineId } = c.req.valid("param");
        await deleteRateLine(c.var.ctx, cardId, lineId);
        return c.body(null, 204);
      },
    );
}
