import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SOW_ACTIONS,
  SOW_STATUSES,
  formatSowNumber,
  parseSowNumber,
  paymentInvoiced,
  proposeInvoiceRefusal,
  replacedVersionStatus,
  resolveSchedule,
  sowEditRefusal,
  sowEditable,
  sowTransition,
  type ScheduleEntryInput,
} from "./sows";

describe("SOW lifecycle", () => {
  it("allows exactly draft → sent → signed and new versions of sent and signed SOWs", () => {
    const allowed: Record<string, string> = {};
    for (const from of SOW_STATUSES) {
      for (const action of SOW_ACTIONS) {
        const step = sowTransition(from, action);
        if (step.ok) allowed[`${from}:${action}`] = step.to;
      }
    }
    expect(allowed).toEqual({
      "draft:send": "sent",
      "sent:sign": "signed",
      "sent:new_version": "draft",
      "signed:new_version": "draft",
    });
  });

  it("says why a step is refused", () => {
    expect(sowTransition("draft", "sign")).toEqual({
      ok: false,
      reason: "A statement of work cannot be marked signed while it is a draft: send it first.",
    });
    expect(sowTransition("signed", "send")).toEqual({
      ok: false,
      reason: "A statement of work cannot be sent while it is signed.",
    });
    expect(sowTransition("draft", "new_version")).toEqual({
      ok: false,
      reason:
        "A statement of work cannot be given a new version while it is already a draft: change the draft instead.",
    });
    expect(sowTransition("signed", "sign").ok).toBe(false);
    expect(sowTransition("sent", "send").ok).toBe(false);
  });

  it("supersedes a sent version and keeps a signed one signed", () => {
    expect(replacedVersionStatus("sent")).toBe("superseded");
    expect(replacedVersionStatus("signed")).toBe("signed");
  });

  it("counts a payment invoiced while its invoice is not void", () => {
    expect(paymentInvoiced(null)).toBe(false);
    expect(paymentInvoiced("draft")).toBe(true);
    expect(paymentInvoiced("paid")).toBe(true);
    expect(paymentInvoiced("void")).toBe(false);
  });

  it("edits only drafts", () => {
    expect(sowEditable("draft")).toBe(true);
    expect(sowEditable("sent")).toBe(false);
    expect(sowEditRefusal("draft")).toBeNull();
    expect(sowEditRefusal("signed")).toMatch(
      /only be changed while it is a draft: it is signed — make a new version/,
    );
  });

  it("proposes invoices only from a signed SOW with a budget, once per payment", () => {
    expect(proposeInvoiceRefusal({ status: "signed", hasBudget: true, invoicedAs: null })).toBeNull();
    expect(proposeInvoiceRefusal({ status: "sent", hasBudget: true, invoicedAs: null })).toMatch(
      /not signed/,
    );
    expect(proposeInvoiceRefusal({ status: "draft", hasBudget: true, invoicedAs: null })).toMatch(/draft/);
    expect(proposeInvoiceRefusal({ status: "signed", hasBudget: false, invoicedAs: null })).toMatch(
      /no budget/,
    );
    expect(proposeInvoiceRefusal({ status: "signed", hasBudget: true, invoicedAs: "INV-0003" })).toBe(
      "This payment is already invoiced (INV-0003).",
    );
  });
});

