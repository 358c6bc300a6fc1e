import { describe, expect, it } from "vitest";
import {
  cellProblem,
  hundredthsText,
  listExportHref,
  minutesToHoursText,
  moneyCellText,
  parseHundredths,
  parseMoneyCell,
  parsePercentCell,
  revisionName,
} from "./figures";

describe("money cells", () => {
  it("show minor units with the currency's digits and thousands commas", () => {
    expect(moneyCellText(125050, "USD")).toBe("1,250.50");
    expect(moneyCellText(0, "USD")).toBe("0.00");
    expect(moneyCellText(5, "USD")).toBe("0.05");
    expect(moneyCellText(123456789, "USD")).toBe("1,234,567.89");
    expect(moneyCellText(1234, "JPY")).toBe("1,234");
    expect(moneyCellText(-125050, "USD")).toBe("-1,250.50");
  });

  it("read typed text back to minor units without floats", () => {
    expect(parseMoneyCell("1,250.50", "USD")).toBe(125050);
    expect(parseMoneyCell("1250.5", "USD")).toBe(125050);
    expect(parseMoneyCell("0.1", "USD")).toBe(10);
    expect(parseMoneyCell("", "USD")).toBe(0);
    expect(parseMoneyCell("  ", "USD")).toBe(0);
    expect(parseMoneyCell("1234", "JPY")).toBe(1234);
    // 0.29 * 100 is 28.999999999999996 in floating point: the text path never goes there.
    expect(parseMoneyCell("0.29", "USD")).toBe(29);
    expect(parseMoneyCell("9007199254740.99", "USD")).toBe(900719925474099);
  });

  it("refuse negatives, too many decimals and letters", () => {
    expect(parseMoneyCell("-5", "USD")).toBeNull();
    expect(parseMoneyCell("1.234", "USD")).toBeNull();
    expect(parseMoneyCell("1.5", "JPY")).toBeNull();
    expect(parseMoneyCell("$5", "USD")).toBeNull();
    expect(parseMoneyCell("abc", "USD")).toBeNull();
  });

  it("round-trip every shown value", () => {
    for (const v of [0, 1, 99, 100, 101, 999999, 1000000, 123456789012]) {
      expect(parseMoneyCell(moneyCellText(v, "USD"), "USD")).toBe(v);
      expect(parseMoneyCell(moneyCellText(v, "KWD"), "KWD")).toBe(v);
    }
  });
});

describe("hundredths cells", () => {
  it("show without trailing zeros", () => {
    expect(hundredthsText(150)).toBe("1.5");
    expect(hundredthsText(100)).toBe("1");
    expect(hundredthsText(125)).toBe("1.25");
    expect(hundredthsText(5)).toBe("0.05");
    expect(hundredthsText(0)).toBe("0");
    expect(hundredthsText(125025)).toBe("1,250.25");
  });

  it("read typed text to hundredths", () => {
    expect(parseHundredths("1.5")).toBe(150);
    expect(parseHundredths(".5")).toBe(50);
    expect(parseHundredths("2")).toBe(200);
    expect(parseHundredths("1,250.25")).toBe(125025);
    expect(parseHundredths("")).toBe(0);
    expect(parseHundredths("0.07")).toBe(7);
    expect(parseHundredths("-1")).toBeNull();
    expect(parseHundredths("1.234")).toBeNull();
    expect(parseHundredths(".")).toBeNull();
    expect(parseHundredths("x")).toBeNull();
  });

  it("round-trip", () => {
    for (const v of [0, 1, 10, 99, 100, 150, 12345, 99999999])
      expect(parseHundredths(hundredthsText(v))).toBe(v);
  });
});

describe("cell problems", () => {
  it("say what is wrong", () => {
    expect(cellProblem("hundredths", "1.5", "USD")).toBeNull();
    expect(cellProblem("hundredths", "-1", "USD")).toBe("must not be negative");
    expect(cellProblem("hundredths", "1.234", "USD")).toBe(
      "enter a number with at most 2 decimals, e.g. 1.5",
    );
    expect(cellProblem("money", "12.5", "USD")).toBeNull();
    expect(cellProblem("money", "-3", "USD")).toBe("must not be negative");
    expect(cellProblem("money", "abc", "USD")).toBe(
      "enter an amount in USD without symbols or letters, e.g. 1,250.50",
    );
  });
});

describe("percent cells", () => {
  it("read basis points within the limit", () => {
    expect(parsePercentCell("28")).toBe(2800);
    expect(parsePercentCell("7.25 %")).toBe(725);
    expect(parsePercentCell("")).toBe(0);
    expect(parsePercentCell("100")).toBe(10_000);
    expect(parsePercentCell("100.01")).toBeNull();
    expect(parsePercentCell("250", 100_000)).toBe(25_000);
    expect(parsePercentCell("-1")).toBeNull();
  });
});

describe("hours from minutes (spec §9)", () => {
  it("one decimal and h", () => {
    expect(minutesToHoursText(450)).toBe("7.5h");
    expect(minutesToHoursText(0)).toBe("0.0h");
    expect(minutesToHoursText(60)).toBe("1.0h");
    expect(minutesToHoursText(75)).toBe("1.3h");
    expect(minutesToHoursText(20)).toBe("0.3h");
    expect(minutesToHoursText(2)).toBe("0.0h");
    expect(minutesToHoursText(3)).toBe("0.1h");
    expect(minutesToHoursText(6000)).toBe("100.0h");
  });
});

describe("list helpers", () => {
  it("export href keeps filters and sort, drops paging", () => {
    expect(listExportHref(new URLSearchParams("status=draft&search=x&page=3&pageSize=20&sort=name"))).toBe(
      "/api/budgets/export.csv?status=draft&search=x&sort=name",
    );
    expect(listExportHref(new URLSearchParams("page=2"))).toBe("/api/budgets/export.csv");
  });

  it("revision names", () => {
    expect(revisionName(0)).toBe("Original bid");
    expect(revisionName(2)).toBe("Change order 2");
  });
});
