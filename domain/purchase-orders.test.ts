import { describe, expect, it } from "vitest";
import {
  allowedPurchaseOrderActions,
  approvalRefusal,
  committedMinor,
  formatPurchaseOrderNumber,
  parsePurchaseOrderNumber,
  purchaseOrderAmountSchema,
  purchaseOrderEditRefusal,
  purchaseOrderTotal,
  purchaseOrderTransition,
  unbilledMinor,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from "./purchase-orders";

/** Every legal step, written out by hand (the table must match it exactly). */
const LEGAL: [PurchaseOrderStatus, PurchaseOrderAction, PurchaseOrderStatus][] = [
  ["draft", "submit", "pending_approval"],
  ["draft", "cancel", "cancelled"],
  ["pending_approval", "approve", "approved"],
  ["pending_approval", "return", "draft"],
  ["pending_approval", "cancel", "cancelled"],
  ["approved", "send", "sent"],
  ["approved", "cancel", "cancelled"],
  ["sent", "bill_partially", "partially_billed"],
  ["sent", "bill_fully", "billed"],
  ["sent", "cancel", "cancelled"],
  ["partially_billed", "bill_partially", "partially_billed"],
  ["partially_billed", "bill_fully", "billed"],
  ["billed", "close", "closed"],
];

describe("purchase order lifecycle", () => {
  it.each(LEGAL)("%s --%s--> %s", (from, action, to) => {
    expect(purchaseOrderTransition(from, action)).toEqual({ ok: true, to });
  });

  it("refuses every other step with a reason naming the action and the status", () => {
    let refused = 0;
    for (const from of PURCHASE_ORDER_STATUSES) {
      for (const action of PURCHASE_ORDER_ACTIONS) {
        if (LEGAL.some(([f, a]) => f === from && a === action)) continue;
        const result = purchaseOrderTransition(from, action);
        expect(result.ok, `${from} ${action}`).toBe(false);
        if (!result.ok) expect(result.reason).toMatch(/^A purchase order cannot be .+ while .+\.$/);
        refused++;
      }
    }
    expect(refused).toBe(PURCHASE_ORDER_STATUSES.length * PURCHASE_ORDER_ACTIONS.length - LEGAL.length);
  });

  it("explains the refusals people meet", () => {
    const reason = (from: PurchaseOrderStatus, action: PurchaseOrderAction) => {
      const r = purchaseOrderTransition(from, action);
      return r.ok ? null : r.reason;
    };
    expect(reason("draft", "approve")).toBe(
      "A purchase order cannot be approved while it is a draft: submit it for approval first.",
    );
    expect(reason("approved", "approve")).toBe(
      "A purchase order cannot be approved while it is approved and not sent yet.",
    );
    expect(reason("partially_billed", "cancel")).toBe(
      "A purchase order cannot be cancelled while the vendor has billed part of it.",
    );
    expect(reason("cancelled", "submit")).toBe(
      "A purchase order cannot be submitted for approval while it is cancelled.",
    );
    expect(reason("sent", "close")).toBe(
      "A purchase order cannot be closed while it has been sent to the vendor.",
    );
  });

  it("offers the person's actions, never the bill steps", () => {
    expect(allowedPurchaseOrderActions("draft")).toEqual(["submit", "cancel"]);
    expect(allowedPurchaseOrderActions("pending_approval")).toEqual(["return", "approve", "cancel"]);
    expect(allowedPurchaseOrderActions("approved")).toEqual(["send", "cancel"]);
    expect(allowedPurchaseOrderActions("sent")).toEqual(["cancel"]);
    expect(allowedPurchaseOrderActions("partially_billed")).toEqual([]);
    expect(allowedPurchaseOrderActions("billed")).toEqual(["close"]);
    expect(allowedPurchaseOrderActions("closed")).toEqual([]);
    expect(allowedPurchaseOrderActions("cancelled")).toEqual([]);
  });

  it("edits only drafts", () => {
    expect(purchaseOrderEditRefusal("draft")).toBeNull();
    for (const status of PURCHASE_ORDER_STATUSES.filter((s) => s !== "draft")) {
      expect(purchaseOrderEditRefusal(status)).toMatch(
        /^A purchase order can only be changed while it is a draft: /,
      );
    }
  });
});

describe("committed", () => {
  it("is the unbilled amount of approved, sent and partially billed POs only", () => {
    const committed = PURCHASE_ORDER_STATUSES.filter((s) => committedMinor(s, 10_000, 2_500) > 0);
    expect(committed).toEqual(["approved", "sent", "partially_billed"]);
    expect(committedMinor("partially_billed", 10_000, 2_500)).toBe(7_500);
    expect(committedMinor("approved", 10_000, null)).toBe(10_000);
    expect(committedMinor("draft", 10_000, 0)).toBe(0);
  });

  it("never goes below 0 when a line is billed over its amount", () => {
    expect(unbilledMinor(10_000, 12_000)).toBe(0);
    expect(unbilledMinor(10_000, 0)).toBe(10_000);
  });
});

describe("numbers and amounts", () => {
  it("prints numbers with four digits at least", () => {
    expect(formatPurchaseOrderNumber(1)).toBe("PO-0001");
    expect(formatPurchaseOrderNumber(42)).toBe("PO-0042");
    expect(formatPurchaseOrderNumber(9999)).toBe("PO-9999");
    expect(formatPurchaseOrderNumber(12345)).toBe("PO-12345");
    expect(() => formatPurchaseOrderNumber(0)).toThrow(RangeError);
    expect(() => formatPurchaseOrderNumber(1.5)).toThrow(RangeError);
  });

  it("reads a number back from what people type", () => {
    expect(parsePurchaseOrderNumber("PO-0042")).toBe(42);
    expect(parsePurchaseOrderNumber("po42")).toBe(42);
    expect(parsePurchaseOrderNumber(" 7 ")).toBe(7);
    expect(parsePurchaseOrderNumber("PO-0000")).toBeNull();
    expect(parsePurchaseOrderNumber("INV-0001")).toBeNull();
    expect(parsePurchaseOrderNumber("acme")).toBeNull();
  });

  it("accepts only whole minor units above 0", () => {
    expect(purchaseOrderAmountSchema.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 10.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(purchaseOrderAmountSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("totals lines exactly", () => {
    expect(
      purchaseOrderTotal([{ amountMinor: 1 }, { amountMinor: 2 }, { amountMinor: 999_999_999_997 }]),
    ).toBe(1_000_000_000_000);
    expect(() => purchaseOrderTotal([{ amountMinor: Number.MAX_SAFE_INTEGER }, { amountMinor: 1 }])).toThrow(
      RangeError,
    );
  });
});

describe("approval by purchasing limit", () => {
  const base = {
    role: "member" as const,
    purchasingLimitMinor: 100_000 as number | null,
    limitCurrency: "USD",
    amountMinor: 100_000,
    currency: "USD",
    impersonating: false,
  };

  it("lets a member approve up to and including their limit", () => {
    expect(approvalRefusal(base)).toBeNull();
    expect(approvalRefusal({ ...base, amountMinor: 1 })).toBeNull();
  });

  it("refuses a member above their limit, naming the limit and the amount", () => {
    expect(approvalRefusal({ ...base, amountMinor: 100_001 })).toBe(
      "This purchase order ($1,000.01) is above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
  });

  it("refuses a member without a limit, and a limit of 0 approves nothing", () => {
    expect(approvalRefusal({ ...base, purchasingLimitMinor: null })).toBe(
      "You have no purchasing limit, so this purchase order ($1,000.00) must be approved by an admin or owner.",
    );
    expect(approvalRefusal({ ...base, purchasingLimitMinor: 0, amountMinor: 1 })).toMatch(
      /above your purchasing limit of \$0\.00/,
    );
  });

  it("refuses a member when the PO is in another currency than the limit", () => {
    expect(approvalRefusal({ ...base, currency: "EUR", amountMinor: 1 })).toBe(
      "This purchase order is in EUR and your purchasing limit of $1,000.00 is in USD: an admin or owner must approve it.",
    );
  });

  it("lets admins and owners approve any amount, with or without a limit", () => {
    for (const role of ["admin", "owner"] as const) {
      expect(
        approvalRefusal({ ...base, role, purchasingLimitMinor: null, amountMinor: 9_000_000_000 }),
      ).toBeNull();
      expect(approvalRefusal({ ...base, role, currency: "EUR" })).toBeNull();
    }
  });

  it("refuses an unknown role as a member without a limit would be", () => {
    expect(approvalRefusal({ ...base, role: "guest", purchasingLimitMinor: null })).toMatch(
      /no purchasing limit/,
    );
  });

  it("refuses anyone while viewing the app as someone else", () => {
    expect(approvalRefusal({ ...base, role: "owner", impersonating: true })).toBe(
      "A purchase order cannot be approved while viewing the app as someone else.",
    );
  });
});
