import { sql, type SQL } from "drizzle-orm";

/* How SQL names people, so every list and report names them the same way. */

/**
 * An app user's name from `profiles` joined as `alias`: first and last name, else the account's
 * name, else the e-mail; null when the join found no one (spec §3's displayName, in SQL).
 */
export function profileNameSql(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`case when ${p}.id is null then null
    else coalesce(nullif(btrim(concat_ws(' ', ${p}.first_name, ${p}.last_name)), ''), nullif(${p}.name, ''), ${p}.email) end`;
}

/** A ClickUp user's name (spec §8 fallback as far as the users table goes): username, e-mail, then 'User {id}'. */
export function clickupUserNameSql(pu: SQL, id: SQL): SQL {
  return sql`coalesce(nullif(btrim(${pu}.username), ''), nullif(btrim(${pu}.email), ''), 'User ' || ${id})`;
}
