import { describe, expect, it } from "vitest";
import {
  actionLabel,
  fieldChanges,
  hundredthsText,
  objectHref,
  objectLabel,
  valueText,
  whenText,
} from "./model";

describe("finance audit diff", () => {
  it("an update lists only the changed fields, money as money in the row's currency", () => {
    const before = {
      budgetId: "b1",
      section: "B",
      number: "1",
      description: "DP",
      quantityHundredths: 200,
      rateMinor: 185_000,
      estimateMinor: 370_000,
      version: 1,
      notes: "",
    };
    const after = {
      ...before,
      rateMinor: 195_000,
      estimateMinor: 390_000,
      quantityHundredths: 250,
      version: 2,
    };
    expect(fieldChanges(before, after, "USD")).toEqual([
      { path: "quantityHundredths", label: "Days / quantity", before: "2", after: "2.5" },
      { path: "rateMinor", label: "Rate", before: "$1,850.00", after: "$1,950.00" },
      { path: "estimateMinor", label: "Estimate", before: "$3,700.00", after: "$3,900.00" },
    ]);
  });

  it("uses the currency's own digits (no floats): JPY has none, KWD three", () => {
    expect(fieldChanges({ rateMinor: 1500 }, { rateMinor: 2500 }, "JPY")[0]).toMatchObject({
      before: "¥1,500",
      after: "¥2,500",
    });
    expect(valueText("rateMinor", 12345, "KWD")).toBe("KWD\u00a012.345");
    // Past 2^53 nothing is invented.
    expect(valueText("rateMinor", 9_007_199_254_740_991, "USD")).toBe("$90,071,992,547,409.91");
  });

  it("walks rates: percentages from basis points, P&W per section, the weather day as money", () => {
    const before = {
      name: "Spot",
      rates: {
        pwBp: 2800,
        insuranceBp: 250,
        feeBp: 1500,
        contingencyBp: 1000,
        weatherDay: 0,
        pwBpBySection: {},
      },
    };
    const after = {
      name: "Spot",
      rates: {
        pwBp: 2800,
        insuranceBp: 300,
        feeBp: 1500,
        contingencyBp: 1000,
        weatherDay: 450_000,
        pwBpBySection: { B: 2500 },
      },
    };
    expect(fieldChanges(before, after, "USD")).toEqual([
      { path: "rates.insuranceBp", label: "Insurance", before: "2.50 %", after: "3.00 %" },
      { path: "rates.weatherDay", label: "Weather day", before: "$0.00", after: "$4,500.00" },
      { path: "rates.pwBpBySection.B", label: "P&W on section B", before: null, after: "25.00 %" },
    ]);
  });

  it("a creation lists what it was made with (empty fields left out); a deletion what it had", () => {
    expect(
      fieldChanges(null, { kind: "internal", name: "Crew", isDefault: false, defaultRateMinor: null }, "USD"),
    ).toEqual([
      { path: "kind", label: "Kind", before: null, after: "Internal" },
      { path: "name", label: "Name", before: null, after: "Crew" },
      { path: "isDefault", label: "Default card", before: null, after: "No" },
    ]);
    expect(fieldChanges({ subjectType: "role", subjectId: "editor", rateMinor: 6500 }, null, "EUR")).toEqual([
      { path: "subjectType", label: "Rate for", before: "Role", after: null },
      { path: "subjectId", label: "Person or role", before: "editor", after: null },
      { path: "rateMinor", label: "Rate", before: "€65.00", after: null },
    ]);
  });

  it("transitions and labour mappings read as words", () => {
    expect(
      fieldChanges(
        { budgetId: "b", number: 0, status: "submitted" },
        { budgetId: "b", number: 0, status: "approved" },
        "USD",
      ),
    ).toEqual([{ path: "status", label: "Status", before: "Submitted", after: "Approved" }]);
    expect(
      valueText(
        "mapping",
        [
          { tag: "editor", section: "B" },
          { tag: "producer", section: "A" },
        ],
        "USD",
      ),
    ).toBe("editor → B, producer → A");
    expect(valueText("mapping", [], "USD")).toBe("none");
  });

  it("names what the row knows: the project, the AICP form", () => {
    const after = { projectId: "9015", name: "Spot", formId: "aicp-current", bidType: "cost_plus" };
    expect(fieldChanges(null, after, "USD", { projectName: "Velo Bikes - Back to School" })).toEqual([
      { path: "projectId", label: "Project", before: null, after: "Velo Bikes - Back to School" },
      { path: "name", label: "Name", before: null, after: "Spot" },
      { path: "formId", label: "AICP form", before: null, after: "AICP bid form" },
      { path: "bidType", label: "Bid type", before: null, after: "Cost-plus" },
    ]);
    expect(valueText("projectId", "9015", "USD")).toBe("9015");
    expect(valueText("effectiveFrom", "2025-03-10", "USD")).toBe("Mon, Mar 10, 2025");
    // A rate card line's card is its row's name; a project's card change keeps the ids.
    const line = { cardId: "c1", subjectType: "role", subjectId: "editor", rateMinor: 6500 };
    expect(fieldChanges(null, line, "USD", { object: "rate_card_line" }).map((c) => c.path)).toEqual([
      "subjectType",
      "subjectId",
      "rateMinor",
    ]);
    expect(fieldChanges({ cardId: "c1" }, { cardId: "c2" }, "USD", { object: "project_rate_card" })).toEqual([
      { path: "cardId", label: "Card", before: "c1", after: "c2" },
    ]);
    const cardNames = { before: "Acme rates", after: "Promo rates" };
    expect(
      fieldChanges({ cardId: "c1" }, { cardId: "c2" }, "USD", { object: "project_rate_card", cardNames }),
    ).toEqual([{ path: "cardId", label: "Card", before: "Acme rates", after: "Promo rates" }]);
  });

  it("hundredths without floats", () => {
    expect([0, 5, 50, 150, 200, 12345].map(hundredthsText)).toEqual([
      "0",
      "0.05",
      "0.5",
      "1.5",
      "2",
      "123.45",
    ]);
  });

  it("labels, links and times", () => {
    expect(objectLabel("budget_line")).toBe("Budget line");
    expect(objectLabel("credit_note")).toBe("Credit note");
    expect(actionLabel("change_order")).toBe("Change order");
    expect(actionLabel("something_new")).toBe("Something new");
    expect(objectHref({ object: "budget_line", budgetId: "b 1" })).toBe("/finance/budgets/b%201");
    expect(objectHref({ object: "rate_card_line", budgetId: null })).toBe("/finance/rate-cards");
    expect(objectHref({ object: "invoice", budgetId: null })).toBeNull();
    expect(whenText("2025-03-11T02:30:00Z", "America/New_York")).toBe("Mar 10, 2025, 10:30 PM EDT");
    expect(whenText("2025-03-11T02:30:00Z", "UTC")).toBe("Mar 11, 2025, 2:30 AM UTC");
  });
});
