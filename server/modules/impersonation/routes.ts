import { Hono } from "hono";
import { z } from "zod";
import { isAdminRole } from "@domain/index";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { forbidden } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { resolveViewer } from "../dashboard/viewer";
import type { ImpersonationState } from "./contract";
import { listWorkspaceUsers } from "./list-workspace-users";
import { startImpersonation } from "./start-impersonation";
import { stopImpersonation } from "./stop-impersonation";

const startBody = z.object({ userId: z.string().trim().min(1).max(64) }).strict();

/** /api/impersonation: the dashboard "view as" of spec §2 and §6 (admins and owners only). */
export function impersonationRoutes() {
  return new Hono<AppEnv>()
    .use("*", requireTenant())
    .get("/", async (c) => {
      const viewer = await resolveViewer(c.var.deps, c.var.tenant);
      return c.json<ImpersonationState>({ active: viewer.impersonating, user: viewer.impersonatedUser });
    })
    .get("/users", async (c) => {
      if (!isAdminRole(c.var.tenant.role)) throw forbidden("Only admins and owners can list users");
      return c.json(await listWorkspaceUsers(c.var.deps, c.var.tenant));
    })
    .post("/", validate("json", startBody), async (c) =>
      c.json(
        await startImpersonation(c.var.deps, c.var.tenant, c.req.valid("json").userId, {
          ipAddress: clientIp(c),
          userAgent: userAgentOf(c),
        }),
      ),
    )
    .delete("/", async (c) =>
      c.json(
        await stopImpersonation(c.var.deps, c.var.tenant, {
          ipAddress: clientIp(c),
          userAgent: userAgentOf(c),
        }),
      ),
    );
}
