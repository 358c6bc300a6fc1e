import { Hono } from "hono";
import { z } from "zod";
import { displayName, initials } from "@domain/format";
import { roleSchema } from "@domain/permissions";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { changeMember } from "./change-member";
import { listMembers } from "./repo";

const paramSchema = z.strictObject({ userId: z.string().min(1).max(64) });
const patchSchema = z.strictObject({ role: roleSchema });

/**
 * Members of the current workspace (canManageUsers):
 * GET /api/members → {members: [{userId, email, displayName, initials, image, role, joinedAt}]};
 * PATCH /api/members/:userId {role} → 204; DELETE /api/members/:userId → 204.
 * 404 for someone not in the workspace, 409 for the last owner, 403 above the caller's rank.
 */
export function memberRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canManageUsers"))
    .get("/", async (c) => {
      const rows = await listMembers(c.var.deps.database, c.var.tenant.organizationId);
      return c.json({
        members: rows.map((m) => ({
          userId: m.userId,
          email: m.email,
          displayName: displayName(m),
          initials: initials(m),
          image: m.image,
          role: m.role,
          joinedAt: m.joinedAt.toISOString(),
        })),
      });
    })
    .patch("/:userId", validate("param", paramSchema), validate("json", patchSchema), async (c) => {
      await changeMember(
        c.var.deps.database,
        c.var.tenant,
        c.req.valid("param").userId,
        c.req.valid("json").role,
      );
      return c.body(null, 204);
    })
    .delete("/:userId", validate("param", paramSchema), async (c) => {
      await changeMember(c.var.deps.database, c.var.tenant, c.req.valid("param").userId, null);
      return c.body(null, 204);
    });
}
