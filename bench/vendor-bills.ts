/**
 * Vendor bills benchmark (issue 15): the bills list with 10,000 vendor bills in the workspace —
 * GET /api/vendor-bills' server work (listVendorBills: one filtered, sorted, paged query with
 * the window count, the totals row and the ageing totals of the whole filtered set) — for the
 * first page of 50 and the filters people use, plus the budget's Actual from bills
 * (actualByLineKey).
 *
 *   npm run bench:vendor-bills                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:vendor-bills   # a fresh database on that server
 *   BENCH_BILLS=20000 BENCH_RUNS=50 npm run bench:vendor-bills
 *
 * Seeded in SQL on the purchase orders benchmark's workspace (bench/purchase-orders.ts): bills in
 * every status, two thirds against a PO's lines, the rest straight on budget lines; every timed
 * call goes through the use case.
 */
import { performance } from "node:perf_hooks";
import { vendorBillListQuerySchema } from "../server/modules/vendor-bills/contract";
import { listVendorBills } from "../server/modules/vendor-bills/list-vendor-bills";
import { actualByLineKey } from "../server/modules/vendor-bills/repo";
import { openBenchDatabase } from "./bench-database";
import { benchContext, ORG, seedPurchasing } from "./purchase-orders";
import { measure } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const BILLS = Number(process.env.BENCH_BILLS ?? 10_000);
const POS = Number(process.env.BENCH_POS ?? 5_000);
const BUDGETS = 200;
const VENDORS = 300;
const LINES_PER_BUDGET = 12;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95_MS = 100;

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  try {
    const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      database.raw.query<R & Record<string, unknown>>(text, params);
    const seeded = performance.now();
    await seedPurchasing(database, { pos: POS, budgets: BUDGETS, vendors: VENDORS });
    // Bills: statuses received / approved / paid / void, dates over two years, 1–2 lines each;
    // bill g is on PO g (its vendor and budget) when g % 3 ≠ 0 and g ≤ POS, else on a budget alone.
    await q(
      `insert into vendor_bills (organization_id, id, number, vendor_id, purchase_order_id, budget_id, invoice_number,
                                 bill_date, due_date, currency, status, total_minor, without_po, created_by,
                                 approved_at, paid_at, payment_date, created_at, updated_at)
       select $1, 'bill' || g, g, 'v' || (1 + g % $3::int),
              case when g % 3 <> 0 and g <= $5::int then 'po' || g end,
              'b' || (1 + g % $4::int), 'INV-' || g,
              date '2024-01-01' + (g % 730), date '2024-01-01' + (g % 730) + 30, 'USD',
              (array['received', 'approved', 'paid', 'void'])[1 + g % 4],
              (1 + g % 2) * (500 + (g * 7919) % 300000), not (g % 3 <> 0 and g <= $5::int), 'bench-admin',
              case when g % 4 in (1, 2) then now() end, case when g % 4 = 2 then now() end,
              case when g % 4 = 2 then date '2024-01-01' + (g % 730) + 20 end,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         from generate_series(1, $2::int) g`,
      [ORG, BILLS, VENDORS, BUDGETS, POS],
    );
    await q(
      `insert into vendor_bill_lines (organization_id, id, bill_id, position, budget_line_key, section, description,
                                      amount_minor)
       select $1, 'bill' || g || '-' || n, 'bill' || g, n,
              'k' || (1 + g % $3::int) || '-' || (1 + (g + n) % $4::int),
              substr('ABCDEFGHIJKLMNOP', 1 + ((1 + (g + n) % $4::int) % 16), 1), 'Line ' || n,
              500 + (g * 7919) % 300000
         from generate_series(1, $2::int) g cross join lateral generate_series(0, g % 2) n`,
      [ORG, BILLS, BUDGETS, LINES_PER_BUDGET],
    );
    await q(
      `insert into document_numbers (organization_id, kind, last_number) values ($1, 'vendor_bill', $2)`,
      [ORG, BILLS],
    );
    await q("analyze");
    console.log(
      `${database.kind}: ${BILLS} vendor bills and ${POS} purchase orders seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const ctx = benchContext(database);
    const list = (query: Record<string, string>) => () =>
      listVendorBills(ctx, vendorBillListQuerySchema.parse({ asOf: "2025-06-30", ...query }));
    const first = await list({})();
    if (first.items.length !== 50 || first.total !== BILLS)
      throw new Error(`unexpected first page ${first.total}`);
    const cases: [string, Record<string, string>][] = [
      ["first page of 50 (number, newest first)", {}],
      ["open: received,approved", { status: "received,approved" }],
      ["one vendor, by amount", { vendorId: "v7", sort: "amount" }],
      ["one project", { projectId: "f13" }],
      [
        "due in a quarter, by due date",
        { dueFrom: "2024-04-01", dueTo: "2024-06-30", sort: "dueDate", dir: "asc" },
      ],
      ["without PO", { withoutPo: "true" }],
      ["sorted by vendor name", { sort: "vendor", dir: "asc" }],
      ["search 'vendor 01'", { search: "vendor 01" }],
      ["page 100 of 200", { page: "100" }],
    ];
    const results: [string, { p50: number; p95: number }][] = [];
    for (const [label, query] of cases) results.push([label, await measure(list(query), RUNS)]);
    const actual = await measure(() => actualByLineKey(ctx.db, ORG, ["b1", "b2", "b3", "b4", "b5"]), RUNS);

    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`,
      );
    console.log(`\n${database.kind} · ${BILLS} vendor bills · ${RUNS} runs`);
    for (const [label, stat] of results) row(label, stat);
    row("actual by line key, 5 budgets", actual);
    const p95 = Math.max(...results.map(([, s]) => s.p95));
    const met = p95 < TARGET_P95_MS;
    console.log(
      `${met ? "PASS" : "FAIL"}  slowest page p95 ${p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms)`,
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
