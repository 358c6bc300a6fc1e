import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { divideRoundHalfEven, priceDurationMs } from "@domain/money";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, signUp, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { rows } from "../../db/executor";
import { H, nineAm as d, taskBuilder, type TaskInsert } from "../../../tests/api/clickup-rows";
import type {
  WorkloadEntriesResponse,
  WorkloadPerson,
  WorkloadResponse,
  WorkloadTimeEntriesResponse,
} from "./contract";
import { priceSql, roundHalfEvenBigintSql, roundHalfEvenSql } from "../rate-cards/rates-sql";
import { refreshWorkloadBookings } from "./bookings-repo";
import { repriceWorkloadDays } from "./repo";

/*
 * The workload API on rows computed by hand. Window: Monday 2026-11-16 … Sunday 2026-11-29
 * (14 days, index 0 … 13); today is Wednesday 2026-11-18 (index 2). Working days Monday–Friday;
 * Thursday 2026-11-26 (index 10) is a workspace holiday. Ann works 6 h a day (person setting),
 * everyone else the default 8 h; Bob has Tuesday 2026-11-24 off (index 8) and half of Friday
 * 2026-11-27 (index 11).
 */

const NOW = new Date("2026-11-18T10:00:00Z");
const FROM = "2026-11-16";
const TO = "2026-11-29";
const ANN = "u-ann";
const BOB = "u-bob";
const GHOST = "u-ghost";
const who = (...ids: string[]) =>
  ids.map((id) => ({ id, username: id === GHOST ? "Ghost" : id === ANN ? "Ann" : null }));

const task = taskBuilder({ spaceId: "sp-work", folderId: "f-job", folderName: "Job", listId: "l-job" });

const tasks: TaskInsert[] = [
  // Project meta tasks: Job is in production (confirmed), Pitch is a bid (tentative).
  task({ id: "meta-job", customItemId: 1001, status: "in production", customId: "JOB-1" }),
  task({ id: "meta-pitch", customItemId: 1001, status: "Bid", folderId: "f-pitch", folderName: "Pitch" }),
  // Both dates, Mon–Fri: 10 h over 5 working days = 120 min a day (Ann).
  task({
    id: "both",
    startDate: d("2026-11-16"),
    dueDate: d("2026-11-20"),
    timeEstimateMs: 10 * H,
    assigneesArray: who(ANN),
    jobCode: "JOB-1",
    customId: "T-1",
    tags: ["edit", "urgent"],
  }),
  // Only a start (Mon 23rd) ⇒ runs to Mon 30th: working days 23, 24, 25, 27, 30 (26 is a holiday)
  // ⇒ 5 h / 5 = 60 min on each; the 30th is outside the window (Bob).
  task({ id: "start-only", startDate: d("2026-11-23"), timeEstimateMs: 5 * H, assigneesArray: who(BOB) }),
  // Only a due date (Fri 20th) ⇒ starts Fri 13th: working days 13, 16–20 = 6 ⇒ 3 h / 6 = 30 min (Bob).
  task({ id: "due-only", dueDate: d("2026-11-20"), timeEstimateMs: 3 * H, assigneesArray: who(BOB) }),
  // h/d est 2 on Tue 24th and Wed 25th for each assignee; the 40 h estimate is not spread.
  task({
    id: "hpd",
    startDate: d("2026-11-24"),
    dueDate: d("2026-11-25"),
    timeEstimateMs: 40 * H,
    assigneesArray: who(ANN, BOB),
    customFields: [{ id: "cf-hpd", name: "H/D Est", value: "2" }],
  }),
  // 4 h split between two assignees over Mon 16th and Tue 17th: 60 min each a day.
  task({
    id: "split",
    startDate: d("2026-11-16"),
    dueDate: d("2026-11-17"),
    timeEstimateMs: 4 * H,
    assigneesArray: who(ANN, BOB),
  }),
  // A Bid-phase project's task: tentative 120 min for Ann on Wed 18th.
  task({
    id: "bid-task",
    folderId: "f-pitch",
    folderName: "Pitch",
    startDate: d("2026-11-18"),
    dueDate: d("2026-11-18"),
    timeEstimateMs: 2 * H,
    assigneesArray: who(ANN),
  }),
  // No estimate and no h/d est: books nothing, so no cell lists it (Bob, Tue 24th).
  task({
    id: "unestimated",
    startDate: d("2026-11-24"),
    dueDate: d("2026-11-24"),
    timeEstimateMs: null,
    assigneesArray: who(BOB),
  }),
  // No assignee: the Unassigned row, 60 min on Thu 19th.
  task({ id: "nobody", startDate: d("2026-11-19"), dueDate: d("2026-11-19"), timeEstimateMs: H }),
  // Finished: left out.
  task({
    id: "finished",
    status: "complete",
    startDate: d("2026-11-18"),
    dueDate: d("2026-11-18"),
    timeEstimateMs: 8 * H,
    assigneesArray: who(ANN),
  }),
  // Overdue (due Tue 17th, before today) for someone missing from the users table.
  task({
    id: "late",
    startDate: d("2026-11-17"),
    dueDate: d("2026-11-17"),
    timeEstimateMs: H,
    assigneesArray: who(GHOST),
  }),
  // In a private space Ann cannot see: 60 min for Bob on Tue 24th.
  task({
    id: "secret",
    spaceId: "sp-private",
    spaceName: "Private",
    folderId: "f-secret",
    folderName: "Secret",
    listId: "l-secret",
    startDate: d("2026-11-24"),
    dueDate: d("2026-11-24"),
    timeEstimateMs: H,
    assigneesArray: who(BOB),
  }),
];

