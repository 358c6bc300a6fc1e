/**
 * Projects benchmark: 1,000 projects (plus a COMPLETED JOBS space) with their tasks and time,
 * then the timings of the navigation list, All Projects (first page, a sort, a search, a filter),
 * the CSV export and one project page, for an admin and a member (§6 scope: the work spaces are
 * private, so the member counts their own tasks and the tasks of the two lists they belong to).
 *
 *   npm run bench:projects                       # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:projects   # a PostgreSQL server (uses a fresh database)
 *   BENCH_PROJECTS=2000 BENCH_TASKS=80 npm run bench:projects
 *   BENCH_RUNS=21 npm run bench:projects          # timed runs per row (after 2 untimed warm-ups)
 */
import { performance } from "node:perf_hooks";
import type { AppDeps } from "../server/context";
import type { Database } from "../server/db/client";
import { csvChunks } from "../server/lib/csv";
import { createLogger } from "../server/lib/logger";
import { projectListQuerySchema } from "../server/modules/projects/contract";
import { exportProjectsCsv, PROJECT_CSV_COLUMNS } from "../server/modules/projects/export-projects-csv";
import { getProject } from "../server/modules/projects/get-project";
import { getProjectTimeReport } from "../server/modules/projects/get-project-time-report";
import { listNavProjects } from "../server/modules/projects/list-nav-projects";
import { listProjects } from "../server/modules/projects/list-projects";
import { systemContext, type RequestContext } from "../server/request-context";
import { openBenchDatabase } from "./bench-database";

const STATUSES = [
  "bid",
  "bid - awarded",
  "creative",
  "in production",
  "post",
  "post - color",
  "on hold",
  "complete",
];
const TASK_STATUSES = ["to do", "in progress", "needs revision", "review", "complete", "closed"];

/** Insert `projects` projects of `tasksPerProject` tasks each (1 meta, 1 in 10 milestones, 1 in 4 subtasks). */
export async function seedProjects(
  database: Database,
  organizationId: string,
  options: { projects: number; tasksPerProject: number; users?: number },
): Promise<void> {
  const { projects, tasksPerProject } = options;
  const users = options.users ?? 40;
  const q = (text: string, params: unknown[] = []) => database.raw.query(text, params);
  await q(
    `insert into spaces (organization_id, id, name, private)
     select $1, 'sp' || g, case when g = 0 then 'COMPLETED JOBS' else 'Space ' || g end, g > 0
     from generate_series(0, 4) g`,
    [organizationId],
  );
  await q(
    `insert into provider_users (organization_id, id, username, email)
     select $1, 'u' || g, 'Person ' || g, 'person' || g || '@bench.test' from generate_series(1, $2::int) g`,
    [organizationId, users],
  );
  await q(
    `insert into folders (organization_id, id, name, space_id)
     select $1, 'f' || g, 'Project ' || g, 'sp' || (g % 5) from generate_series(1, $2::int) g`,
    [organizationId, projects],
  );
  await q(
    `insert into custom_fields (organization_id, id, name, field_type) values ($1, 'cf-client', 'Client', 'short_text')`,
    [organizationId],
  );
  // Meta tasks (custom_item_id 1001), one per folder.
  await q(
    `insert into tasks (organization_id, id, name, status, folder_id, space_id, custom_item_id, custom_id,
                        start_date, due_date, assignees_array, assignee_id)
     select $1, 'p' || g, 'Project ' || g, ($3::text[])[1 + g % array_length($3::text[], 1)], 'f' || g,
            'sp' || (g % 5), 1001, 'JOB-' || lpad(g::text, 5, '0'),
            now() - (g % 90) * interval '1 day', now() + (g % 60) * interval '1 day',
            jsonb_build_array(jsonb_build_object('id', 'u' || (1 + g % $4::int), 'username', 'Person ' || (1 + g % $4::int))),
            'u' || (1 + g % $4::int)
     from generate_series(1, $2::int) g`,
    [organizationId, projects, STATUSES, users],
  );
  await q(
    `insert into custom_field_values (organization_id, task_id, custom_field_id, value)
     select $1, 'p' || g, 'cf-client', jsonb_build_object('text', 'Client ' || (g % 120)) from generate_series(1, $2::int) g`,
    [organizationId, projects],
  );
  // Work tasks: every 4th is a subtask of the previous one; every 10th is a milestone.
  await q(
    `insert into tasks (organization_id, id, name, status, folder_id, space_id, list_id, custom_item_id, parent_task_id,
                        due_date, time_estimate_ms, assignees_array, assignee_id, estimated_time_total, time_logged_total)
     select $1, 't' || p || '-' || k, 'Task ' || k, ($4::text[])[1 + (p + k) % array_length($4::text[], 1)],
            'f' || p, 'sp' || (p % 5), 'l' || p, case when k % 10 = 0 then 1 else 0 end,
            case when k % 4 = 0 then 't' || p || '-' || (k - 1) end,
            now() + ((p + k) % 30 - 10) * interval '1 day', ((k % 8) + 1) * 3600000,
            jsonb_build_array(jsonb_build_object('id', 'u' || (1 + (p * 7 + k) % $5::int))), 'u' || (1 + (p * 7 + k) % $5::int),
            (k % 8) + 1, ((p + k) % 9)
     from generate_series(1, $2::int) p, generate_series(1, $3::int) k`,
    [organizationId, projects, tasksPerProject - 1, TASK_STATUSES, users],
  );
  await q(
    `insert into task_assignees (organization_id, task_id, user_id)
     select organization_id, id, assignee_id from tasks where organization_id = $1 and assignee_id is not null`,
    [organizationId],
  );
  await q(
    `insert into time_entries (organization_id, id, user_id, task_id, start_time, duration_ms)
     select $1, 'e' || t.id, t.assignee_id, t.id, now() - (abs(hashtext(t.id)) % 40) * interval '1 day',
            (t.time_logged_total * 3600000)::bigint
     from tasks t where t.organization_id = $1 and t.custom_item_id is distinct from 1001 and t.time_logged_total > 0`,
    [organizationId],
  );
  // vacuum too: otherwise autovacuum works through the fresh rows while the timings run.
  await q("vacuum analyze");
}

