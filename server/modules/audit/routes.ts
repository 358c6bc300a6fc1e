import { Hono } from "hono";
import { z } from "zod";
import { AUDIT_EVENT_TYPES } from "@domain/security";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import { loadUser, requireTenant, resolveTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { flushSecurityEvents, recordSecurityEvent } from "./record-security-event";
import { listSecurityEvents } from "./repo";

const blockedFormSchema = z.strictObject({
  form: z.string().trim().min(1, "is required").max(100, "is too long"),
  field: z.string().trim().min(1, "is required").max(200, "is too long"),
});

const querySchema = z.strictObject({
  eventType: z.enum(AUDIT_EVENT_TYPES).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * POST /api/audit/blocked-form {form, field} → 204 (the web app blocked a malicious form; logged);
 * GET /api/audit/security?eventType=&before=&limit= (owners and admins: canManageUsers) →
 * { events: [{id, eventType, eventData, userId, userEmail, organizationId, ipAddress, userAgent, createdAt}],
 *   nextBefore: id | null } — newest first, the current workspace's events and its members' sign-in events.
 */
export function auditRoutes() {
  return new Hono<AppEnv>()
    .post("/blocked-form", validate("json", blockedFormSchema), async (c) => {
      // The web app refused to send a form holding a script tag or javascript: URL (spec §5); it reports
      // which form and field, never the content.
      const user = await loadUser(c);
      const { form, field } = c.req.valid("json");
      await recordSecurityEvent(c.var.deps, {
        eventType: "malicious_form_submission",
        eventData: { source: "web", form, field },
        userId: user?.id ?? null,
        organizationId: user ? ((await resolveTenant(c, user.id))?.organizationId ?? null) : null,
        ipAddress: clientIp(c),
        userAgent: userAgentOf(c),
      });
      return c.body(null, 204);
    })
    .get("/security", requireTenant("canManageUsers"), validate("query", querySchema), async (c) => {
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
    });
}
