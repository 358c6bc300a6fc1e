import { z } from "zod";
import { AUDIT_EVENT_TYPES } from "@domain/security";

/*
 * Request and response shapes of /api/audit (the security log), shared with the web app.
 */

/** POST /api/audit/blocked-form body: which form and field the web app refused to send (never the content). */
export const blockedFormRequestSchema = z.strictObject({
  form: z.string().trim().min(1, "is required").max(100, "is too long"),
  field: z.string().trim().min(1, "is required").max(200, "is too long"),
});
export type BlockedFormRequest = z.infer<typeof blockedFormRequestSchema>;

/** GET /api/audit/security query: keyset-paged on id (`before` = the last id of the previous page). */
export const securityEventsQuerySchema = z.strictObject({
  eventType: z.enum(AUDIT_EVENT_TYPES).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** null for events that belong to no workspace (the caller's own sign-ins, failures, rate limits). */
  organizationId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** GET /api/audit/security: newest first; nextBefore is null on the last page. */
export const securityEventsResponseSchema = z
  .object({ events: z.array(securityEventSchema), nextBefore: z.number().nullable() })
  .meta({ id: "SecurityEvents" });
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;
