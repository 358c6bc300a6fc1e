import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { orgId, ts } from "./columns";

/*
 * Timesheet approval (PRODUCT.md → Timesheet approval; domain/timesheet-approval.ts). A week is
 * one person's (their ClickUp user, as the timesheet logs time) Monday-to-Sunday week in UTC, the
 * timesheet's week. No row means open. Every change is also an audit_events row.
 */

export const timesheetWeeks = pgTable(
  "timesheet_weeks",
  {
    organizationId: orgId(),
    /** ClickUp user id of the person (provider_users.id), as time_entries.user_id. */
    clickupUserId: text("clickup_user_id").notNull(),
    /** The Monday yyyy-MM-dd. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    status: text("status", { enum: ["open", "submitted", "approved", "rejected"] }).notNull(),
    /** Bumped by every change: a reviewer acts on the version they saw. */
    version: integer("version").notNull().default(1),
    submittedAt: ts("submitted_at"),
    submittedBy: text("submitted_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    /** The reviewer's last comment (required to reject). */
    comment: text("comment"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.clickupUserId, t.weekStart] }),
    // The approval queue filters by status and period.
    index("timesheet_weeks_status_idx").on(t.organizationId, t.status, t.weekStart),
    check("timesheet_weeks_status_valid", sql`${t.status} in ('open', 'submitted', 'approved', 'rejected')`),
    check("timesheet_weeks_monday", sql`extract(isodow from ${t.weekStart}) = 1`),
  ],
);

/**
 * A change made in ClickUp to a time entry of an approved week, found by the sync: the change is
 * kept (the entry is stored as ClickUp has it) and flagged here until an admin acknowledges it.
 * One row per distinct change (the fingerprint of the entry's new state), so a re-sync adds none.
 */
export const lockedWeekChanges = pgTable(
  "locked_week_changes",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    clickupUserId: text("clickup_user_id").notNull(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    /** ClickUp's time entry id. */
    timeEntryId: text("time_entry_id").notNull(),
    change: text("change", { enum: ["added", "changed", "deleted"] }).notNull(),
    /** The entry before and after ({taskId, start, durationMs, billable}); null where there is none. */
    before: jsonb("before"),
    after: jsonb("after"),
    fingerprint: text("fingerprint").notNull(),
    detectedAt: ts("detected_at").notNull(),
    acknowledgedAt: ts("acknowledged_at"),
    acknowledgedBy: text("acknowledged_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("locked_week_changes_fingerprint_idx").on(t.organizationId, t.timeEntryId, t.fingerprint),
    index("locked_week_changes_open_idx")
      .on(t.organizationId, t.detectedAt)
      .where(sql`${t.acknowledgedAt} is null`),
    index("locked_week_changes_week_idx").on(t.organizationId, t.clickupUserId, t.weekStart),
    check("locked_week_changes_change_valid", sql`${t.change} in ('added', 'changed', 'deleted')`),
  ],
);
