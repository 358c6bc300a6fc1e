import { z } from "zod";
import { roleSchema } from "@domain/permissions";

/*
 * Request and response shapes of /api/invitations, shared with the web app.
 */

/** POST /api/invitations body. */
export const inviteMemberRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email("must be an e-mail address").max(254, "is too long"),
  role: roleSchema,
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

/** /api/invitations/:id */
export const invitationIdParamSchema = z.strictObject({ id: z.string().min(1).max(64) });
export type InvitationIdParam = z.infer<typeof invitationIdParamSchema>;

/** /api/invitations/token/:token (the mailed link). */
export const invitationTokenParamSchema = z.strictObject({ token: z.string().min(16).max(128) });
export type InvitationTokenParam = z.infer<typeof invitationTokenParamSchema>;

/** A pending invitation past its expiry reads as expired. */
export const invitationStateSchema = z.enum(["pending", "accepted", "revoked", "expired"]);
export type InvitationState = z.infer<typeof invitationStateSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  status: invitationStateSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The inviter's name, null once they are gone. */
  invitedBy: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** GET /api/invitations: the workspace's pending invitations, newest first. */
export const invitationsResponseSchema = z
  .object({ invitations: z.array(pendingInvitationSchema) })
  .meta({ id: "Invitations" });
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>;

/** POST /api/invitations answer (201). */
export const createdInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: roleSchema,
    status: z.literal("pending"),
    expiresAt: z.string(),
  })
  .meta({ id: "CreatedInvitation" });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/invitations/token/:token: what the invitee sees before accepting (public). */
export const invitationViewSchema = z
  .object({
    workspaceName: z.string(),
    email: z.string(),
    role: roleSchema,
    invitedBy: z.string().nullable(),
    status: invitationStateSchema,
    expiresAt: z.string(),
  })
  .meta({ id: "InvitationView" });
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /api/invitations/token/:token/accept answer: the workspace joined (now current). */
export const acceptInvitationResponseSchema = z
  .object({ organizationId: z.string() })
  .meta({ id: "AcceptedInvitation" });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
