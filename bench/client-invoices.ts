/**
 * Client invoices benchmark (issue 15): the invoices list with 10,000 invoices in the workspace —
 * GET /api/client-invoices' server work (listInvoices: one filtered, sorted, paged query with the
 * window count and the totals row of the whole filtered set) — for the first page of 50 and the
 * filters people use (overdue among them), plus the budget's Invoiced figure (invoicedByBudget).
 *
 *   npm run bench:client-invoices                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:client-invoices   # a fresh database on that server
 *   BENCH_INVOICES=20000 BENCH_RUNS=50 npm run bench:client-invoices
 *
 * Seeded in SQL on the purchase orders benchmark's workspace (bench/purchase-orders.ts): 100
 * clients, invoices of every kind and status with 1–2 lines, a third of them part paid; every
 * timed call goes through the use case.
 */
import { performance } from "node:perf_hooks";
import { invoiceListQuerySchema } from "../server/modules/client-invoices/contract";
import { listInvoices } from "../server/modules/client-invoices/list-invoices";
import { invoicedByBudget } from "../server/modules/client-invoices/repo";
import { openBenchDatabase } from "./bench-database";
import { benchContext, ORG, seedPurchasing } from "./purchase-orders";
import { measure } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const POS = Number(process.env.BENCH_POS ?? 1_000);
const BUDGETS = 200;
const VENDORS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95_MS = 100;

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  try {
    const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      database.raw.query<R & Record<string, unknown>>(text, params);
    const seeded = performance.now();
    await seedPurchasing(database, { pos: POS, budgets: BUDGETS, vendors: VENDORS });
    await q(
      `insert into clients (organization_id, id, name, email)
       select $1, 'c' || g, 'Client ' || lpad(g::text, 3, '0'), 'c' || g || '@clients.test'
         from generate_series(1, 100) g`,
      [ORG],
    );
    // Invoices: kinds deposit / progress / final, statuses draft / sent / paid / void, issued over
    // two years, due 30 days later; a sent third part paid (so some are overdue at any date).
    await q(
      `insert into client_invoices (organization_id, id, number, budget_id, project_id, client_id, kind,
                                    client_po_number, issue_date, due_date, currency, status, total_minor,
                                    paid_minor, created_by, sent_at, created_at, updated_at)
       select $1, 'inv' || g, g, 'b' || (1 + g % $3::int), 'f' || (1 + g % $3::int), 'c' || (1 + g % 100),
              (array['deposit', 'progress', 'final'])[1 + g % 3], 'CPO-' || g,
              date '2024-01-01' + (g % 730), date '2024-01-01' + (g % 730) + 30, 'USD',
              (array['draft', 'sent', 'paid', 'void'])[1 + g % 4], t.total,
              case when g % 4 = 2 then t.total when g % 4 = 1 and g % 3 = 0 then t.total / 2 else 0 end,
              'bench-admin', case when g % 4 in (1, 2) then now() end,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         from generate_series(1, $2::int) g
         cross join lateral (select (1 + g % 2) * (10000 + (g * 7919) % 3000000) as total) t`,
      [ORG, INVOICES, BUDGETS],
    );
    await q(
      `insert into client_invoice_lines (organization_id, id, invoice_id, position, kind, description, amount_minor)
       select $1, 'inv' || g || '-' || n, 'inv' || g, n, 'amount', 'Line ' || n, 10000 + (g * 7919) % 3000000
         from generate_series(1, $2::int) g cross join lateral generate_series(0, g % 2) n`,
      [ORG, INVOICES],
    );
    await q(
      `insert into document_numbers (organization_id, kind, last_number) values ($1, 'client_invoice', $2)`,
      [ORG, INVOICES],
    );
    await q("analyze");
    console.log(
      `${database.kind}: ${INVOICES} client invoices seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const ctx = benchContext(database);
    const list = (query: Record<string, string>) => () =>
      listInvoices(ctx, invoiceListQuerySchema.parse(query));
    const first = await list({})();
    if (first.items.length !== 50 || first.total !== INVOICES)
      throw new Error(`unexpected first page ${first.total}`);
    const cases: [string, Record<string, string>][] = [
      ["first page of 50 (number, newest first)", {}],
      ["overdue", { overdue: "true" }],
      ["open: sent", { status: "sent" }],
      ["one client, by amount", { clientId: "c7", sort: "amount" }],
      ["one project", { projectId: "f13" }],
      [
        "issued in a quarter, by issue date",
        { from: "2024-04-01", to: "2024-06-30", sort: "issueDate", dir: "asc" },
      ],
      ["sorted by outstanding", { sort: "outstanding" }],
      ["sorted by client name", { sort: "client", dir: "asc" }],
      ["search 'client 01'", { search: "client 01" }],
      ["page 100 of 200", { page: "100" }],
    ];
    const results: [string, { p50: number; p95: number }][] = [];
    for (const [label, query] of cases) results.push([label, await measure(list(query), RUNS)]);
    const invoiced = await measure(() => invoicedByBudget(ctx.db, ORG, ["b1", "b2", "b3", "b4", "b5"]), RUNS);

    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`,
      );
    console.log(`\n${database.kind} · ${INVOICES} client invoices · ${RUNS} runs`);
    for (const [label, stat] of results) row(label, stat);
    row("invoiced by budget, 5 budgets", invoiced);
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
