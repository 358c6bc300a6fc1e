import { Hono } from "hono";
import { clientIp } from "../../auth/client-ip";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { clickupWebhookAcceptedSchema, clickupWebhookParamsSchema } from "./contract";
import { receiveClickupWebhook } from "./receive-clickup-webhook";

/**
 * POST /api/webhooks/clickup/:organizationId — ClickUp's deliveries (CSRF-exempt path): 200 when
 * verified (a replay too: it is recorded as a duplicate, not applied), 400 when refused, 429 once
 * the sender's address had too many refused.
 */
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
        source: clientIp(c),
      });
      if (!verdict.ok)
        return c.json(
          {
            error: { code: verdict.status === 429 ? "rate_limited" : "bad_request", message: verdict.reason },
          },
          verdict.status,
        );
      return c.json({ ok: true as const });
    },
  );
}
