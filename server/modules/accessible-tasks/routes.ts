import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { forbidden } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { accessibleTasksRequestSchema, accessibleTasksResponseSchema } from "./contract";
import { getAccessibleTasks } from "./get-accessible-tasks";

/**
 * POST /api/accessible-tasks (spec §7 get-accessible-tasks): `{ organization_id? }` →
 * `{ taskIds, clickupUserId }` for the caller in their current workspace (admins: all tasks).
 */
export function accessibleTasksRoutes() {
  return new Hono<AppEnv>().post(
    "/",
    documented({
      summary: "Task ids the caller may see in their current workspace",
      tags: ["Tasks"],
      response: accessibleTasksResponseSchema,
    }),
    requireTenant(),
    validate("json", accessibleTasksRequestSchema),
    async (c) => {
      const ctx = c.var.ctx;
      const requested = c.req.valid("json").organization_id;
      if (requested && requested !== ctx.organizationId)
        throw forbidden("You can only read tasks of your current workspace");
      return c.json(await getAccessibleTasks(ctx));
    },
  );
}
