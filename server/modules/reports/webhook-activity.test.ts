import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import type { WebhookActivityResponse, WebhookDeliveriesResponse } from "./contract";

/*
 * The webhook-activity report on deliveries and polls written by hand. The clock is pinned to
 * Wednesday 2026-11-18 10:00 UTC, the workspace is on UTC with weeks from Monday, so "this month"
 * is November 2026 with the weeks of 26 Oct, 2, 9, 16, 23 and 30 Nov.
 *
 *   delivery  event        received (UTC)        outcome                     latency
 *   d1        taskUpdated  Mon 16 Nov 10:00:00   processed                   2 000 ms
 *   d2        taskUpdated  Tue 17 Nov 10:00:00   processed                   4 000 ms
 *   d3        taskUpdated  Tue 17 Nov 10:00:01   duplicate                   —
 *   d4        taskCreated  Tue 10 Nov 10:00:00   failed ("boom")             6 000 ms
 *   d5        taskCreated  Tue 10 Nov 11:00:00   bad signature (rejected)    —
 *   d6        taskUpdated  Wed 18 Nov 09:00:00   pending (received)          —
 *   d7        taskUpdated  Fri 30 Oct 10:00:00   processed, last month: out
 *   o1        (other workspace) Mon 16 Nov       processed: never counted
 *
 * taskUpdated: 4 = 2 processed + 1 duplicate + 1 pending; latency avg (2000+4000)/2 = 3000,
 * p95 = 2000 + 0.95 × 2000 = 3900. taskCreated: 2 = 1 failed + 1 bad signature; 6000 / 6000.
 * All: 6; latencies 2000, 4000, 6000 → avg 4000, p95 = 4000 + 0.9 × 2000 = 5800.
 *
 * Polls: p1 Tue 17 Nov succeeded {tasks 3, deletedTimeEntries 1}; p2 Tue 17 Nov succeeded
 * {tasks 0}; p3 Wed 11 Nov failed {tasks 5} (a failed run catches nothing); an incremental sync
 * {tasks 9} and a poll on 30 Oct are outside the report. → 3 runs, 1 failed, 3 tasks, 1 deleted
 * entry; week of 9 Nov: 1 run, 0 caught; week of 16 Nov: 2 runs, 3 tasks, 1 deleted entry.
 */

const NOW = new Date("2026-11-18T10:00:00Z");

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let other: WorkspaceUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  other = await createUserInWorkspace(ctx, { role: "owner" });
  const org = owner.organizationId;
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(`update organizations set time_zone = 'UTC', week_start = 'monday' where id = $1`, [org]);
  const deliveries: [
    string,
    string,
    string,
    string | null,
    boolean,
    string,
    string,
    number | null,
    string | null,
  ][] = [
    ["d1", org, "taskUpdated", "t1", true, "processed", "2026-11-16T10:00:00Z", 2000, null],
    ["d2", org, "taskUpdated", "t2", true, "processed", "2026-11-17T10:00:00Z", 4000, null],
    ["d3", org, "taskUpdated", "t2", true, "duplicate", "2026-11-17T10:00:01Z", null, null],
    ["d4", org, "taskCreated", "t3", true, "failed", "2026-11-10T10:00:00Z", 6000, "boom"],
    ["d5", org, "taskCreated", null, false, "rejected", "2026-11-10T11:00:00Z", null, "bad signature"],
    ["d6", org, "taskUpdated", "t4", true, "received", "2026-11-18T09:00:00Z", null, null],
    ["d7", org, "taskUpdated", "t1", true, "processed", "2026-10-30T10:00:00Z", 1000, null],
    ["o1", other.organizationId, "taskUpdated", "x", true, "processed", "2026-11-16T10:00:00Z", 500, null],
  ];
  for (const [name, o, event, task, valid, status, at, latency, error] of deliveries) {
    const r = await q(
      `insert into webhook_events (organization_id, event, task_id, signature_valid, status, error, received_at, processed_at)
       values ($1, $2, $3, $4, $5, $6, $7::timestamptz,
               case when $8::int is null then null else $7::timestamptz + $8::int * interval '1 millisecond' end)
       returning id`,
      [o, event, task, valid, status, error, at, latency],
    );
    ids[name] = Number((r.rows[0] as { id: number | string }).id);
  }
  const runs: [string, string, string, string, string][] = [
    [
      "p1",
      "poll",
      "succeeded",
      "2026-11-17T10:00:00Z",
      `{"tasks":3,"deletedTimeEntries":1,"timeEntries":40}`,
    ],
    [
      "p2",
      "poll",
      "succeeded",
      "2026-11-17T10:05:00Z",
      `{"tasks":0,"deletedTimeEntries":0,"timeEntries":40}`,
    ],
    ["p3", "poll", "failed", "2026-11-11T10:00:00Z", `{"tasks":5}`],
    ["i1", "incremental", "succeeded", "2026-11-17T11:00:00Z", `{"tasks":9}`],
    ["p0", "poll", "succeeded", "2026-10-30T10:00:00Z", `{"tasks":7,"deletedTimeEntries":2}`],
  ];
  for (const [id, kind, status, at, stats] of runs) {
    await q(
      `insert into sync_runs (organization_id, id, kind, status, stats, started_at, finished_at)
       values ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $6::timestamptz + interval '5 seconds')`,
      [org, id, kind, status, stats, at],
    );
  }
  await q(
    `insert into sync_runs (organization_id, id, kind, status, stats, started_at)
     values ($1, 'po', 'poll', 'succeeded', '{"tasks":11}'::jsonb, '2026-11-16T10:00:00Z')`,
    [other.organizationId],
  );
});
afterAll(() => ctx.close());

