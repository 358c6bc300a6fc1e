import { Hono } from "hono";
import { basePath, matchedRoutes } from "hono/route";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Access } from "./access";
import type { SimEnv, SimServices } from "./context";
import { ClickUpError, errors } from "./errors";
import { registerHierarchyRoutes } from "./routes/hierarchy";
import { registerHierarchyWriteRoutes } from "./routes/hierarchy-writes";
import { registerOAuthRoutes } from "./routes/oauth";
import { registerPageRoutes } from "./routes/pages";
import { registerTaskRoutes } from "./routes/tasks";
import { registerTimeEntryRoutes } from "./routes/time-entries";
import { registerWebhookRoutes } from "./routes/webhooks";

const API_PREFIX = "/api/v2";
const TOKEN_PATH = `${API_PREFIX}/oauth/token`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Wait `ms`, or less when the client goes away (the node server aborts the request's signal). */
function hang(signal: AbortSignal | undefined, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });
}

/** Origin of the request as the client saw it (honours a reverse proxy's X-Forwarded-*). */
function requestOrigin(url: URL, headers: (name: string) => string | undefined): string {
  const proto = headers("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = headers("x-forwarded-host")?.split(",")[0]?.trim();
  if (proto && host) return `${proto}://${host}`;
  return url.origin;
}

/**
 * The simulator's Hono app. Routes are relative to wherever the host mounts it: the ClickUp API
 * under `/api/v2/…`, the OAuth consent page at `/api` (like https://app.clickup.com/api), plus
 * a few read-only HTML pages (`/`, `/t/{task_id}`, `/{team_id}/v/f/{folder_id}`).
 */
export function createSimApp(services: SimServices): Hono<SimEnv> {
  const { stats, faults, rateLimiter, auth, state } = services;
  const app = new Hono<SimEnv>();

  app.onError((err, c) => {
    if (err instanceof ClickUpError) return c.json(err.body, err.status);
    console.error("[clickup-sim] unhandled error", err);
    const e = errors.internal();
    return c.json(e.body, e.status);
  });

  // Mount prefix (for absolute URLs) and request statistics.
  app.use("*", async (c, next) => {
    const prefix = basePath(c);
    const mount = prefix === "/" ? "" : prefix;
    c.set("mountPath", mount);
    c.set("baseUrl", requestOrigin(new URL(c.req.url), (n) => c.req.header(n)) + mount);
    await next();
    // The simulator's own clock (a test clock may set it to another date): clients correct
    // X-RateLimit-Reset by the skew between this header and their clock, as with ClickUp's.
    try {
      c.res.headers.set("Date", new Date(state.now()).toUTCString());
    } catch {
      /* immutable headers (a passed-through Response): keep its own */
    }
    // The first matched concrete route (middleware and catch-alls are registered as "ALL"),
    // also when a middleware answered first (401, 429, injected faults).
    const route = matchedRoutes(c).find((r) => r.method !== "ALL")?.path;
    const relative =
      route === undefined ? null : route.startsWith(mount) ? route.slice(mount.length) || "/" : route;
    stats.record(
      relative === null ? `${c.req.method} (unmatched)` : `${c.req.method} ${relative}`,
      c.res.status,
    );
  });

  // Fault injection sits in front of everything API-shaped, including the token endpoint.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    const path = c.req.path.slice(c.get("mountPath").length);
    const fault = faults.forRequest(path, c.req.method);
    if (fault.slowMs > 0) await sleep(fault.slowMs);
    if (fault.failStatus !== null) {
      stats.faultsInjected++;
      if (fault.failStatus === 429) {
        // An injected 429 looks like a real one: a window that resets within about a second.
        const e = errors.rateLimited();
        const res = c.json(e.body, e.status);
        res.headers.set("X-RateLimit-Limit", String(rateLimiter.limit ?? 100));
        res.headers.set("X-RateLimit-Remaining", "0");
        res.headers.set("X-RateLimit-Reset", String(Math.ceil((state.now() + 500) / 1000)));
        return res;
      }
      const e = errors.internal(fault.failStatus as ContentfulStatusCode);
      return c.json(e.body, e.status);
    }
    await next();
    // Apply then fail: the handler ran (the write is in the state), its answer is lost.
    if (fault.applyThenFail && c.res.status >= 200 && c.res.status < 300) {
      stats.faultsInjected++;
      let status = fault.applyThenFail.status;
      if (status === "hang") {
        await hang(c.req.raw.signal, fault.applyThenFail.hangMs);
        status = 504;
      }
      const e = errors.internal(status as ContentfulStatusCode);
      c.res = undefined;
      c.res = c.json(e.body, e.status);
      return;
    }
    if (fault.malformed) {
      stats.faultsInjected++;
      const text = await c.res.text();
      const headers = new Headers(c.res.headers);
      headers.delete("content-length");
      // Cut the JSON in half: a truncated body, as after a dropped connection.
      c.res = new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
        status: c.res.status,
        headers,
      });
    }
  });

  // Authentication and the per-token rate limit for every API route except the token exchange.
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    if (c.req.path.endsWith(TOKEN_PATH)) return next();
    const token = auth.resolveHeader(c.req.header("authorization"));
    const user = state.users.get(token.userId);
    if (!user) throw errors.tokenNotFound();
    const verdict = rateLimiter.hit(token.token);
    const setHeaders = (headers: Headers) => {
      if (!verdict) return;
      headers.set("X-RateLimit-Limit", String(verdict.limit));
      headers.set("X-RateLimit-Remaining", String(verdict.remaining));
      headers.set("X-RateLimit-Reset", String(verdict.reset));
    };
    if (verdict?.limited) {
      const e = errors.rateLimited();
      const res = c.json(e.body, e.status);
      setHeaders(res.headers);
      return res;
    }
    c.set("access", new Access(state, { token, user }));
    await next();
    setHeaders(c.res.headers);
  });

  const api = new Hono<SimEnv>();
  registerHierarchyRoutes(api, services);
  registerHierarchyWriteRoutes(api, services);
  registerTaskRoutes(api, services);
  registerTimeEntryRoutes(api, services);
  registerWebhookRoutes(api, services);
  registerOAuthRoutes(app, services);
  app.route(API_PREFIX, api);
  // Unknown API routes answer in ClickUp's error shape (also when mounted inside a host app,
  // where this sub-app's notFound handler would not apply).
  app.all(`${API_PREFIX}/*`, (c) => {
    const e = errors.routeNotFound();
    return c.json(e.body, e.status);
  });
  registerPageRoutes(app, services);
  return app;
}
