import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { transaction } from "../../db/executor";
import { systemContext } from "../../request-context";
import type { BudgetDetail, BudgetLineView } from "../budgets/contract";
import type { RateCardView as RateCard, RateLineView as RateLine } from "../rate-cards/contract";
import type { FinanceAuditResponse } from "./contract";
import { recordChange } from "./record-change";

/*
 * GET /api/audit/finance and /api/audit/finance.csv (issue 14 item 6): the workspace's finance
 * trail newest first, filtered by object, person and workspace days, paged in SQL; CSV of
 * exactly the filter; members 403; bad filters 400 naming the field; nothing of another
 * workspace; finance rows as append-only as the rest of audit_events.
 */

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;
/** The app's clock: each reading advances a second; tests jump it to place rows on given days. */
let clock = Date.parse("2025-03-10T12:00:00Z");
const at = (iso: string) => {
  clock = Date.parse(iso);
};

type ErrorBody = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };

let card: RateCard;
let line: RateLine;
let budget: BudgetDetail;
let budgetLine: BudgetLineView;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date((clock += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Olga", lastName: "Owner" });
  admin = await createUserInWorkspace(ctx, {
    role: "admin",
    organizationId: owner.organizationId,
    firstName: "Arne",
    lastName: "Admin",
  });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  // The workspace lives in New York (UTC−4 from 9 March 2025): its days are not UTC's.
  await q(`update organizations set time_zone = 'America/New_York', currency = 'USD' where id = $1`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'f1', 'Acme launch')`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'fx', 'Stranger job')`, [
    stranger.organizationId,
  ]);

  // Day 1 (10 March, New York): the owner makes a rate card and a line.
  at("2025-03-10T14:00:00Z");
  card = (
    await owner.client.post<RateCard>("/api/rate-cards", {
      kind: "internal",
      name: "Crew cost",
      defaultRateMinor: 5000,
    })
  ).body;
  line = (
    await owner.client.post<RateLine>(`/api/rate-cards/${card.id}/lines`, {
      subjectType: "role",
      subjectId: "editor",
      rateMinor: 6500,
      effectiveFrom: "2025-01-01",
    })
  ).body;
  // 22:30 in New York on 10 March is already 11 March in UTC.
  at("2025-03-11T02:30:00Z");
  expect(
    (await admin.client.patch(`/api/rate-cards/${card.id}/lines/${line.id}`, { rateMinor: 7250 })).status,
  ).toBe(200);

  // Day 2 (11 March): the admin makes a budget with a line, the owner edits the line.
  at("2025-03-11T15:00:00Z");
  budget = (
    await admin.client.post<BudgetDetail>("/api/budgets", {
      projectId: "f1",
      name: "Acme spot",
      bidType: "firm",
      rates: { pwBp: 2800, insuranceBp: 250, feeBp: 1500, contingencyBp: 1000, weatherDay: 0 },
    })
  ).body;
  budgetLine = (
    await admin.client.post<BudgetLineView>(`/api/budgets/${budget.id}/lines`, {
      section: "B",
      number: "1",
      description: "Director of photography",
      quantityHundredths: 200,
      rateMinor: 185_000,
    })
  ).body;
  at("2025-03-12T16:00:00Z");
  expect(
    (
      await owner.client.patch(`/api/budgets/${budget.id}/lines/${budgetLine.id}`, {
        baseVersion: budgetLine.version,
        rateMinor: 195_000,
      })
    ).status,
  ).toBe(200);

  // Another workspace's finance change.
  await stranger.client.post("/api/rate-cards", { kind: "client", name: "Stranger rates" });
});
afterAll(async () => {
  await ctx.close();
});

const list = (user: WorkspaceUser, qs = "") =>
  user.client.get<FinanceAuditResponse>(`/api/audit/finance${qs ? `?${qs}` : ""}`);

