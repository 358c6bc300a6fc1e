import { Hono } from "hono";
import type { AppEnv } from "../../context";

/** /api/calendar — filled in by the calendar work (issue 13). */
export function calendarRoutes() {
  return new Hono<AppEnv>();
}
