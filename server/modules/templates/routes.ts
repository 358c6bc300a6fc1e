import { Hono } from "hono";
import type { AppEnv } from "../../context";

/** /api/templates — filled in by the templates work (issue 13). */
export function templateRoutes() {
  return new Hono<AppEnv>();
}
