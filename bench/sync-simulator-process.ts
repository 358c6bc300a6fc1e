/**
 * The ClickUp simulator of `npm run bench:sync`, in a process of its own (forked by
 * bench/sync.ts), so the bench's peak RSS is the app's alone: the simulator's 1M generated time
 * entries and its JSON responses live here. The app reaches it over real HTTP on 127.0.0.1, as
 * it reaches ClickUp.
 *
 * IPC: on start it sends { type: "ready", port, teamId, token, counts }; it answers
 * { type: "reset" } with { type: "reset" } (call counters zeroed) and { type: "summary" } with
 * { type: "summary", calls, rateLimited, byRoute, minimumCalls, peakRss }.
 */
import { serve } from "@hono/node-server";
import { createClickUpSimulator, type AgencySize, type ClickUpSimulator } from "../simulator/clickup/index";

export interface SimReady {
  type: "ready";
  port: number;
  teamId: string;
  token: string;
  counts: { tasks: number; timeEntries: number; users: number };
}

export interface SimSummary {
  type: "summary";
  calls: number;
  rateLimited: number;
  byRoute: Record<string, number>;
  minimumCalls: number;
  peakRss: number;
}

/**
 * The least a full sync can do: /team, spaces, per space its folders and folderless lists,
 * every page of the team's tasks that are not archived, then — archived being a parameter of
 * Get Tasks of a list only in ClickUp's OpenAPI document, with nothing saying which lists hold
 * archived tasks — every list's archived tasks (one page per 100, at least one per list), one
 * time-entry request, webhook list + create.
 */
export function minimumSyncCalls(sim: ClickUpSimulator): number {
  const team = sim.demo.teamId;
  const tasks = sim.state.tasks.filter((t) => !t.deleted && t.teamId === team);
  const spaceIds = new Set([...sim.state.spaces.values()].filter((s) => s.teamId === team).map((s) => s.id));
  const active = tasks.filter((t) => !t.archived).length;
  const archivedByList = new Map<string, number>();
  for (const l of sim.state.lists.values())
    if (!l.deleted && spaceIds.has(l.spaceId)) archivedByList.set(l.id, 0);
  for (const t of tasks)
    if (t.archived) archivedByList.set(t.listId, (archivedByList.get(t.listId) ?? 0) + 1);
  const pages = (n: number) => Math.max(1, Math.ceil(n / 100));
  let archivedPages = 0;
  for (const n of archivedByList.values()) archivedPages += pages(n);
  return 1 + 1 + 2 * spaceIds.size + pages(active) + archivedPages + 1 + 2;
}

function main(): void {
  const agency = process.env.BENCH_SIM_AGENCY as AgencySize;
  const limit = process.env.BENCH_SIM_RATE_LIMIT;
  const sim = createClickUpSimulator({
    seed: 42,
    agency,
    rateLimitPerMinute: limit ? Number(limit) : null,
    // Deliveries are not part of this benchmark.
    webhookFetch: () => Promise.resolve(new Response("{}", { status: 200 })),
  });
  let peakRss = process.memoryUsage().rss;
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100).unref();
  const send = (message: SimReady | SimSummary | { type: "reset" }) => process.send?.(message);
  const server = serve({ fetch: sim.app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
    send({
      type: "ready",
      port: info.port,
      teamId: sim.demo.teamId,
      token: sim.createPersonalToken(sim.demo.ownerUserId),
      counts: sim.demo.counts,
    });
  });
  process.on("message", (message: { type: string }) => {
    if (message.type === "reset") {
      sim.stats.reset();
      send({ type: "reset" });
    } else if (message.type === "summary") {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      send({
        type: "summary",
        calls: sim.stats.total,
        rateLimited: sim.stats.rateLimited,
        byRoute: sim.stats.byRoute,
        minimumCalls: minimumSyncCalls(sim),
        peakRss,
      });
    }
  });
  process.on("disconnect", () => {
    sim.close();
    server.close();
    process.exit(0);
  });
}

if (process.send) main();
