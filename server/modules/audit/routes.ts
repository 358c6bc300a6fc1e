import { Hono } from "hono";
import { z } from "zod";
import { AUDIT_EVENT_TYPES } from "@domain/security";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { flushSecurityEvents } from "./record-security-event";
import { listSecurityEvents } from "./repo";

const querySchema = z.strictObject({
  eventType: z.enum(AUDIT_EVENT_TYPES).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * GET /api/audit/security?eventType=&before=&limit= (owners and admins: canManageUsers) →
 * { events: [{id, eventType, eventData, userId, userEmail, organizationId, ipAddress, userAgent, createdAt}],
 *   nextBefore: id | null } — newest first, the current workspace's events and its members' sign-in events.
 */
export function auditRoutes() {
  return new Hono<AppEnv>().get(
    "/security",
    requireTenant("canManageUsers"),
    validate("query", querySchema),
    async (c) => {
      const { deps } = c.var;
      await flushSecurityEvents(deps);
      const q = c.req.valid("query");
      const events = await listSecurityEvents(deps.database, {
        organizationId: c.var.tenant.organizationId,
        eventType: q.eventType,
        before: q.before,
        limit: q.limit + 1,
      });
      const page = events.slice(0, q.limit);
      return c.json({
        events: page,
        nextBefore: events.length > q.limit ? (page[page.length - 1]?.id ?? null) : null,
      });
    },
  );
}
