/**
 * Budgets benchmark (issue 14): opening a 600-line AICP budget — GET /api/budgets/{id}'s server
 * work (the use case: budget, revisions, the revision's lines, per-section sums, the top sheet of
 * the estimate and actual columns through domain/aicp.ts) — and the first page of the budgets
 * list over 200 budgets, beside a raw-SQL floor (the same lines and per-section sums read with
 * no app code around them). Labour actuals from synced time entries are not part of the budget
 * yet, so this measures what exists; the issue's target is p95 < 150 ms with them.
 *
 *   npm run bench:budgets                          # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench:budgets   # a fresh database on that server
 *   BENCH_LINES=1200 BENCH_RUNS=30 npm run bench:budgets
 */
import { performance } from "node:perf_hooks";
import { AICP_SECTION_LETTERS } from "@domain/aicp";
import type { AppDeps } from "../server/context";
import { createLogger } from "../server/lib/logger";
import { createBudgetLine } from "../server/modules/budgets/change-budget-line";
import { budgetListQuerySchema } from "../server/modules/budgets/contract";
import { createBudget } from "../server/modules/budgets/create-budget";
import { getBudget } from "../server/modules/budgets/get-budget";
import { listBudgets } from "../server/modules/budgets/list-budgets";
import { systemContext, type RequestContext } from "../server/request-context";
import { openBenchDatabase } from "./bench-database";
import { measure } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const ORG = "bench";
const LINES = Number(process.env.BENCH_LINES ?? 600);
const BUDGETS = Number(process.env.BENCH_BUDGETS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const TARGET_P95_MS = 150;

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  try {
    const q = (text: string, params: unknown[] = []) => database.raw.query(text, params);
    await q(`insert into organizations (id, name) values ($1, 'Bench Agency')`, [ORG]);
    await q(
      `insert into folders (organization_id, id, name) select $1, 'f' || g, 'Project ' || g from generate_series(1, $2::int) g`,
      [ORG, BUDGETS],
    );
    await q(
      `insert into profiles (id, name, email) values ('bench-admin', 'Bench Admin', 'admin@bench.test')`,
    );
    const deps = { database, logger: createLogger("silent"), now: () => new Date() } as unknown as AppDeps;
    const base = systemContext(deps, ORG, "admin");
    const ctx: RequestContext = { ...base, userId: "bench-admin", user: { ...base.user, id: "bench-admin" } };

    const rates = { pwBp: 2800, insuranceBp: 250, feeBp: 3500, contingencyBp: 1000, weatherDay: 1_250_000 };
    const seeded = performance.now();
    const big = await createBudget(ctx, {
      projectId: "f1",
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
    for (let b = 2; b <= BUDGETS; b++)
      await createBudget(ctx, { projectId: `f${b}`, name: `Budget ${b}`, bidType: "cost_plus", rates });
    console.log(
      `${database.kind}: one budget of ${LINES} lines and ${BUDGETS - 1} more budgets created through the use cases in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
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
        ]),
      RUNS,
    );
    const list = await measure(() => listBudgets(ctx, budgetListQuerySchema.parse({})), RUNS);
    const detail = await getBudget(ctx, id, {});
    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(7)} ms   p95 ${s.p95.toFixed(1).padStart(7)} ms`,
      );
    row(`open a ${LINES}-line budget (use case)`, open);
    row("  raw-SQL floor (lines + section sums)", floor);
    row(`budgets list, page 1 of ${BUDGETS}`, list);
    console.log(
      `grand total ${detail.totals.estimate.grandTotal} minor units over ${detail.lines.length} lines; open/floor ×${(open.p50 / floor.p50).toFixed(2)}`,
    );
    const met = open.p95 < TARGET_P95_MS;
    console.log(
      `${met ? "PASS" : "FAIL"}  open p95 ${open.p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms; labour actuals from time entries not built yet)`,
    );
    if (!met) process.exitCode = 1;
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
