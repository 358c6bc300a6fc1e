import { sql } from "drizzle-orm";
import type { ClickUpSimulator } from "../../simulator/clickup/index";
import type { AppDeps } from "../context";
import { firstRow } from "../db/executor";
import { waitForFirstFullSync } from "./seed-timesheet-weeks";

/*
 * A little activity in the demo agency's (simulated) ClickUp once the first full sync is done:
 * three people update task briefs and tag work for client review, in ClickUp, where the app does
 * not see it. ClickUp tells the app as it would: signed webhook deliveries over HTTP to the
 * workspace's registered endpoint, recorded and processed by the job queue, so the Webhook
 * activity report (/reporting/webhook-activity) has deliveries on first start. Only descriptions
 * and tags change: no hours, dates or statuses the other screens show. Once per workspace.
 */

export async function seedWebhookActivity(
  deps: AppDeps,
  organizationId: string,
  sim: ClickUpSimulator,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  if (!(await waitForFirstFullSync(deps, organizationId, options))) return;
  const seen = await firstRow<{ found: number }>(
    deps.database.db,
    sql`select 1 as found from webhook_events where organization_id = ${organizationId} limit 1`,
  );
  if (seen) return;
  const signIns = new Set([sim.demo.ownerUserId, sim.demo.adminUserId, sim.demo.memberUserId]);
  const people = sim.demo.users.map((u) => u.id).filter((id) => !signIns.has(id));
  // Live, unarchived tasks of the demo's projects, none of them the demo sign-ins' own, the oldest
  // first: the same tasks from start to start.
  const tasks = sim.state.tasks
    .filter(
      (t) =>
        t.teamId === sim.demo.teamId &&
        !t.deleted &&
        !t.archived &&
        t.folderId !== null &&
        !t.assignees.some((a) => signIns.has(a)),
    )
    .slice(0, 6);
  for (const [i, task] of tasks.entries()) {
    const actor = { userId: people[i % 3]! };
    sim.mutate.updateTask(
      task.id,
      { description: `${task.description}\n\nBrief updated after the client call.`.trim() },
      actor,
    );
    if (i % 2 === 0) sim.mutate.addTag(task.id, "client review", actor);
  }
  await sim.flushWebhooks();
}
