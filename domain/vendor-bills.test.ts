import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addIsoDays } from "./calendar";
import { PURCHASE_ORDER_STATUSES } from "./purchase-orders";
import {
  AGEING_BUCKETS,
  ageingBucket,
  ageingTotals,
  allowedVendorBillActions,
  billApprovalNeed,
  billApprovalRefusal,
  daysPastDue,
  emptyAgeingTotals,
  formatVendorBillNumber,
  invoiceNumberKey,
  isActual,
  isOpen,
  parseVendorBillNumber,
  poBillableRefusal,
  poBillingAction,
  poLineRemainingMinor,
  vendorBillAmountSchema,
  vendorBillDueDate,
  vendorBillEditRefusal,
  vendorBillTotal,
  vendorBillTransition,
  vendorInvoiceNumberSchema,
  VENDOR_BILL_ACTIONS,
  VENDOR_BILL_STATUSES,
  type BillApprovalNeed,
  type VendorBillAction,
  type VendorBillStatus,
} from "./vendor-bills";

/** Every legal step, written out by hand (the table must match it exactly). */
const LEGAL: [VendorBillStatus, VendorBillAction, VendorBillStatus][] = [
  ["received", "approve", "approved"],
  ["received", "void", "void"],
  ["approved", "pay", "paid"],
];

describe("vendor bill lifecycle", () => {
  it.each(LEGAL)("%s --%s--> %s", (from, action, to) => {
    expect(vendorBillTransition(from, action)).toEqual({ ok: true, to });
  });

  it("refuses every other step with a reason naming the action and the status", () => {
    let refused = 0;
    for (const from of VENDOR_BILL_STATUSES) {
      for (const action of VENDOR_BILL_ACTIONS) {
        if (LEGAL.some(([f, a]) => f === from && a === action)) continue;
        const result = vendorBillTransition(from, action);
        expect(result.ok, `${from} ${action}`).toBe(false);
        if (!result.ok) expect(result.reason).toMatch(/^A vendor bill cannot be .+ while .+\.$/);
        refused++;
      }
    }
    expect(refused).toBe(VENDOR_BILL_STATUSES.length * VENDOR_BILL_ACTIONS.length - LEGAL.length);
  });

  it("explains the refusals people meet", () => {
    const reason = (from: VendorBillStatus, action: VendorBillAction) => {
      const r = vendorBillTransition(from, action);
      return r.ok ? null : r.reason;
    };
    expect(reason("received", "pay")).toBe(
      "A vendor bill cannot be paid while it is received and not approved yet: approve it first.",
    );
    expect(reason("approved", "void")).toBe(
      "A vendor bill cannot be voided while it is approved: it is actual cost on its budget and billed on its purchase order.",
    );
    expect(reason("paid", "pay")).toBe("A vendor bill cannot be paid while it is paid.");
    expect(reason("void", "approve")).toBe("A vendor bill cannot be approved while it is void.");
    expect(reason("approved", "approve")).toMatch(/^A vendor bill cannot be approved while it is approved/);
  });

  it("offers the legal actions only", () => {
    expect(allowedVendorBillActions("received")).toEqual(["approve", "void"]);
    expect(allowedVendorBillActions("approved")).toEqual(["pay"]);
    expect(allowedVendorBillActions("paid")).toEqual([]);
    expect(allowedVendorBillActions("void")).toEqual([]);
  });

  it("is changed only while received", () => {
    expect(vendorBillEditRefusal("received")).toBeNull();
    expect(vendorBillEditRefusal("approved")).toBe(
      "A vendor bill can only be changed while it is received and not approved: it is approved: it is actual cost on its budget and billed on its purchase order.",
    );
    expect(vendorBillEditRefusal("paid")).toMatch(/it is paid\.$/);
    expect(vendorBillEditRefusal("void")).toMatch(/it is void\.$/);
  });

  it("counts approved and paid bills as actual, received and approved as open", () => {
    expect(VENDOR_BILL_STATUSES.filter(isActual)).toEqual(["approved", "paid"]);
    expect(VENDOR_BILL_STATUSES.filter(isOpen)).toEqual(["received", "approved"]);
  });
});

