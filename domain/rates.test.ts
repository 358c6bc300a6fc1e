import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actualClientRevenue,
  actualCost,
  assigneeRate,
  cardFor,
  clientRate,
  costOfWork,
  estimatedCostMinor,
  internalRate,
  lineInForce,
  rateSubjectKey,
  resolveRate,
  revenueOfWork,
  type RateBook,
  type RateCard,
} from "./rates";

const internal: RateCard = {
  id: "int",
  kind: "internal",
  isDefault: true,
  defaultRateMinor: 4000,
  lines: [
    { subjectType: "role", subjectId: "Editor", rateMinor: 5000, effectiveFrom: "2025-01-01" },
    { subjectType: "person", subjectId: "u1", rateMinor: 6000, effectiveFrom: "2025-01-01" },
  ],
};
const client: RateCard = {
  id: "cli",
  kind: "client",
  isDefault: true,
  defaultRateMinor: 10000,
  lines: [
    { subjectType: "role", subjectId: "editor", rateMinor: 15000, effectiveFrom: "2025-01-01" },
    { subjectType: "role", subjectId: "producer", rateMinor: 12000, effectiveFrom: "2025-01-01" },
    { subjectType: "person", subjectId: "u1", rateMinor: 20000, effectiveFrom: "2025-01-01" },
  ],
};
// A project's own client card, with a rate change mid-project (from 2025-03-15).
const acme: RateCard = {
  id: "acme",
  kind: "client",
  isDefault: false,
  defaultRateMinor: null,
  lines: [
    { subjectType: "person", subjectId: "u1", rateMinor: 18000, effectiveFrom: "2025-01-01" },
    { subjectType: "person", subjectId: "u1", rateMinor: 19000, effectiveFrom: "2025-03-15" },
    { subjectType: "role", subjectId: "Editor", rateMinor: 14000, effectiveFrom: "2025-02-01" },
  ],
};
const book: RateBook = { cards: [internal, client, acme], projectClientCards: { J1: "acme" } };

describe("rate resolution", () => {
  it("person line beats role line beats card default", () => {
    expect(resolveRate(book, "client", { personId: "u1", roleTags: ["editor"], day: "2025-02-10" })).toEqual({
      rateMinor: 20000,
      cardId: "cli",
      source: "person",
      effectiveFrom: "2025-01-01",
    });
    expect(
      resolveRate(book, "client", { personId: "u2", roleTags: ["Editor"], day: "2025-02-10" }),
    ).toMatchObject({
      rateMinor: 15000,
      source: "role",
    });
    expect(
      resolveRate(book, "client", { personId: "u3", roleTags: ["Designer"], day: "2025-02-10" }),
    ).toMatchObject({
      rateMinor: 10000,
      source: "default",
      effectiveFrom: null,
    });
  });

  it("takes the first of the person's tags that has a line", () => {
    expect(
      clientRate(book, { personId: "u9", roleTags: ["designer", "producer", "editor"], day: "2025-06-01" }),
    ).toBe(12000);
  });

  it("uses the project's own client card, else the default client card", () => {
    expect(clientRate(book, { personId: "u1", projectId: "J1", day: "2025-02-10" })).toBe(18000);
    expect(clientRate(book, { personId: "u1", projectId: "J2", day: "2025-02-10" })).toBe(20000);
    expect(clientRate(book, { personId: "u1", projectId: null, day: "2025-02-10" })).toBe(20000);
    // The internal rate never comes from a project's client card.
    expect(internalRate(book, { personId: "u1", projectId: "J1", day: "2025-02-10" })).toBe(6000);
    expect(cardFor(book, "client", "J1")?.id).toBe("acme");
    expect(cardFor(book, "internal", "J1")?.id).toBe("int");
    // A project pointing at a card that is gone or is not a client card falls back to the default.
    expect(
      cardFor({ cards: [client, internal], projectClientCards: new Map([["J", "int"]]) }, "client", "J")?.id,
    ).toBe("cli");
  });

  it("does not fall back to the default card when the project's card has nothing for the person", () => {
    // acme has no default rate and no line for u3: unpriced, not the default card's 10000.
    expect(
      clientRate(book, { personId: "u3", roleTags: ["designer"], projectId: "J1", day: "2025-02-10" }),
    ).toBeNull();
  });

  it("a rate change mid-project: past hours keep the old rate", () => {
    const q = { personId: "u1", projectId: "J1" };
    expect(clientRate(book, { ...q, day: "2025-03-14" })).toBe(18000);
    expect(clientRate(book, { ...q, day: "2025-03-15" })).toBe(19000);
    expect(clientRate(book, { ...q, day: "2025-12-31" })).toBe(19000);
    // An hour on 2025-03-01 is priced at the old rate whenever it is priced.
    expect(revenueOfWork(book, { ...q, day: "2025-03-01" }, 3_600_000)).toBe(18000);
    expect(revenueOfWork(book, { ...q, day: "2025-03-20" }, 3_600_000)).toBe(19000);
  });

  it("a line before its effective date is not in force: fall through to the next level", () => {
    // acme's Editor line starts 2025-02-01; before that an editor on J1 has nothing on acme.
    expect(
      clientRate(book, { personId: "u2", roleTags: ["editor"], projectId: "J1", day: "2025-01-31" }),
    ).toBeNull();
    expect(
      clientRate(book, { personId: "u2", roleTags: ["editor"], projectId: "J1", day: "2025-02-01" }),
    ).toBe(14000);
    // Before every line of the default card: the card default.
    expect(clientRate(book, { personId: "u1", day: "2024-12-31" })).toBe(10000);
  });

  it("an hour with no rate is unpriced (null), never 0", () => {
    const empty: RateBook = { cards: [] };
    expect(resolveRate(empty, "client", { personId: "u1", day: "2025-01-01" })).toBeNull();
    expect(costOfWork(empty, { personId: "u1", day: "2025-01-01" }, 3_600_000)).toBeNull();
    const noDefault: RateBook = { cards: [{ ...client, defaultRateMinor: null, lines: [] }] };
    expect(clientRate(noDefault, { personId: "u1", day: "2025-01-01" })).toBeNull();
    // A rate of 0 is a rate (free work), not unpriced.
    const free: RateBook = { cards: [{ ...client, defaultRateMinor: 0, lines: [] }] };
    expect(revenueOfWork(free, { personId: "u1", day: "2025-01-01" }, 3_600_000)).toBe(0);
  });

  it("reads dates in other shapes and refuses an invalid one", () => {
    expect(clientRate(book, { personId: "u1", projectId: "J1", day: new Date("2025-03-15T10:00:00Z") })).toBe(
      19000,
    );
    expect(clientRate(book, { personId: "u1", projectId: "J1", day: "2025-03-14T23:59:59Z" })).toBe(18000);
    expect(() => clientRate(book, { personId: "u1", day: "not a day" })).toThrow(RangeError);
  });

  it("lineInForce takes the latest effective_from on or before the day", () => {
    expect(lineInForce(acme.lines, "person", "u1", "2025-03-15")?.rateMinor).toBe(19000);
    expect(lineInForce(acme.lines, "person", "u1", "2024-01-01")).toBeNull();
    expect(lineInForce(acme.lines, "role", "EDITOR", "2025-02-01")?.rateMinor).toBe(14000);
    expect(lineInForce(acme.lines, "person", "Editor", "2025-06-01")).toBeNull();
  });

  it("property: the rate in force is the rate of the latest line not after the day", () => {
    const day = fc
      .integer({ min: 0, max: 3650 })
      .map((n) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ effectiveFrom: day, rateMinor: fc.integer({ min: 0, max: 1_000_000 }) }), {
          selector: (l) => l.effectiveFrom,
          maxLength: 8,
        }),
        day,
        (lines, d) => {
          const card: RateCard = {
            id: "c",
            kind: "client",
            isDefault: true,
            defaultRateMinor: null,
            lines: lines.map((l) => ({ ...l, subjectType: "person" as const, subjectId: "p" })),
          };
          const eligible = lines
            .filter((l) => l.effectiveFrom <= d)
            .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
          expect(clientRate({ cards: [card] }, { personId: "p", day: d })).toBe(
            eligible.at(-1)?.rateMinor ?? null,
          );
        },
      ),
      { seed: 4242, numRuns: 300 },
    );
  });
});

