import { Hono } from "hono";
import type { AppEnv } from "../../context";

/** /api/template-runs — filled in by the create-project-from-template work (issue 13). */
export function templateRunRoutes() {
  return new Hono<AppEnv>();
}
