import { describe, expect, it } from "vitest";
import { amountText, budgetLineLabel, parseAmount, remainingMinor } from "./figures";

describe("purchase order figures", () => {
  it("what is left to commit is estimate − actual − committed, never below 0", () => {
    expect(remainingMinor({ estimateMinor: 540_000, actualMinor: 40_000, committedMinor: 250_000 })).toBe(
      250_000,
    );
    expect(remainingMinor({ estimateMinor: 100, actualMinor: 80, committedMinor: 50 })).toBe(0);
  });

  it("typed amounts are read without floats in the currency's minor units", () => {
    expect(parseAmount("1,234.56", "USD")).toEqual({ ok: true, minor: 123_456 });
    expect(parseAmount("0.1", "USD")).toEqual({ ok: true, minor: 10 });
    expect(parseAmount("1500", "JPY")).toEqual({ ok: true, minor: 1500 });
    expect(parseAmount("1.5", "JPY")).toEqual({ ok: false, message: "must be an amount in JPY" });
    expect(parseAmount("1.005", "USD")).toEqual({ ok: false, message: "must be an amount in USD" });
    expect(parseAmount("-5", "USD")).toEqual({ ok: false, message: "must be greater than 0" });
    expect(parseAmount("0", "USD")).toEqual({ ok: false, message: "must be greater than 0" });
    expect(parseAmount(" ", "USD")).toEqual({ ok: false, message: "enter an amount" });
  });

  it("an amount field starts at the decimal text parseAmount reads back; 0 leaves it empty", () => {
    expect(amountText(540_000, "USD")).toBe("5400.00");
    expect(parseAmount(amountText(123_456, "KWD"), "KWD")).toEqual({ ok: true, minor: 123_456 });
    expect(amountText(0, "USD")).toBe("");
  });

  it("a budget line reads section and number, then its description", () => {
    expect(budgetLineLabel({ section: "B", number: "2", description: "Director of photography" })).toBe(
      "B2 · Director of photography",
    );
    expect(budgetLineLabel({ section: "D", number: null, description: null })).toBe("D");
  });
});
