/**
 * Projects benchmark: 1,000 projects (plus a COMPLETED JOBS space) with their tasks and time,
 * then the timings of the navigation list, All Projects (first page, a sort, a search, a filter),
 * the CSV export and one project page, for an admin and a member (§6 scope).
 *
 *   npm run bench:projects                       # embedded PGlite, in memory
 *   DATABASE_URL=postgres://… npm run bench:projects   # a PostgreSQL server (uses a fresh database)
 *   BENCH_PROJECTS=2000 BENCH_TASKS=80 npm run bench:projects
 */
import { performance } from "node:perf_hooks";
import type { Database } from "../server/db/client";
import { exportProjectsCsv } from "../server/modules/projects/export-projects-csv";
import { getProject } from "../server/modules/projects/get-project";
import { getProjectTimeReport } from "../server/modules/projects/get-project-time-report";
import { listNavProjects } from "../server/modules/projects/list-nav-projects";
import { listProjects, projectListQuery } from "../server/modules/projects/list-projects";
import { projectsRepo, type TaskScope } from "../server/modules/projects/repo";
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
    `insert into spaces (organization_id, id, name)
     select $1, 'sp' || g, case when g = 0 then 'COMPLETED JOBS' else 'Space ' || g end from generate_series(0, 4) g`,
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
    `insert into tasks (organization_id, id, name, status, folder_id, space_id, custom_item_id, parent_task_id,
                        due_date, time_estimate_ms, assignees_array, assignee_id, estimated_time_total, time_logged_total)
     select $1, 't' || p || '-' || k, 'Task ' || k, ($4::text[])[1 + (p + k) % array_length($4::text[], 1)],
            'f' || p, 'sp' || (p % 5), case when k % 10 = 0 then 1 else 0 end,
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
  await q("analyze");
}

async function time<T>(label: string, fn: () => Promise<T>, runs = 5): Promise<T> {
  let result!: T;
  const samples: number[] = [];
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
    const repo = projectsRepo(database);
    const admin: TaskScope = { seesAll: true, clickupUserId: null, allowedTaskIds: [] };
    const member: TaskScope = { seesAll: false, clickupUserId: "u7", allowedTaskIds: ["t1-1", "t2-2"] };
    const q = (input: Record<string, unknown>) => projectListQuery.parse(input);

    const nav = await time("nav list", () => listNavProjects(repo, "bench"));
    await time("All Projects page 1 (admin)", () => listProjects(repo, "bench", admin, q({})));
    await time("All Projects page 1 (member, §6 scope)", () => listProjects(repo, "bench", member, q({})));
    await time("All Projects sort by hours desc", () =>
      listProjects(repo, "bench", admin, q({ sort: "loggedHours", dir: "desc", page: 3 })),
    );
    await time("All Projects search + phase filter", () =>
      listProjects(repo, "bench", admin, q({ search: "client 7", phase: "creative" })),
    );
    const sample = `p${Math.ceil(projects / 2)}`;
    const csv = await time("CSV export (all rows)", () => exportProjectsCsv(repo, "bench", admin, q({})));
    await time("project header (admin)", () => getProject(repo, "bench", sample, admin));
    await time("project header (member)", () => getProject(repo, "bench", sample, member));
    await time("project time report (admin)", () => getProjectTimeReport(repo, "bench", sample, admin));
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
