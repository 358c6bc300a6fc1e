/**
 * Budgets benchmark (issue 14): opening a 600-line AICP budget on the synced agency's busiest
 * project — GET /api/budgets/{id}'s server work (budget, revisions, the revision's lines,
 * per-section sums, labour actuals from the project's synced time entries priced at internal
 * rates on the day worked and placed by role tag, the estimate/committed/actual/forecast top
 * sheets through domain/aicp.ts) — and the first page of the budgets list over 200 budgets (each
 * with its actual to date), beside:
 *   (a) a raw-SQL floor: the same lines and section sums, and the project's time per person
 *       priced at the internal card's default rate only (no role or person lines, no days), with
 *       no app code around them;
 *   (b) the seed's client-side path: every line, every time entry of the project and every rate
 *       line fetched, then priced and summed in JavaScript.
 *
 *   npm run bench:budgets                                   # large agency on embedded PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:budgets   # a fresh database on that server
 *   BENCH_AGENCY=medium BENCH_LINES=1200 BENCH_RUNS=30 npm run bench:budgets
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { AICP_SECTION_LETTERS } from "@domain/aicp";
import { priceDurationMs } from "@domain/money";
import type { AgencySize } from "../simulator/clickup/index";
import { createBudgetLine } from "../server/modules/budgets/change-budget-line";
import { budgetListQuerySchema } from "../server/modules/budgets/contract";
import { createBudget } from "../server/modules/budgets/create-budget";
import { getBudget } from "../server/modules/budgets/get-budget";
import { listBudgets } from "../server/modules/budgets/list-budgets";
import { setBudgetLabour } from "../server/modules/budgets/set-budget-labour";
import { systemContext, type RequestContext } from "../server/request-context";
import { openBenchDatabase } from "./bench-database";
import { measure, syncedAgency } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench-org";
const LINES = Number(process.env.BENCH_LINES ?? 600);
const BUDGETS = Number(process.env.BENCH_BUDGETS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_P95_MS = 150;
const ROLES = ["Producer", "Editor", "Colorist", "Designer", "Animator", "Sound"];

async function main() {
  const agency = (process.env.BENCH_AGENCY ?? "large") as AgencySize;
  const { database, cleanup } = await openBenchDatabase();
  let dataDir = "";
  try {
    const synced = await syncedAgency(database, agency, ORG);
    dataDir = synced.dataDir;
    const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      database.raw.query<R & Record<string, unknown>>(text, params);
    await q(
      `insert into profiles (id, name, email) values ('bench-admin', 'Bench Admin', 'admin@bench.test')`,
    );
    const base = systemContext(synced.deps, ORG, "admin");
    const ctx: RequestContext = { ...base, userId: "bench-admin", user: { ...base.user, id: "bench-admin" } };

    // Rates the way an agency keeps them: role tags on every person, an internal card with a
    // line per role (a raise mid-year) and a person line for every third person.
    await q(
      `insert into person_settings (organization_id, clickup_user_id, role_tags)
       select $1, pu.id, array[($2::text[])[1 + (row_number() over (order by pu.id))::int % $3]]
         from provider_users pu where pu.organization_id = $1
       on conflict (organization_id, clickup_user_id) do update set role_tags = excluded.role_tags`,
      [ORG, ROLES, ROLES.length],
    );
    await q(
      `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
       values ($1, 'internal', 'internal', 'Internal costs', 'USD', true, 6500)`,
      [ORG],
    );
    await q(
      `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
       select $1, 'r' || r.ord || '-' || y.d, 'internal', 'role', r.tag, 5000 + r.ord * 750 + y.bump, y.d::date
         from unnest($2::text[]) with ordinality r(tag, ord)
         cross join (values ('2020-01-01', 0), ('2026-07-01', 500)) y(d, bump)`,
      [ORG, ROLES],
    );
    await q(
      `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
       select $1, 'p' || pu.id, 'internal', 'person', pu.id, 9000, '2020-01-01'
         from (select id, row_number() over (order by id) as n from provider_users where organization_id = $1) pu
        where pu.n % 3 = 0`,
      [ORG],
    );
    const busiest = await q<{ folder_id: string; entries: number }>(
      `select t.folder_id, count(*)::int as entries
         from time_entries te join tasks t on t.organization_id = te.organization_id and t.id = te.task_id
        where te.organization_id = $1 and t.folder_id is not null and not te.deleted
        group by t.folder_id order by 2 desc limit 1`,
      [ORG],
    );
    const folder = busiest.rows[0]!.folder_id;
    const others = await q<{ id: string }>(
      `select id from folders where organization_id = $1 and id <> $2 order by id limit $3`,
      [ORG, folder, BUDGETS - 1],
    );
    await q("analyze");

    const rates = { pwBp: 2800, insuranceBp: 250, feeBp: 3500, contingencyBp: 1000, weatherDay: 1_250_000 };
    const seeded = performance.now();
    const big = await createBudget(ctx, {
      projectId: folder,
      name: "TV Spot — 30 sec",
      bidType: "firm",
      rates,
    });
    for (let i = 0; i < LINES; i++) {
      await createBudgetLine(ctx, big.id, {
        section: AICP_SECTION_LETTERS[i % AICP_SECTION_LETTERS.length]!,
        number: String(Math.floor(i / AICP_SECTION_LETTERS.length) + 1),
        description: `Line ${i + 1}`,
        quantityHundredths: 100 + (i % 7) * 50,
        rateMinor: 25_000 + (i % 13) * 1_337,
        otHoursHundredths: i % 3 === 0 ? 250 : 0,
        otRateMinor: i % 3 === 0 ? 9_375 : 0,
        actualMinor: (i % 5) * 10_000,
      });
    }
    const mapping = [
      { tag: "Producer", section: "A" as const },
      { tag: "Editor", section: "B" as const },
      { tag: "Designer", section: "G" as const },
    ];
    await setBudgetLabour(ctx, big.id, { mapping, defaultSection: "B" });
    for (const other of others.rows) {
      const b = await createBudget(ctx, {
        projectId: other.id,
        name: `Budget ${other.id}`,
        bidType: "cost_plus",
        rates,
      });
      await setBudgetLabour(ctx, b.id, { mapping, defaultSection: "B" });
    }
    await q("analyze");
    console.log(
      `${database.kind}: one budget of ${LINES} lines on the busiest project (${busiest.rows[0]!.entries} time entries) and ${others.rows.length} more budgets in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const id = big.id;
    const open = await measure(() => getBudget(ctx, id, {}), RUNS);
    const floor = await measure(
      () =>
        Promise.all([
          q(
            `select * from budget_lines where organization_id = $1 and budget_id = $2 and revision_number = 0
              order by section, position, id`,
            [ORG, id],
          ),
          q(
            `select section, sum(estimate_minor), sum(actual_minor) from budget_lines
              where organization_id = $1 and budget_id = $2 and revision_number = 0 group by section`,
            [ORG, id],
          ),
          q(
            `select te.user_id, sum(te.duration_ms) * 6500 / 3600000 as amount
               from tasks t join time_entries te on te.organization_id = t.organization_id and te.task_id = t.id
              where t.organization_id = $1 and t.folder_id = $2 and not te.deleted and te.duration_ms > 0
              group by te.user_id`,
            [ORG, folder],
          ),
        ]),
      RUNS,
    );
    // The seed's path: fetch everything, price in the browser.
    const seedPath = async () => {
      const [lines, entries, rateLines, settings] = await Promise.all([
        q<{ section: string; estimate_minor: string; actual_minor: string }>(
          `select * from budget_lines where organization_id = $1 and budget_id = $2 and revision_number = 0`,
          [ORG, id],
        ),
        q<{ user_id: string; duration_ms: string; start_time: Date }>(
          `select te.* from time_entries te join tasks t on t.organization_id = te.organization_id and t.id = te.task_id
            where te.organization_id = $1 and t.folder_id = $2 and not te.deleted`,
          [ORG, folder],
        ),
        q<{ subject_type: string; subject_id: string; rate_minor: string; effective_from: string }>(
          `select subject_type, subject_id, rate_minor, to_char(effective_from, 'YYYY-MM-DD') as effective_from
             from rate_card_lines where organization_id = $1 and card_id = 'internal'`,
          [ORG],
        ),
        q<{ clickup_user_id: string; role_tags: string[] }>(
          `select * from person_settings where organization_id = $1`,
          [ORG],
        ),
      ]);
      const roles = new Map(settings.rows.map((s) => [s.clickup_user_id, s.role_tags]));
      const rateOn = (user: string, day: string) => {
        const inForce = (type: string, subject: string) =>
          rateLines.rows
            .filter(
              (l) =>
                l.subject_type === type &&
                l.subject_id.toLowerCase() === subject.toLowerCase() &&
                l.effective_from <= day,
            )
            .sort((a, b) => b.effective_from.localeCompare(a.effective_from))[0];
        const line =
          inForce("person", user) ?? (roles.get(user) ?? []).map((r) => inForce("role", r)).find(Boolean);
        return line ? Number(line.rate_minor) : 6500;
      };
      const bySection = new Map<string, number>();
      for (const l of lines.rows)
        bySection.set(
          l.section,
          (bySection.get(l.section) ?? 0) + Number(l.estimate_minor) + Number(l.actual_minor),
        );
      let labour = 0;
      for (const e of entries.rows) {
        if (Number(e.duration_ms) <= 0) continue;
        labour += priceDurationMs(
          Number(e.duration_ms),
          rateOn(e.user_id, new Date(e.start_time).toISOString().slice(0, 10)),
        );
      }
      return { bySection, labour, entries: entries.rows.length };
    };
    const seed = await measure(seedPath, Math.max(3, Math.floor(RUNS / 4)));
    const list = await measure(() => listBudgets(ctx, budgetListQuerySchema.parse({})), RUNS);
    const detail = await getBudget(ctx, id, {});
    const bytes = Buffer.byteLength(JSON.stringify(detail));
    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`,
      );
    console.log(`\n${database.kind} · ${agency} agency · ${RUNS} runs`);
    row(`open a ${LINES}-line budget with labour actuals (use case)`, open);
    row("  (a) raw-SQL floor (lines, section sums, time/person)", floor);
    row("  (b) the seed's client-side path", seed);
    row(`budgets list, page 1 of ${BUDGETS} (with actual to date)`, list);
    console.log(
      `labour: ${detail.labour.minutes} min over ${detail.labour.sections.reduce((t, s) => t + s.entries, 0)} entries = ${detail.labour.amountMinor} minor units; ` +
        `actual grand total ${detail.figures.actualMinor}; ${(bytes / 1024).toFixed(0)} KB JSON; open/floor ×${(open.p50 / floor.p50).toFixed(2)}, ` +
        `${(seed.p50 / open.p50).toFixed(1)}× faster than the seed's path`,
    );
    const met = open.p95 < TARGET_P95_MS;
    console.log(
      `${met ? "PASS" : "FAIL"}  open p95 ${open.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms)`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
