import type { Context, MiddlewareHandler } from "hono";
import { findMaliciousPath } from "@domain/security";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import { loadUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { badRequest } from "../../lib/errors";
import { screenedBody } from "../../lib/input-sanity";
import { recordSecurityEvent } from "./record-security-event";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Spec §5: a submitted JSON or form body whose strings (or keys) contain a script tag or a
 * `javascript:` URL is refused with 400 naming the field, and logged as
 * malicious_form_submission — before any handler runs, so nothing is written.
 * Provider webhooks are exempt: their content is third-party data, stored and escaped on output.
 */
export function rejectMaliciousBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await rejectScriptInQuery(c.req.queries(), c);
    if (!WRITE_METHODS.has(c.req.method) || c.req.path.startsWith("/api/webhooks/")) return next();
    const body = await screenedBody(c);
    const payload = body && body.format !== "text" ? body.value : undefined;
    const field = payload === undefined ? null : findMaliciousPath(payload);
    if (field === null) return next();
    const user = await loadUser(c).catch(() => null);
    await recordSecurityEvent(c.var.deps, {
      eventType: "malicious_form_submission",
      eventData: { method: c.req.method, path: c.req.path, field: field || "body" },
      userId: user?.id ?? null,
      ipAddress: clientIp(c),
      userAgent: userAgentOf(c),
    });
    const name = field || "body";
    throw badRequest(`Invalid body: ${name} — script tags and javascript: URLs are not allowed`, [
      { field: name, message: "Script tags and javascript: URLs are not allowed" },
    ]);
  };
}

/**
 * A script tag or `javascript:` URL in a query string is a reflected-XSS probe (a crafted link):
 * refused with 400 naming the parameter and logged as xss_attempt (spec §9, flushed at once).
 */
async function rejectScriptInQuery(query: Record<string, string[]>, c: Context<AppEnv>): Promise<void> {
  const field = findMaliciousPath(query);
  if (field === null) return;
  const name = field.split(".")[0] || "query";
  const user = await loadUser(c).catch(() => null);
  await recordSecurityEvent(c.var.deps, {
    eventType: "xss_attempt",
    eventData: { method: c.req.method, path: c.req.path, field: name },
    userId: user?.id ?? null,
    ipAddress: clientIp(c),
    userAgent: userAgentOf(c),
  });
  throw badRequest(`Invalid query: ${name} — script tags and javascript: URLs are not allowed`, [
    { field: name, message: "Script tags and javascript: URLs are not allowed" },
  ]);
}
