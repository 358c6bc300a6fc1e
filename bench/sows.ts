/**
 * Statements of work benchmark (issue 15): the SOW list with 10,000 SOWs in the workspace —
 * GET /api/sows' server work (listSows: one filtered, sorted, paged query with the window count,
 * and the Σ fee of the whole filtered set per currency) — for the first page of 50 and the
 * filters and sorts people use.
 *
 *   npm run bench:sows                                   # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:sows   # a fresh database on that server
 *   BENCH_SOWS=20000 BENCH_RUNS=50 npm run bench:sows
 *
 * Seeded in SQL on the purchase orders benchmark's workspace (bench/purchase-orders.ts): 100
 * clients, SOWs in every status over two years, one or two versions each with a three-entry
 * payment schedule; every timed call goes through the use case.
 */
import { performance } from "node:perf_hooks";
import { sowListQuerySchema } from "../server/modules/sows/contract";
import { listSows } from "../server/modules/sows/list-sows";
import { openBenchDatabase } from "./bench-database";
import { benchContext, ORG, seedPurchasing } from "./purchase-orders";
import { measure } from "./synced-agency";

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const SOWS = Number(process.env.BENCH_SOWS ?? 10_000);
const BUDGETS = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95_MS = 100;

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  try {
    const q = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
      database.raw.query<R & Record<string, unknown>>(text, params);
    const seeded = performance.now();
    await seedPurchasing(database, { pos: 100, budgets: BUDGETS, vendors: 50 });
    await q(
      `insert into clients (organization_id, id, name, email)
       select $1, 'c' || g, 'Client ' || lpad(g::text, 3, '0'), 'c' || g || '@clients.test'
         from generate_series(1, 100) g`,
      [ORG],
    );
    // SOWs: statuses draft / sent / signed, dated over two years; every fifth has a second version.
    await q(
      `insert into sows (organization_id, id, number, project_id, client_id, budget_id, title, status,
                         current_version, signed_version, currency, fee_minor, sow_date, created_by,
                         sent_at, signed_at, signed_by_name, signed_on, created_at, updated_at)
       select $1, 's' || g, g, 'f' || (1 + g % $3::int), 'c' || (1 + g % 100), 'b' || (1 + g % $3::int),
              'Statement of work ' || g, (array['draft', 'sent', 'signed'])[1 + g % 3],
              case when g % 5 = 0 then 2 else 1 end, case when g % 3 = 2 then case when g % 5 = 0 then 2 else 1 end end,
              'USD', t.fee, date '2024-01-01' + (g % 730), 'bench-admin',
              case when g % 3 > 0 then now() end, case when g % 3 = 2 then now() end,
              case when g % 3 = 2 then 'Client Signer' end, case when g % 3 = 2 then date '2024-01-01' + (g % 730) + 7 end,
              now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         from generate_series(1, $2::int) g
         cross join lateral (select 300000 + (g * 7919) % 30000000 as fee) t`,
      [ORG, SOWS, BUDGETS],
    );
    await q(
      `insert into sow_versions (organization_id, sow_id, version, status, scope, fee_minor, terms, created_by)
       select s.organization_id, s.id, v, case when v < s.current_version then 'superseded' else s.status end,
              'Scope of ' || s.title, s.fee_minor, 'Net 30', 'bench-admin'
         from sows s cross join lateral generate_series(1, s.current_version) v
        where s.organization_id = $1`,
      [ORG],
    );
    await q(
      `insert into sow_payment_entries (organization_id, id, sow_id, version, position, label, amount_minor, percent_bp)
       select v.organization_id, v.sow_id || '-' || v.version || '-' || n, v.sow_id, v.version, n,
              (array['Deposit', 'Delivery', 'Final'])[1 + n],
              case when n < 2 then v.fee_minor * (array[5000, 3000])[1 + n] / 10000
                   else v.fee_minor - v.fee_minor * 5000 / 10000 - v.fee_minor * 3000 / 10000 end,
              (array[5000, 3000, 2000])[1 + n]
         from sow_versions v cross join generate_series(0, 2) n
        where v.organization_id = $1`,
      [ORG],
    );
    await q(`insert into document_numbers (organization_id, kind, last_number) values ($1, 'sow', $2)`, [
      ORG,
      SOWS,
    ]);
    await q("analyze");
    console.log(
      `${database.kind}: ${SOWS} statements of work seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const ctx = benchContext(database);
    const list = (query: Record<string, string>) => () => listSows(ctx, sowListQuerySchema.parse(query));
    const first = await list({})();
    if (first.items.length !== 50 || first.total !== SOWS)
      throw new Error(`unexpected first page ${first.total}`);
    const cases: [string, Record<string, string>][] = [
      ["first page of 50 (number, newest first)", {}],
      ["open: draft and sent", { status: "draft,sent" }],
      ["signed", { status: "signed" }],
      ["one client, by fee", { clientId: "c7", sort: "fee" }],
      ["one project", { projectId: "f13" }],
      ["dated in a quarter, by date", { from: "2024-04-01", to: "2024-06-30", sort: "date", dir: "asc" }],
      ["sorted by client name", { sort: "client", dir: "asc" }],
      ["sorted by title", { sort: "title", dir: "asc" }],
      ["search 'client 01'", { search: "client 01" }],
      ["page 100 of 200", { page: "100" }],
    ];
    const results: [string, { p50: number; p95: number }][] = [];
    for (const [label, query] of cases) results.push([label, await measure(list(query), RUNS)]);

    const row = (label: string, s: { p50: number; p95: number }) =>
      console.log(
        `${label.padEnd(52)} p50 ${s.p50.toFixed(1).padStart(8)} ms   p95 ${s.p95.toFixed(1).padStart(8)} ms`,
      );
    console.log(`\n${database.kind} · ${SOWS} statements of work · ${RUNS} runs`);
    for (const [label, stat] of results) row(label, stat);
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
