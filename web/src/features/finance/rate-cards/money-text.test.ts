import { describe, expect, it } from "vitest";
import { moneyTextProblem, moneyTextSchema, optionalMoneyTextSchema } from "./money-text";

const message = (text: string, currency = "USD") =>
  moneyTextSchema(currency).safeParse(text).error?.issues[0]?.message;

describe("a rate typed as text", () => {
  it("reads to integer minor units of the card's currency", () => {
    expect(moneyTextSchema("USD").parse("150")).toBe(15000);
    expect(moneyTextSchema("USD").parse("1,234.5")).toBe(123450);
    expect(moneyTextSchema("USD").parse("0.29")).toBe(29);
    expect(moneyTextSchema("JPY").parse("12000")).toBe(12000);
    expect(moneyTextSchema("KWD").parse("1.234")).toBe(1234);
  });

  it("refuses negatives, letters and too many decimals, each with its own message", () => {
    expect(message("-5")).toBe("must not be negative");
    expect(message(" - 5")).toBe("must not be negative");
    expect(message("12abc")).toBe("enter an amount in USD without symbols or letters, e.g. 150.00");
    expect(message("$150")).toBe("enter an amount in USD without symbols or letters, e.g. 150.00");
    expect(message("1e3")).toBe("enter an amount in USD without symbols or letters, e.g. 150.00");
    expect(message("1.234")).toBe("USD has at most 2 decimals, e.g. 150.00");
    expect(message("1.5", "JPY")).toBe("JPY has no decimals: enter a whole amount, e.g. 150");
    expect(message("99999999999999999")).toBe("is too large");
    expect(message("")).toBe("enter a rate in USD, e.g. 150.00");
    expect(moneyTextProblem("150.00", "USD")).toBeNull();
  });

  it("an optional rate may be empty (none)", () => {
    expect(optionalMoneyTextSchema("USD").parse(" ")).toBeNull();
    expect(optionalMoneyTextSchema("USD").parse("80")).toBe(8000);
    expect(optionalMoneyTextSchema("USD").safeParse("-1").error?.issues[0]?.message).toBe(
      "must not be negative",
    );
  });
});
