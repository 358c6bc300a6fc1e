import { describe, expect, it } from "vitest";
import { customFieldText, detailCustomFields, findCustomField } from "./custom-fields";

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
