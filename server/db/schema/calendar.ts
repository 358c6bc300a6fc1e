import { pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { organizations } from "./workspaces";

/*
 * Private iCalendar feeds (PRODUCT.md → Milestones): one per user and workspace. The URL carries a
 * random token; only its SHA-256 is stored, so a database read never yields a working URL.
 * Revoking deletes the row (the old URL answers 404); a new feed gets a new token.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token in the URL. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash),
  ],
);
