import { sql } from "drizzle-orm";
import { run, type Executor } from "../../db/executor";

/** One round trip to the database; throws when it is unreachable. */
export async function ping(executor: Executor): Promise<void> {
  await run(executor, sql`select 1`);
}
