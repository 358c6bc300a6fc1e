import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accrualFigures,
  accrue,
  accrueOrNull,
  chooseAccrualView,
  elapsedShare,
  sampleAccrualProjects,
  shareBp,
  varianceToAccrued,
} from "./accrual";

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

describe("elapsedShare", () => {
  const schedule = { start: "2026-11-01", due: "2026-11-10" }; // ten days inclusive
  it.each([
    ["2026-10-31", { num: 0, den: 1 }],
    ["2026-11-01", { num: 1, den: 10 }],
    ["2026-11-05", { num: 5, den: 10 }],
    ["2026-11-09", { num: 9, den: 10 }],
    ["2026-11-10", { num: 1, den: 1 }],
    ["2026-12-25", { num: 1, den: 1 }],
  ])("on %s", (reportDate, share) => {
    expect(elapsedShare(schedule, reportDate)).toEqual(share);
  });
  it("a one-day schedule is 0 before and 1 from that day", () => {
    expect(elapsedShare({ start: "2026-11-05", due: "2026-11-05" }, "2026-11-04")).toEqual({
      num: 0,
      den: 1,
    });
    expect(elapsedShare({ start: "2026-11-05", due: "2026-11-05" }, "2026-11-05")).toEqual({
      num: 1,
      den: 1,
    });
  });
  it("a due day only is a one-day schedule on that day", () => {
    expect(elapsedShare({ start: null, due: "2026-11-05" }, "2026-11-04")).toEqual({ num: 0, den: 1 });
    expect(elapsedShare({ start: null, due: "2026-11-05" }, "2026-11-05")).toEqual({ num: 1, den: 1 });
  });
  it("a due day before the start counts as done from the start", () => {
    const inverted = { start: "2026-11-10", due: "2026-11-01" };
    expect(elapsedShare(inverted, "2026-11-05")).toEqual({ num: 0, den: 1 });
    expect(elapsedShare(inverted, "2026-11-10")).toEqual({ num: 1, den: 1 });
  });
  it("no due day: nothing to accrue against", () => {
    expect(elapsedShare({ start: "2026-11-01", due: null }, "2026-11-05")).toBeNull();
    expect(elapsedShare({ start: null, due: null }, "2026-11-05")).toBeNull();
  });
  it("stays within 0–1 and never falls as the report date moves on", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -100, max: 2100 }),
        (a, b, r) => {
          const s = { start: day(a), due: day(b) };
          const x = elapsedShare(s, day(r))!;
          const y = elapsedShare(s, day(r + 1))!;
          expect(x.den).toBeGreaterThanOrEqual(1);
          expect(x.num).toBeGreaterThanOrEqual(0);
          expect(x.num).toBeLessThanOrEqual(x.den);
          expect(x.num * y.den).toBeLessThanOrEqual(y.num * x.den);
        },
      ),
    );
  });
});

describe("accrue", () => {
  it("multiplies exactly and rounds half-even", () => {
    expect(accrue(10 * 3_600_000, { num: 1, den: 10 })).toBe(3_600_000);
    expect(accrue(5, { num: 1, den: 2 })).toBe(2); // 2.5 → 2
    expect(accrue(7, { num: 1, den: 2 })).toBe(4); // 3.5 → 4
    expect(accrue(10_000, { num: 1, den: 3 })).toBe(3_333);
    expect(accrue(20_000, { num: 2, den: 3 })).toBe(13_333);
    expect(accrue(0, { num: 3, den: 7 })).toBe(0);
  });
  it("is exact beyond float precision", () => {
    expect(accrue(9_007_199_254_740_991, { num: 1, den: 1 })).toBe(9_007_199_254_740_991);
    expect(accrue(4_000_000_000_000, { num: 999, den: 1000 })).toBe(3_996_000_000_000);
  });
  it("keeps nulls", () => {
    expect(accrueOrNull(null, { num: 1, den: 2 })).toBeNull();
    expect(accrueOrNull(100, null)).toBeNull();
    expect(accrueOrNull(100, { num: 1, den: 2 })).toBe(50);
  });
  it("property: 0 ≤ accrued ≤ amount, within half a unit of the exact product, whole at 1 and none at 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.nat(),
        (amount, den, k) => {
          const num = k % (den + 1);
          const a = accrue(amount, { num, den });
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(amount);
          const diff = BigInt(a) * BigInt(den) - BigInt(amount) * BigInt(num);
          expect(2n * (diff < 0n ? -diff : diff)).toBeLessThanOrEqual(BigInt(den));
          expect(accrue(amount, { num: den, den })).toBe(amount);
          expect(accrue(amount, { num: 0, den })).toBe(0);
        },
      ),
    );
  });
  it("property: monotone in the share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.nat(),
        (amount, den, k) => {
          const num = k % den;
          expect(accrue(amount, { num, den })).toBeLessThanOrEqual(accrue(amount, { num: num + 1, den }));
        },
      ),
    );
  });
});

