import { sql } from "drizzle-orm";
import { addDays, toIsoDate } from "@domain/dates";
import { startOfWeek } from "@domain/week";
import type { DemoAgency } from "../../simulator/clickup/demo/model";
import type { AppDeps } from "../context";
import { firstRow, run, transaction, type Executor } from "../db/executor";
import { getSyncState } from "../modules/sync/sync-state-repo";

/*
 * The demo agency's timesheet approval (PRODUCT.md → Timesheet approval), dated from the demo's
 * clock so the queue has work on first start: most people approved two weeks ago, last week
 * submitted by several and one rejected with a comment, the rest still open. The demo admin's and
 * member's own weeks stay open, so they can try submitting. Runs once per workspace, after the
 * first full sync: entries synced into an already approved week would be flagged as changes made
 * in ClickUp after approval.
 */

const REJECTION = "Please split the edit hours across the days you worked, not all on Friday.";

/**
 * Waits for the workspace's first full sync; false when it failed or is slower than the timeout
 * (a demo seed that needs the synced data is then left to the next start).
 */
export async function waitForFirstFullSync(
  deps: AppDeps,
  organizationId: string,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  for (;;) {
    const state = await getSyncState(deps.database.db, organizationId);
    if (state?.lastFullSyncAt) return true;
    if (state?.status === "failed" || Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, options.pollMs ?? 500));
  }
}

export async function seedTimesheetWeeks(
  deps: AppDeps,
  organizationId: string,
  demo: DemoAgency,
  reviewerUserId: string,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  if (!(await waitForFirstFullSync(deps, organizationId, options))) return;
  const lastWeek = toIsoDate(addDays(startOfWeek(deps.now()), -7))!;
  const twoWeeksAgo = toIsoDate(addDays(startOfWeek(deps.now()), -14))!;
  const own = new Set([demo.adminUserId, demo.memberUserId].map(String));
  const people = demo.users.map((u) => String(u.id)).filter((id) => !own.has(id));
  const at = deps.now().toISOString();
  await transaction(deps.database, async (tx: Executor) => {
    const existing = await firstRow<{ found: number }>(
      tx,
      sql`select 1 as found from timesheet_weeks where organization_id = ${organizationId} limit 1`,
    );
    if (existing) return;
    const week = (person: string, weekStart: string, status: string, comment: string | null = null) =>
      run(
        tx,
        sql`insert into timesheet_weeks (organization_id, clickup_user_id, week_start, status, version,
              submitted_at, decided_at, decided_by, comment, updated_at)
            values (${organizationId}, ${person}, ${weekStart}::date, ${status}, ${status === "submitted" ? 1 : 2},
              ${at}::timestamptz, ${status === "submitted" ? null : at}::timestamptz,
              ${status === "submitted" ? null : reviewerUserId}, ${comment}, ${at}::timestamptz)
            on conflict do nothing`,
      );
    for (const [i, person] of people.entries()) {
      if (i % 5 !== 4) await week(person, twoWeeksAgo, "approved");
      if (i % 3 === 0) await week(person, lastWeek, "submitted");
    }
    if (people[1]) await week(people[1], lastWeek, "rejected", REJECTION);
  });
}