const zeros = () => Array.from({ length: 14 }, () => 0);
const at = (values: Record<number, number>) => zeros().map((_, i) => values[i] ?? 0);

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let other: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  other = await createUserInWorkspace(ctx, { role: "owner" });
  const org = owner.organizationId;
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username)
     values ($1, $2, $3, 'Ann')`,
    [org, member.userId, ANN],
  );
  await seedClickupData(ctx.database.db, org, {
    spaces: [
      { id: "sp-work", name: "Work" },
      { id: "sp-private", name: "Private", private: true },
    ],
    folders: [
      { id: "f-job", name: "Job", spaceId: "sp-work" },
      { id: "f-pitch", name: "Pitch", spaceId: "sp-work" },
      { id: "f-secret", name: "Secret", spaceId: "sp-private" },
    ],
    providerUsers: [
      { id: ANN, username: "Ann", email: "ann@agency.test" },
      { id: BOB, username: null, email: "bob@agency.test" },
      { id: "u-cat", username: null, email: null },
    ],
    tasks,
    // The synced relational copy of the h/d est value (the grid reads it from here).
    customFields: [{ id: "cf-hpd", name: "H/D Est", fieldType: "short_text" }],
    customFieldValues: [{ taskId: "hpd", customFieldId: "cf-hpd", value: "2" }],
    timeEntries: [
      { id: "te-1", userId: BOB, taskId: "hpd", startTime: d("2026-11-19"), durationMs: 2 * H },
      { id: "te-2", userId: BOB, taskId: "hpd", startTime: d("2026-11-21"), durationMs: 1.5 * H },
      { id: "te-3", userId: BOB, taskId: "hpd", startTime: d("2026-11-21"), durationMs: H, deleted: true },
      { id: "te-4", userId: BOB, taskId: "secret", startTime: d("2026-11-20"), durationMs: H },
    ],
  });
  await seedClickupData(ctx.database.db, other.organizationId, {
    spaces: [{ id: "sp-b", name: "B" }],
    folders: [{ id: "f-b", name: "B job", spaceId: "sp-b" }],
    providerUsers: [{ id: "u-b", username: "Bea" }],
    tasks: [task({ id: "b-task", spaceId: "sp-b", folderId: "f-b", assigneesArray: [{ id: "u-b" }] })],
  });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(
    `insert into workspace_holidays (organization_id, day, name) values ($1, '2026-11-26', 'Thanksgiving')`,
    [org],
  );
  await q(
    `insert into person_settings (organization_id, clickup_user_id, minutes_per_day, role_tags)
     values ($1, $2, 360, '{Editor}'), ($1, $3, null, '{Producer}')`,
    [org, ANN, BOB],
  );
  await q(
    `insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, half_day, type)
     values ($1, 'off-1', $2, '2026-11-24', '2026-11-24', false, 'holiday'),
            ($1, 'off-2', $2, '2026-11-27', '2026-11-27', true, 'other')`,
    [org, BOB],
  );
  // Rates: internal default 50.00/h with Bob's own 60.00/h; client default card with the
  // Producer role at 150.00/h, raised to 180.00/h from Fri 20th.
  await q(
    `insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
     values ($1, 'rc-int', 'internal', 'Cost', 'USD', true, 5000), ($1, 'rc-cli', 'client', 'Standard', 'USD', true, null),
            ($1, 'rc-vip', 'client', 'VIP client', 'USD', false, 20000)`,
    [org],
  );
  // The Secret project bills on its own client card (default 200.00/h, no lines).
  await q(
    `insert into project_rate_cards (organization_id, folder_id, card_id) values ($1, 'f-secret', 'rc-vip')`,
    [org],
  );
  await q(
    `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
     values ($1, 'l-1', 'rc-int', 'person', $2, 6000, '2026-01-01'),
            ($1, 'l-2', 'rc-cli', 'role', 'producer', 15000, '2026-01-01'),
            ($1, 'l-3', 'rc-cli', 'role', 'producer', 18000, '2026-11-20')`,
    [org, BOB],
  );
});
afterAll(() => ctx.close());

async function grid(query: string, as: WorkspaceUser = owner) {
  return as.client.get<WorkloadResponse>(`/api/workload?${query}`);
}
const person = (body: WorkloadResponse, id: string) => body.people.find((p) => p.id === id) as WorkloadPerson;

describe("GET /api/workload", () => {
  it("spreads estimates by the §9 rules, counts tentative apart and gives capacity", async () => {
    const res = await grid(`from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.today).toBe("2026-11-18");
    expect(body.days).toHaveLength(14);
    expect(body.days[0]).toBe(FROM);
    expect(body.holidays).toEqual([10]);

    const ann = person(body, ANN);
    expect(ann.name).toBe("Ann");
    expect(ann.roles).toEqual(["Editor"]);
    // both 120 Mon–Fri, split 60 Mon/Tue, h/d est 120 Tue 24th/Wed 25th
    expect(ann.booked).toEqual(at({ 0: 180, 1: 180, 2: 120, 3: 120, 4: 120, 8: 120, 9: 120 }));
    expect(ann.tentative).toEqual(at({ 2: 120 }));
    expect(ann.capacity).toEqual(
      at({ 0: 360, 1: 360, 2: 360, 3: 360, 4: 360, 7: 360, 8: 360, 9: 360, 11: 360 }),
    );
    expect(ann.off).toEqual([5, 6, 10, 12, 13]);
    expect(ann.totals).toMatchObject({ booked: 960, tentative: 120, capacity: 3240, timeOff: 0 });
    expect(ann.totals.utilisationBp).toBe(2963); // 960 / 3240

    const bob = person(body, BOB);
    expect(bob.name).toBe("bob@agency.test"); // no username: the users table's e-mail
    // due-only 30 Mon–Fri, split 60 Mon/Tue, start-only 60 on 23, 24, 25, 27, h/d est 120 on 24/25, secret 60 on 24
    expect(bob.booked).toEqual(at({ 0: 90, 1: 90, 2: 30, 3: 30, 4: 30, 7: 60, 8: 240, 9: 180, 11: 60 }));
    expect(bob.tentative).toEqual(zeros());
    // Tue 24th off, Thu 26th a holiday, half of Fri 27th off
    expect(bob.capacity).toEqual(at({ 0: 480, 1: 480, 2: 480, 3: 480, 4: 480, 7: 480, 9: 480, 11: 240 }));
    expect(bob.timeOff).toEqual(at({ 8: 480, 11: 240 }));
    expect(bob.totals).toMatchObject({ booked: 810, capacity: 3600, timeOff: 720, utilisationBp: 2250 });
    expect(bob.spaceIds).toEqual(["sp-private", "sp-work"]);

    // Missing from the users table: named from the task's assignee data; overdue on Tue 17th.
    const ghost = person(body, GHOST);
    expect(ghost).toMatchObject({ name: "Ghost", resolved: true, overdue: [1] });
    expect(ghost.booked).toEqual(at({ 1: 60 }));
    expect(ghost.capacity).toEqual(zeros());
    expect(ghost.totals.overdueTasks).toBe(1);
    expect(ghost.totals.utilisationBp).toBeNull();

    // Nothing resolves: 'User {id}', counted.
    expect(person(body, "u-cat")).toMatchObject({ name: "User u-cat", resolved: false });
    expect(body.unresolvedNames).toBe(1);

    expect(body.unassigned.booked).toEqual(at({ 3: 60 }));
    expect(body.unassigned.totals.booked).toBe(60);
    expect(body.totals).toMatchObject({ booked: 960 + 810 + 60 + 60, tentative: 120 });
    expect(body.spaces).toEqual([
      { id: "sp-private", name: "Private" },
      { id: "sp-work", name: "Work" },
    ]);
    expect(body.people.map((p) => p.id)).not.toContain("u-b");
    expect(body.currency).toBe("USD");
  });

  it("prices each person's confirmed bookings at the cost and client rates in force, unpriced minutes apart", async () => {
    const res = await grid(`from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.canViewFinancials).toBe(true);
    // Ann (Editor): the default internal 50.00/h; no client rate for editors (unpriced, not 0).
    // both 600 min + h/d est 240 + split 120 = 960 min × 50.00/h = 800.00; bid-task is tentative.
    expect(person(body, ANN).totals).toMatchObject({
      booked: 960,
      cost: 80_000,
      unpricedCostMinutes: 0,
      revenue: null,
      unpricedRevenueMinutes: 960,
    });
    // Bob: his own 60.00/h; Producer 150.00/h, 180.00/h from Fri 20th (a rate change mid-task).
    // start-only 240 min (23–27th) × 180 = 720.00; due-only 150 min: 120 (16–19th) × 150 = 300.00
    // + 30 (20th) × 180 = 90.00; h/d est 240 × 180 = 720.00; split 120 × 150 = 300.00; secret 60
    // on the VIP card's 200.00 = 200.00 ⇒ revenue 2,330.00; cost 810 min × 60.00 = 810.00.
    expect(person(body, BOB).totals).toMatchObject({
      booked: 810,
      cost: 81_000,
      revenue: 233_000,
      unpricedCostMinutes: 0,
      unpricedRevenueMinutes: 0,
    });
    // Ghost (no role): 60 min at the default internal rate, no client rate.
    expect(person(body, GHOST).totals).toMatchObject({
      cost: 5_000,
      revenue: null,
      unpricedRevenueMinutes: 60,
    });
    // Nothing booked: nothing to price (0, not unpriced).
    expect(person(body, "u-cat").totals).toMatchObject({ cost: 0, revenue: 0, unpricedRevenueMinutes: 0 });
    // Only tentative time (the Pitch project is a bid): nothing confirmed to price either.
    const pitch = await grid(`from=${FROM}&to=${TO}&project=f-pitch`);
    expect(person(pitch.body, ANN).totals).toMatchObject({
      booked: 0,
      tentative: 120,
      cost: 0,
      revenue: 0,
      unpricedRevenueMinutes: 0,
    });
    // The Unassigned row: no person, so only the cards' default rates.
    expect(body.unassigned.totals).toMatchObject({
      cost: 5_000,
      revenue: null,
      unpricedCostMinutes: 0,
      unpricedRevenueMinutes: 60,
    });
    // Grand totals: sums of the rows' rounded totals; the partly unpriced revenue says how much.
    expect(body.totals).toMatchObject({
      cost: 80_000 + 81_000 + 5_000 + 5_000,
      revenue: 233_000,
      unpricedCostMinutes: 0,
      unpricedRevenueMinutes: 960 + 60 + 60,
    });
  });

  it("prices the window's part of a task only, and per rate period", async () => {
    // Fri 20th – Sun 29th: due-only's last day (30 min × 180.00) and Bob's later work.
    const late = await grid(`from=2026-11-20&to=${TO}&person=${BOB}`);
    expect(late.status).toBe(200);
    // start-only 720.00 + due-only 90.00 + h/d est 720.00 + secret 200.00
    expect(person(late.body, BOB).totals).toMatchObject({ booked: 570, revenue: 173_000, cost: 57_000 });
    // Mon 16th – Thu 19th: before the raise.
    const early = await grid(`from=${FROM}&to=2026-11-19&person=${BOB}`);
    // due-only 120 min × 150.00 + split 120 × 150.00
    expect(person(early.body, BOB).totals).toMatchObject({ booked: 240, revenue: 60_000, cost: 24_000 });
  });

  it("leaves tentative load out with tentative=false", async () => {
    const res = await grid(`from=${FROM}&to=${TO}&tentative=false`);
    expect(res.status).toBe(200);
    expect(person(res.body, ANN).tentative).toEqual(zeros());
    expect(person(res.body, ANN).totals.booked).toBe(960);
  });

  it("filters by project, person and role", async () => {
    const pitch = await grid(`from=${FROM}&to=${TO}&project=f-pitch`);
    expect(pitch.status).toBe(200);
    expect(pitch.body.people.map((p) => p.id)).toEqual([ANN]);
    expect(person(pitch.body, ANN).booked).toEqual(zeros());
    expect(person(pitch.body, ANN).tentative).toEqual(at({ 2: 120 }));

    const bob = await grid(`from=${FROM}&to=${TO}&person=${BOB}`);
    expect(bob.body.people.map((p) => p.id)).toEqual([BOB]);
    expect(person(bob.body, BOB).totals.booked).toBe(810);
    expect(bob.body.unassigned.totals.booked).toBe(0);

    const editors = await grid(`from=${FROM}&to=${TO}&role=editor`);
    expect(editors.body.people.map((p) => p.id)).toEqual([ANN]);

    const unassigned = await grid(`from=${FROM}&to=${TO}&person=unassigned`);
    expect(unassigned.body.people).toEqual([]);
    expect(unassigned.body.unassigned.booked).toEqual(at({ 3: 60 }));
  });

  it("is for members too, with the whole workspace's hours and no money", async () => {
    const res = await grid(`from=${FROM}&to=${TO}`, member);
    expect(res.status).toBe(200);
    expect(res.body.canViewFinancials).toBe(false);
    expect(person(res.body, BOB).totals.booked).toBe(810); // the private space's task counts
    expect(person(res.body, BOB).totals.cost).toBeNull();
    for (const totals of [
      ...res.body.people.map((p) => p.totals),
      res.body.unassigned.totals,
      res.body.totals,
    ]) {
      expect(totals).toMatchObject({
        cost: null,
        revenue: null,
        unpricedCostMinutes: null,
        unpricedRevenueMinutes: null,
      });
    }
  });

  it("answers 404 for another workspace's project, space or person", async () => {
    for (const query of ["project=f-b", "space=sp-b", "person=u-b", "project=nope"]) {
      const res = await grid(`from=${FROM}&to=${TO}&${query}`);
      expect(res.status, query).toBe(404);
    }
  });

  it("answers 400 naming the field for a bad window or filter", async () => {
    const cases: Array<[string, string]> = [
      [`to=${TO}`, "from"],
      [`from=${FROM}`, "to"],
      [`from=2026-11-30&to=${TO}`, "to"],
      [`from=2026-01-01&to=2027-01-02`, "to"],
      [`from=2026-13-01&to=${TO}`, "from"],
      [`from=${FROM}&to=soon`, "to"],
      [`from=${FROM}&to=${TO}&tentative=maybe`, "tentative"],
      [`from=${FROM}&to=${TO}&project=a%20b`, "project"],
      [`from=${FROM}&to=${TO}&colour=red`, ""],
    ];
    for (const [query, field] of cases) {
      const res = await owner.client.get<{ error: { code: string; fields: { field: string }[] } }>(
        `/api/workload?${query}`,
      );
      expect(res.status, query).toBe(400);
      if (field)
        expect(
          res.body.error.fields.map((f) => f.field),
          query,
        ).toContain(field);
    }
    // 366 days is the most a window may cover
    expect((await grid(`from=2028-01-01&to=2028-12-31`)).status).toBe(200);
  });

  it("refuses a user without a workspace (the web's 'No Organization Access') and a signed-out caller", async () => {
    const lone = await signUp(ctx);
    const res = await lone.client.get<{ error: { code: string; message: string } }>(
      `/api/workload?from=${FROM}&to=${TO}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/organization/i);
    expect((await ctx.client().get(`/api/workload?from=${FROM}&to=${TO}`)).status).toBe(401);
  });

  it("exports the grid as CSV, one line per person and day", async () => {
    const res = await owner.client.get(`/api/workload.csv?from=${FROM}&to=${TO}&person=${BOB}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Person,Person ID,Roles,Date,Booked Hours,Tentative Hours,Capacity Hours,Time Off Hours,Overdue," +
        "Currency,Window Cost,Window Revenue,Window Unpriced Cost Hours,Window Unpriced Revenue Hours",
    );
    expect(lines).toHaveLength(15);
    // The window's money on the row's first line only (a column sums to the grid's total).
    expect(lines[1]).toBe("bob@agency.test,u-bob,Producer,2026-11-16,1.5,0,8,0,yes,USD,810.00,2330.00,0,0");
    expect(lines[9]).toBe("bob@agency.test,u-bob,Producer,2026-11-24,4,0,0,8,,,,,,");
    expect(lines[12]).toBe("bob@agency.test,u-bob,Producer,2026-11-27,1,0,4,4,,,,,,");
  });

  it("exports no money to a member, and unpriced hours to a financial viewer", async () => {
    const res = await member.client.get(`/api/workload.csv?from=${FROM}&to=${TO}&person=${BOB}`);
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Person,Person ID,Roles,Date,Booked Hours,Tentative Hours,Capacity Hours,Time Off Hours,Overdue",
    );
    expect(lines[9]).toBe("bob@agency.test,u-bob,Producer,2026-11-24,4,0,0,8,");
    const ann = await owner.client.get(`/api/workload.csv?from=${FROM}&to=${TO}&person=${ANN}`);
    const first = ann.text.replace(/^\uFEFF/, "").split("\r\n")[1];
    // Ann's client hours have no rate: no revenue, 16 unpriced hours.
    expect(first).toBe("Ann,u-ann,Editor,2026-11-16,3,0,6,0,yes,USD,800.00,,0,16");
  });
});

describe("GET /api/workload/entries", () => {
  it("lists a cell's entries with every spec §3 field and money for an owner", async () => {
    const res = await owner.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?person=${BOB}&day=2026-11-24&sort=name`,
    );
    expect(res.status).toBe(200);
    expect(res.body.hidden).toBe(0);
    expect(res.body.items.map((e) => e.id)).toEqual(["hpd-u-bob", "secret-u-bob", "start-only-u-bob"]);
    const hpd = res.body.items[0]!;
    expect(hpd).toEqual({
      id: "hpd-u-bob",
      name: "Task hpd",
      custom_id: null,
      job_code: null,
      status: "in progress",
      start_date: "2026-11-24",
      due_date: "2026-11-25",
      space_id: "sp-work",
      folder_id: "f-job",
      assignee_id: BOB,
      assignee_name: "bob@agency.test",
      estimated_time_total: 40,
      tags: [],
      total_time_logged_hours: 3.5,
      space_name: "Work",
      folder_name: "Job",
      assignee_rate: 6000, // Bob's own internal line
      estimated_cost: 720_000, // 40 h × 180.00 (the Producer rate in force on the 24th)
      actual_cost: 57_000, // 2 h × 150.00 on the 19th + 1.5 h × 180.00 on the 21st
      url: null,
      tentative: false,
      overdue: false,
      hours_per_day_estimate: 2,
    });
  });

  it("names the task's own job code, tags and the Unassigned row", async () => {
    const both = await owner.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?person=${ANN}&day=2026-11-16&sort=name`,
    );
    expect(both.body.items.find((e) => e.id === "both-u-ann")).toMatchObject({
      job_code: "JOB-1",
      custom_id: "T-1",
      tags: ["edit", "urgent"],
      assignee_name: "Ann",
      estimated_time_total: 10,
    });
    const nobody = await owner.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?person=unassigned&from=${FROM}&to=${TO}`,
    );
    expect(nobody.body.items.map((e) => e.id)).toEqual(["nobody-unassigned"]);
    expect(nobody.body.items[0]).toMatchObject({
      assignee_id: null,
      assignee_name: null,
      assignee_rate: null,
    });
  });

  it("shows a member only the tasks they may see, counts the rest, and no money", async () => {
    const res = await member.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?person=${BOB}&day=2026-11-24&sort=name`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => e.id)).toEqual(["hpd-u-bob", "start-only-u-bob"]);
    expect(res.body.hidden).toBe(1);
    expect(res.body.canViewFinancials).toBe(false);
    expect(res.body.items[0]).toMatchObject({ assignee_rate: null, estimated_cost: null, actual_cost: null });
  });

  it("lists a project's tasks (open or finished) without a window, paged", async () => {
    const res = await owner.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?project=f-job&sort=name&pageSize=2&page=1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(9);
    expect(res.body.items).toHaveLength(2);
    const all = await owner.client.get<WorkloadEntriesResponse>(
      `/api/workload/entries?project=f-job&pageSize=100`,
    );
    expect(all.body.items.map((e) => e.id)).toContain("finished-u-ann");
  });

  it("answers 404 for another workspace's ids and 400 naming the field", async () => {
    expect((await owner.client.get(`/api/workload/entries?project=f-b`)).status).toBe(404);
    expect((await owner.client.get(`/api/workload/entries?person=u-b`)).status).toBe(404);
    const cases: Array<[string, string]> = [
      [`from=${FROM}`, "to"],
      [`day=2026-02-30`, "day"],
      [`day=${FROM}&from=${FROM}&to=${TO}`, "day"],
      [`from=${TO}&to=${FROM}`, "to"],
      [`sort=cost`, "sort"],
      [`pageSize=0`, "pageSize"],
    ];
    for (const [query, field] of cases) {
      const res = await owner.client.get<{ error: { fields: { field: string }[] } }>(
        `/api/workload/entries?${query}`,
      );
      expect(res.status, query).toBe(400);
      expect(
        res.body.error.fields.map((f) => f.field),
        query,
      ).toContain(field);
    }
  });
});

describe("GET /api/workload/time-entries", () => {
  it("lists a person's detailed time entries with rates for an owner", async () => {
    const res = await owner.client.get<WorkloadTimeEntriesResponse>(
      `/api/workload/time-entries?person=${BOB}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => [e.id, e.hours_logged])).toEqual([
      ["te-1", 2],
      ["te-4", 1],
      ["te-2", 1.5],
    ]);
    expect(res.body.items[0]).toEqual({
      id: "te-1",
      task_id: "hpd",
      task_name: "Task hpd",
      assignee_id: BOB,
      assignee_name: "bob@agency.test",
      hours_logged: 2,
      actual_client_revenue: 30_000,
      start_time: "2026-11-19T09:00:00.000Z",
      internal_rate: 6000,
      client_rate: 15_000,
    });
    // te-4 is on the Secret project: its own client card's rate, not the Producer line.
    expect(res.body.items[1]).toMatchObject({
      internal_rate: 6000,
      client_rate: 20_000,
      actual_client_revenue: 20_000,
    });
    expect(res.body.items[2]).toMatchObject({ client_rate: 18_000, actual_client_revenue: 27_000 });
  });

  it("filters a cell's day and hides what a member may not see", async () => {
    const day = await owner.client.get<WorkloadTimeEntriesResponse>(
      `/api/workload/time-entries?person=${BOB}&day=2026-11-21`,
    );
    expect(day.body.items.map((e) => e.id)).toEqual(["te-2"]);
    const res = await member.client.get<WorkloadTimeEntriesResponse>(
      `/api/workload/time-entries?person=${BOB}`,
    );
    expect(res.body.items.map((e) => e.id)).toEqual(["te-1", "te-2"]);
    expect(res.body.hidden).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      internal_rate: null,
      client_rate: null,
      actual_client_revenue: null,
    });
  });

  it("answers 404 for another workspace's person and 400 for a bad window", async () => {
    expect((await owner.client.get(`/api/workload/time-entries?person=u-b`)).status).toBe(404);
    expect((await owner.client.get(`/api/workload/time-entries?from=${TO}&to=${FROM}`)).status).toBe(400);
  });
});

