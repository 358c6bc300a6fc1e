import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { clickupWebhookAcceptedSchema, clickupWebhookParamsSchema } from "./contract";
import { receiveClickupWebhook } from "./receive-clickup-webhook";

/** POST /api/webhooks/clickup/:organizationId — ClickUp's deliveries (CSRF-exempt path). */
export function webhookRoutes() {
  return new Hono<AppEnv>().post(
    "/clickup/:organizationId",
    documented({
      summary: "Receive a ClickUp webhook delivery (verified by its signature)",
      tags: ["Webhooks"],
      response: clickupWebhookAcceptedSchema,
      public: true,
    }),
    validate("param", clickupWebhookParamsSchema),
    async (c) => {
      // The signature covers the raw bytes: read them before any JSON parsing.
      const raw = await c.req.text();
      const verdict = await receiveClickupWebhook(c.var.deps, {
        organizationId: c.req.valid("param").organizationId,
        raw,
        signature: c.req.header("x-signature") ?? null,
      });
      if (!verdict.ok) return c.json({ error: { code: "bad_request", message: verdict.reason } }, 400);
      return c.json({ ok: true as const });
    },
  );
}