const RUNS = Number(process.env.BENCH_RUNS ?? 9);

async function time<T>(label: string, fn: () => Promise<T>, runs = RUNS): Promise<T> {
  let result!: T;
  const samples: number[] = [];
  // Warm-up runs (query plans, caches, JIT of the JavaScript and of PGlite's WebAssembly) are not timed.
  for (let i = 0; i < 2; i++) await fn();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   max ${samples.at(-1)!.toFixed(1)} ms`,
  );
  return result;
}

/** The request context requireTenant() would build for a person of the bench workspace. */
async function benchContext(
  database: Database,
  role: "admin" | "member",
  clickupUserId: string,
): Promise<RequestContext> {
  const id = `bench-${role}`;
  await database.raw.query(`insert into profiles (id, name, email) values ($1, $1, $1 || '@bench.test')`, [
    id,
  ]);
  await database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ('bench', $1, $2)`,
    [id, clickupUserId],
  );
  const deps = { database, logger: createLogger("silent"), now: () => new Date() } as unknown as AppDeps;
  const base = systemContext(deps, "bench", role);
  return { ...base, user: { ...base.user, id, email: `${id}@bench.test`, name: id }, userId: id };
}

/** The whole CSV download as the route streams it. */
async function csvText(ctx: RequestContext, query: Parameters<typeof exportProjectsCsv>[1]): Promise<string> {
  let text = "";
  for await (const chunk of csvChunks(PROJECT_CSV_COLUMNS, exportProjectsCsv(ctx, query))) text += chunk;
  return text;
}

async function main() {
  const projects = Number(process.env.BENCH_PROJECTS ?? 1000);
  const tasksPerProject = Number(process.env.BENCH_TASKS ?? 60);
  const { database, cleanup } = await openBenchDatabase();
  try {
    await database.raw.query(`insert into organizations (id, name) values ('bench', 'Bench Agency')`);
    const seedStart = performance.now();
    await seedProjects(database, "bench", { projects, tasksPerProject });
    console.log(
      `${database.kind}: ${projects} projects × ${tasksPerProject} tasks seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const admin = await benchContext(database, "admin", "u1");
    const member = await benchContext(database, "member", "u7");
    // The member also sees every task of two lists (the old bench's two permitted tasks' places).
    await database.raw.query(
      `insert into list_members (organization_id, list_id, user_id) values ('bench', 'l1', 'u7'), ('bench', 'l2', 'u7')`,
    );
    const q = (input: Record<string, unknown>) => projectListQuerySchema.parse(input);

    const nav = await time("nav list", () => listNavProjects(admin));
    await time("All Projects page 1 (admin)", () => listProjects(admin, q({})));
    await time("All Projects page 1 (member, §6 scope)", () => listProjects(member, q({})));
    await time("All Projects sort by hours desc", () =>
      listProjects(admin, q({ sort: "loggedHours", dir: "desc", page: 3 })),
    );
    await time("All Projects search + phase filter", () =>
      listProjects(admin, q({ search: "client 7", phase: "creative" })),
    );
    const sample = `p${Math.ceil(projects / 2)}`;
    const csv = await time("CSV export (all rows)", () => csvText(admin, q({})));
    await time("project header (admin)", () => getProject(admin, { projectId: sample }));
    await time("project header (member)", () => getProject(member, { projectId: sample }));
    await time("project time report (admin)", () => getProjectTimeReport(admin, { projectId: sample }));
    console.log(
      `nav: ${nav.total} projects (COMPLETED JOBS left out); CSV ${csv.split("\r\n").length - 2} rows`,
    );
  } finally {
    await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