describe("spec §3 fields", () => {
  it("assignee_rate is the internal rate", () => {
    expect(assigneeRate(book, { personId: "u1", day: "2025-02-10" })).toBe(6000);
    expect(assigneeRate(book, { personId: "u2", roleTags: ["editor"], day: "2025-02-10" })).toBe(5000);
    expect(assigneeRate({ cards: [client] }, { personId: "u1", day: "2025-02-10" })).toBeNull();
  });

  it("estimated_cost is estimate hours × client rate, rounded half-even", () => {
    expect(estimatedCostMinor(3 * 3_600_000, 15000)).toBe(45000);
    expect(estimatedCostMinor(1_800_000, 101)).toBe(50); // 50.5 → 50
    expect(estimatedCostMinor(20 * 60_000, 10000)).toBe(3333); // 3333.33…
    expect(estimatedCostMinor(3_600_000, null)).toBeNull();
    expect(estimatedCostMinor(null, 15000)).toBeNull();
    expect(estimatedCostMinor(0, 15000)).toBe(0);
  });

  it("actual_cost is Σ actual_client_revenue of rounded lines", () => {
    const entries = [
      { personId: "u1", projectId: "J1", day: "2025-03-14", durationMs: 3_600_000 }, // 18000
      { personId: "u1", projectId: "J1", day: "2025-03-17", durationMs: 30 * 60_000 }, // 9500
      { personId: "u1", projectId: "J1", day: "2025-03-17", durationMs: 60_000 }, // 316.66… → 317
      { personId: "u3", projectId: "J1", day: "2025-03-17", durationMs: 3_600_000 }, // unpriced
    ];
    const revenues = entries.map((e) => actualClientRevenue(book, e));
    expect(revenues).toEqual([18000, 9500, 317, null]);
    expect(actualCost(revenues)).toEqual({ totalMinor: 27817, unpricedEntries: 1 });
    expect(actualCost([])).toEqual({ totalMinor: 0, unpricedEntries: 0 });
    expect(actualCost([null, null])).toEqual({ totalMinor: null, unpricedEntries: 2 });
  });

  it("cost of an hour uses the internal card", () => {
    expect(costOfWork(book, { personId: "u1", day: "2025-02-10" }, 90 * 60_000)).toBe(9000);
  });
});

it("rateSubjectKey names a line's subject", () => {
  expect(rateSubjectKey("person", "123")).toBe("person:123");
  expect(rateSubjectKey("role", "Editor")).toBe("role:editor");
});