describe("payment schedule", () => {
  it("keeps fixed amounts that add up to the fee", () => {
    expect(resolveSchedule(1_000_00, [{ amountMinor: 400_00 }, { amountMinor: 600_00 }], "USD")).toEqual({
      ok: true,
      amounts: [400_00, 600_00],
    });
  });

  it("turns percentages into amounts by the largest remainder (hand-computed)", () => {
    // 100.00 in thirds: 33.33 | 33.33 | 33.34 → shares 3333.3, 3333.3, 3333.4 → floors 3333 ×3, 1 left → the largest remainder (0.4) gets it.
    expect(
      resolveSchedule(10_000, [{ percentBp: 3333 }, { percentBp: 3333 }, { percentBp: 3334 }], "USD"),
    ).toEqual({ ok: true, amounts: [3333, 3333, 3334] });
    // 1.00 in 33.33 % ×3 + 0.01 %: shares 33.33 ×3 and 0.01 → floors 33, 33, 33, 0 → 1 left → the first of the equal remainders; the 0.01 % share comes to nothing: refused.
    expect(
      resolveSchedule(
        100,
        [{ percentBp: 3333 }, { percentBp: 3333 }, { percentBp: 3333 }, { percentBp: 1 }],
        "USD",
      ),
    ).toEqual({
      ok: false,
      issues: [
        { field: "3.percentBp", message: "comes to nothing of this fee: make it larger or remove it" },
      ],
    });
    // 10.00 at 33.33 %, 33.33 %, 33.30 %, 0.04 %: shares 333.3, 333.3, 333.0, 0.4 → floors 333, 333, 333, 0 → 1 left → the largest remainder (0.4): the last.
    expect(
      resolveSchedule(
        1_000,
        [{ percentBp: 3333 }, { percentBp: 3333 }, { percentBp: 3330 }, { percentBp: 4 }],
        "USD",
      ),
    ).toEqual({ ok: true, amounts: [333, 333, 333, 1] });
    // 12,345.67 at 25 % / 75 %: 308641.75 and 925925.25 → floors 308641, 925925, 1 left → the .75 one.
    expect(resolveSchedule(1_234_567, [{ percentBp: 2500 }, { percentBp: 7500 }], "USD")).toEqual({
      ok: true,
      amounts: [308_642, 925_925],
    });
  });

  it("mixes a fixed deposit with percentages of the fee", () => {
    // Fee 10,000.00: 2,500.00 fixed + 75 % (7,500.00).
    expect(resolveSchedule(1_000_000, [{ amountMinor: 250_000 }, { percentBp: 7500 }], "USD")).toEqual({
      ok: true,
      amounts: [250_000, 750_000],
    });
  });

  it("refuses a schedule that does not add up to the fee, naming what it comes to", () => {
    const result = resolveSchedule(1_000_00, [{ amountMinor: 400_00 }, { amountMinor: 500_00 }], "USD");
    expect(result).toEqual({
      ok: false,
      issues: [{ field: "", message: "must add up to the fee ($1,000.00): the payments come to $900.00" }],
    });
    expect(resolveSchedule(1_000_00, [{ percentBp: 5000 }, { percentBp: 4000 }], "USD")).toMatchObject({
      ok: false,
      issues: [{ field: "" }],
    });
    // 1 fixed minor unit + 99.99 %: does not divide exactly — the sentence names the parts.
    expect(resolveSchedule(333, [{ amountMinor: 1 }, { percentBp: 9999 }], "USD")).toEqual({
      ok: false,
      issues: [
        {
          field: "",
          message: "must add up to the fee ($3.33): the payments come to $0.01 + 99.99 % of the fee",
        },
      ],
    });
  });

  it("names the entry that gives both, neither or a bad amount", () => {
    expect(resolveSchedule(100, [{ amountMinor: 50, percentBp: 5000 }, {}], "USD")).toEqual({
      ok: false,
      issues: [
        { field: "0.percentBp", message: "give an amount or a percentage, not both" },
        { field: "1.amountMinor", message: "give an amount or a percentage" },
      ],
    });
    expect(resolveSchedule(100, [{ amountMinor: 0.5 }, { amountMinor: -1 }], "USD")).toMatchObject({
      ok: false,
      issues: [{ field: "0.amountMinor" }, { field: "1.amountMinor" }],
    });
    expect(resolveSchedule(100, [{ percentBp: 10_001 }], "USD")).toMatchObject({
      ok: false,
      issues: [{ field: "0.percentBp" }],
    });
  });

  it("accepts an empty schedule unless entries are required", () => {
    expect(resolveSchedule(100, [], "USD")).toEqual({ ok: true, amounts: [] });
    expect(resolveSchedule(100, [], "USD", { requireEntries: true })).toEqual({
      ok: false,
      issues: [{ field: "", message: "needs at least one payment" }],
    });
  });

  it("always sums exactly to the fee, each share within one minor unit of its exact value (property)", () => {
    const split = fc
      .array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 12 })
      .map((weights) => {
        // Percentages summing to exactly 10000 bp.
        const total = weights.reduce((s, w) => s + w, 0);
        const bp = weights.map((w) => Math.floor((w * 10_000) / total));
        bp[0]! += 10_000 - bp.reduce((s, b) => s + b, 0);
        return bp.filter((b) => b > 0);
      });
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 10_000_000_000 }), split, (fee, bps) => {
        const entries: ScheduleEntryInput[] = bps.map((percentBp) => ({ percentBp }));
        const result = resolveSchedule(fee, entries, "USD");
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.amounts.reduce((s, a) => s + a, 0)).toBe(fee);
        result.amounts.forEach((amount, i) => {
          const exact = (fee * bps[i]!) / 10_000;
          expect(Math.abs(amount - exact)).toBeLessThan(1 + 1e-6);
          expect(Number.isInteger(amount)).toBe(true);
        });
      }),
    );
  });

  it("refuses any fixed schedule whose sum differs from the fee (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (amounts, fee) => {
          const result = resolveSchedule(
            fee,
            amounts.map((amountMinor) => ({ amountMinor })),
            "EUR",
          );
          const sum = amounts.reduce((s, a) => s + a, 0);
          expect(result.ok).toBe(sum === fee);
        },
      ),
    );
  });
});

describe("SOW numbers", () => {
  it("prints and reads SOW-nnnn", () => {
    expect(formatSowNumber(1)).toBe("SOW-0001");
    expect(formatSowNumber(12345)).toBe("SOW-12345");
    expect(() => formatSowNumber(0)).toThrow(RangeError);
    expect(parseSowNumber("SOW-0042")).toBe(42);
    expect(parseSowNumber("sow42")).toBe(42);
    expect(parseSowNumber(" 7 ")).toBe(7);
    expect(parseSowNumber("INV-0001")).toBeNull();
    expect(parseSowNumber("0")).toBeNull();
  });
});
