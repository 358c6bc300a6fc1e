import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors";

/**
 * Routes that take more than BODY_LIMIT_BYTES and guard their own size with `routeBodyLimit`
 * ("METHOD /path" as the request sees it). The app-wide limit lets only these through.
 */
const OWN_LIMIT_ROUTES = new Set(["POST /api/reports/datasets"]);

/** The app-wide request size limit (413), except for the routes with a limit of their own. */
export function apiBodyLimit(maxSize: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, "payload_too_large", "Request body is too large");
    },
  });
  return (c, next) => (OWN_LIMIT_ROUTES.has(`${c.req.method} ${c.req.path}`) ? next() : limit(c, next));
}

/**
 * One route's own size limit, listed in OWN_LIMIT_ROUTES: a body over `maxSize` is 413 naming the
 * field that makes it large, before any of it is parsed.
 */
export function routeBodyLimit(maxSize: number, field: string, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, "payload_too_large", "Request body is too large", [{ field, message }]);
    },
  });
}
