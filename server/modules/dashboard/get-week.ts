import { addDays, startOfWeek, toIsoDate } from "@domain/index";
import type { AppDeps } from "../../context";
import type { WeekResponse } from "./contract";
import { presentTask } from "./present";
import { selectWeekTasks } from "./repo";
import type { Viewer } from "./viewer";

/**
 * My Week (spec §2): the viewed person's tasks whose effective range (7-day assumptions, §9)
 * overlaps the Monday–Sunday week containing `date`. The client shows 5 or 7 of its days.
 */
export async function getWeek(
  deps: Pick<AppDeps, "database" | "now">,
  viewer: Viewer,
  date: string | undefined,
): Promise<WeekResponse> {
  const monday = startOfWeek(date ?? deps.now());
  const weekStart = toIsoDate(monday) as string;
  const weekEnd = toIsoDate(addDays(monday, 6)) as string;
  const today = toIsoDate(deps.now()) as string;
  if (!viewer.scope) return { weekStart, weekEnd, today, tasks: [] };
  const rows = await selectWeekTasks(deps.database, viewer.scope, weekStart, weekEnd);
  return { weekStart, weekEnd, today, tasks: rows.map(presentTask) };
}
