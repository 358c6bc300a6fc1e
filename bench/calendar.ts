/**
 * Milestones calendar benchmark on a synced demo agency (default: medium; BENCH_AGENCY=large is
 * 300 people, 100k tasks, 1M time entries): p50/p95 of GET /api/calendar's server work (the use
 * case: zone, task scope, the one items statement with meta tasks, mapping; HTTP and session
 * excluded) for the current month, as an admin (sees all) and as a member (spec §6 visibility),
 * beside
 *  (a) the raw-SQL floor — one hand-written query of the same columns the screen shows (item,
 *      project and space names, assignee names) on the partial index tasks_calendar_idx, with
 *      none of the rules (no visibility, no meta tasks, no time zone);
 *  (b) the seed's client-side path — every task of the workspace in pages of 5,000 ordered by id,
 *      filtered in JavaScript with the domain rule (calendarKind + due day in the month).
 * Target: p95 under 100 ms and within 2× of the floor.
 *
 *   npm run bench:calendar                                          # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:calendar                 # PostgreSQL (a fresh database)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:calendar           # the same, without touching DATABASE_URL
 *   BENCH_AGENCY=large BENCH_RUNS=30 npm run bench:calendar
 */
import fs from "node:fs";
import { PgDialect } from "drizzle-orm/pg-core";
import { addIsoDays, calendarKind, dayInZone } from "@domain/calendar";
import { TASK_PAGE_SIZE, toIsoDate } from "@domain/index";
import type { AgencySize } from "../simulator/clickup/index";
import type { Database } from "../server/db/client";
import { calendarQuerySchema, type CalendarResponse } from "../server/modules/calendar/contract";
import { getCalendar } from "../server/modules/calendar/get-calendar";
import { calendarItemsQuery } from "../server/modules/calendar/repo";
import { resolveTaskScope } from "../server/modules/accessible-tasks/task-scope";
import { systemContext, type RequestContext } from "../server/request-context";
import { openBenchDatabase } from "./bench-database";
import { measure, syncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";

const FLOOR_SQL = `with people as (
  select jsonb_object_agg(pu.id, pu.username) as names from provider_users pu where pu.organization_id = $1
)
select t.id, t.name, t.due_date, t.status, t.status_color, t.custom_item_id, t.folder_id,
       f.name as folder_name, s.name as space_name, t.list_name, t.url, t.assignees_array,
       (select jsonb_agg(people.names -> (e ->> 'id')) from jsonb_array_elements(t.assignees_array) e) as users
  from tasks t
  cross join people
  left join folders f on f.organization_id = t.organization_id and f.id = t.folder_id
  left join spaces s on s.organization_id = t.organization_id and s.id = t.space_id
 where t.organization_id = $1
   and not t.deleted and not t.archived and (t.custom_item_id in (1, 2) or t.name ~* '(shoot|creative|approval)')
   and t.due_date >= $2::timestamptz and t.due_date < $3::timestamptz
 order by t.due_date, t.id`;

/** (a) The floor: the same columns in one plain query, no rules (UTC month bounds). */
async function floor(database: Database, from: string, to: string) {
  const { rows } = await database.raw.query(FLOOR_SQL, [
    ORG,
    `${from}T00:00:00Z`,
    `${addIsoDays(to, 1)}T00:00:00Z`,
  ]);
  return rows.length;
}

/** (b) The seed's path: every task of the workspace, page by page, filtered in JavaScript. */
async function seedPath(database: Database, from: string, to: string) {
  const found: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += TASK_PAGE_SIZE) {
    const { rows } = await database.raw.query<Record<string, unknown>>(
      `select * from tasks where organization_id = $1 order by id limit $2 offset $3`,
      [ORG, TASK_PAGE_SIZE, offset],
    );
    for (const t of rows) {
      if (t.deleted || t.archived || !t.due_date) continue;
      if (calendarKind({ name: t.name as string, customItemId: t.custom_item_id as number | null }) === null)
        continue;
      const day = dayInZone(t.due_date as Date, "UTC");
      if (day >= from && day <= to) found.push(t);
    }
    if (rows.length < TASK_PAGE_SIZE) break;
  }
  return found.length;
}

