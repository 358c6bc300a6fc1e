import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { receiveClickupWebhook } from "./receive-clickup-webhook";

const params = z.object({ organizationId: z.string().min(1).max(100) });

/** POST /api/webhooks/clickup/:organizationId — ClickUp's deliveries (CSRF-exempt path). */
export function webhookRoutes() {
  return new Hono<AppEnv>().post("/clickup/:organizationId", validate("param", params), async (c) => {
    // The signature covers the raw bytes: read them before any JSON parsing.
    const raw = await c.req.text();
    const verdict = await receiveClickupWebhook(
      c.var.deps,
      c.req.valid("param").organizationId,
      raw,
      c.req.header("x-signature") ?? null,
    );
    if (!verdict.ok) return c.json({ error: { code: "bad_request", message: verdict.reason } }, 400);
    return c.json({ ok: true });
  });
}
