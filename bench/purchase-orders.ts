/**
 * Purchase orders benchmark (issue 15): the PO list with 10,000 purchase orders in the workspace
 * — GET /api/purchase-orders' server work (listPurchaseOrders: one filtered, sorted, paged query
 * with the window count, the page's billed/unbilled sums, and the totals row of the whole
 * filtered set per currency) — for the first page of 50 in the default order and a few filters
 * and sorts people use, plus the committed figures of a budget (committedByLineKey) and raising
 * a PO through the use case (gapless number, lines checked against the budget, audit row).
 *
 *   npm run bench:purchase-orders                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:purchase-orders   # a fresh database on that server
 *   BENCH_POS=20000 BENCH_RUNS=50 npm run bench:purchase-orders
 *
 * The workspace is seeded in SQL (budgets approved, vendors, POs in every status with 1–3 lines
 * each, a third of them with part billed), then analysed; every timed call goes through the use
 * cases.
 */
import { performance } from "node:perf_hooks";
import type { AppDeps } from "../server/context";
import { createLogger } from "../server/lib/logger";
import { purchaseOrderListQuerySchema } from "../server/modules/purchase-orders/contract";
import { createPurchaseOrder } from "../server/modules/purchase-orders/create-purchase-order";
import { listPurchaseOrders } from "../server/modules/purchase-orders/list-purchase-orders";
import { committedByLineKey } from "../server/modules/purchase-orders/repo";
import { systemContext, type RequestContext } from "../server/request-context";
import type { Database } from "../server/db/client";
import { openBenchDatabase } from "./bench-database";
import { measure } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

export const ORG = "bench-org";
const POS = Number(process.env.BENCH_POS ?? 10_000);
const BUDGETS = Number(process.env.BENCH_BUDGETS ?? 200);
const VENDORS = Number(process.env.BENCH_VENDORS ?? 300);
const LINES_PER_BUDGET = 12;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95_MS = 100;
const STATUSES = [
  "draft",
  "pending_approval",
  "approved",
  "sent",
  "partially_billed",
  "billed",
  "closed",
  "cancelled",
];

/**
 * Seeds a bench workspace in SQL: `budgets` approved budgets of 12 lines on projects, `vendors`
 * vendors, `pos` POs in every status with 1–3 lines each (a third with part billed). The vendor
 * bill and invoice benchmarks start from it too.
 */
export async function seedPurchasing(
  database: Database,
  options: { pos: number; budgets: number; vendors: number },
): Promise<void> {
  const { pos: POS, budgets: BUDGETS, vendors: VENDORS } = options;
  const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    database.raw.query<R & Record<string, unknown>>(text, params);
  await q(`insert into organizations (id, name) values ($1, 'Bench Agency')`, [ORG]);
  await q(`insert into profiles (id, name, email) values ('bench-admin', 'Bench Admin', 'admin@bench.test')`);
  await q(
    `insert into folders (organization_id, id, name)
     select $1, 'f' || g, 'Project ' || g from generate_series(1, $2::int) g`,
    [ORG, BUDGETS],
  );
  await q(
    `insert into budgets (organization_id, id, folder_id, name, form_id, bid_type, currency,
                          working_revision_number, latest_revision_number)
     select $1, 'b' || g, 'f' || g, 'Budget ' || g, 'aicp-current', 'firm', 'USD', 0, 0
       from generate_series(1, $2::int) g`,
    [ORG, BUDGETS],
  );
  await q(
    `insert into budget_revisions (organization_id, budget_id, number, status, approved_at)
     select $1, 'b' || g, 0, 'approved', now() from generate_series(1, $2::int) g`,
    [ORG, BUDGETS],
  );
  await q(
    `insert into budget_lines (organization_id, id, budget_id, revision_number, key, section, number,
                               description, quantity_hundredths, rate_minor, estimate_minor, position)
     select $1, 'b' || b || '-l' || l, 'b' || b, 0, 'k' || b || '-' || l,
            substr('ABCDEFGHIJKLMNOP', 1 + (l % 16), 1), l::text, 'Line ' || l, 100, 100000, 100000, l
       from generate_series(1, $2::int) b cross join generate_series(1, $3::int) l`,
    [ORG, BUDGETS, LINES_PER_BUDGET],
  );
  await q(
    `insert into vendors (organization_id, id, name, email)
     select $1, 'v' || g, 'Vendor ' || lpad(g::text, 4, '0'), 'v' || g || '@vendors.test'
       from generate_series(1, $2::int) g`,
    [ORG, VENDORS],
  );
  // POs: every status, dates over two years, 1–3 lines each on their budget's lines.
  await q(
    `insert into purchase_orders (organization_id, id, number, vendor_id, budget_id, revision_number, currency,
                                  status, order_date, description, total_minor, created_by, approved_at,
                                  sent_at, created_at, updated_at)
     select $1, 'po' || g, g, 'v' || (1 + g % $3::int), 'b' || (1 + g % $4::int), 0, 'USD',
            ($5::text[])[1 + g % 8], date '2024-01-01' + (g % 730), 'Order ' || g,
            (1 + g % 3) * (1000 + (g * 7919) % 500000), 'bench-admin',
            case when g % 8 between 2 and 6 then now() end, case when g % 8 between 3 and 6 then now() end,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from generate_series(1, $2::int) g`,
    [ORG, POS, VENDORS, BUDGETS, STATUSES],
  );
  await q(
    `insert into purchase_order_lines (organization_id, id, purchase_order_id, position, budget_line_key, section,
                                       description, amount_minor, billed_minor)
     select $1, 'po' || g || '-' || n, 'po' || g, n, 'k' || (1 + g % $3::int) || '-' || (1 + (g + n) % $4::int),
            substr('ABCDEFGHIJKLMNOP', 1 + ((1 + (g + n) % $4::int) % 16), 1), 'Line ' || n,
            1000 + (g * 7919) % 500000, case when g % 3 = 0 then ((g * 7919) % 500000) / 2 else 0 end
       from generate_series(1, $2::int) g cross join lateral generate_series(0, g % 3) n`,
    [ORG, POS, BUDGETS, LINES_PER_BUDGET],
  );
  await q(
    `insert into document_numbers (organization_id, kind, last_number) values ($1, 'purchase_order', $2)`,
    [ORG, POS],
  );
}

