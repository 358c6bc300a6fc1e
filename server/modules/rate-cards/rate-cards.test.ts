import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientRate, type RateBook } from "@domain/rates";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { RateCardsResponse, RateCardView, RateLineView } from "./contract";

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

type ErrorBody = { error: { code: string; fields?: { field: string }[] } };

beforeAll(async () => {
  // A pinned clock that ticks a second per reading, so audit rows sort in the order written.
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  for (const [org, id, name] of [
    [owner.organizationId, "u1", "Ann Editor"],
    [owner.organizationId, "u2", "Bo Producer"],
    [stranger.organizationId, "x1", "Xena"],
  ]) {
    await q(`insert into provider_users (organization_id, id, username) values ($1, $2, $3)`, [
      org,
      id,
      name,
    ]);
  }
  await q(`insert into folders (organization_id, id, name) values ($1, 'f1', 'Acme launch')`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'fx', 'Stranger job')`, [
    stranger.organizationId,
  ]);
});
afterAll(async () => {
  await ctx.close();
});

async function financeTrail(organizationId: string) {
  const { rows } = await ctx.database.raw.query<{ object_type: string; action: string; object_id: string }>(
    `select object_type, action, object_id from audit_events
      where organization_id = $1 and category = 'finance' order by occurred_at, id`,
    [organizationId],
  );
  return rows;
}

describe("rate cards", () => {
  it("admins create cards and lines; the list prices an hour as the domain does, with a mid-project change", async () => {
    const internal = await admin.client.post<RateCardView>("/api/rate-cards", {
      kind: "internal",
      name: "Staff cost",
      isDefault: true,
      defaultRateMinor: 4000,
    });
    expect(internal.status).toBe(201);
    expect(internal.body).toMatchObject({
      kind: "internal",
      currency: "USD",
      isDefault: true,
      defaultRateMinor: 4000,
    });
    const standard = await admin.client.post<RateCardView>("/api/rate-cards", {
      kind: "client",
      name: "Standard",
      isDefault: true,
      currency: "USD",
      defaultRateMinor: 10000,
    });
    const acme = await owner.client.post<RateCardView>("/api/rate-cards", {
      kind: "client",
      name: "Acme",
      currency: "EUR",
    });
    expect(acme.body).toMatchObject({ isDefault: false, defaultRateMinor: null, currency: "EUR" });

    const line = async (cardId: string, body: object) => {
      const res = await admin.client.post<RateLineView>(`/api/rate-cards/${cardId}/lines`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    await line(standard.body.id, {
      subjectType: "role",
      subjectId: "Editor",
      rateMinor: 15000,
      effectiveFrom: "2025-01-01",
    });
    const person = await line(standard.body.id, {
      subjectType: "person",
      subjectId: "u1",
      rateMinor: 20000,
      effectiveFrom: "2025-01-01",
    });
    expect(person).toMatchObject({
      subjectName: "Ann Editor",
      rateMinor: 20000,
      effectiveFrom: "2025-01-01",
    });
    await line(acme.body.id, {
      subjectType: "person",
      subjectId: "u1",
      rateMinor: 18000,
      effectiveFrom: "2025-01-01",
    });
    await line(acme.body.id, {
      subjectType: "person",
      subjectId: "u1",
      rateMinor: 19000,
      effectiveFrom: "2025-03-15",
    });
    const assigned = await admin.client.put(`/api/rate-cards/projects/f1`, { cardId: acme.body.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toEqual({ folderId: "f1", folderName: "Acme launch", cardId: acme.body.id });

    const list = await owner.client.get<RateCardsResponse>("/api/rate-cards");
    expect(list.status).toBe(200);
    expect(list.body.currency).toBe("USD");
    expect(list.body.cards.map((c) => c.name)).toEqual(["Standard", "Staff cost", "Acme"]);
    const role = list.body.cards[0]!.lines.find((l) => l.subjectType === "role");
    expect(role).toMatchObject({ subjectId: "editor", subjectName: "editor" });
    const book: RateBook = {
      cards: list.body.cards,
      projectClientCards: Object.fromEntries(list.body.projectCards.map((p) => [p.folderId, p.cardId])),
    };
    expect(clientRate(book, { personId: "u1", projectId: "f1", day: "2025-03-14" })).toBe(18000);
    expect(clientRate(book, { personId: "u1", projectId: "f1", day: "2025-03-15" })).toBe(19000);
    expect(clientRate(book, { personId: "u1", day: "2025-03-15" })).toBe(20000);
    expect(clientRate(book, { personId: "u2", roleTags: ["editor"], day: "2025-03-15" })).toBe(15000);
    expect(clientRate(book, { personId: "u2", day: "2025-03-15" })).toBe(10000);

    // Finance audit trail: one row per change, in order.
    expect((await financeTrail(owner.organizationId)).map((r) => `${r.object_type} ${r.action}`)).toEqual([
      "rate_card created",
      "rate_card created",
      "rate_card created",
      "rate_card_line created",
      "rate_card_line created",
      "rate_card_line created",
      "rate_card_line created",
      "project_rate_card created",
    ]);
  });

  it("keeps one default per kind: a new default unsets the old one", async () => {
    const before = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards;
    const oldDefault = before.find((c) => c.kind === "client" && c.isDefault)!;
    const next = await owner.client.post<RateCardView>("/api/rate-cards", {
      kind: "client",
      name: "2026",
      isDefault: true,
    });
    expect(next.status).toBe(201);
    const after = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards;
    expect(after.filter((c) => c.kind === "client" && c.isDefault).map((c) => c.id)).toEqual([next.body.id]);
    expect(after.find((c) => c.id === oldDefault.id)?.isDefault).toBe(false);
    const back = await owner.client.patch<RateCardView>(`/api/rate-cards/${oldDefault.id}`, {
      isDefault: true,
    });
    expect(back.body.isDefault).toBe(true);
    const again = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards;
    expect(again.filter((c) => c.kind === "client" && c.isDefault).map((c) => c.id)).toEqual([oldDefault.id]);
    // Concurrent defaults: serialised, never a 500, exactly one default afterwards.
    const results = await Promise.all(
      ["A", "B", "C"].map((n) =>
        owner.client.post("/api/rate-cards", { kind: "internal", name: n, isDefault: true }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const cards = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards;
    expect(cards.filter((c) => c.kind === "internal" && c.isDefault)).toHaveLength(1);
  });

  it("edits and deletes lines and cards; a deleted card takes its project assignments with it", async () => {
    const card = (await owner.client.post<RateCardView>("/api/rate-cards", { kind: "client", name: "Temp" }))
      .body;
    const line = (
      await owner.client.post<RateLineView>(`/api/rate-cards/${card.id}/lines`, {
        subjectType: "person",
        subjectId: "u2",
        rateMinor: 100,
        effectiveFrom: "2025-02-01",
      })
    ).body;
    const changed = await owner.client.patch<RateLineView>(`/api/rate-cards/${card.id}/lines/${line.id}`, {
      rateMinor: 250,
    });
    expect(changed.body).toMatchObject({ rateMinor: 250, effectiveFrom: "2025-02-01" });
    const dup = await owner.client.post<ErrorBody>(`/api/rate-cards/${card.id}/lines`, {
      subjectType: "person",
      subjectId: "u2",
      rateMinor: 300,
      effectiveFrom: "2025-02-01",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields?.[0]?.field).toBe("effectiveFrom");
    expect((await owner.client.delete(`/api/rate-cards/${card.id}/lines/${line.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/rate-cards/${card.id}/lines/${line.id}`)).status).toBe(404);

    await owner.client.put(`/api/rate-cards/projects/f1`, { cardId: card.id });
    expect((await owner.client.delete(`/api/rate-cards/${card.id}`)).status).toBe(204);
    const list = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body;
    expect(list.cards.some((c) => c.id === card.id)).toBe(false);
    expect(list.projectCards).toEqual([]);
    const trail = (await financeTrail(owner.organizationId))
      .slice(-3)
      .map((r) => `${r.object_type} ${r.action}`);
    expect(trail.slice(-2)).toEqual(["project_rate_card deleted", "rate_card deleted"]);
    expect((await owner.client.delete(`/api/rate-cards/projects/f1`)).status).toBe(404);
  });

  it("members get 403; signed-out callers 401", async () => {
    expect((await member.client.get("/api/rate-cards")).status).toBe(403);
    expect((await member.client.post("/api/rate-cards", { kind: "client", name: "X" })).status).toBe(403);
    expect((await ctx.client().get("/api/rate-cards")).status).toBe(401);
  });

  it("another workspace's card, line, person or project is 404", async () => {
    const mine = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards.find(
      (c) => c.lines.length,
    )!;
    const lineId = mine.lines[0]!.id;
    expect((await stranger.client.patch(`/api/rate-cards/${mine.id}`, { name: "Mine now" })).status).toBe(
      404,
    );
    expect((await stranger.client.delete(`/api/rate-cards/${mine.id}`)).status).toBe(404);
    expect(
      (await stranger.client.patch(`/api/rate-cards/${mine.id}/lines/${lineId}`, { rateMinor: 1 })).status,
    ).toBe(404);
    expect((await stranger.client.delete(`/api/rate-cards/${mine.id}/lines/${lineId}`)).status).toBe(404);
    expect(
      (
        await stranger.client.post(`/api/rate-cards/${mine.id}/lines`, {
          subjectType: "role",
          subjectId: "x",
          rateMinor: 1,
          effectiveFrom: "2025-01-01",
        })
      ).status,
    ).toBe(404);
    const theirs = (
      await stranger.client.post<RateCardView>("/api/rate-cards", { kind: "client", name: "Theirs" })
    ).body;
    expect((await stranger.client.put(`/api/rate-cards/projects/f1`, { cardId: theirs.id })).status).toBe(
      404,
    );
    expect((await owner.client.put(`/api/rate-cards/projects/f1`, { cardId: theirs.id })).status).toBe(404);
    expect((await owner.client.put(`/api/rate-cards/projects/fx`, { cardId: mine.id })).status).toBe(404);
    const person = await owner.client.post(`/api/rate-cards/${mine.id}/lines`, {
      subjectType: "person",
      subjectId: "x1",
      rateMinor: 1,
      effectiveFrom: "2025-01-01",
    });
    expect(person.status).toBe(404);
    // Nothing of A's leaks into B's list.
    const list = (await stranger.client.get<RateCardsResponse>("/api/rate-cards")).body;
    expect(list.cards.map((c) => c.name)).toEqual(["Theirs"]);
  });

  it("bad input → 400 naming the field, and nothing is written", async () => {
    const card = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards[0]!;
    const trailBefore = (await financeTrail(owner.organizationId)).length;
    const bad = async (
      path: string,
      body: object,
      field: string,
      method: "post" | "patch" | "put" = "post",
    ) => {
      const res = await owner.client[method]<ErrorBody>(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.fields?.map((f) => f.field)).toContain(field);
    };
    const line = { subjectType: "role", subjectId: "editor", rateMinor: 100, effectiveFrom: "2025-05-01" };
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, rateMinor: -1 }, "rateMinor");
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, rateMinor: 12.5 }, "rateMinor");
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, rateMinor: "100" }, "rateMinor");
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, effectiveFrom: "2025-02-30" }, "effectiveFrom");
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, effectiveFrom: "soon" }, "effectiveFrom");
    await bad(`/api/rate-cards/${card.id}/lines`, { ...line, subjectType: "team" }, "subjectType");
    await bad("/api/rate-cards", { kind: "client", name: "X", currency: "ABC" }, "currency");
    await bad("/api/rate-cards", { kind: "client", name: "X", defaultRateMinor: -5 }, "defaultRateMinor");
    await bad("/api/rate-cards", { kind: "vendor", name: "X" }, "kind");
    await bad("/api/rate-cards", { kind: "client", name: " " }, "name");
    await bad(`/api/rate-cards/${card.id}`, { currency: "usd" }, "currency", "patch");
    await bad(`/api/rate-cards/projects/f1`, { cardId: await internalCardId() }, "cardId", "put");
    expect((await financeTrail(owner.organizationId)).length).toBe(trailBefore);
  });
});

async function internalCardId(): Promise<string> {
  const cards = (await owner.client.get<RateCardsResponse>("/api/rate-cards")).body.cards;
  return cards.find((c) => c.kind === "internal")!.id;
}
