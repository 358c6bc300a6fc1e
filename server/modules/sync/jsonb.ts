import { sql, type SQL } from "drizzle-orm";

/**
 * One jsonb parameter: how the sync repos send a whole batch in a single statement
 * (`jsonb_to_recordset(${jsonb(rows)})`) instead of one parameter per value.
 */
export function jsonb(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::jsonb`;
}