/** The context the benches call use cases with: the workspace's admin. */
export function benchContext(database: Database): RequestContext {
  const deps = { database, logger: createLogger("silent"), now: () => new Date() } as unknown as AppDeps;
  const base = systemContext(deps, ORG, "admin");
  return { ...base, userId: "bench-admin", user: { ...base.user, id: "bench-admin" } };
}

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  try {
    const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      database.raw.query<R & Record<string, unknown>>(text, params);
    const seeded = performance.now();
    await seedPurchasing(database, { pos: POS, budgets: BUDGETS, vendors: VENDORS });
    await q("analyze");
    const counts = (
      await q<{ pos: number; lines: number }>(
        `select (select count(*) from purchase_orders where organization_id = $1)::int as pos,
                (select count(*) from purchase_order_lines where organization_id = $1)::int as lines`,
        [ORG],
      )
    ).rows[0]!;
    console.log(
      `${database.kind}: ${counts.pos} purchase orders (${counts.lines} lines), ${VENDORS} vendors, ${BUDGETS} budgets seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const ctx = benchContext(database);
    const list = (query: Record<string, string>) => () =>
      listPurchaseOrders(ctx, purchaseOrderListQuerySchema.parse(query));

    const first = await list({})();
    if (first.items.length !== 50 || first.total !== POS)
      throw new Error(`unexpected first page ${first.total}`);
    const cases: [string, Record<string, string>][] = [
      ["first page of 50 (number, newest first)", {}],
      ["status approved,sent,partially_billed", { status: "approved,sent,partially_billed" }],
      ["one vendor, by amount", { vendorId: "v7", sort: "amount" }],
      ["one project", { projectId: "f13" }],
      ["a quarter, by order date", { from: "2024-04-01", to: "2024-06-30", sort: "orderDate", dir: "asc" }],
      ["sorted by vendor name", { sort: "vendor", dir: "asc" }],
      ["search 'vendor 01'", { search: "vendor 01" }],
      ["page 100 of 200", { page: "100" }],
    ];
    const results: [string, { p50: number; p95: number }][] = [];
    for (const [label, query] of cases) results.push([label, await measure(list(query), RUNS)]);
    const committed = await measure(
      () => committedByLineKey(ctx.db, ORG, ["b1", "b2", "b3", "b4", "b5"]),
      RUNS,
    );

    // Raising POs through the use case: the number, the lines' check, the audit row.
    const createRuns = Math.max(20, Math.floor(RUNS / 2));
    let i = 0;
    const create = await measure(
      () =>
        createPurchaseOrder(ctx, {
          vendorId: `v${1 + (i % VENDORS)}`,
          budgetId: `b${1 + (i++ % BUDGETS)}`,
          lines: [
            { budgetLineKey: `k${1 + ((i - 1) % BUDGETS)}-1`, amountMinor: 12_345 },
            { budgetLineKey: `k${1 + ((i - 1) % BUDGETS)}-2`, amountMinor: 6_789 },
          ],
        }),
      createRuns,
    );
    const numbers = await q<{ gaps: number; max: number; n: number }>(
      `select count(*)::int as n, max(number) as max,
              (max(number) - count(*))::int as gaps from purchase_orders where organization_id = $1`,
      [ORG],
    );

    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`,
      );
    console.log(`\n${database.kind} · ${POS} purchase orders · ${RUNS} runs`);
    for (const [label, stat] of results) row(label, stat);
    row("committed by line key, 5 budgets", committed);
    row(`raise a 2-line PO (use case, ${createRuns + 2} times)`, create);
    const n = numbers.rows[0]!;
    console.log(`numbers: ${n.n} POs, highest PO-${String(n.max).padStart(4, "0")}, ${n.gaps} gaps`);
    const p95 = results[0]![1].p95;
    const met = p95 < TARGET_P95_MS && n.gaps === 0;
    console.log(
      `${met ? "PASS" : "FAIL"}  first page p95 ${p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms)`,
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