describe("numbers, amounts and invoice numbers", () => {
  it("prints and reads bill numbers", () => {
    expect(formatVendorBillNumber(1)).toBe("BILL-0001");
    expect(formatVendorBillNumber(12345)).toBe("BILL-12345");
    expect(() => formatVendorBillNumber(0)).toThrow(RangeError);
    expect(() => formatVendorBillNumber(1.5)).toThrow(RangeError);
    expect(parseVendorBillNumber("BILL-0042")).toBe(42);
    expect(parseVendorBillNumber(" bill42 ")).toBe(42);
    expect(parseVendorBillNumber("7")).toBe(7);
    expect(parseVendorBillNumber("0")).toBeNull();
    expect(parseVendorBillNumber("PO-0001")).toBeNull();
    expect(parseVendorBillNumber("lights")).toBeNull();
  });

  it("reads its own printed numbers back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => {
        expect(parseVendorBillNumber(formatVendorBillNumber(n))).toBe(n);
      }),
    );
  });

  it("takes whole minor units above 0 only", () => {
    expect(vendorBillAmountSchema.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2, "100", null]) {
      expect(vendorBillAmountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("trims invoice numbers and compares them in any case", () => {
    expect(vendorInvoiceNumberSchema.parse("  INV-7 ")).toBe("INV-7");
    expect(vendorInvoiceNumberSchema.safeParse("   ").success).toBe(false);
    expect(vendorInvoiceNumberSchema.safeParse("x".repeat(101)).success).toBe(false);
    expect(invoiceNumberKey(" Inv-7a ")).toBe(invoiceNumberKey("INV-7A"));
  });

  it("totals its lines exactly and refuses a total past 2^53", () => {
    expect(vendorBillTotal([{ amountMinor: 1 }, { amountMinor: 2 }])).toBe(3);
    expect(() => vendorBillTotal([{ amountMinor: Number.MAX_SAFE_INTEGER }, { amountMinor: 1 }])).toThrow(
      RangeError,
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e12 }), { maxLength: 50 }), (amounts) => {
        const exact = amounts.reduce((s, a) => s + BigInt(a), 0n);
        expect(BigInt(vendorBillTotal(amounts.map((amountMinor) => ({ amountMinor }))))).toBe(exact);
      }),
    );
  });
});

