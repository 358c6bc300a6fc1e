import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Settings → Organization (PRODUCT.md): money, calendar and capacity of the workspace.
    /** ISO 4217 code of the workspace's money. */
    currency: text("currency").notNull().default("USD"),
    /** IANA zone of "today", week and month boundaries. */
    timeZone: text("time_zone").notNull().default("UTC"),
    weekStart: text("week_start", { enum: ["monday", "sunday"] })
      .notNull()
      .default("monday"),
    /** Capacity of a person without their own figure (spec §9: 8 hours). */
    defaultMinutesPerDay: integer("default_minutes_per_day").notNull().default(480),
    /** ISO weekdays worked: 1 Monday … 7 Sunday. */
    workingDays: integer("working_days")
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::integer[]`),
    /** First month of the fiscal year, 1–12. */
    fiscalYearStartMonth: integer("fiscal_year_start_month").notNull().default(1),
    /**
     * Raised by triggers (migration 0029) whenever a rate a report line is priced at may have
     * changed (rate cards, their lines, project cards, role tags): the lines' stored rates read at
     * an older version are read again.
     */
    ratesVersion: bigint("rates_version", { mode: "number" }).notNull().default(1),
    /** Postal address printed on invoices, purchase orders and SOWs (lines separated by "\n"). */
    billingAddress: text("billing_address").notNull().default(""),
    /** Tax or company registration number printed under the address. */
    taxId: text("tax_id").notNull().default(""),
  },
  (t) => [
    check("organizations_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("organizations_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("organizations_week_start_valid", sql`${t.weekStart} in ('monday', 'sunday')`),
    check("organizations_minutes_per_day_range", sql`${t.defaultMinutesPerDay} between 0 and 1440`),
    check("organizations_working_days_valid", sql`${t.workingDays} <@ '{1,2,3,4,5,6,7}'::integer[]`),
    check("organizations_fiscal_month_range", sql`${t.fiscalYearStartMonth} between 1 and 12`),
    check("organizations_billing_address_length", sql`length(${t.billingAddress}) <= 1000`),
    check("organizations_tax_id_length", sql`length(${t.taxId}) <= 100`),
  ],
);

export const userOrganizations = pgTable(
  "user_organizations",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("user_organizations_user_idx").on(t.userId, t.createdAt),
    check("user_organizations_role_valid", sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["pending", "accepted", "revoked"] })
      .notNull()
      .default("pending"),
    invitedBy: text("invited_by").references(() => profiles.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedBy: text("accepted_by").references(() => profiles.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // Unique within a workspace (the distribution key leads, as in every unique key of a
    // workspace table); the plain index serves the accept link, which knows only the token.
    uniqueIndex("invitations_token_idx").on(t.organizationId, t.tokenHash),
    index("invitations_token_hash_idx").on(t.tokenHash),
    index("invitations_email_idx").on(t.organizationId, t.email),
  ],
);

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The workspace's logo (Settings → Organization), printed on invoices, purchase orders and SOWs. */
export const organizationLogos = pgTable(
  "organization_logos",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    contentType: text("content_type", { enum: ["image/png", "image/jpeg"] }).notNull(),
    data: bytea("data").notNull(),
    updatedBy: text("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("organization_logos_content_type_valid", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check("organization_logos_size", sql`octet_length(${t.data}) between 1 and 524288`),
  ],
);
