import { Hono } from "hono";
import { basePath } from "hono/route";
import type { SlackEnv, SlackServices } from "./context";
import { registerOAuthRoutes } from "./routes/oauth";
import { registerPageRoutes } from "./routes/pages";
import { registerWebApiRoutes } from "./routes/web-api";
import { registerWebhookRoutes } from "./routes/webhooks";

/** Origin of the request as the client saw it (honours a reverse proxy's X-Forwarded-*). */
function requestOrigin(url: URL, header: (name: string) => string | undefined): string {
  const proto = header("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = header("x-forwarded-host")?.split(",")[0]?.trim();
  if (proto && host) return `${proto}://${host}`;
  return url.origin;
}

/**
 * The simulator's Hono app. Paths are relative to wherever the host mounts it: the Web API at
 * `/api/{method}` (like https://slack.com/api), the consent page at `/oauth/v2/authorize`,
 * incoming webhooks at `/services/T…/B…/X…` (like https://hooks.slack.com), the pages `/` and
 * `/messages`, and JSON for tests (`/messages.json`, `/sim/faults`, `/sim/stats`).
 */
export function createSlackSimApp(services: SlackServices): Hono<SlackEnv> {
  const app = new Hono<SlackEnv>();

  app.onError((err, c) => {
    console.error("[slack-sim] unhandled error", err);
    if (c.req.path.includes("/services/")) return c.text("rollup_error", 500);
    return c.json({ ok: false, error: "internal_error" }, 500);
  });

  app.use("*", async (c, next) => {
    const prefix = basePath(c);
    const mount = prefix === "/" ? "" : prefix;
    c.set("mountPath", mount);
    c.set("baseUrl", requestOrigin(new URL(c.req.url), (n) => c.req.header(n)) + mount);
    await next();
  });

  registerWebApiRoutes(app, services);
  registerWebhookRoutes(app, services);
  registerOAuthRoutes(app, services);
  registerPageRoutes(app, services);
  // Unknown paths under /api answer like Slack: HTTP 200 is not promised here, a JSON error is.
  app.all("/api/*", (c) => c.json({ ok: false, error: "unknown_method" }, 404));
  return app;
}
