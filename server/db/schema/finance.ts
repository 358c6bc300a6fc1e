import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { orgId, ts } from "./columns";

/*
 * Rate cards (PRODUCT.md → Rate cards): money in integer minor units of the card's currency,
 * rates per hour. Every change appends a finance row to audit_events (category 'finance').
 */

/** A named card: internal (cost per hour) or client (bill rate per hour); one default per kind. */
export const rateCards = pgTable(
  "rate_cards",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    kind: text("kind", { enum: ["internal", "client"] }).notNull(),
    name: text("name").notNull(),
    /** ISO 4217 code. */
    currency: text("currency").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    /** Rate when no line matches (minor units per hour); null = none (unpriced). */
    defaultRateMinor: bigint("default_rate_minor", { mode: "number" }),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("rate_cards_one_default_idx")
      .on(t.organizationId, t.kind)
      .where(sql`${t.isDefault}`),
    check("rate_cards_kind_valid", sql`${t.kind} in ('internal', 'client')`),
    check("rate_cards_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("rate_cards_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "rate_cards_default_rate_non_negative",
      sql`${t.defaultRateMinor} is null or ${t.defaultRateMinor} >= 0`,
    ),
  ],
);

/** A rate of a person (ClickUp user id) or a role (ClickUp tag) on a card, from a date on. */
export const rateCardLines = pgTable(
  "rate_card_lines",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    cardId: text("card_id").notNull(),
    subjectType: text("subject_type", { enum: ["person", "role"] }).notNull(),
    /** ClickUp user id, or the tag name (lower case) for a role. */
    subjectId: text("subject_id").notNull(),
    rateMinor: bigint("rate_minor", { mode: "number" }).notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "rate_card_lines_card_fk",
      columns: [t.organizationId, t.cardId],
      foreignColumns: [rateCards.organizationId, rateCards.id],
    }).onDelete("cascade"),
    uniqueIndex("rate_card_lines_subject_day_idx").on(
      t.organizationId,
      t.cardId,
      t.subjectType,
      t.subjectId,
      t.effectiveFrom,
    ),
    check("rate_card_lines_subject_type_valid", sql`${t.subjectType} in ('person', 'role')`),
    check("rate_card_lines_rate_non_negative", sql`${t.rateMinor} >= 0`),
  ],
);

/** A project's (ClickUp folder's) own client card. */
export const projectRateCards = pgTable(
  "project_rate_cards",
  {
    organizationId: orgId(),
    folderId: text("folder_id").notNull(),
    cardId: text("card_id").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.folderId] }),
    foreignKey({
      name: "project_rate_cards_card_fk",
      columns: [t.organizationId, t.cardId],
      foreignColumns: [rateCards.organizationId, rateCards.id],
    }),
    index("project_rate_cards_card_idx").on(t.organizationId, t.cardId),
  ],
);
