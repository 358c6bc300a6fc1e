import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { changeMember } from "./change-member";
import { changeMemberRoleRequestSchema, memberParamSchema, membersResponseSchema } from "./contract";
import { listMembers } from "./list-members";

const tags = ["Members"];

/**
 * Members of the current workspace (canManageUsers):
 * GET /api/members → {members: [{userId, email, displayName, initials, image, role, joinedAt}]};
 * PATCH /api/members/:userId {role} → 204; DELETE /api/members/:userId → 204.
 * 404 for someone not in the workspace, 409 for the last owner, 403 above the caller's rank.
 */
export function memberRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canManageUsers"))
    .get(
      "/",
      documented({
        summary: "The current workspace's members (owners and admins)",
        tags,
        response: membersResponseSchema,
      }),
      async (c) => c.json(await listMembers(c.var.ctx)),
    )
    .patch(
      "/:userId",
      documented({ summary: "Change a member's role", tags, status: 204 }),
      validate("param", memberParamSchema),
      validate("json", changeMemberRoleRequestSchema),
      async (c) => {
        await changeMember(c.var.ctx, {
          userId: c.req.valid("param").userId,
          role: c.req.valid("json").role,
        });
        return c.body(null, 204);
      },
    )
    .delete(
      "/:userId",
      documented({ summary: "Remove a member from the workspace", tags, status: 204 }),
      validate("param", memberParamSchema),
      async (c) => {
        await changeMember(c.var.ctx, { userId: c.req.valid("param").userId, role: null });
        return c.body(null, 204);
      },
    );
}
