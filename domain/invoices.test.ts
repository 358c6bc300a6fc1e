import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPayment,
  daysOverdue,
  DEFAULT_DEPOSIT_BP,
  depositInvoice,
  finalInvoice,
  formatInvoiceNumber,
  invoiceDueDate,
  invoiceEditRefusal,
  invoicePercentBpSchema,
  invoiceTotal,
  invoiceTransition,
  isInvoiceOverdue,
  leftToBillMinor,
  leftToBillRefusal,
  outstandingMinor,
  parseInvoiceNumber,
  positiveMinorSchema,
  progressInvoiceByLines,
  progressInvoiceByPercent,
  rebilledCostLine,
  voidRefusal,
  INVOICE_ACTIONS,
  INVOICE_STATUSES,
  type InvoiceAction,
  type InvoiceStatus,
} from "./invoices";

/*
 * The hand-computed job: an approved estimate of $48,250.00, then a final invoice from actuals.
 *   Ana 10 h at $150.00/h                       = $1,500.00
 *   Ben 7 h 20 min at $95.50/h = 7⅓ × 95.50     = $700.333… → $700.33
 *   Cy 2 h, no client rate                      → left off, 2 h unpriced
 *   Camera $3,600.00 + 15 % ($540.00)           = $4,140.00
 *   Travel $500.01 + 15 % ($75.0015 → $75.00)   = $575.01
 *   Catering $3.33 + its own 12.5 % ($0.41625 → $0.42) = $3.75
 *   actuals                                     = $6,919.09
 *   less INV-0001 $4,000.00 and INV-0002 $1,000.00 → $1,919.09
 */
const GRAND_TOTAL = 4_825_000;
const HOUR = 3_600_000;

const FINAL = {
  time: [
    { description: "Ana — Producer", durationMs: 10 * HOUR, rateMinor: 15_000 },
    { description: "Ben — Editor", durationMs: 7 * HOUR + 20 * 60_000, rateMinor: 9_550 },
    { description: "Cy — Intern", durationMs: 2 * HOUR, rateMinor: null },
  ],
  costs: [
    { description: "Camera package", costMinor: 360_000, budgetLineKey: "k-camera" },
    { description: "Travel", costMinor: 50_001 },
    { description: "Catering", costMinor: 333, markupBp: 1250 },
  ],
  markupBp: 1500,
  invoiced: [
    { displayNumber: "INV-0001", totalMinor: 400_000 },
    { displayNumber: "INV-0002", totalMinor: 100_000 },
  ],
};

describe("deposit", () => {
  it("is 75 % of the approved estimate by default", () => {
    expect(DEFAULT_DEPOSIT_BP).toBe(7500);
    expect(depositInvoice(GRAND_TOTAL)).toEqual({
      kind: "deposit",
      totalMinor: 3_618_750,
      lines: [
        { kind: "amount", description: "Deposit: 75 % of the approved estimate", amountMinor: 3_618_750 },
      ],
    });
  });

  it("takes an edited percentage in basis points", () => {
    expect(depositInvoice(GRAND_TOTAL, 5000).totalMinor).toBe(2_412_500);
    const odd = depositInvoice(GRAND_TOTAL, 3333);
    expect(odd.totalMinor).toBe(1_608_172); // 1,608,172.5 → even
    expect(odd.lines[0]!.description).toBe("Deposit: 33.33 % of the approved estimate");
    expect(depositInvoice(GRAND_TOTAL, 10_000).totalMinor).toBe(GRAND_TOTAL);
  });

  it("rounds half to even", () => {
    expect(depositInvoice(2).totalMinor).toBe(2); // 1.5 → 2
    expect(depositInvoice(6).totalMinor).toBe(4); // 4.5 → 4
    expect(depositInvoice(10).totalMinor).toBe(8); // 7.5 → 8
    expect(depositInvoice(1).totalMinor).toBe(1); // 0.75 → 1
  });

  it("refuses a share outside (0, 100 %]", () => {
    expect(() => depositInvoice(GRAND_TOTAL, 0)).toThrow(RangeError);
    expect(() => depositInvoice(GRAND_TOTAL, 10_001)).toThrow(RangeError);
    expect(() => depositInvoice(GRAND_TOTAL, 75.5)).toThrow(RangeError);
  });
});