describe("GET /api/audit/finance", () => {
  it("lists the workspace's finance changes newest first, with who, object name, link and values", async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 6,
      page: 1,
      pageSize: 50,
      timeZone: "America/New_York",
      currency: "USD",
    });
    expect(res.body.items.map((e) => [e.object, e.action, e.actor.name])).toEqual([
      ["budget_line", "updated", "Olga Owner"],
      ["budget_line", "created", "Arne Admin"],
      ["budget", "created", "Arne Admin"],
      ["rate_card_line", "updated", "Arne Admin"],
      ["rate_card_line", "created", "Olga Owner"],
      ["rate_card", "created", "Olga Owner"],
    ]);
    const [edit, , created, rateEdit, , cardRow] = res.body.items;
    expect(edit).toMatchObject({
      objectId: budgetLine.id,
      budgetId: budget.id,
      label: "Acme spot — B 1 Director of photography",
      currency: "USD",
      impersonator: null,
      occurredAt: expect.stringMatching(/^2025-03-12T16:00:0\d\.000Z$/),
      actor: { id: owner.userId, email: owner.email },
    });
    expect(edit!.before).toMatchObject({ rateMinor: 185_000, estimateMinor: 370_000 });
    expect(edit!.after).toMatchObject({ rateMinor: 195_000, estimateMinor: 390_000 });
    expect(created).toMatchObject({
      projectName: "Acme launch",
      object: "budget",
      objectId: budget.id,
      budgetId: budget.id,
      label: "Acme spot",
    });
    expect(rateEdit).toMatchObject({
      label: "Crew cost — editor",
      budgetId: null,
      before: { rateMinor: 6500 },
      after: { rateMinor: 7250 },
    });
    expect(cardRow).toMatchObject({
      label: "Crew cost",
      after: { name: "Crew cost", defaultRateMinor: 5000 },
    });
    // The person filter offers the workspace's members, by name.
    expect(res.body.people.map((p) => p.id).sort()).toEqual(
      [owner.userId, admin.userId, member.userId].sort(),
    );
    expect(res.body.people.find((p) => p.id === admin.userId)?.name).toBe("Arne Admin");
  });

  it("filters by object, person and workspace days (the workspace zone, both ends inclusive)", async () => {
    const ids = async (qs: string) => {
      const res = await list(owner, qs);
      expect(res.status, qs).toBe(200);
      return res.body.items.map((e) => `${e.object}:${e.action}`);
    };
    expect(await ids("object=budget_line")).toEqual(["budget_line:updated", "budget_line:created"]);
    expect(await ids("object=rate_card")).toEqual(["rate_card:created"]);
    // A future finance object is a valid filter with nothing behind it yet.
    expect(await ids("object=purchase_order")).toEqual([]);
    expect(await ids(`personId=${admin.userId}`)).toEqual([
      "budget_line:created",
      "budget:created",
      "rate_card_line:updated",
    ]);
    expect(await ids(`personId=${member.userId}`)).toEqual([]);
    // 02:30 UTC on 11 March is 22:30 on 10 March in New York.
    expect(await ids("from=2025-03-10&to=2025-03-10")).toEqual([
      "rate_card_line:updated",
      "rate_card_line:created",
      "rate_card:created",
    ]);
    expect(await ids("from=2025-03-11&to=2025-03-11")).toEqual(["budget_line:created", "budget:created"]);
    expect(await ids("from=2025-03-12")).toEqual(["budget_line:updated"]);
    expect(await ids("to=2025-03-09")).toEqual([]);
    expect(await ids(`object=rate_card_line&personId=${owner.userId}&from=2025-03-10&to=2025-03-12`)).toEqual(
      ["rate_card_line:created"],
    );
  });

  it("pages in SQL with the total of matching rows", async () => {
    const first = await list(owner, "pageSize=4");
    const second = await list(owner, "pageSize=4&page=2");
    const past = await list(owner, "pageSize=4&page=3");
    expect([first.body.total, second.body.total, past.body.total]).toEqual([6, 6, 6]);
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(2);
    expect(past.body.items).toEqual([]);
    const all = (await list(owner)).body.items.map((e) => e.id);
    expect([...first.body.items, ...second.body.items].map((e) => e.id)).toEqual(all);
  });

  it("names the admin who made a change while viewing the app as a member", async () => {
    const org = owner.organizationId;
    const base = systemContext(ctx.deps, org);
    const viewingAs = {
      ...base,
      userId: admin.userId,
      impersonating: { id: member.userId, displayName: "Maya Member", email: member.email },
    };
    at("2025-03-13T12:00:00Z");
    await transaction(ctx.deps.database, (tx) =>
      recordChange(viewingAs, tx, {
        object: "budget",
        id: budget.id,
        action: "updated",
        before: { name: "Acme spot" },
        after: { name: "Acme spot" },
        category: "finance",
      }),
    );
    const res = await list(owner, "from=2025-03-13");
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      actor: { id: member.userId, email: member.email },
      impersonator: { id: admin.userId, name: "Arne Admin" },
    });
    // The person filter finds the change under the member it was made as.
    expect((await list(owner, `personId=${member.userId}`)).body.items.map((e) => e.id)).toEqual([
      res.body.items[0]!.id,
    ]);
  });

  it("names a project's own rate card before and after a change, and the project", async () => {
    at("2025-03-14T12:00:00Z");
    const acme = (
      await owner.client.post<RateCard>("/api/rate-cards", { kind: "client", name: "Acme rates" })
    ).body;
    const promo = (
      await owner.client.post<RateCard>("/api/rate-cards", { kind: "client", name: "Promo rates" })
    ).body;
    expect((await owner.client.put("/api/rate-cards/projects/f1", { cardId: acme.id })).status).toBe(200);
    expect((await owner.client.put("/api/rate-cards/projects/f1", { cardId: promo.id })).status).toBe(200);
    const res = await list(owner, "object=project_rate_card");
    expect(
      res.body.items.map((e) => [e.action, e.label, e.projectName, e.cardNames, e.before, e.after]),
    ).toEqual([
      [
        "updated",
        "Acme launch — Promo rates",
        "Acme launch",
        { before: "Acme rates", after: "Promo rates" },
        { cardId: acme.id },
        { cardId: promo.id },
      ],
      [
        "created",
        "Acme launch — Acme rates",
        "Acme launch",
        { before: null, after: "Acme rates" },
        null,
        { cardId: acme.id },
      ],
    ]);
  });

  it("shows nothing of another workspace, and nothing of ours to it", async () => {
    const theirs = await list(stranger);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.map((e) => [e.object, e.label])).toEqual([["rate_card", "Stranger rates"]]);
    expect(theirs.body.people.map((p) => p.id)).toEqual([stranger.userId]);
    // Filtering on one of our people or our days finds nothing there either.
    expect((await list(stranger, `personId=${owner.userId}`)).body.total).toBe(0);
    const ours = await list(owner);
    expect(ours.body.items.some((e) => e.label === "Stranger rates")).toBe(false);
  });

  it("refuses members (403) and bad filters (400 naming the field)", async () => {
    expect((await list(member)).status).toBe(403);
    expect((await member.client.get("/api/audit/finance.csv")).status).toBe(403);
    const bad: Array<[string, string]> = [
      ["object=invoices", "object"],
      ["object=member", "object"],
      ["from=2025-02-30", "from"],
      ["from=yesterday", "from"],
      ["to=0001-01-01", "to"],
      ["to=99999-01-01", "to"],
      ["from=2025-03-12&to=2025-03-10", "to"],
      ["page=0", "page"],
      ["pageSize=500", "pageSize"],
      ["personId=", "personId"],
      ["personId=a%20b", "personId"],
    ];
    for (const [qs, field] of bad) {
      const res = await list(owner, qs);
      expect(res.status, qs).toBe(400);
      expect(
        (res.body as unknown as ErrorBody).error.fields?.map((f) => f.field),
        qs,
      ).toContain(field);
    }
    // An unknown parameter is refused by name, not ignored.
    const unknown = await list(owner, "sort=object");
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as ErrorBody).error.message).toMatch(/sort/);
    const csv = await owner.client.get("/api/audit/finance.csv?from=2025-13-01");
    expect(csv.status).toBe(400);
  });
});

