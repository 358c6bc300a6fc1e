import { Hono } from "hono";
import { requireTenant, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { acceptInvitation } from "./accept-invitation";
import {
  acceptInvitationResponseSchema,
  createdInvitationSchema,
  invitationIdParamSchema,
  invitationsResponseSchema,
  invitationTokenParamSchema,
  invitationViewSchema,
  inviteMemberRequestSchema,
} from "./contract";
import { describeInvitation } from "./describe-invitation";
import { inviteMember } from "./invite-member";
import { listInvitations } from "./list-invitations";
import { revokeInvitation } from "./revoke-invitation";

const tags = ["Invitations"];

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
    .get(
      "/token/:token",
      documented({
        summary: "What a mailed invitation link offers (public)",
        tags,
        response: invitationViewSchema,
        public: true,
      }),
      validate("param", invitationTokenParamSchema),
      async (c) => {
        const { deps } = c.var;
        return c.json(await describeInvitation({ deps, db: deps.database.db }, c.req.valid("param")));
      },
    )
    .post(
      "/token/:token/accept",
      documented({
        summary: "Accept an invitation as the invited address (joins the workspace, now current)",
        tags,
        response: acceptInvitationResponseSchema,
      }),
      requireUser(),
      validate("param", invitationTokenParamSchema),
      async (c) => c.json(await acceptInvitation(c.var.userCtx, c.req.valid("param"))),
    )
    .get(
      "/",
      documented({
        summary: "The current workspace's pending invitations",
        tags,
        response: invitationsResponseSchema,
      }),
      requireTenant("canInviteUsers"),
      async (c) => c.json(await listInvitations(c.var.ctx)),
    )
    .post(
      "/",
      documented({
        summary: "Invite someone by e-mail with a role",
        tags,
        response: createdInvitationSchema,
        status: 201,
      }),
      requireTenant("canInviteUsers"),
      validate("json", inviteMemberRequestSchema),
      async (c) => c.json(await inviteMember(c.var.ctx, c.req.valid("json")), 201),
    )
    .delete(
      "/:id",
      documented({ summary: "Revoke a pending invitation", tags, status: 204 }),
      requireTenant("canInviteUsers"),
      validate("param", invitationIdParamSchema),
      async (c) => {
        await revokeInvitation(c.var.ctx, c.req.valid("param"));
        return c.body(null, 204);
      },
    );
}
