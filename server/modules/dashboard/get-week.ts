import { addDays, startOfWeek, toIsoDate } from "@domain/index";
import type { RequestContext } from "../../request-context";
import { selectWeekStatus } from "../timesheet/approval-repo";
import { resolveAssignedScope } from "./assigned-scope";
import type { WeekResponse } from "./contract";
import { presentTask } from "./present";
import { selectWeekTasks } from "./repo";

/**
 * My Week (spec §2): the viewed person's tasks whose effective range (7-day assumptions, §9)
 * overlaps the Monday–Sunday week containing `date`. The client shows 5 or 7 of its days.
 */
export async function getWeek(
  ctx: RequestContext,
  input: { date?: string | undefined } = {},
): Promise<WeekResponse> {
  const monday = startOfWeek(input.date ?? ctx.deps.now());
  const weekStart = toIsoDate(monday) as string;
  const weekEnd = toIsoDate(addDays(monday, 6)) as string;
  const today = toIsoDate(ctx.deps.now()) as string;
  const scope = await resolveAssignedScope(ctx);
  if (!scope) return { weekStart, weekEnd, today, tasks: [], timesheetStatus: "open" };
  const [rows, status] = await Promise.all([
    selectWeekTasks(ctx.db, scope, weekStart, weekEnd),
    selectWeekStatus(ctx.db, ctx.organizationId, scope.clickupUserId, weekStart),
  ]);
  return { weekStart, weekEnd, today, tasks: rows.map(presentTask), timesheetStatus: status ?? "open" };
}
