/**
 * Dashboard benchmark on a synced demo agency (default: large — 300 people, 100k tasks, 1M time
 * entries): p50/p95 of each dashboard endpoint's server work (the use case with its task-scope
 * lookup, the SQL included; HTTP and session lookup excluded) for a member and an admin, beside
 *  (a) the raw-SQL floor — one hand-written aggregate over the same rows per panel, and
 *  (b) the seed's client-side path — every task fetched in pages of 5,000 ordered by id, the time
 *      entries of the person's tasks, and the panels aggregated in JavaScript with domain/ rules.
 *
 *   npm run bench:dashboard                                   # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:dashboard          # PostgreSQL (a fresh database)
 *   BENCH_AGENCY=medium BENCH_RUNS=30 npm run bench:dashboard
 */
import {
  bookedTodayPercent,
  hoursPerDayEstimate,
  projectRevisionSummaries,
  selectOtherTasks,
  sortMyProjects,
  startOfWeek,
  taskCoversDay,
  toIsoDate,
  addDays,
  weekDays,
  TASK_PAGE_SIZE,
  type CustomField,
} from "@domain/index";
import type { Database } from "../server/db/client";
import { getDashboardSummary } from "../server/modules/dashboard/get-dashboard-summary";
import { getWeek } from "../server/modules/dashboard/get-week";
import { listMyProjects } from "../server/modules/dashboard/list-my-projects";
import { listOtherTasks } from "../server/modules/dashboard/list-other-tasks";
import { systemContext, type RequestContext } from "../server/request-context";
import { measure, runOnSyncedAgency, type Stat } from "./synced-agency";

const ORG = "bench-org";

/** The seed's path: every task in pages of 5,000, then the person's time entries, then JavaScript. */
async function clientSidePath(database: Database, providerUserId: string, today: string) {
  const tasks: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += TASK_PAGE_SIZE) {
    const { rows } = await database.raw.query<Record<string, unknown>>(
      `select id, name, status, folder_id, folder_name, custom_item_id, parent_task_id, start_date, due_date,
              assignees_array, custom_fields
       from tasks where organization_id = $1 and not deleted order by id limit $2 offset $3`,
      [ORG, TASK_PAGE_SIZE, offset],
    );
    tasks.push(...rows);
    if (rows.length < TASK_PAGE_SIZE) break;
  }
  const mine = tasks.filter((t) =>
    ((t.assignees_array as Array<{ id: string }> | null) ?? []).some((a) => String(a.id) === providerUserId),
  );
  const ids = mine.map((t) => String(t.id));
  const { rows: entries } = await database.raw.query<{ task_id: string; duration_ms: number }>(
    `select task_id, duration_ms from time_entries where organization_id = $1 and task_id = any($2::text[]) and not deleted`,
    [ORG, ids],
  );
  const logged = new Map<string, number>();
  for (const e of entries)
    logged.set(e.task_id, (logged.get(e.task_id) ?? 0) + Number(e.duration_ms) / 3_600_000);
  const domainTasks = mine.map((t) => ({
    id: String(t.id),
    name: String(t.name),
    status: (t.status as string | null) ?? "",
    customItemId: (t.custom_item_id as number | null) ?? null,
    parentTaskId: (t.parent_task_id as string | null) ?? null,
    startDate: t.start_date as Date | null,
    dueDate: t.due_date as Date | null,
    folderId: (t.folder_id as string | null) ?? null,
    folderName: (t.folder_name as string | null) ?? null,
    hoursPerDayEstimate: hoursPerDayEstimate((t.custom_fields as CustomField[] | null) ?? []),
    hoursLogged: logged.get(String(t.id)) ?? 0,
  }));
  const parents = tasks.map((t) => ({
    id: String(t.id),
    status: (t.status as string | null) ?? "",
    customItemId: (t.custom_item_id as number | null) ?? null,
  }));
  const days = weekDays(startOfWeek(today), true);
  return {
    week: domainTasks.filter((t) => days.some((d) => taskCoversDay(t.startDate, t.dueDate, d))).length,
    booked: bookedTodayPercent(domainTasks, today),
    projects: sortMyProjects(projectRevisionSummaries(domainTasks, today, parents)).length,
    other: selectOtherTasks(domainTasks).length,
  };
}

