import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { organizations } from "./workspaces";

/**
 * Dashboard "view as" (spec §2, §6): while a row exists, the actor (an admin or owner) sees the
 * target member's dashboard in this workspace, treated as non-admin, with time logging refused.
 * One row per actor and workspace; every start and stop is also written to security_audit_log.
 */
export const impersonations = pgTable(
  "impersonations",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    targetUserId: text("target_user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.actorUserId] }),
    index("impersonations_target_idx").on(t.organizationId, t.targetUserId),
  ],
);