describe("shareBp and variances", () => {
  it("basis points half-even", () => {
    expect(shareBp({ num: 1, den: 3 })).toBe(3333);
    expect(shareBp({ num: 2, den: 3 })).toBe(6667);
    expect(shareBp({ num: 1, den: 1 })).toBe(10_000);
    expect(shareBp({ num: 1, den: 20_000 })).toBe(0); // 0.5 bp → 0
    expect(shareBp({ num: 3, den: 20_000 })).toBe(2); // 1.5 bp → 2
  });
  it("variance is actual − accrued, null when either is", () => {
    expect(varianceToAccrued(120, 100)).toBe(20);
    expect(varianceToAccrued(80, 100)).toBe(-20);
    expect(varianceToAccrued(null, 100)).toBeNull();
    expect(varianceToAccrued(100, null)).toBeNull();
  });
  it("accrualFigures applies one share to hours and revenue", () => {
    expect(
      accrualFigures(
        { estimatedMs: 10, estimatedRevenue: 1000, actualMs: 4, actualRevenue: null },
        { num: 3, den: 10 },
      ),
    ).toEqual({
      accruedEstimatedMs: 3,
      accruedEstimatedRevenue: 300,
      timeVarianceMs: 1,
      revenueVariance: null,
    });
    expect(
      accrualFigures({ estimatedMs: 10, estimatedRevenue: null, actualMs: 4, actualRevenue: 5 }, null),
    ).toEqual({
      accruedEstimatedMs: null,
      accruedEstimatedRevenue: null,
      timeVarianceMs: null,
      revenueVariance: null,
    });
  });
});

describe("sampleAccrualProjects", () => {
  it("three sample projects, marked, with figures that add up", () => {
    const samples = sampleAccrualProjects("2026-11-18");
    expect(samples.map((p) => [p.projectId, p.sample, p.jobCode])).toEqual([
      ["sample-1", true, "SAMPLE-001"],
      ["sample-2", true, "SAMPLE-002"],
      ["sample-3", true, "SAMPLE-003"],
    ]);
    for (const p of samples) {
      expect(p.totalEstimatedMs).toBe(p.assigneeBreakdown.reduce((t, a) => t + a.estimatedMs, 0));
      expect(p.timeVarianceToAccruedMs).toBe(p.totalActualMs - p.totalAccruedEstimatedMs!);
    }
    expect(samples[0]!.elapsedBp).toBe(shareBp({ num: 31, den: 61 }));
    expect(samples[1]!.elapsedBp).toBe(10_000);
    expect(samples[2]!.elapsedBp).toBe(0);
  });
});

describe("chooseAccrualView", () => {
  const datasets = [{ id: "newest" }, { id: "older" }];
  it("an opened dataset wins", () => {
    expect(chooseAccrualView({ datasets, activeId: "older", hasSyncedProjects: true })).toEqual({
      source: "active",
      datasetId: "older",
    });
  });
  it("live by default when the workspace has synced projects", () => {
    expect(chooseAccrualView({ datasets, activeId: null, hasSyncedProjects: true })).toEqual({
      source: "live",
      datasetId: null,
    });
    expect(chooseAccrualView({ datasets, activeId: "gone", hasSyncedProjects: true }).source).toBe("live");
  });
  it("no synced projects: the first saved dataset, else the samples (spec §4)", () => {
    expect(chooseAccrualView({ datasets, activeId: null, hasSyncedProjects: false })).toEqual({
      source: "saved",
      datasetId: "newest",
    });
    expect(chooseAccrualView({ datasets, activeId: "gone", hasSyncedProjects: false }).datasetId).toBe(
      "newest",
    );
    expect(chooseAccrualView({ datasets: [], activeId: null, hasSyncedProjects: false })).toEqual({
      source: "samples",
      datasetId: null,
    });
  });
});