async function main() {
  const agency = (process.env.BENCH_AGENCY ?? "medium") as AgencySize;
  const runs = Number(process.env.BENCH_RUNS ?? 20);
  const { database, cleanup } = await openBenchDatabase();
  let dataDir = "";
  try {
    const synced = await syncedAgency(database, agency, ORG);
    const { sim, deps } = synced;
    dataDir = synced.dataDir;

    const base = systemContext(deps, ORG, "admin");
    const admin: RequestContext = {
      ...base,
      user: { ...base.user, id: "bench-admin" },
      userId: "bench-admin",
    };
    // A member connected as the demo member (private space hidden; assignments and lists count).
    await database.raw.query(
      `insert into profiles (id, name, email) values ('bench-member', 'Bench Member', 'bench-member@bench.test')`,
    );
    await database.raw.query(
      `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
       values ($1, 'bench-member', $2, 'member')`,
      [ORG, String(sim.demo.memberUserId)],
    );
    const member: RequestContext = {
      ...systemContext(deps, ORG, "member"),
      user: { ...base.user, id: "bench-member" },
      userId: "bench-member",
    };

    const today = toIsoDate(new Date())!;
    const from = `${today.slice(0, 7)}-01`;
    const to = addIsoDays(`${addIsoDays(from, 32).slice(0, 7)}-01`, -1);
    const query = calendarQuerySchema.parse({ from, to });

    const plan = await database.raw.query<Record<string, string>>(`explain ${FLOOR_SQL}`, [
      ORG,
      `${from}T00:00:00Z`,
      `${addIsoDays(to, 1)}T00:00:00Z`,
    ]);
    const planText = plan.rows.map((r) => Object.values(r)[0]).join("\n");

    const fmt = (n: number) => n.toFixed(1).padStart(10);
    const lines: string[] = [];
    let floorStat: { p50: number; p95: number } | undefined;
    for (const [label, ctx] of [
      ["admin", admin],
      ["member", member],
    ] as const) {
      let last: CalendarResponse | undefined;
      const endpoint = await measure(async () => {
        last = await getCalendar(ctx, query);
      }, runs);
      floorStat ??= await measure(() => floor(database, from, to), runs);
      const bytes = Buffer.byteLength(JSON.stringify(last));
      lines.push(
        `${label.padEnd(9)}${fmt(endpoint.p50)}${fmt(endpoint.p95)}` +
          `   ×${(endpoint.p50 / floorStat.p50).toFixed(2)} of floor; ${last?.items.length ?? 0} items, ` +
          `${last?.projects.length ?? 0} projects, ${last?.metaTasks.length ?? 0} meta tasks, ${(bytes / 1024).toFixed(0)} KB JSON`,
      );
    }
    // The endpoint's own statement alone (member scope), through the raw driver.
    const statement = new PgDialect().sqlToQuery(
      calendarItemsQuery(await resolveTaskScope(member), "UTC", { from, to }),
    );
    const statementStat = await measure(() => database.raw.query(statement.sql, statement.params), runs);
    const scopeStat = await measure(async () => {
      const { selectCalendarItems } = await import("../server/modules/calendar/repo");
      return selectCalendarItems(database.db, await resolveTaskScope(member), "UTC", { from, to });
    }, runs);
    const floorCount = await floor(database, from, to);
    const seedCount = await seedPath(database, from, to);
    const seed = await measure(() => seedPath(database, from, to), Math.max(3, Math.floor(runs / 5)));

    console.log(`\n${database.kind} · ${agency} agency · month ${from} … ${to} · ${runs} runs · ms`);
    console.log(`${"path".padEnd(9)}${["p50", "p95"].map((h) => h.padStart(10)).join("")}`);
    for (const line of lines) console.log(line);
    console.log(
      `${"stmt".padEnd(9)}${fmt(statementStat.p50)}${fmt(statementStat.p95)}   the items statement alone (raw driver)`,
    );
    console.log(
      `${"repo".padEnd(9)}${fmt(scopeStat.p50)}${fmt(scopeStat.p95)}   scope + the items statement through drizzle`,
    );
    console.log(`${"floor".padEnd(9)}${fmt(floorStat!.p50)}${fmt(floorStat!.p95)}   ${floorCount} rows`);
    console.log(
      `${"seed".padEnd(9)}${fmt(seed.p50)}${fmt(seed.p95)}   ${seedCount} items after reading every task`,
    );
    if (process.env.BENCH_EXPLAIN) {
      const q = new PgDialect().sqlToQuery(
        calendarItemsQuery(await resolveTaskScope(member), "UTC", { from, to }),
      );
      const analyzed = await database.raw.query<Record<string, string>>(`explain analyze ${q.sql}`, q.params);
      console.log(analyzed.rows.map((r) => Object.values(r)[0]).join("\n"));
    }
    console.log(
      `floor plan uses tasks_calendar_idx: ${planText.includes("tasks_calendar_idx") ? "yes" : "NO"}`,
    );
    sim.close();
  } finally {
    await cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