describe("progress", () => {
  it("bills a percentage of the estimate", () => {
    const inv = progressInvoiceByPercent(GRAND_TOTAL, 2050);
    expect(inv.totalMinor).toBe(989_125);
    expect(inv.lines[0]!.description).toBe("Progress: 20.5 % of the approved estimate");
  });

  it("bills chosen budget lines at their estimate amounts", () => {
    const inv = progressInvoiceByLines([
      { key: "k1", description: "Producer", estimateMinor: 160_000 },
      { key: "k2", description: "Camera package", estimateMinor: 360_000 },
    ]);
    expect(inv.totalMinor).toBe(520_000);
    expect(inv.lines).toEqual([
      { kind: "budget_line", description: "Producer", budgetLineKey: "k1", amountMinor: 160_000 },
      { kind: "budget_line", description: "Camera package", budgetLineKey: "k2", amountMinor: 360_000 },
    ]);
  });
});

describe("final", () => {
  const inv = finalInvoice(FINAL);

  it("prices time at client rates, once per line", () => {
    expect(inv.lines.filter((l) => l.kind === "labour").map((l) => l.amountMinor)).toEqual([150_000, 70_033]);
    expect(inv.unpricedMs).toBe(2 * HOUR);
  });

  it("adds the markup to each re-billed cost, rounded half-even once", () => {
    expect(inv.lines.filter((l) => l.kind === "cost")).toEqual([
      {
        kind: "cost",
        description: "Camera package",
        budgetLineKey: "k-camera",
        costMinor: 360_000,
        markupBp: 1500,
        markupMinor: 54_000,
        amountMinor: 414_000,
      },
      {
        kind: "cost",
        description: "Travel",
        costMinor: 50_001,
        markupBp: 1500,
        markupMinor: 7_500,
        amountMinor: 57_501,
      },
      {
        kind: "cost",
        description: "Catering",
        costMinor: 333,
        markupBp: 1250,
        markupMinor: 42,
        amountMinor: 375,
      },
    ]);
    expect(rebilledCostLine({ description: "x", costMinor: 10 }, 500).markupMinor).toBe(0); // 0.5 → 0
    expect(rebilledCostLine({ description: "x", costMinor: 30 }, 500).markupMinor).toBe(2); // 1.5 → 2
  });

  it("takes off everything already invoiced", () => {
    expect(inv.actualsMinor).toBe(691_909);
    expect(inv.invoicedMinor).toBe(500_000);
    expect(inv.totalMinor).toBe(191_909);
    expect(inv.lines.slice(-2)).toEqual([
      { kind: "less_invoiced", description: "Less invoiced: INV-0001", amountMinor: -400_000 },
      { kind: "less_invoiced", description: "Less invoiced: INV-0002", amountMinor: -100_000 },
    ]);
    expect(invoiceTotal(inv.lines)).toBe(inv.totalMinor);
  });

  it("comes out at 0 or below when the job is invoiced in full", () => {
    const over = finalInvoice({ ...FINAL, invoiced: [{ displayNumber: "INV-0001", totalMinor: 700_000 }] });
    expect(over.totalMinor).toBe(-8_091);
  });
});

describe("left to bill", () => {
  it("is what is billable less what is invoiced, never below 0", () => {
    expect(leftToBillMinor(GRAND_TOTAL, 3_618_750)).toBe(1_206_250);
    expect(leftToBillMinor(100, 150)).toBe(0);
  });

  it("refuses an invoice above it without the override", () => {
    const check = { amountMinor: 1_206_251, leftMinor: 1_206_250, currency: "USD", override: false };
    expect(leftToBillRefusal(check)).toBe(
      "This invoice ($12,062.51) is more than is left to bill on the job ($12,062.50): lower it, or confirm the override to bill above it.",
    );
    expect(leftToBillRefusal({ ...check, override: true })).toBeNull();
    expect(leftToBillRefusal({ ...check, amountMinor: 1_206_250 })).toBeNull();
  });
});

/** Every legal step, written out by hand (the table must match it exactly). */
const LEGAL: [InvoiceStatus, InvoiceAction, InvoiceStatus][] = [
  ["draft", "send", "sent"],
  ["draft", "void", "void"],
  ["sent", "pay_partially", "sent"],
  ["sent", "pay_fully", "paid"],
  ["sent", "void", "void"],
];

