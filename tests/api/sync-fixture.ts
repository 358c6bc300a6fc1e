import { sql, type SQL } from "drizzle-orm";
import {
  createClickUpSimulator,
  type ClickUpSimulator,
  type ClickUpSimulatorOptions,
} from "../../simulator/clickup/index";
import type { AppDeps } from "../../server/context";
import { firstRow, run } from "../../server/db/executor";
import { newId } from "../../server/lib/ids";
import { encryptSecret } from "../../server/lib/secrets";
import { createTestContext, type TestContext } from "./harness";

/** Wednesday 18 March 2026, 15:30 UTC — the simulator's test clock. */
export const SYNC_TEST_NOW = Date.UTC(2026, 2, 18, 15, 30);

export interface SyncFixture {
  ctx: TestContext;
  sim: ClickUpSimulator;
  deps: AppDeps;
  orgId: string;
  teamId: string;
  token: string;
  count(query: SQL): Promise<number>;
  close(): Promise<void>;
}

/**
 * Test fixture of the sync, connection and job tests (not production code). An API test context wired to an in-process simulator: ClickUp calls go to `sim.fetch`,
 * webhook deliveries come back into the app, and one workspace is connected with the owner's
 * personal token (the OAuth flow has its own tests).
 */
export async function syncFixture(
  simOptions: ClickUpSimulatorOptions = {},
  opts: { connect?: boolean; env?: Record<string, string> } = {},
): Promise<SyncFixture> {
  const ref: { ctx?: TestContext } = {};
  const sim = createClickUpSimulator({
    seed: 7,
    agency: "small",
    rateLimitPerMinute: null,
    now: () => SYNC_TEST_NOW,
    webhookRetryDelayMs: 5,
    webhookFetch: (input, init) => {
      if (!ref.ctx) throw new Error("app not ready");
      return Promise.resolve(ref.ctx.app.request(input instanceof Request ? input : String(input), init));
    },
    ...simOptions,
  });
  const ctx = await createTestContext(opts.env ?? {}, {
    clickup: {
      apiUrl: "http://clickup.sim/api/v2",
      clientId: null,
      clientSecret: null,
      fetch: sim.fetch as typeof fetch,
      simulated: true,
      clientOptions: { backoffMs: 5, concurrency: 4 },
    },
  });
  ref.ctx = ctx;
  const deps = ctx.deps;
  const orgId = newId();
  const teamId = sim.demo.teamId;
  const token = sim.createPersonalToken(sim.demo.ownerUserId);
  const db = deps.database.db;
  await run(db, sql`insert into organizations (id, name) values (${orgId}, 'Sync Test Agency')`);
  if (opts.connect !== false) {
    await run(
      db,
      sql`insert into clickup_workspace_connections (organization_id, clickup_team_id, clickup_team_name, auth_type, access_token_enc, status)
          values (${orgId}, ${teamId}, ${sim.demo.teamName}, 'personal', ${encryptSecret(token, deps.secrets.encryptionKey)}, 'active')`,
    );
  }
  return {
    ctx,
    sim,
    deps,
    orgId,
    teamId,
    token,
    count: async (query) => Number((await firstRow<{ n: number | string }>(db, query))?.n ?? 0),
    close: async () => {
      sim.close();
      await ctx.close();
    },
  };
}

/** What the simulator holds for the workspace: the truth a full sync must reproduce. */
export function simTruth(sim: ClickUpSimulator) {
  const teamId = sim.demo.teamId;
  const tasks = sim.state.tasks.filter((t) => !t.deleted && t.teamId === teamId);
  const store = sim.state.timeEntries;
  const teamIndex = sim.state.teamIndex(teamId);
  let timeEntries = 0;
  for (let i = 0; i < store.count; i++) {
    if (store.teamIdx[i] !== teamIndex || store.isDeleted(i) || store.isRunning(i)) continue;
    const taskIndex = store.taskIdx[i] ?? -1;
    const task = taskIndex >= 0 ? sim.state.tasks[taskIndex] : undefined;
    if (task?.deleted) continue;
    timeEntries++;
  }
  return { tasks, timeEntries };
}
