import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { orgId, ts } from "./columns";

/*
 * Capacity and time off (spec §9 "Capacity 8 hours per day"; PRODUCT.md → Workload, Settings →
 * Organization and People). People are ClickUp users (provider_users.id): the workload grid is
 * per ClickUp assignee, most of whom are not app members. The workspace calendar (working days,
 * default minutes per day) lives on organizations. The SQL function workload_capacity()
 * (migration 0008) turns these rows into capacity per person per day.
 */

/** Days nobody works (Settings → Organization → Holidays). */
export const workspaceHolidays = pgTable(
  "workspace_holidays",
  {
    organizationId: orgId(),
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day] }),
    check("workspace_holidays_name_not_blank", sql`length(btrim(${t.name})) > 0`),
  ],
);

/**
 * Per-person settings (Settings → People): minutes per day (null = the workspace default), from
 * `minutes_effective_from` on (null = always; before it the workspace default applies), and the
 * person's role tags (ClickUp tag names such as Editor, Producer: rate-card role lines and the
 * workload grouping read them). Also the person's purchasing limit (minor units of the workspace
 * currency: the PO amount up to which they may approve on their own; null = none, so every PO
 * they raise needs an owner or admin — PRODUCT.md → Purchase orders) and utilisation target
 * (basis points, 0–10,000; null = none — Reports → Utilization, the workload grid).
 */
export const personSettings = pgTable(
  "person_settings",
  {
    organizationId: orgId(),
    /** ClickUp user id (provider_users.id). */
    clickupUserId: text("clickup_user_id").notNull(),
    minutesPerDay: integer("minutes_per_day"),
    minutesEffectiveFrom: date("minutes_effective_from", { mode: "string" }),
    roleTags: text("role_tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    purchasingLimitMinor: bigint("purchasing_limit_minor", { mode: "number" }),
    utilizationTargetBp: integer("utilization_target_bp"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.clickupUserId] }),
    check(
      "person_settings_minutes_range",
      sql`${t.minutesPerDay} is null or ${t.minutesPerDay} between 0 and 1440`,
    ),
    check(
      "person_settings_purchasing_limit_non_negative",
      sql`${t.purchasingLimitMinor} is null or ${t.purchasingLimitMinor} >= 0`,
    ),
    check(
      "person_settings_utilization_target_range",
      sql`${t.utilizationTargetBp} is null or ${t.utilizationTargetBp} between 0 and 10000`,
    ),
  ],
);

/** Time off of one person: a date range (inclusive), a half day (one day only), a type. */
export const timeOff = pgTable(
  "time_off",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    /** ClickUp user id (provider_users.id). */
    clickupUserId: text("clickup_user_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /** Half a day off: removes half the person's minutes of that day. */
    halfDay: boolean("half_day").notNull().default(false),
    type: text("type", { enum: ["holiday", "sick", "other"] }).notNull(),
    note: text("note"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("time_off_person_idx").on(t.organizationId, t.clickupUserId, t.startDate),
    index("time_off_range_idx").on(t.organizationId, t.endDate, t.startDate),
    check("time_off_range_valid", sql`${t.endDate} >= ${t.startDate}`),
    check("time_off_half_day_single", sql`not ${t.halfDay} or ${t.endDate} = ${t.startDate}`),
    check("time_off_type_valid", sql`${t.type} in ('holiday', 'sick', 'other')`),
  ],
);