/** (a) the floor: one hand-written aggregate per panel over the same rows, no rules beyond the filter. */
function floors(database: Database, providerUserId: string, today: string) {
  const monday = toIsoDate(startOfWeek(today)) as string;
  const sunday = toIsoDate(addDays(startOfWeek(today), 6)) as string;
  const mine = `from task_assignees a join tasks t on t.organization_id = a.organization_id and t.id = a.task_id
                where a.organization_id = $1 and a.user_id = $2 and not t.deleted`;
  return {
    summary: () =>
      database.raw.query(
        `select count(distinct t.folder_id), count(*) filter (where t.due_date::date >= $3::date) ${mine}`,
        [ORG, providerUserId, today],
      ),
    week: () =>
      database.raw.query(
        `select t.id, (select sum(e.duration_ms) from time_entries e where e.organization_id = $1 and e.task_id = t.id and not e.deleted)
         ${mine} and coalesce(t.start_date::date, t.due_date::date - 7) <= $4::date
                 and coalesce(t.due_date::date, t.start_date::date + 7) >= $3::date`,
        [ORG, providerUserId, monday, sunday],
      ),
    projects: () =>
      database.raw.query(`select t.folder_id, count(*) ${mine} group by t.folder_id`, [ORG, providerUserId]),
    otherTasks: () =>
      database.raw.query(`select t.id ${mine} order by t.due_date nulls last limit 7`, [ORG, providerUserId]),
  };
}

runOnSyncedAgency(ORG, { agency: "large" }, async ({ database, sim, deps, agency, runs }) => {
  // App users for the demo member and admin, connected to their ClickUp accounts.
  const people = [
    { id: "bench-member", role: "member" as const, clickup: String(sim.demo.memberUserId) },
    { id: "bench-admin", role: "admin" as const, clickup: String(sim.demo.adminUserId) },
  ];
  for (const p of people) {
    await database.raw.query(
      `insert into profiles (id, name, email) values ($1, $1, $1 || '@bench.test') on conflict do nothing`,
      [p.id],
    );
    await database.raw.query(
      `insert into user_organizations (organization_id, user_id, role) values ($1, $2, $3) on conflict do nothing`,
      [ORG, p.id, p.role],
    );
    await database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, $3)
         on conflict do nothing`,
      [ORG, p.id, p.clickup],
    );
  }

  const today = toIsoDate(new Date()) as string;
  const rows: Array<{ who: string; panel: string; endpoint: Stat; floor: Stat }> = [];
  const clientSide: Array<{ who: string; stat: Stat; sum: number }> = [];
  for (const p of people) {
    // The request context requireTenant() would build for this person (no impersonation).
    const base = systemContext(deps, ORG, p.role);
    const ctx: RequestContext = {
      ...base,
      user: { ...base.user, id: p.id, email: `${p.id}@bench.test`, name: p.id },
      userId: p.id,
    };
    const floor = floors(database, p.clickup, today);
    const panels: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ["GET /api/dashboard", () => getDashboardSummary(ctx), floor.summary],
      ["GET /api/dashboard/week", () => getWeek(ctx), floor.week],
      ["GET /api/dashboard/projects", () => listMyProjects(ctx), floor.projects],
      ["GET /api/dashboard/other-tasks", () => listOtherTasks(ctx), floor.otherTasks],
    ];
    let sum = 0;
    for (const [panel, endpoint, floorFn] of panels) {
      const e = await measure(endpoint, runs);
      const f = await measure(floorFn, runs);
      sum += e.p50;
      rows.push({ who: p.role, panel, endpoint: e, floor: f });
    }
    const cs = await measure(
      () => clientSidePath(database, p.clickup, today),
      Math.max(3, Math.floor(runs / 4)),
    );
    clientSide.push({ who: p.role, stat: cs, sum });
  }

  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\n${database.kind} · ${agency} agency · ${runs} runs · ms`);
  console.log(
    `${"who".padEnd(7)}${"endpoint".padEnd(32)}${"p50".padStart(8)}${"p95".padStart(8)}  ${"floor p50".padStart(9)}${"floor p95".padStart(10)}  ratio p50`,
  );
  for (const r of rows) {
    console.log(
      `${r.who.padEnd(7)}${r.panel.padEnd(32)}${fmt(r.endpoint.p50)}${fmt(r.endpoint.p95)}  ${fmt(r.floor.p50)} ${fmt(r.floor.p95)}  ${(r.endpoint.p50 / Math.max(r.floor.p50, 0.01)).toFixed(1).padStart(8)}×`,
    );
  }
  for (const c of clientSide) {
    console.log(
      `${c.who.padEnd(7)}${"client-side path (all panels)".padEnd(32)}${fmt(c.stat.p50)}${fmt(c.stat.p95)}  all four endpoints p50 ${c.sum.toFixed(1)} ms → client-side is ${(c.stat.p50 / c.sum).toFixed(1)}× slower`,
    );
  }
});