const report = (query: string, as: WorkspaceUser = owner) =>
  as.client.get<WebhookActivityResponse>(`/api/reports/webhook-activity?${query}`);
const deliveries = (query: string) =>
  owner.client.get<WebhookDeliveriesResponse>(`/api/reports/webhook-activity/deliveries?${query}`);

describe("GET /api/reports/webhook-activity", () => {
  it("counts this month's deliveries per event type and week by outcome, with latency", async () => {
    const res = await report("period=this-month");
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.period).toEqual({ period: "this-month", from: "2026-11-01", to: "2026-11-30" });
    expect(body.rows).toEqual([
      {
        event: "taskUpdated",
        total: 4,
        processed: 2,
        failed: 0,
        duplicate: 1,
        badSignature: 0,
        pending: 1,
        rejected: 0,
        avgLatencyMs: 3000,
        p95LatencyMs: 3900,
      },
      {
        event: "taskCreated",
        total: 2,
        processed: 0,
        failed: 1,
        duplicate: 0,
        badSignature: 1,
        pending: 0,
        rejected: 0,
        avgLatencyMs: 6000,
        p95LatencyMs: 6000,
      },
    ]);
    expect(body.totals).toEqual({
      total: 6,
      processed: 2,
      failed: 1,
      duplicate: 1,
      badSignature: 1,
      pending: 1,
      rejected: 0,
      avgLatencyMs: 4000,
      p95LatencyMs: 5800,
    });
    expect(body.weeks.map((w) => w.week)).toEqual([
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    const week = (day: string) => body.weeks.find((w) => w.week === day);
    expect(week("2026-11-09")).toMatchObject({
      total: 2,
      failed: 1,
      badSignature: 1,
      pollRuns: 1,
      pollTasksCaught: 0,
    });
    expect(week("2026-11-16")).toMatchObject({
      total: 4,
      processed: 2,
      duplicate: 1,
      pending: 1,
      pollRuns: 2,
      pollTasksCaught: 3,
      pollDeletedEntriesCaught: 1,
    });
    expect(week("2026-10-26")).toMatchObject({ total: 0, pollRuns: 0 });
    expect(body.poll).toEqual({ runs: 3, failedRuns: 1, tasksCaught: 3, deletedEntriesCaught: 1 });
    expect(body.notRecorded.map((n) => n.figure)).toContain("Retries");
  });

  it("last month holds only d7 and the poll of 30 Oct", async () => {
    const res = await report("period=last-month");
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ total: 1, processed: 1, avgLatencyMs: 1000 });
    expect(res.body.poll).toEqual({ runs: 1, failedRuns: 0, tasksCaught: 7, deletedEntriesCaught: 2 });
  });

  it("opens the deliveries behind a figure, newest first", async () => {
    const processed = await deliveries("period=this-month&event=taskUpdated&outcome=processed");
    expect(processed.status).toBe(200);
    expect(processed.body.total).toBe(2);
    expect(processed.body.items.map((d) => [d.id, d.latencyMs, d.outcome])).toEqual([
      [ids.d2, 4000, "processed"],
      [ids.d1, 2000, "processed"],
    ]);
    const week = await deliveries("period=this-month&week=2026-11-09");
    expect(week.body.items.map((d) => [d.id, d.outcome, d.error])).toEqual([
      [ids.d5, "bad_signature", "bad signature"],
      [ids.d4, "failed", "boom"],
    ]);
    const paged = await deliveries("period=this-month&page=2&pageSize=4");
    expect(paged.body).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(paged.body.items.map((d) => d.id)).toEqual([ids.d5, ids.d4]);
  });

  it("downloads the table as CSV with its totals line", async () => {
    const res = await owner.client.get("/api/reports/webhook-activity.csv?period=this-month");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(
      res.text
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toEqual([
      "Event,Deliveries,Processed,Failed,Duplicate,Bad Signature,Pending,Rejected,Avg Latency ms,P95 Latency ms",
      "taskUpdated,4,2,0,1,0,1,0,3000,3900",
      "taskCreated,2,0,1,0,1,0,0,6000,6000",
      "Total,6,2,1,1,1,1,0,4000,5800",
    ]);
    expect((await member.client.get("/api/reports/webhook-activity.csv?period=this-month")).status).toBe(403);
  });

  it("refuses members and bad input", async () => {
    expect((await report("period=this-month", member)).status).toBe(403);
    expect(
      (await member.client.get("/api/reports/webhook-activity/deliveries?period=this-month")).status,
    ).toBe(403);
    for (const [query, field] of [
      ["period=custom&from=2026-11-01", "to"],
      ["period=custom&from=2026-11-10&to=2026-11-01", "to"],
      ["period=someday", "period"],
    ] as const) {
      const res = await report(query);
      expect(res.status, query).toBe(400);
      expect(
        (res.body as unknown as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field),
      ).toContain(field);
    }
    expect((await deliveries("period=this-month&outcome=lost")).status).toBe(400);
    expect((await report("period=this-month&client=Acme")).status).toBe(400);
  });
});
