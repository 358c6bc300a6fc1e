/**
 * Milestones calendar benchmark on a synced demo agency (default: medium; BENCH_AGENCY=large is
 * 300 people, 100k tasks, 1M time entries): p50/p95 of GET /api/calendar's server work (the use
 * case: zone, task scope, the one window statement, the sent items' assignees, mapping; HTTP and
 * session excluded) for the current month's grid (42 days from the Monday on or before the 1st) in
 * the month view (each day's count and first CALENDAR_MONTH_CELL_ITEMS items, the sidebar's
 * counts), as an admin (sees all) and as a member (spec §6 visibility), beside
 *  (a) the raw-SQL floor — one hand-written query of the same answer (counts per day and per
 *      project, the first items of each day with the columns the screen shows: item, project and
 *      space names, assignee names) on the partial index tasks_calendar_idx, with none of the
 *      rules (no visibility, no meta tasks, no time zone);
 *  (b) the month view with a search and a hidden project, the '+N more' day (one day in full),
 *      the list view (the month in full), and the old full read of the grid (floor-all);
 *  (c) the seed's client-side path — every task of the workspace in pages of 5,000 ordered by id,
 *      filtered in JavaScript with the domain rule (calendarKind + due day in the month).
 * Target: the month view's p95 under 100 ms and within 2× of the floor.
 *
 *   npm run bench:calendar                                          # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:calendar                 # PostgreSQL (a fresh database)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:calendar           # the same, without touching DATABASE_URL
 *   BENCH_AGENCY=large BENCH_RUNS=30 npm run bench:calendar
 *   BENCH_EXPLAIN=1 …                                               # explain analyze the window statement
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { addIsoDays, CALENDAR_MONTH_CELL_ITEMS, calendarKind, dayInZone } from "@domain/calendar";
import { TASK_PAGE_SIZE, toIsoDate } from "@domain/index";
import type { Database } from "../server/db/client";
import { calendarQuerySchema, type CalendarResponse } from "../server/modules/calendar/contract";
import { getCalendar, windowFilter } from "../server/modules/calendar/get-calendar";
import { calendarWindowQuery } from "../server/modules/calendar/repo";
import { resolveTaskScope } from "../server/modules/accessible-tasks/task-scope";
import { systemContext, type RequestContext } from "../server/request-context";
import { measure, runOnSyncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";

/** The old full read: every item of the window with the columns the screen shows (floor-all). */
const FLOOR_ALL_SQL = `with people as (
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

/** (a) The floor of the month view: counts per day and project, the first items of each day. */
const FLOOR_SQL = `with r as materialized (
  select t.id, t.name, t.folder_id, t.due_date, (t.due_date at time zone 'UTC')::date as day
    from tasks t
   where t.organization_id = $1
     and not t.deleted and not t.archived and (t.custom_item_id in (1, 2) or t.name ~* '(shoot|creative|approval)')
     and t.due_date >= $2::timestamptz and t.due_date < $3::timestamptz
)
select
  (select json_agg(json_build_object('day', day, 'count', n)) from (select day, count(*) as n from r group by day) d) as days,
  (select json_agg(json_build_object('id', p.folder_id, 'name', f.name, 'count', p.n))
     from (select folder_id, count(*) as n from r group by folder_id) p
     left join folders f on f.organization_id = $1 and f.id = p.folder_id) as projects,
  (select json_agg(row_to_json(x)) from (
     select t.id, t.name, t.due_date, t.status, t.status_color, t.custom_item_id, t.folder_id,
            f.name as folder_name, s.name as space_name, t.list_name, t.url, t.assignees_array,
            (select jsonb_agg(pu.username) from jsonb_array_elements(t.assignees_array) e
               join provider_users pu on pu.organization_id = $1 and pu.id = e ->> 'id') as users
       from (select id, row_number() over (partition by day order by due_date, name, id) as rank from r) k
       join tasks t on t.organization_id = $1 and t.id = k.id
       left join folders f on f.organization_id = t.organization_id and f.id = t.folder_id
       left join spaces s on s.organization_id = t.organization_id and s.id = t.space_id
      where k.rank <= ${CALENDAR_MONTH_CELL_ITEMS}) x) as items`;

const utcBounds = (from: string, to: string) => [ORG, `${from}T00:00:00Z`, `${addIsoDays(to, 1)}T00:00:00Z`];

/**
 * A raw query with PostgreSQL's JIT off (as the endpoint runs its statement: compiling costs more
 * than running these), in its own transaction on one connection; PGlite has no JIT.
 */
async function rawWithoutJit<T>(database: Database, text: string, params: unknown[]): Promise<T[]> {
  return database.withConnection(async (conn) => {
    await conn.query("begin");
    try {
      await conn.query("set local jit = off");
      return (await conn.query<T>(text, params)).rows;
    } finally {
      await conn.query("commit");
    }
  });
}

/** (a) The floor: the month view's answer in one plain query, no rules (UTC day bounds). */
async function floor(database: Database, from: string, to: string) {
  const rows = await rawWithoutJit<{ items: unknown[] | null }>(database, FLOOR_SQL, utcBounds(from, to));
  return rows[0]?.items?.length ?? 0;
}

/** floor-all: every item of the window, read in full. */
async function floorAll(database: Database, from: string, to: string) {
  return (await rawWithoutJit(database, FLOOR_ALL_SQL, utcBounds(from, to))).length;
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

runOnSyncedAgency(ORG, { agency: "medium" }, async ({ database, sim, deps, agency, runs, admin }) => {
  // A member connected as the demo member (private space hidden; assignments and lists count).
  await database.raw.query(
    `insert into profiles (id, name, email) values ('bench-member', 'Bench Member', 'bench-member@bench.test')
       on conflict do nothing`,
  );
  await database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
       values ($1, 'bench-member', $2, 'member') on conflict do nothing`,
    [ORG, String(sim.demo.memberUserId)],
  );
  const member: RequestContext = {
    ...systemContext(deps, ORG, "member"),
    user: { ...admin.user, id: "bench-member" },
    userId: "bench-member",
  };

  const today = toIsoDate(new Date())!;
  const first = `${today.slice(0, 7)}-01`;
  const last = addIsoDays(`${addIsoDays(first, 32).slice(0, 7)}-01`, -1);
  // The month grid (Monday weeks): 42 days from the Monday on or before the 1st.
  const from = addIsoDays(first, -((new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7));
  const to = addIsoDays(from, 41);
  const monthQuery = calendarQuerySchema.parse({ from, to, view: "month" });

  const plan = await database.raw.query<Record<string, string>>(`explain ${FLOOR_SQL}`, utcBounds(from, to));
  const planText = plan.rows.map((r) => Object.values(r)[0]).join("\n");

  const fmt = (n: number) => n.toFixed(1).padStart(10);
  const lines: string[] = [];
  const floorStat = await measure(() => floor(database, from, to), runs);
  const row = (label: string, stat: { p50: number; p95: number }, note: string) =>
    lines.push(`${label.padEnd(13)}${fmt(stat.p50)}${fmt(stat.p95)}   ${note}`);
  const describe = (r: CalendarResponse | undefined) =>
    `${r?.items.length ?? 0} items sent of ${r?.total ?? 0} (${r?.rangeTotal ?? 0} in range), ` +
    `${r?.days.length ?? 0} days, ${r?.projects.length ?? 0} projects, ${r?.metaTasks.length ?? 0} meta tasks, ` +
    `${(Buffer.byteLength(JSON.stringify(r)) / 1024).toFixed(0)} KB JSON`;
  for (const [label, ctx] of [
    ["admin", admin],
    ["member", member],
  ] as const) {
    let last: CalendarResponse | undefined;
    const endpoint = await measure(async () => {
      last = await getCalendar(ctx, monthQuery);
    }, runs);
    row(
      `month ${label}`,
      endpoint,
      `×${(endpoint.p95 / floorStat.p95).toFixed(2)} of floor p95; ${describe(last)}`,
    );
  }
  // The month view filtered: a search and the biggest project hidden (member).
  const member0 = await getCalendar(member, monthQuery);
  const biggest = [...member0.projects].sort((a, b) => b.count - a.count)[0]?.id;
  const filtered = calendarQuerySchema.parse({
    from,
    to,
    view: "month",
    q: "shoot",
    ...(biggest ? { hideProjects: biggest } : {}),
  });
  let filteredLast: CalendarResponse | undefined;
  row(
    "month filter",
    await measure(async () => {
      filteredLast = await getCalendar(member, filtered);
    }, runs),
    `member, q=shoot, one project hidden; ${describe(filteredLast)}`,
  );
  // '+N more': the busiest day of the grid, in full.
  const busiest = [...member0.days].sort((a, b) => b.count - a.count)[0]?.day ?? first;
  let dayLast: CalendarResponse | undefined;
  row(
    "day (+more)",
    await measure(async () => {
      dayLast = await getCalendar(member, calendarQuerySchema.parse({ from: busiest, to: busiest }));
    }, runs),
    `member, ${busiest}; ${describe(dayLast)}`,
  );
  // The list view: the month in full.
  let listLast: CalendarResponse | undefined;
  row(
    "list (full)",
    await measure(
      async () => {
        listLast = await getCalendar(member, calendarQuerySchema.parse({ from: first, to: last }));
      },
      Math.max(5, Math.floor(runs / 2)),
    ),
    `member, ${first} … ${last}; ${describe(listLast)}`,
  );
  // The window statement alone (member scope), through the raw driver.
  const statement = new PgDialect().sqlToQuery(
    calendarWindowQuery(await resolveTaskScope(member), "UTC", windowFilter(monthQuery)),
  );
  row(
    "stmt",
    await measure(() => rawWithoutJit(database, statement.sql, statement.params), runs),
    "the month view's window statement alone (raw driver, JIT off, member)",
  );
  const floorCount = await floor(database, from, to);
  row("floor", floorStat, `${floorCount} items sent (raw SQL, no rules)`);
  const allCount = await floorAll(database, from, to);
  row(
    "floor-all",
    await measure(() => floorAll(database, from, to), Math.max(5, Math.floor(runs / 2))),
    `${allCount} rows: every item of the grid read in full (the old answer's floor)`,
  );
  const seedCount = await seedPath(database, first, last);
  row(
    "seed",
    await measure(() => seedPath(database, first, last), Math.max(3, Math.floor(runs / 5))),
    `${seedCount} items of the month after reading every task`,
  );

  console.log(`\n${database.kind} · ${agency} agency · grid ${from} … ${to} · ${runs} runs · ms`);
  console.log(`${"path".padEnd(13)}${["p50", "p95"].map((h) => h.padStart(10)).join("")}`);
  for (const line of lines) console.log(line);
  if (process.env.BENCH_EXPLAIN) {
    const analyzed = await rawWithoutJit<Record<string, string>>(
      database,
      `explain analyze ${statement.sql}`,
      statement.params,
    );
    console.log(analyzed.map((r) => Object.values(r)[0]).join("\n"));
  }
  console.log(
    `floor plan uses tasks_calendar_idx: ${planText.includes("tasks_calendar_idx") ? "yes" : "NO"}`,
  );
});
