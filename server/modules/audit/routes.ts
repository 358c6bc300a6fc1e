import { Hono } from "hono";
import { clientIp, userAgentOf } from "../../auth/client-ip";
import { loadUserContext, requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  blockedFormRequestSchema,
  financeAuditExportQuerySchema,
  financeAuditQuerySchema,
  financeAuditResponseSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
} from "./contract";
import { exportFinanceEvents, financeAuditCsvColumns, listFinanceEvents } from "./list-finance-events";
import { listSecurityEvents } from "./list-security-events";
import { BLOCKED_FORM_LIMIT, publicRateLimit } from "./public-rate-limit";
import { reportBlockedForm } from "./report-blocked-form";

const tags = ["Audit"];

/**
 * POST /api/audit/blocked-form {form, field} → 204 (the web app blocked a malicious form; logged;
 *   at most BLOCKED_FORM_LIMIT per address, then 429);
 * GET /api/audit/security?eventType=&before=&limit= (owners and admins: canManageUsers) →
 * { events: [{id, eventType, eventData, userId, userEmail, organizationId, ipAddress, userAgent, createdAt}],
 *   nextBefore: id | null } — newest first, the current workspace's events and the caller's own sign-in events.
 * GET /api/audit/finance?object=&personId=&from=&to=&page=&pageSize= (canViewFinancials) → the
 *   workspace's finance audit trail, newest first, paged: { items, total, page, pageSize, timeZone,
 *   currency, people }; GET /api/audit/finance.csv with the same filters → every matching row as CSV.
 */
export function auditRoutes() {
  return new Hono<AppEnv>()
    .post(
      "/blocked-form",
      documented({
        summary: "Report a form the web app refused to send (script tag or javascript: URL)",
        tags,
        status: 204,
        public: true,
      }),
      publicRateLimit("blocked-form", BLOCKED_FORM_LIMIT),
      validate("json", blockedFormRequestSchema),
      async (c) => {
        const { deps } = c.var;
        const caller = (await loadUserContext(c)) ?? {
          deps,
          db: deps.database.db,
          userId: null,
          ip: clientIp(c),
          userAgent: userAgentOf(c),
        };
        await reportBlockedForm(caller, c.req.valid("json"));
        return c.body(null, 204);
      },
    )
    .get(
      "/security",
      documented({
        summary: "The workspace's security log, newest first (owners and admins)",
        tags,
        response: securityEventsResponseSchema,
      }),
      requireTenant("canManageUsers"),
      validate("query", securityEventsQuerySchema),
      async (c) => c.json(await listSecurityEvents(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/finance.csv",
      documented({
        summary: "The finance audit trail as CSV: the list's filters, every row, newest first (streamed)",
        tags,
        mediaType: "text/csv",
      }),
      requireTenant("canViewFinancials"),
      validate("query", financeAuditExportQuerySchema),
      async (c) => {
        const date = c.var.deps.now().toISOString().slice(0, 10);
        const { timeZone, batches } = await exportFinanceEvents(c.var.ctx, c.req.valid("query"));
        return csvResponse(c, {
          filename: `finance-audit-${date}.csv`,
          columns: financeAuditCsvColumns(timeZone),
          batches,
        });
      },
    )
    .get(
      "/finance",
      documented({
        summary:
          "The workspace's finance audit trail (rate cards, budgets…), newest first, filtered and paged",
        tags,
        response: financeAuditResponseSchema,
      }),
      requireTenant("canViewFinancials"),
      validate("query", financeAuditQuerySchema),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await listFinanceEvents(c.var.ctx, c.req.valid("query")));
      },
    );
}
