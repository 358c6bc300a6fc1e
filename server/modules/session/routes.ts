import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { unauthorized } from "../../lib/errors";

/** GET /api/me: the signed-in user and their workspaces. No accounts exist until sign-in lands, so 401. */
export function sessionRoutes() {
  return new Hono<AppEnv>().get("/", () => {
    throw unauthorized();
  });
}