describe("invoice lifecycle", () => {
  it.each(LEGAL)("%s --%s--> %s", (from, action, to) => {
    expect(invoiceTransition(from, action)).toEqual({ ok: true, to });
  });

  it("refuses every other step with a reason", () => {
    let refused = 0;
    for (const from of INVOICE_STATUSES) {
      for (const action of INVOICE_ACTIONS) {
        if (LEGAL.some(([f, a]) => f === from && a === action)) continue;
        const result = invoiceTransition(from, action);
        expect(result.ok, `${from} ${action}`).toBe(false);
        if (!result.ok) expect(result.reason).toMatch(/^An invoice cannot be .+ while .+\.$/);
        refused++;
      }
    }
    expect(refused).toBe(INVOICE_STATUSES.length * INVOICE_ACTIONS.length - LEGAL.length);
  });

  it("edits only drafts", () => {
    expect(invoiceEditRefusal("draft")).toBeNull();
    expect(invoiceEditRefusal("sent")).toBe(
      "An invoice can only be changed while it is a draft: it has been sent to the client.",
    );
  });

  it("voids a draft or an unpaid sent invoice, never one with a payment", () => {
    expect(voidRefusal("draft", 0)).toBeNull();
    expect(voidRefusal("sent", 0)).toBeNull();
    expect(voidRefusal("sent", 1)).toMatch(/^An invoice with a payment recorded cannot be voided/);
    expect(voidRefusal("paid", 100)).toBe("An invoice cannot be voided while it is paid in full.");
    expect(voidRefusal("void", 0)).toBe("An invoice cannot be voided while it is void.");
  });
});

describe("payments", () => {
  it("takes partial payments, then the one that reaches the total makes it paid", () => {
    expect(applyPayment("sent", 191_909, 0, 100_000, "USD")).toEqual({
      ok: true,
      to: "sent",
      paidMinor: 100_000,
      outstandingMinor: 91_909,
    });
    expect(applyPayment("sent", 191_909, 100_000, 91_909, "USD")).toEqual({
      ok: true,
      to: "paid",
      paidMinor: 191_909,
      outstandingMinor: 0,
    });
  });

  it("refuses more than is outstanding, and amounts ≤ 0", () => {
    expect(applyPayment("sent", 191_909, 100_000, 91_910, "USD")).toEqual({
      ok: false,
      kind: "amount",
      reason: "is more than is outstanding on the invoice ($919.09)",
    });
    expect(applyPayment("sent", 100, 0, 0, "USD")).toMatchObject({ ok: false, kind: "amount" });
    expect(applyPayment("sent", 100, 0, -5, "USD")).toMatchObject({ ok: false, kind: "amount" });
  });

  it("refuses paying a void, draft or paid invoice as a conflict", () => {
    expect(applyPayment("void", 100, 0, 50, "USD")).toEqual({
      ok: false,
      kind: "conflict",
      reason: "A void invoice cannot be paid: it keeps its number and nothing more.",
    });
    expect(applyPayment("draft", 100, 0, 50, "USD")).toEqual({
      ok: false,
      kind: "conflict",
      reason: "An invoice cannot be paid in part while it is a draft: send it first.",
    });
    expect(applyPayment("paid", 100, 100, 1, "USD")).toMatchObject({ ok: false, kind: "conflict" });
  });
});

describe("due dates and overdue", () => {
  it("is due the client's payment terms after the issue date", () => {
    expect(invoiceDueDate("2025-01-31", 30)).toBe("2025-03-02");
    expect(invoiceDueDate("2025-03-10", 0)).toBe("2025-03-10");
    expect(() => invoiceDueDate("2025-03-10", -1)).toThrow(RangeError);
  });

  it("is overdue when sent and owing past the due date as of the day given", () => {
    const inv = { status: "sent" as const, dueDate: "2025-04-09", totalMinor: 100, paidMinor: 40 };
    expect(isInvoiceOverdue(inv, "2025-04-09")).toBe(false);
    expect(isInvoiceOverdue(inv, "2025-04-10")).toBe(true);
    expect(isInvoiceOverdue({ ...inv, paidMinor: 100 }, "2025-05-01")).toBe(false);
    expect(isInvoiceOverdue({ ...inv, status: "paid" }, "2025-05-01")).toBe(false);
    expect(isInvoiceOverdue({ ...inv, status: "draft" }, "2025-05-01")).toBe(false);
    expect(isInvoiceOverdue({ ...inv, status: "void" }, "2025-05-01")).toBe(false);
    expect(daysOverdue("2025-04-09", "2025-05-01")).toBe(22);
    expect(daysOverdue("2025-04-09", "2025-04-01")).toBe(0);
  });
});