/** RFC 4180 records of a small CSV (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(cell);
      cell = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return records;
}

describe("GET /api/audit/finance.csv", () => {
  it("downloads exactly the filtered rows, newest first, times in the workspace zone", async () => {
    const res = await owner.client.get("/api/audit/finance.csv?object=rate_card_line");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="finance-audit-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...records] = parseCsv(res.text);
    expect(header).toEqual([
      "When (America/New_York)",
      "Who",
      "Who E-mail",
      "Impersonated By",
      "Object",
      "Object ID",
      "Name",
      "Project",
      "Action",
      "Currency",
      "Before",
      "After",
      "Event ID",
    ]);
    expect(records.map((r) => [r[0]!.slice(0, 16), r[1], r[4], r[6], r[8]])).toEqual([
      ["2025-03-10 22:30", "Arne Admin", "Rate card line", "Crew cost — editor", "updated"],
      ["2025-03-10 10:00", "Olga Owner", "Rate card line", "Crew cost — editor", "created"],
    ]);
    expect(JSON.parse(records[0]![10]!)).toMatchObject({ rateMinor: 6500 });
    expect(JSON.parse(records[0]![11]!)).toMatchObject({ rateMinor: 7250 });
    // The CSV and the list agree on every filter.
    const listed = await list(owner, `personId=${admin.userId}&from=2025-03-10&to=2025-03-11`);
    const csv = await owner.client.get(
      `/api/audit/finance.csv?personId=${admin.userId}&from=2025-03-10&to=2025-03-11`,
    );
    expect(
      parseCsv(csv.text)
        .slice(1)
        .map((r) => r[12]),
    ).toEqual(listed.body.items.map((e) => e.id));
    // Nothing matches: the header alone.
    const none = await owner.client.get("/api/audit/finance.csv?object=sow");
    expect(parseCsv(none.text)).toHaveLength(1);
  });
});

describe("finance rows are append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of audit_events (the trigger), leaving the finance rows as they were", async () => {
    const org = owner.organizationId;
    const rowsNow = async () =>
      (
        await ctx.database.raw.query<{ id: string; action: string; after: unknown }>(
          `select id, action, after from audit_events where organization_id = $1 and category = 'finance' order by id`,
          [org],
        )
      ).rows;
    const before = await rowsNow();
    expect(before.length).toBeGreaterThan(0);
    await expect(
      ctx.database.raw.query(
        `update audit_events set after = '{"rateMinor": 1}'::jsonb where organization_id = $1 and category = 'finance'`,
        [org],
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.database.raw.query(`delete from audit_events where organization_id = $1 and category = 'finance'`, [
        org,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.database.raw.query(`truncate audit_events`)).rejects.toThrow(/append-only/);
    expect(await rowsNow()).toEqual(before);
  });
});
