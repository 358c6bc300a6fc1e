import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The business change trail (PRODUCT.md → Finance audit): one append-only row per change of a
 * business object (members, invitations, workspace settings, timesheets, impersonation, and the
 * finance objects), written by recordChange() in the same transaction as the change itself. A
 * trigger (migration 0005) refuses UPDATE, DELETE and TRUNCATE. No foreign keys: the trail
 * outlives what it describes. The buffered security log (security_audit_log) is separate.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    organizationId: text("organization_id").notNull(),
    id: text("id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change: a profile id, or "system" for jobs. */
    actorUserId: text("actor_user_id").notNull(),
    /** Set when the change was made while an admin viewed the app as the actor. */
    impersonatorUserId: text("impersonator_user_id"),
    /** The kind of object: member, invitation, workspace, timesheet_week, impersonation, rate_card… */
    objectType: text("object_type").notNull(),
    objectId: text("object_id").notNull(),
    /** What happened: created, updated, deleted, submitted, approved, started, stopped… */
    action: text("action").notNull(),
    /** 'finance' for the finance audit trail (rate cards, budgets, POs…); null for the rest. */
    category: text("category"),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("audit_events_org_time_idx").on(t.organizationId, t.occurredAt),
    index("audit_events_object_idx").on(t.organizationId, t.objectType, t.objectId, t.occurredAt),
    index("audit_events_actor_idx").on(t.organizationId, t.actorUserId, t.occurredAt),
    index("audit_events_category_idx")
      .on(t.organizationId, t.category, t.occurredAt)
      .where(sql`${t.category} is not null`),
  ],
);
