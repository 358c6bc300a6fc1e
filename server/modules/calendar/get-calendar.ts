import {
  CALENDAR_MONTH_CELL_ITEMS,
  CALENDAR_NO_PROJECT,
  projectColorIndex,
  todayInZone,
} from "@domain/calendar";
import type { RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import { byNameThenId, toCalendarItems } from "./calendar-items";
import type { CalendarQuery, CalendarResponse } from "./contract";
import { selectCalendarWindow, workspaceTimeZone, type CalendarWindowFilter } from "./repo";

/** The sidebar's filters of a query, as the window statement takes them. */
export function windowFilter(query: CalendarQuery): CalendarWindowFilter {
  return {
    from: query.from,
    to: query.to,
    perDay: query.view === "month" ? CALENDAR_MONTH_CELL_ITEMS : null,
    search: (query.q ?? "").trim().toLocaleLowerCase(),
    hideProjects: query.hideProjects ?? [],
    hideMetaTasks: query.hideMetaTasks ?? [],
    project: query.project ?? null,
    metaTask: query.metaTask ?? null,
    noProject: CALENDAR_NO_PROJECT,
  };
}

/**
 * GET /api/calendar: the caller's visible calendar items due from `from` to `to` (inclusive)
 * that the sidebar's filters leave — all of them, or each day's count and first items (view
 * month) — with the projects and meta tasks of the range and their counts under the search. One
 * statement (repo.ts calendarWindowQuery, JIT off) and one lookup of the sent items' assignees.
 */
export async function getCalendar(ctx: RequestContext, query: CalendarQuery): Promise<CalendarResponse> {
  const [scope, timeZone] = await Promise.all([
    resolveTaskScope(ctx),
    workspaceTimeZone(ctx.db, ctx.organizationId),
  ]);
  const filter = windowFilter(query);
  // (The app's PostgreSQL sessions run with JIT off, server/db/client.ts: compiling this
  // statement took ~80 % of its time on the large agency.)
  const window = await selectCalendarWindow(ctx.db, scope, timeZone, filter);
  const items = await toCalendarItems(ctx.db, ctx.organizationId, window.items);
  const projects = window.projects
    .flatMap((p) =>
      p.folder_id === null
        ? []
        : [
            {
              id: p.folder_id,
              name: p.name ?? p.folder_id,
              spaceId: p.space_id,
              spaceName: p.space_name,
              colorIndex: projectColorIndex(p.folder_id),
              count: p.count,
            },
          ],
    )
    .sort(byNameThenId);
  const metaTasks = window.meta_tasks
    .map((m) => ({ id: m.id, name: m.name, projectId: m.folder_id, count: m.count }))
    .sort(byNameThenId);
  return {
    from: query.from,
    to: query.to,
    timeZone,
    today: todayInZone(ctx.deps.now(), timeZone),
    view: query.view ?? "full",
    items,
    perDay: filter.perDay,
    days: window.days,
    total: window.total,
    rangeTotal: window.range_total,
    projects,
    noProjectCount: window.projects.find((p) => p.folder_id === null)?.count ?? 0,
    metaTasks,
  };
}
