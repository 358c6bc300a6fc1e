import { todayInZone } from "@domain/calendar";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import { loadCalendarItems } from "./calendar-items";
import type { CalendarQuery, CalendarResponse } from "./contract";
import { workspaceTimeZone } from "./repo";

/** GET /api/calendar: the caller's visible calendar items due from `from` to `to` (inclusive). */
export async function getCalendar(ctx: RequestContext, query: CalendarQuery): Promise<CalendarResponse> {
  const [scope, timeZone] = await Promise.all([
    resolveTaskScope(ctx),
    workspaceTimeZone(ctx.db, ctx.organizationId),
  ]);
  const { items, projects, metaTasks } = await loadCalendarItems(ctx.db, scope, timeZone, query);
  return {
    from: query.from,
    to: query.to,
    timeZone,
    today: todayInZone(ctx.deps.now(), timeZone),
    items,
    projects,
    metaTasks,
  };
}
