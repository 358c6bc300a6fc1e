import { bigint, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./workspaces";

/* Column builders every tenant table shares. */

/** organization_id: the workspace, first in every tenant table's key; its rows go with it. */
export const orgId = () =>
  text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

/** A moment (timestamp with time zone). */
export const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Money: integer minor units as a JavaScript number (exact below 2^53). */
export const money = (name: string) => bigint(name, { mode: "number" });