describe("due dates and ageing", () => {
  it("adds the vendor's payment terms to the bill date", () => {
    expect(vendorBillDueDate("2025-03-10", 30)).toBe("2025-04-09");
    expect(vendorBillDueDate("2025-03-10", 0)).toBe("2025-03-10");
    expect(vendorBillDueDate("2024-02-15", 14)).toBe("2024-02-29");
    expect(vendorBillDueDate("2025-12-31", 1)).toBe("2026-01-01");
    expect(() => vendorBillDueDate("2025-03-10", -1)).toThrow(RangeError);
    expect(() => vendorBillDueDate("2025-03-10", 1.5)).toThrow(RangeError);
  });

  it("counts days past due in calendar days", () => {
    expect(daysPastDue("2025-03-10", "2025-03-10")).toBe(0);
    expect(daysPastDue("2025-03-10", "2025-03-11")).toBe(1);
    expect(daysPastDue("2025-03-10", "2025-03-01")).toBe(-9);
    // Across a DST change in Europe and the US: still whole days.
    expect(daysPastDue("2025-03-01", "2025-04-01")).toBe(31);
    expect(() => daysPastDue("nope", "2025-03-01")).toThrow(RangeError);
  });

  it.each([
    [-30, "not_due"],
    [0, "not_due"],
    [1, "days_0_30"],
    [30, "days_0_30"],
    [31, "days_31_60"],
    [60, "days_31_60"],
    [61, "days_61_90"],
    [90, "days_61_90"],
    [91, "days_90_plus"],
    [4000, "days_90_plus"],
  ] as const)("%i days past due is %s", (days, bucket) => {
    const due = "2025-01-15";
    expect(ageingBucket(due, addIsoDays(due, days))).toBe(bucket);
  });

  it("puts every day past due in exactly the bucket its range names", () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 4000 }), (days) => {
        const bucket = ageingBucket("2025-06-30", addIsoDays("2025-06-30", days));
        const expected =
          days <= 0
            ? "not_due"
            : days <= 30
              ? "days_0_30"
              : days <= 60
                ? "days_31_60"
                : days <= 90
                  ? "days_61_90"
                  : "days_90_plus";
        expect(bucket).toBe(expected);
      }),
    );
  });

  it("totals what is owed per bucket, open bills only, as of the date given", () => {
    const bills = [
      { status: "received", dueDate: "2025-03-31", amountMinor: 100 },
      { status: "approved", dueDate: "2025-03-20", amountMinor: 200 },
      { status: "approved", dueDate: "2025-02-01", amountMinor: 300 },
      { status: "received", dueDate: "2024-12-01", amountMinor: 400 },
      { status: "received", dueDate: "2024-09-01", amountMinor: 500 },
      { status: "paid", dueDate: "2024-09-01", amountMinor: 9_000 },
      { status: "void", dueDate: "2024-09-01", amountMinor: 9_000 },
    ] as const;
    expect(ageingTotals(bills, "2025-03-31")).toEqual({
      not_due: 100,
      days_0_30: 200,
      days_31_60: 300,
      days_61_90: 0,
      days_90_plus: 400 + 500,
    });
    // The same bills a month later: everything has moved one bucket on.
    expect(ageingTotals(bills, "2025-04-30")).toEqual({
      not_due: 0,
      days_0_30: 100,
      days_31_60: 200,
      days_61_90: 300,
      days_90_plus: 900,
    });
    expect(ageingTotals([], "2025-01-01")).toEqual(emptyAgeingTotals());
  });

  it("sums to what is open, whatever the dates", () => {
    const status = fc.constantFrom(...VENDOR_BILL_STATUSES);
    const bill = fc.record({
      status,
      dueDate: fc.integer({ min: -500, max: 500 }).map((d) => addIsoDays("2025-01-01", d)),
      amountMinor: fc.integer({ min: 1, max: 1e12 }),
    });
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 40 }), fc.integer({ min: -500, max: 500 }), (bills, at) => {
        const totals = ageingTotals(bills, addIsoDays("2025-01-01", at));
        const open = bills.filter((b) => isOpen(b.status)).reduce((s, b) => s + b.amountMinor, 0);
        expect(AGEING_BUCKETS.reduce((s, k) => s + totals[k], 0)).toBe(open);
        for (const k of AGEING_BUCKETS) expect(totals[k]).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("matching to purchase orders", () => {
  it("leaves a PO line what other bills have not asked of it, never below 0", () => {
    expect(poLineRemainingMinor(1_000, 0)).toBe(1_000);
    expect(poLineRemainingMinor(1_000, 400)).toBe(600);
    expect(poLineRemainingMinor(1_000, 1_000)).toBe(0);
    expect(poLineRemainingMinor(1_000, 1_500)).toBe(0);
  });

  it("needs no authority for a bill its PO lines cover", () => {
    expect(
      billApprovalNeed([
        { purchaseOrderLineId: "a", amountMinor: 600, poLineAmountMinor: 1_000, billedByOthersMinor: 400 },
        { purchaseOrderLineId: "b", amountMinor: 50, poLineAmountMinor: 50, billedByOthersMinor: 0 },
      ]),
    ).toEqual({
      overPoMinor: 0,
      withoutPoMinor: 0,
      unapprovedMinor: 0,
      withoutPo: false,
      needsAuthority: false,
    });
  });

  it("sums several lines on one PO line before comparing with what it has left", () => {
    const need = billApprovalNeed([
      { purchaseOrderLineId: "a", amountMinor: 400, poLineAmountMinor: 1_000, billedByOthersMinor: 300 },
      { purchaseOrderLineId: "a", amountMinor: 400, poLineAmountMinor: 1_000, billedByOthersMinor: 300 },
      { purchaseOrderLineId: "b", amountMinor: 100, poLineAmountMinor: 500, billedByOthersMinor: 0 },
    ]);
    expect(need).toMatchObject({
      overPoMinor: 100,
      unapprovedMinor: 100,
      needsAuthority: true,
      withoutPo: false,
    });
  });

  it("flags lines without a PO and counts them as not covered", () => {
    const need = billApprovalNeed([
      { purchaseOrderLineId: null, amountMinor: 250 },
      { purchaseOrderLineId: "a", amountMinor: 1_200, poLineAmountMinor: 1_000, billedByOthersMinor: 0 },
    ]);
    expect(need).toEqual({
      overPoMinor: 200,
      withoutPoMinor: 250,
      unapprovedMinor: 450,
      withoutPo: true,
      needsAuthority: true,
    });
  });

  it("over + covered is the bill's PO amount, and the excess is what exceeds remaining (property)", () => {
    const line = fc.record({
      purchaseOrderLineId: fc.constantFrom("a", "b", "c"),
      amountMinor: fc.integer({ min: 1, max: 1e9 }),
    });
    const poLine = fc.record({
      amount: fc.integer({ min: 1, max: 1e9 }),
      others: fc.integer({ min: 0, max: 2e9 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.record({ a: poLine, b: poLine, c: poLine }),
        fc.array(fc.integer({ min: 1, max: 1e9 }), { maxLength: 5 }),
        (lines, po, loose) => {
          const matched = lines.map((l) => ({
            ...l,
            poLineAmountMinor: po[l.purchaseOrderLineId as "a"].amount,
            billedByOthersMinor: po[l.purchaseOrderLineId as "a"].others,
          }));
          const need = billApprovalNeed([
            ...matched,
            ...loose.map((amountMinor) => ({ purchaseOrderLineId: null, amountMinor })),
          ]);
          let over = 0;
          for (const key of ["a", "b", "c"] as const) {
            const asked = lines
              .filter((l) => l.purchaseOrderLineId === key)
              .reduce((s, l) => s + l.amountMinor, 0);
            over += Math.max(0, asked - Math.max(0, po[key].amount - po[key].others));
          }
          const withoutPo = loose.reduce((s, a) => s + a, 0);
          expect(need.overPoMinor).toBe(over);
          expect(need.withoutPoMinor).toBe(withoutPo);
          expect(need.unapprovedMinor).toBe(over + withoutPo);
          expect(need.needsAuthority).toBe(over + withoutPo > 0);
          expect(need.withoutPo).toBe(loose.length > 0);
          const billedOnPo = lines.reduce((s, l) => s + l.amountMinor, 0);
          expect(need.overPoMinor).toBeLessThanOrEqual(billedOnPo);
        },
      ),
    );
  });
});

describe("who approves what a PO does not cover", () => {
  const need = (overPoMinor: number, withoutPoMinor = 0): BillApprovalNeed => ({
    overPoMinor,
    withoutPoMinor,
    unapprovedMinor: overPoMinor + withoutPoMinor,
    withoutPo: withoutPoMinor > 0,
    needsAuthority: overPoMinor + withoutPoMinor > 0,
  });
  const base = {
    role: "member",
    purchasingLimitMinor: 100_000,
    limitCurrency: "USD",
    currency: "USD",
    impersonating: false,
  } as const;

  it("lets anyone who reaches the step approve what the PO covers", () => {
    expect(billApprovalRefusal({ ...base, purchasingLimitMinor: null, need: need(0) })).toBeNull();
    expect(billApprovalRefusal({ ...base, currency: "EUR", need: need(0) })).toBeNull();
  });

  it("lets owners and admins approve any excess", () => {
    for (const role of ["owner", "admin"] as const) {
      expect(
        billApprovalRefusal({ ...base, role, purchasingLimitMinor: null, need: need(10 ** 12, 5) }),
      ).toBeNull();
    }
  });

  it("lets a member approve an excess up to their limit and names the limit above it", () => {
    expect(billApprovalRefusal({ ...base, need: need(100_000) })).toBeNull();
    expect(billApprovalRefusal({ ...base, need: need(60_000, 40_000) })).toBeNull();
    expect(billApprovalRefusal({ ...base, need: need(100_001) })).toBe(
      "This bill has $1,000.01 over what its purchase order lines have left, above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
    expect(billApprovalRefusal({ ...base, need: need(0, 150_000) })).toBe(
      "This bill has $1,500.00 billed without a purchase order, above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
    expect(billApprovalRefusal({ ...base, need: need(1, 100_000) })).toBe(
      "This bill has $0.01 over what its purchase order lines have left and $1,000.00 billed without a purchase order, above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
  });

  it("sends a member without a limit, or in another currency, to an admin or owner", () => {
    expect(billApprovalRefusal({ ...base, purchasingLimitMinor: null, need: need(1) })).toBe(
      "This bill has $0.01 over what its purchase order lines have left, and you have no purchasing limit: an admin or owner must approve it.",
    );
    expect(billApprovalRefusal({ ...base, currency: "EUR", need: need(1) })).toBe(
      "This bill has €0.01 over what its purchase order lines have left in EUR, and your purchasing limit of $1,000.00 is in USD: an admin or owner must approve it.",
    );
  });

  it("refuses anyone viewing the app as someone else", () => {
    for (const role of ["owner", "admin", "member"] as const) {
      expect(billApprovalRefusal({ ...base, role, impersonating: true, need: need(0) })).toBe(
        "A vendor bill cannot be approved while viewing the app as someone else.",
      );
    }
  });

  it("agrees with the purchasing-limit rule for every amount (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
        fc.constantFrom("owner", "admin", "member"),
        (over, without, limit, role) => {
          const refused = billApprovalRefusal({
            ...base,
            role,
            purchasingLimitMinor: limit,
            need: need(over, without),
          });
          const allowed =
            role !== "member" || over + without === 0 || (limit !== null && over + without <= limit);
          expect(refused === null).toBe(allowed);
        },
      ),
    );
  });
});

describe("what an approved bill does to its PO", () => {
  it("bills the PO fully when every line is billed up to its amount, else partly", () => {
    const line = (amountMinor: number, billedMinor: number) => ({ amountMinor, billedMinor });
    expect(poBillingAction("sent", [line(100, 100), line(50, 60)])).toBe("bill_fully");
    expect(poBillingAction("sent", [line(100, 99), line(50, 60)])).toBe("bill_partially");
    expect(poBillingAction("partially_billed", [line(100, 100)])).toBe("bill_fully");
    expect(poBillingAction("partially_billed", [line(100, 0)])).toBe("bill_partially");
    expect(poBillingAction("billed", [line(100, 200)])).toBeNull();
  });

  it("takes bills against sent, partly billed and billed POs only, with the PO lifecycle's reason", () => {
    const billable = PURCHASE_ORDER_STATUSES.filter((s) => poBillableRefusal(s, "PO-0001") === null);
    expect(billable).toEqual(["sent", "partially_billed", "billed"]);
    expect(poBillableRefusal("draft", "PO-0007")).toBe(
      "PO-0007: A purchase order cannot be partly billed while it is a draft: submit it for approval first.",
    );
    expect(poBillableRefusal("approved", "PO-0007")).toBe(
      "PO-0007: A purchase order cannot be partly billed while it is approved and not sent yet.",
    );
    expect(poBillableRefusal("cancelled", "PO-0007")).toMatch(/it is cancelled\.$/);
  });
});