describe("numbers and inputs", () => {
  it("prints and reads INV numbers", () => {
    expect(formatInvoiceNumber(1)).toBe("INV-0001");
    expect(formatInvoiceNumber(12_345)).toBe("INV-12345");
    expect(() => formatInvoiceNumber(0)).toThrow(RangeError);
    expect(parseInvoiceNumber("INV-0042")).toBe(42);
    expect(parseInvoiceNumber("inv42")).toBe(42);
    expect(parseInvoiceNumber(" 7 ")).toBe(7);
    expect(parseInvoiceNumber("PO-1")).toBeNull();
    expect(parseInvoiceNumber("INV-0")).toBeNull();
  });

  it("accepts only whole positive amounts and shares up to 100 %", () => {
    expect(positiveMinorSchema.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5]) expect(positiveMinorSchema.safeParse(bad).success).toBe(false);
    expect(invoicePercentBpSchema.safeParse(7500).success).toBe(true);
    for (const bad of [0, 10_001, 12.5]) expect(invoicePercentBpSchema.safeParse(bad).success).toBe(false);
  });

  it("outstanding is total − paid, never below 0", () => {
    expect(outstandingMinor(100, 30)).toBe(70);
    expect(outstandingMinor(100, 130)).toBe(0);
  });
});

describe("arithmetic properties", () => {
  const amount = fc.integer({ min: 0, max: 10 ** 12 });
  const share = fc.integer({ min: 1, max: 10_000 });

  it("a deposit is within half a minor unit of the exact share, and 100 % is the whole", () => {
    fc.assert(
      fc.property(amount, share, (total, bp) => {
        const deposit = depositInvoice(total, bp).totalMinor;
        const exact = BigInt(total) * BigInt(bp);
        const error = BigInt(deposit) * 10_000n - exact;
        expect(error <= 5_000n && error >= -5_000n).toBe(true);
        expect(depositInvoice(total, 10_000).totalMinor).toBe(total);
      }),
    );
  });

  it("a final invoice's total is its actuals less what was invoiced, and the sum of its lines", () => {
    const time = fc.array(
      fc.record({
        description: fc.constant("t"),
        durationMs: fc.integer({ min: 0, max: 1000 * HOUR }),
        rateMinor: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      }),
      { maxLength: 8 },
    );
    const costs = fc.array(
      fc.record({
        description: fc.constant("c"),
        costMinor: fc.integer({ min: 0, max: 10 ** 9 }),
        markupBp: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
      }),
      { maxLength: 8 },
    );
    const invoiced = fc.array(
      fc.record({ displayNumber: fc.constant("INV-0001"), totalMinor: fc.integer({ min: 1, max: 10 ** 9 }) }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(time, costs, fc.integer({ min: 0, max: 100_000 }), invoiced, (t, c, markupBp, inv) => {
        const cleanCosts = c.map((x) =>
          x.markupBp === undefined ? { description: x.description, costMinor: x.costMinor } : x,
        );
        const result = finalInvoice({ time: t, costs: cleanCosts, markupBp, invoiced: inv });
        expect(result.totalMinor).toBe(result.actualsMinor - result.invoicedMinor);
        expect(invoiceTotal(result.lines)).toBe(result.totalMinor);
        for (const line of result.lines.filter((l) => l.kind === "cost")) {
          expect(line.amountMinor).toBe(line.costMinor! + line.markupMinor!);
          const error =
            BigInt(line.markupMinor!) * 10_000n - BigInt(line.costMinor!) * BigInt(line.markupBp!);
          expect(error <= 5_000n && error >= -5_000n).toBe(true);
        }
        const unpriced = t.filter((x) => x.rateMinor === null).reduce((s, x) => s + x.durationMs, 0);
        expect(result.unpricedMs).toBe(unpriced);
      }),
    );
  });

  it("payments in any split end paid at exactly the total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          let status: InvoiceStatus = "sent";
          let paid = 0;
          let given = 0;
          weights.forEach((w, i) => {
            const part = i === weights.length - 1 ? total - given : Math.floor((total * w) / sum);
            given += part;
            if (part <= 0) return;
            const step = applyPayment(status, total, paid, part, "USD");
            expect(step.ok).toBe(true);
            if (step.ok) {
              status = step.to;
              paid = step.paidMinor;
            }
          });
          expect(paid).toBe(total);
          expect(status).toBe("paid");
          expect(applyPayment(status, total, paid, 1, "USD")).toMatchObject({ ok: false, kind: "conflict" });
        },
      ),
    );
  });

  it("the left-to-bill rule refuses exactly the amounts above what is left, unless overridden", () => {
    fc.assert(
      fc.property(amount, amount, amount, fc.boolean(), (billable, invoiced, invoice, override) => {
        const left = leftToBillMinor(billable, invoiced);
        const refused = leftToBillRefusal({
          amountMinor: invoice,
          leftMinor: left,
          currency: "USD",
          override,
        });
        expect(refused !== null).toBe(!override && invoice > left);
      }),
    );
  });
});
