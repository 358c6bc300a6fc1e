import { Hono } from "hono";
import { z } from "zod";
import { roleSchema } from "@domain/permissions";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import { requireTenant, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { notFound } from "../../lib/errors";
import { validate } from "../../lib/validate";
import { acceptInvitation, describeInvitation } from "./accept-invitation";
import { inviteMember } from "./invite-member";
import { listPendingInvitations, revokeInvitation } from "./repo";

const inviteSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email("must be an e-mail address").max(254, "is too long"),
  role: roleSchema,
});
const idParam = z.strictObject({ id: z.string().min(1).max(64) });
const tokenParam = z.strictObject({ token: z.string().min(16).max(128) });

/**
 * Invitations. Of the current workspace (canInviteUsers):
 *   GET /api/invitations → {invitations: [{id, email, role, status, expiresAt, createdAt, invitedBy}]} (pending);
 *   POST /api/invitations {email, role} → 201 {id, email, role, status, expiresAt} (mails /invite/{token});
 *   DELETE /api/invitations/:id → 204 (revoke).
 * By token (the mailed link):
 *   GET /api/invitations/token/:token → {workspaceName, email, role, invitedBy, status, expiresAt} (public);
 *   POST /api/invitations/token/:token/accept → {organizationId} (signed in as the invited address).
 */
export function invitationRoutes() {
  return new Hono<AppEnv>()
    .get("/token/:token", validate("param", tokenParam), async (c) => {
      const { view } = await describeInvitation(c.var.deps, c.req.valid("param").token);
      return c.json(view);
    })
    .post("/token/:token/accept", requireUser(), validate("param", tokenParam), async (c) => {
      const result = await acceptInvitation(c.var.deps, c.var.user, c.req.valid("param").token, {
        ip: clientIp(c),
        userAgent: userAgentOf(c),
      });
      return c.json(result);
    })
    .get("/", requireTenant("canInviteUsers"), async (c) => {
      const rows = await listPendingInvitations(c.var.deps.database, c.var.tenant.organizationId);
      return c.json({
        invitations: rows.map((r) => ({
          id: r.id,
          email: r.email,
          role: r.role,
          status: r.expiresAt.getTime() <= c.var.deps.now().getTime() ? "expired" : r.status,
          expiresAt: r.expiresAt.toISOString(),
          createdAt: r.createdAt.toISOString(),
          invitedBy: r.invitedByName,
        })),
      });
    })
    .post("/", requireTenant("canInviteUsers"), validate("json", inviteSchema), async (c) => {
      const created = await inviteMember(
        c.var.deps,
        { user: c.var.user, tenant: c.var.tenant, ip: clientIp(c), userAgent: userAgentOf(c) },
        c.req.valid("json"),
      );
      return c.json(created, 201);
    })
    .delete("/:id", requireTenant("canInviteUsers"), validate("param", idParam), async (c) => {
      const ok = await revokeInvitation(
        c.var.deps.database,
        c.var.tenant.organizationId,
        c.req.valid("param").id,
      );
      if (!ok) throw notFound("Invitation not found");
      return c.body(null, 204);
    });
}
