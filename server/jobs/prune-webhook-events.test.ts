import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { rows, run } from "../db/executor";
import { runWebhookPrune } from "./prune-webhook-events";

/* Issue 11 item 7: webhook history is pruned on a schedule, keeping what the activity report reads. */

const NOW = Date.UTC(2031, 9, 15, 4, 15);
const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(NOW) });
});
afterAll(async () => {
  await ctx.close();
});

describe("prune-webhook-events job", () => {
  it("deletes history past 90 days (unmatched deliveries past 7) and drops applied bodies past 7 days", async () => {
    const db = ctx.database.db;
    const org = "org-prune";
    const add = (label: string, orgId: string, status: string, daysAgo: number) =>
      run(
        db,
        sql`insert into webhook_events (organization_id, event, task_id, signature_valid, status, payload, received_at)
            values (${orgId}, 'taskUpdated', ${label}, ${status !== "rejected"}, ${status},
                    ${JSON.stringify({ label, pad: "x".repeat(500) })}::jsonb, ${new Date(NOW - daysAgo * DAY).toISOString()}::timestamptz)`,
      );
    await add("ancient", org, "processed", 91);
    await add("old-rejected", org, "rejected", 89);
    await add("old-processed", org, "processed", 8);
    await add("old-duplicate", org, "duplicate", 8);
    await add("old-failed", org, "failed", 8);
    await add("recent-processed", org, "processed", 6);
    await add("unmatched-old", "", "rejected", 8);
    await add("unmatched-recent", "", "rejected", 1);

    expect(await runWebhookPrune(ctx.deps)).toEqual({ deleted: 2, trimmed: 2 });
    const left = await rows<{ task_id: string; has_payload: boolean }>(
      db,
      sql`select task_id, payload is not null as has_payload from webhook_events order by task_id`,
    );
    expect(left).toEqual([
      { task_id: "old-duplicate", has_payload: false },
      { task_id: "old-failed", has_payload: true },
      { task_id: "old-processed", has_payload: false },
      { task_id: "old-rejected", has_payload: true },
      { task_id: "recent-processed", has_payload: true },
      { task_id: "unmatched-recent", has_payload: true },
    ]);
    // Idempotent: a second run finds nothing more to do.
    expect(await runWebhookPrune(ctx.deps)).toEqual({ deleted: 0, trimmed: 0 });
  });
});
