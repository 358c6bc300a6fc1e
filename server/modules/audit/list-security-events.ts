import type { RequestContext } from "../../request-context";
import type { SecurityEventsQuery, SecurityEventsResponse } from "./contract";
import { flushSecurityEvents } from "./record-security-event";
import { selectSecurityEvents } from "./repo";

/**
 * The current workspace's security log (owners and admins), newest first: its own events and
 * the caller's own sign-in events (never another member's: those may belong to another workspace). Whatever is still buffered is written first, so the page is current.
 */
export async function listSecurityEvents(
  ctx: RequestContext,
  query: SecurityEventsQuery,
): Promise<SecurityEventsResponse> {
  await flushSecurityEvents(ctx.deps);
  const events = await selectSecurityEvents(ctx.db, {
    organizationId: ctx.organizationId,
    viewerUserId: ctx.userId,
    eventType: query.eventType,
    before: query.before,
    limit: query.limit + 1,
  });
  const page = events.slice(0, query.limit);
  return {
    events: page,
    nextBefore: events.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
