import type { MiddlewareHandler } from "hono";

/**
 * API answers carry account and workspace data: no browser or shared cache may keep them
 * (ASVS 8.2.1). Every /api response gets `Cache-Control: no-store` unless its route chose a
 * Cache-Control of its own; error answers included.
 */
export function noStoreApiResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has("cache-control")) return;
    try {
      c.res.headers.set("Cache-Control", "no-store");
    } catch {
      // A response with immutable headers (e.g. straight from fetch): copy it once.
      const res = new Response(c.res.body, c.res);
      res.headers.set("Cache-Control", "no-store");
      c.res = res;
    }
  };
}
