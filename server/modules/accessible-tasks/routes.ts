import { Hono } from "hono";
import { z } from "zod";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { forbidden } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { getAccessibleTasks } from "./get-accessible-task-ids";

const body = z.object({ organization_id: z.string().min(1).max(100).optional() }).strict();

/**
 * POST /api/accessible-tasks (spec §7 get-accessible-tasks): `{ organization_id? }` →
 * `{ taskIds, clickupUserId }` for the caller in their current workspace (admins: all tasks).
 */
export function accessibleTasksRoutes() {
  return new Hono<AppEnv>().post("/", requireTenant(), validate("json", body), async (c) => {
    const tenant = c.var.tenant;
    const requested = c.req.valid("json").organization_id;
    if (requested && requested !== tenant.organizationId)
      throw forbidden("You can only read tasks of your current workspace");
    return c.json(await getAccessibleTasks(c.var.deps, tenant.organizationId, tenant.userId));
  });
}
