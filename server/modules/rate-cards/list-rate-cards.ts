import type { RequestContext } from "../../request-context";
import type { RateCardsResponse } from "./contract";
import { selectCards, selectLines, selectProjectCards, workspaceCurrency } from "./repo";
import { cardView, projectCardView } from "./views";

/** Every rate card of the workspace with its lines, and the projects with their own client card. */
export async function listRateCards(ctx: RequestContext): Promise<RateCardsResponse> {
  const [currency, cards, lines, projects] = await Promise.all([
    workspaceCurrency(ctx.db, ctx.organizationId),
    selectCards(ctx.db, ctx.organizationId),
    selectLines(ctx.db, ctx.organizationId),
    selectProjectCards(ctx.db, ctx.organizationId),
  ]);
  return {
    currency,
    cards: cards.map((card) => cardView(card, lines)),
    projectCards: projects.map(projectCardView),
  };
}