describe("workload money", () => {
  it.each(["expressions", "columns", "bigint"] as const)(
    "rounds a line in SQL exactly as domain divideRoundHalfEven does (%s form)",
    async (form) => {
      const pairs = fc.sample(
        fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 9n })),
        { numRuns: 300, seed: 12 },
      );
      pairs.push([5n, 2n], [7n, 2n], [1n, 2n], [3n, 2n], [25n, 10n], [35n, 10n], [0n, 7n], [90n, 60n]);
      const found = await rows<{ n: string; d: string; v: string }>(
        ctx.database.db,
        sql`select x.n::text as n, x.d::text as d,
                   ${form === "bigint" ? roundHalfEvenBigintSql(sql`x.n::bigint`, sql`x.d::bigint`) : roundHalfEvenSql(sql`x.n`, sql`x.d`, form)}::text as v
            from (select (e->>0)::numeric as n, (e->>1)::numeric as d
                    from jsonb_array_elements(${JSON.stringify(pairs.map(([n, d]) => [n.toString(), d.toString()]))}::jsonb) e) x`,
      );
      expect(found).toHaveLength(pairs.length);
      for (const row of found) {
        expect(row.v, `${row.n} / ${row.d}`).toBe(
          divideRoundHalfEven(BigInt(row.n), BigInt(row.d)).toString(),
        );
      }
    },
  );

  it.each(["expressions", "columns"] as const)(
    "prices a line in SQL exactly as domain priceDurationMs does, on both sides of 32 bits (%s form)",
    async (form) => {
      const pairs = fc.sample(
        fc.tuple(fc.integer({ min: 0, max: 2 ** 33 }), fc.integer({ min: 0, max: 2 ** 32 })),
        { numRuns: 300, seed: 21 },
      );
      // Exact halves, with an even and an odd quotient, and the 32-bit edges.
      pairs.push([1_800_000, 1], [5_400_000, 1], [1_800_000, 3], [9_000_000, 1], [60_000, 100]);
      pairs.push([2_147_483_647, 2_147_483_647], [2_147_483_648, 10_000], [3_600_000, 2_147_483_648]);
      const found = await rows<{ ms: string; rate: string; v: string }>(
        ctx.database.db,
        sql`select x.ms::text as ms, x.rate::text as rate, ${priceSql(sql`x.ms`, sql`x.rate`, form)}::text as v
            from (select (e->>0)::bigint as ms, (e->>1)::bigint as rate
                    from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) e) x`,
      );
      expect(found).toHaveLength(pairs.length);
      for (const row of found) {
        expect(row.v, `${row.ms} ms at ${row.rate}`).toBe(
          String(priceDurationMs(Number(row.ms), Number(row.rate))),
        );
      }
    },
  );

  it("prices the part of a person's bookings that has a rate and counts the rest as unpriced", async () => {
    // Ann gets her own client rate, 100.00/h, from Fri 20th: before it her hours stay unpriced.
    await ctx.database.raw.query(
      `insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
       values ($1, 'l-ann', 'rc-cli', 'person', $2, 10000, '2026-11-20')`,
      [owner.organizationId, ANN],
    );
    const res = await grid(`from=${FROM}&to=${TO}&person=${ANN}`);
    expect(res.status).toBe(200);
    // both: 480 min on 16–19th unpriced, 120 on the 20th × 100.00; h/d est 240 × 100.00; split 120 unpriced.
    expect(person(res.body, ANN).totals).toMatchObject({
      booked: 960,
      revenue: 60_000,
      unpricedRevenueMinutes: 600,
      cost: 80_000,
      unpricedCostMinutes: 0,
    });
    expect(res.body.totals).toMatchObject({ revenue: 60_000, unpricedRevenueMinutes: 600 });
  });

  it("gives each person's utilisation target (Settings → People) to every member", async () => {
    expect(person((await grid(`from=${FROM}&to=${TO}`)).body, ANN).utilisationTargetBp).toBeNull();
    await ctx.database.raw.query(
      `update person_settings set utilization_target_bp = 8000 where organization_id = $1 and clickup_user_id = $2`,
      [owner.organizationId, ANN],
    );
    const res = await grid(`from=${FROM}&to=${TO}`, member);
    expect(person(res.body, ANN)).toMatchObject({
      utilisationTargetBp: 8000,
      totals: { utilisationBp: 2963 },
    });
    expect(person(res.body, BOB).utilisationTargetBp).toBeNull();
  });

  it("sums the prices kept on the lines once their rates are read, and the rate cards' until then", async () => {
    const org = owner.organizationId;
    const money = (body: WorkloadResponse) =>
      [...body.people.map((p) => [p.id, p.totals] as const), ["", body.unassigned.totals] as const].map(
        ([id, t]) => [id, t.cost, t.revenue, t.unpricedCostMinutes, t.unpricedRevenueMinutes],
      );
    const unread = async () =>
      Number(
        (
          await rows<{ n: number }>(
            ctx.database.db,
            sql`select count(*)::int as n from workload_days
                 where organization_id = ${org} and bookings > 0
                   and rates_version is distinct from (select rates_version from organizations where id = ${org})`,
          )
        )[0]?.n,
      );
    // Nothing read yet (no sync ran): every line is priced from the rate cards.
    const before = await grid(`from=${FROM}&to=${TO}`);
    expect(before.status).toBe(200);
    expect(await unread()).toBeGreaterThan(0);
    expect(await repriceWorkloadDays(ctx.database.db, org)).toBeGreaterThan(0);
    expect(await unread()).toBe(0);
    expect(await repriceWorkloadDays(ctx.database.db, org)).toBe(0);
    const after = await grid(`from=${FROM}&to=${TO}`);
    expect(money(after.body)).toEqual(money(before.body));
    expect(person(after.body, BOB).totals).toMatchObject({ cost: 81_000, revenue: 233_000 });

    // Bob's own internal rate goes from 60.00 to 70.00: every line is stale until read again,
    // and the grid prices them from the cards meanwhile: 810 min × 70.00.
    await ctx.database.raw.query(
      `update rate_card_lines set rate_minor = 7000 where organization_id = $1 and id = 'l-1'`,
      [org],
    );
    expect(await unread()).toBeGreaterThan(0);
    expect(person((await grid(`from=${FROM}&to=${TO}&person=${BOB}`)).body, BOB).totals.cost).toBe(94_500);
    expect(await repriceWorkloadDays(ctx.database.db, org)).toBeGreaterThan(0);
    expect(person((await grid(`from=${FROM}&to=${TO}&person=${BOB}`)).body, BOB).totals.cost).toBe(94_500);

    // start-only's estimate doubles (10 h: 120 min on the 23rd, 24th, 25th and 27th): its lines
    // keep their rates and the database prices their new time — 1,050 min × 70.00; revenue gains
    // 240 min × 180.00.
    await ctx.database.raw.query(
      `update tasks set time_estimate_ms = ${10 * H} where organization_id = $1 and id = 'start-only'`,
      [org],
    );
    const changed = await grid(`from=${FROM}&to=${TO}&person=${BOB}`);
    expect(person(changed.body, BOB).totals).toMatchObject({ booked: 1050, cost: 122_500, revenue: 305_000 });
    expect(await unread()).toBe(0);
  });
});

