import { z } from "zod";
import { inviteMemberRequestSchema } from "../../../../server/modules/invitations/contract";

export * from "../../../../server/modules/invitations/contract";
export * from "../../../../server/modules/members/contract";
export * from "../../../../server/modules/workspaces/contract";

/** The invite form: the contract's request; an empty address is not sent (the browser checks its form). */
export const inviteFormSchema = inviteMemberRequestSchema.extend({
  email: z.string().refine((email) => email.trim() !== ""),
});

/*
 * LOCAL until server/modules/audit/contract.ts exports it: GET /api/audit/security, a page of the
 * workspace's security log, newest first.
 */
export const securityEventSchema = z.object({
  id: z.number(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  userEmail: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogPageSchema = z.object({
  events: z.array(securityEventSchema),
  nextBefore: z.number().nullable(),
});
