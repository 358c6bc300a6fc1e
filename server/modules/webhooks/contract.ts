import { z } from "zod";

/* POST /api/webhooks/clickup/:organizationId — ClickUp's webhook deliveries (clickup-api.md §5). */

export const clickupWebhookParamsSchema = z.object({ organizationId: z.string().min(1).max(100) });
export type ClickupWebhookParams = z.infer<typeof clickupWebhookParamsSchema>;

/** A delivery that was verified and queued (a refused one is answered 400 in the error shape). */
export const clickupWebhookAcceptedSchema = z
  .object({ ok: z.literal(true) })
  .meta({ id: "ClickupWebhookAccepted" });
export type ClickupWebhookAccepted = z.infer<typeof clickupWebhookAcceptedSchema>;
