import { describe, expect, it } from "vitest";
import { currencyFieldMoney, customFieldText, detailCustomFields, findCustomField } from "./custom-fields";

describe("customFieldText", () => {
  it("reads strings, numbers, booleans and { text }", () => {
    expect(customFieldText("Acme")).toBe("Acme");
    expect(customFieldText(0)).toBe("0");
    expect(customFieldText(false)).toBe("false");
    expect(customFieldText({ text: "Acme" })).toBe("Acme");
    expect(customFieldText({ value: 5 })).toBe("5");
    expect(customFieldText({ text: "", value: "fallback" })).toBe("fallback");
  });
  it("is null for empty things", () => {
    expect(customFieldText(null)).toBeNull();
    expect(customFieldText("  ")).toBeNull();
    expect(customFieldText({})).toBeNull();
    expect(customFieldText([1, 2])).toBeNull();
    expect(customFieldText(Number.NaN)).toBeNull();
  });
});

describe("findCustomField", () => {
  it("finds the first field whose name contains a fragment, case-insensitive", () => {
    const fields = [
      { name: "Budget", value: 1 },
      { name: "Client Name", value: "Acme" },
      { name: "client code", value: "AC" },
    ];
    expect(findCustomField(fields, ["CLIENT"])?.value).toBe("Acme");
    expect(findCustomField(fields, ["nothing"])).toBeUndefined();
    expect(findCustomField(null, ["x"])).toBeUndefined();
  });
});

describe("detailCustomFields (spec §2: up to 5 non-empty)", () => {
  it("shows the ClickUp folder id without the quotes it was stored with (no raw ids in quotes)", () => {
    const shown = detailCustomFields([
      { name: "ClickUp Folder ID", value: '"901234"' },
      { name: "Client quote", value: '"Love it"' },
      { name: "clickup folder", value: "''" },
    ]);
    expect(shown.map((f) => `${f.name}=${f.text}`)).toEqual([
      "ClickUp Folder ID=901234",
      'Client quote="Love it"',
    ]);
  });

  it("keeps the first 5 fields with a value and a name", () => {
    const fields = [
      { name: "A", value: "1" },
      { name: "B", value: null },
      { name: "C", value: { text: "3" } },
      { name: "", value: "x" },
      { name: "D", value: 4 },
      { name: "E", value: "" },
      { name: "F", value: "6" },
      { name: "G", value: "7" },
      { name: "H", value: "8" },
    ];
    expect(detailCustomFields(fields).map((f) => `${f.name}=${f.text}`)).toEqual([
      "A=1",
      "C=3",
      "D=4",
      "F=6",
      "G=7",
    ]);
  });
});

describe("currencyFieldMoney (a ClickUp currency field in minor units)", () => {
  it("reads the decimal text exactly, in the field's currency", () => {
    expect(currencyFieldMoney("12500.5", "USD")).toEqual({ amountMinor: 1250050, currency: "USD" });
    expect(currencyFieldMoney(12500.5, "USD")).toEqual({ amountMinor: 1250050, currency: "USD" });
    // 0.1 + 0.2 in floats is 0.30000000000000004; the text is read, not summed
    expect(currencyFieldMoney("0.29", "EUR")).toEqual({ amountMinor: 29, currency: "EUR" });
    expect(currencyFieldMoney("1200", "JPY")).toEqual({ amountMinor: 1200, currency: "JPY" });
    expect(currencyFieldMoney("1.234", "KWD")).toEqual({ amountMinor: 1234, currency: "KWD" });
    expect(currencyFieldMoney(" -40.10 ", "gbp")).toEqual({ amountMinor: -4010, currency: "GBP" });
    expect(currencyFieldMoney("9007199254740.99", "USD")).toEqual({
      amountMinor: 900719925474099,
      currency: "USD",
    });
  });
  it("accepts extra fraction digits only when they are zeros", () => {
    expect(currencyFieldMoney("99.5000", "USD")).toEqual({ amountMinor: 9950, currency: "USD" });
    expect(currencyFieldMoney("99.505", "USD")).toBeNull();
  });
  it("is null for an unknown currency or a value that is not a plain number", () => {
    expect(currencyFieldMoney("10", "ZZZ")).toBeNull();
    expect(currencyFieldMoney("10", null)).toBeNull();
    expect(currencyFieldMoney("1e3", "USD")).toBeNull();
    expect(currencyFieldMoney(1e21, "USD")).toBeNull();
    expect(currencyFieldMoney("$10", "USD")).toBeNull();
    expect(currencyFieldMoney(null, "USD")).toBeNull();
    expect(currencyFieldMoney({ text: "10" }, "USD")).toBeNull();
  });
});