describe("workload bookings and their days, kept by triggers", () => {
  /** The workspace's booked days as stored, and as a rebuild of every task derives them. */
  async function storedAndRebuilt(org: string) {
    const read = () =>
      rows<{ day: string; person: string; folder_id: string; booked_ms: number; bookings: number }>(
        ctx.database.db,
        sql`select to_char(day, 'YYYY-MM-DD') as day, person, folder_id, booked_ms::float8 as booked_ms, bookings
              from workload_days where organization_id = ${org} and bookings > 0
             order by day, person, folder_id, space_id`,
      );
    await refreshWorkloadBookings(ctx.database.db, org);
    const stored = await read();
    await ctx.database.raw.query(
      `insert into workload_bookings_dirty values ($1, '*') on conflict do nothing`,
      [org],
    );
    expect(await refreshWorkloadBookings(ctx.database.db, org)).toBe(1);
    return { stored, rebuilt: await read() };
  }

  it("books again what a task, its assignees, its h/d est value, a holiday or its status change", async () => {
    const boss = await createUserInWorkspace(ctx, { role: "owner" });
    const org = boss.organizationId;
    const jobTask = taskBuilder({ spaceId: "sp-k", folderId: "f-k", folderName: "K", listId: "l-k" });
    await seedClickupData(ctx.database.db, org, {
      spaces: [{ id: "sp-k", name: "K" }],
      folders: [{ id: "f-k", name: "K", spaceId: "sp-k" }],
      providerUsers: [
        { id: "u-1", username: "One" },
        { id: "u-2", username: "Two" },
      ],
      // Mon 16th – Fri 20th, 10 h for One: 120 min a day.
      tasks: [
        jobTask({
          id: "k-1",
          startDate: d("2026-11-16"),
          dueDate: d("2026-11-20"),
          timeEstimateMs: 10 * H,
          assigneesArray: [{ id: "u-1" }],
        }),
      ],
    });
    const q = (text: string) => ctx.database.raw.query(text, [org]);
    const booked = async (id: string) => {
      const res = await grid(`from=${FROM}&to=${TO}`, boss);
      expect(res.status).toBe(200);
      return person(res.body, id).booked;
    };
    const consistent = async () => {
      const { stored, rebuilt } = await storedAndRebuilt(org);
      expect(stored.length).toBeGreaterThan(0);
      expect(stored).toEqual(rebuilt);
    };
    expect(await booked("u-1")).toEqual(at({ 0: 120, 1: 120, 2: 120, 3: 120, 4: 120 }));
    await consistent();

    // The estimate halves (a webhook's upsert): 60 min a day.
    await q(`update tasks set time_estimate_ms = ${5 * H} where organization_id = $1 and id = 'k-1'`);
    expect(await booked("u-1")).toEqual(at({ 0: 60, 1: 60, 2: 60, 3: 60, 4: 60 }));
    await consistent();

    // Two assignees share it: 30 min each.
    await q(`insert into task_assignees (organization_id, task_id, user_id) values ($1, 'k-1', 'u-2')`);
    expect(await booked("u-1")).toEqual(at({ 0: 30, 1: 30, 2: 30, 3: 30, 4: 30 }));
    expect(await booked("u-2")).toEqual(at({ 0: 30, 1: 30, 2: 30, 3: 30, 4: 30 }));
    await consistent();

    // An h/d est value of 1.5 wins over the spread: 90 min a day each.
    await q(
      `insert into custom_fields (organization_id, id, name, field_type) values ($1, 'cf-k', 'h/d est', 'number')`,
    );
    await q(
      `insert into custom_field_values (organization_id, task_id, custom_field_id, value) values ($1, 'k-1', 'cf-k', '1.5')`,
    );
    expect(await booked("u-2")).toEqual(at({ 0: 90, 1: 90, 2: 90, 3: 90, 4: 90 }));
    await consistent();

    // A holiday on Wed 18th: that day books nothing; the value is cleared: 5 h over 4 days.
    await q(
      `insert into workspace_holidays (organization_id, day, name) values ($1, '2026-11-18', 'Closed')`,
    );
    await q(`delete from custom_field_values where organization_id = $1 and task_id = 'k-1'`);
    expect(await booked("u-2")).toEqual(at({ 0: 38, 1: 38, 3: 38, 4: 38 }));
    await consistent();

    // Monday becomes a day off for the workspace: 5 h over Tue, Thu, Fri (50 min each, split).
    await q(`update organizations set working_days = '{2,3,4,5}' where id = $1`);
    expect(await booked("u-1")).toEqual(at({ 1: 50, 3: 50, 4: 50 }));
    await consistent();

    // Finished: nothing booked, no day left.
    await q(`update tasks set status = 'complete' where organization_id = $1 and id = 'k-1'`);
    expect(await booked("u-1")).toEqual(zeros());
    const { stored } = await storedAndRebuilt(org);
    expect(stored).toEqual([]);
  });
});
