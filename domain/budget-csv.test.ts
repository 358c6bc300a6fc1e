import { describe, expect, it } from "vitest";
import { aicpForm, lineTotal, type AicpFormVersion } from "./aicp";
import {
  BUDGET_LINE_CSV_HEADERS,
  budgetLineCsvCells,
  hundredthsToText,
  integerToDecimal,
  parseBudgetLinesCsv,
  parseCsvRecords,
  parseDecimal,
  type ImportPreview,
} from "./budget-csv";

const form = aicpForm("aicp-current") as AicpFormVersion;
const HEADER = "section,number,description,quantity,rate,ot_hours,ot_rate,notes";

function preview(text: string, currency = "USD", maxRows?: number): ImportPreview {
  const result = parseBudgetLinesCsv(text, { form, currency, ...(maxRows ? { maxRows } : {}) });
  if (!result.ok) throw new Error(`file problem: ${result.problem.message}`);
  return result.preview;
}

function problem(text: string, maxRows?: number) {
  const result = parseBudgetLinesCsv(text, { form, currency: "USD", ...(maxRows ? { maxRows } : {}) });
  if (result.ok) throw new Error("expected a file problem");
  return result.problem;
}

describe("parseDecimal", () => {
  it("reads decimals digit by digit into integers", () => {
    expect(parseDecimal("1234.56", 2)).toEqual({ ok: true, value: 123456 });
    expect(parseDecimal("2.5", 2)).toEqual({ ok: true, value: 250 });
    expect(parseDecimal(".5", 2)).toEqual({ ok: true, value: 50 });
    expect(parseDecimal("3.", 2)).toEqual({ ok: true, value: 300 });
    expect(parseDecimal(" 0.01 ", 2)).toEqual({ ok: true, value: 1 });
    expect(parseDecimal("", 2)).toEqual({ ok: true, value: 0 });
    expect(parseDecimal("1,234,567.89", 2)).toEqual({ ok: true, value: 123456789 });
    expect(parseDecimal("1500", 0)).toEqual({ ok: true, value: 1500 });
    expect(parseDecimal("1.234", 3)).toEqual({ ok: true, value: 1234 });
    // Values a float would get wrong: 0.1 + 0.2 style and 2^53 - 1 exactly.
    expect(parseDecimal("0.29", 2)).toEqual({ ok: true, value: 29 });
    expect(parseDecimal("1.15", 2)).toEqual({ ok: true, value: 115 });
    expect(parseDecimal("90071992547409.91", 2)).toEqual({ ok: true, value: 9007199254740991 });
  });

  it("names why a value is refused", () => {
    expect(parseDecimal("-1", 2)).toEqual({ ok: false, reason: "must not be negative" });
    expect(parseDecimal("-0.5", 2)).toEqual({ ok: false, reason: "must not be negative" });
    expect(parseDecimal("abc", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal("$100", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal("1,5", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal("1e3", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal(".", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal("1.2.3", 2)).toEqual({ ok: false, reason: "is not a number" });
    expect(parseDecimal("1.234", 2)).toEqual({ ok: false, reason: "has more than 2 decimal places" });
    expect(parseDecimal("1.5", 0)).toEqual({ ok: false, reason: "must be a whole number" });
    expect(parseDecimal("90071992547409.92", 2)).toEqual({
      ok: false,
      reason: "is too large (at most 90071992547409.91)",
    });
    expect(parseDecimal("1000000.01", 2, 100_000_000)).toEqual({
      ok: false,
      reason: "is too large (at most 1000000)",
    });
  });

  it("writes integers back as decimals", () => {
    expect(integerToDecimal(250, 2)).toBe("2.5");
    expect(integerToDecimal(300, 2)).toBe("3");
    expect(integerToDecimal(15, 2)).toBe("0.15");
    expect(integerToDecimal(0, 2)).toBe("0");
    expect(integerToDecimal(1234, 0)).toBe("1234");
    expect(hundredthsToText(100_000_000)).toBe("1000000");
  });
});

describe("parseCsvRecords", () => {
  it("reads quoted cells, doubled quotes, line breaks in cells, CRLF and a BOM", () => {
    const result = parseCsvRecords('\uFEFFa,b\r\n"x, ""y""","two\nlines"\nlast,\n');
    expect(result).toEqual({
      ok: true,
      records: [
        { row: 1, cells: ["a", "b"] },
        { row: 2, cells: ['x, "y"', "two\nlines"] },
        { row: 3, cells: ["last", ""] },
      ],
    });
  });

  it("refuses a quote that is never closed, naming its row", () => {
    expect(parseCsvRecords('a,b\n1,"open\n')).toEqual({
      ok: false,
      problem: { field: "body", message: "Row 2: a quoted cell is never closed" },
    });
  });
});

describe("parseBudgetLinesCsv", () => {
  it("turns rows into lines in integers, with the estimate of lineTotal", () => {
    const p = preview(`${HEADER}\nB,12,Gaffer,3,650.00,4.5,97.50,Day rate\nc,1,Scout,1,123.45,,,\n`);
    expect(p.rejected).toEqual([]);
    expect(p.totals).toEqual({ rows: 2, accepted: 2, rejected: 0 });
    expect(p.accepted).toEqual([
      {
        row: 2,
        line: {
          section: "B",
          number: "12",
          description: "Gaffer",
          quantityHundredths: 300,
          rateMinor: 65_000,
          otHoursHundredths: 450,
          otRateMinor: 9_750,
          estimateMinor: lineTotal({ quantity: 300, rate: 65_000, otHours: 450, otRate: 9_750 }),
          actualMinor: 0,
          notes: "Day rate",
        },
      },
      {
        row: 3,
        line: {
          section: "C",
          number: "1",
          description: "Scout",
          quantityHundredths: 100,
          rateMinor: 12_345,
          otHoursHundredths: 0,
          otRateMinor: 0,
          estimateMinor: 12_345,
          actualMinor: 0,
          notes: "",
        },
      },
    ]);
    expect(p.accepted[0]!.line.estimateMinor).toBe(238_875);
  });

  it("reads money with the currency's digits", () => {
    const jpy = preview(`${HEADER}\nD,1,Taxi,2,1500,,,\n`, "JPY");
    expect(jpy.accepted[0]!.line.rateMinor).toBe(1500);
    const rejectedJpy = preview(`${HEADER}\nD,1,Taxi,2,1500.5,,,\n`, "JPY");
    expect(rejectedJpy.rejected).toEqual([{ row: 2, field: "rate", reason: "must be a whole number" }]);
    const kwd = preview(`${HEADER}\nD,1,Taxi,2,1.234,,,\n`, "KWD");
    expect(kwd.accepted[0]!.line.rateMinor).toBe(1234);
    const usd = preview(`${HEADER}\nD,1,Taxi,2,1.234,,,\n`, "USD");
    expect(usd.rejected).toEqual([{ row: 2, field: "rate", reason: "has more than 2 decimal places" }]);
  });

  it("names every rejected cell with its row and reason", () => {
    const long = "x".repeat(501);
    const p = preview(
      [
        HEADER,
        "A,1,Producer,2.5,800,,,",
        "Q,1,Unknown,1,1,,,",
        ",1,No section,1,1,,,",
        "B,2,Negative,-1,100,,,",
        "B,3,Not a number,two,100,,,",
        "B,4,Too precise,1.234,100.001,,,",
        `B,5,${long},1,1,,,`,
        "B,123456789012345678901,Long number,1,1,,,",
        `B,6,Long notes,1,1,,,${"n".repeat(2001)}`,
        "B,7,OT,1,1,-2,abc,",
        "B,8,Too many,1,1,,,,extra",
        "B,9,Huge,1000001,1,,,",
        "B,10,Overflow,1000000,90071992547409.91,,,",
      ].join("\n"),
    );
    expect(p.totals).toEqual({ rows: 13, accepted: 1, rejected: 12 });
    expect(p.accepted.map((a) => a.row)).toEqual([2]);
    expect(p.rejected).toEqual([
      { row: 3, field: "section", reason: "Q is not a section of the form AICP bid form" },
      { row: 4, field: "section", reason: "is required" },
      { row: 5, field: "quantity", reason: "must not be negative" },
      { row: 6, field: "quantity", reason: "is not a number" },
      { row: 7, field: "quantity", reason: "has more than 2 decimal places" },
      { row: 7, field: "rate", reason: "has more than 2 decimal places" },
      { row: 8, field: "description", reason: "is longer than 500 characters" },
      { row: 9, field: "number", reason: "is longer than 20 characters" },
      { row: 10, field: "notes", reason: "is longer than 2000 characters" },
      { row: 11, field: "ot_hours", reason: "must not be negative" },
      { row: 11, field: "ot_rate", reason: "is not a number" },
      { row: 12, field: "row", reason: "has 9 cells but the header has 8 columns" },
      { row: 13, field: "quantity", reason: "is too large (at most 1000000)" },
      { row: 14, field: "quantity", reason: "makes the line's estimate too large" },
    ]);
  });

  it("knows the section letters of the budget's form", () => {
    const twenty23 = aicpForm("aicp-2023") as AicpFormVersion;
    const result = parseBudgetLinesCsv(`${HEADER}\nP,1,Music usage,1,1000,,,\n`, {
      form: twenty23,
      currency: "USD",
    });
    expect(result.ok && result.preview.accepted[0]!.line.section).toBe("P");
    const noSuchForm: AicpFormVersion = { ...form, name: "Short form", sections: form.sections.slice(0, 3) };
    const refused = parseBudgetLinesCsv(`${HEADER}\nD,1,Taxi,1,1,,,\n`, {
      form: noSuchForm,
      currency: "USD",
    });
    expect(refused.ok && refused.preview.rejected).toEqual([
      { row: 2, field: "section", reason: "D is not a section of the form Short form" },
    ]);
  });

  it("skips blank rows but keeps the spreadsheet's row numbers", () => {
    const p = preview(`${HEADER}\n\nA,1,One,1,1,,,\n,,,,,,,\nZ,2,Two,1,1,,,\n`);
    expect(p.totals).toEqual({ rows: 2, accepted: 1, rejected: 1 });
    expect(p.rejected[0]!.row).toBe(5);
  });

  it("accepts the columns in any order, the export's header names, and ignores the estimate column", () => {
    const p = preview(
      "Notes,OT rate,OT hours,Rate,Quantity,Description,Number,Section,Estimate,Actual\n" +
        "hi,0,0,10.00,2,Thing,7,E,999.99,5.00\n",
    );
    expect(p.accepted[0]!.line).toMatchObject({
      section: "E",
      number: "7",
      notes: "hi",
      quantityHundredths: 200,
      rateMinor: 1000,
      estimateMinor: 2000,
      actualMinor: 500,
    });
  });

  it("refuses a wrong header, naming the column", () => {
    expect(problem("")).toEqual({
      field: "body",
      message: "The file is empty: its first row must be the header",
    });
    expect(problem("section,number,description,quantity,rate,ot_hours,notes\nA,1,x,1,1,,\n")).toEqual({
      field: "header",
      message: expect.stringContaining('The header has no column "ot_rate"'),
    });
    expect(problem(`${HEADER},colour\n`)).toEqual({
      field: "header",
      message: expect.stringContaining('The header has an unknown column "colour"'),
    });
    expect(problem(`${HEADER},notes\n`)).toEqual({
      field: "header",
      message: 'The header has the column "notes" twice',
    });
    expect(problem("A,1,Producer,2.5,800,,,\n")).toMatchObject({ field: "header" });
    expect(problem("section;number;description;quantity;rate;ot_hours;ot_rate;notes\n")).toEqual({
      field: "header",
      message: "The header is one cell with semicolons: columns must be separated by commas",
    });
  });

  it("refuses more rows than the limit, naming it", () => {
    const rows = Array.from({ length: 5_001 }, (_, i) => `A,${i},Line,1,1,,,`).join("\n");
    expect(problem(`${HEADER}\n${rows}\n`)).toEqual({
      field: "body",
      message: "The file has 5,001 lines: import at most 5,000 lines at a time",
    });
    expect(preview(`${HEADER}\n${rows.split("\n").slice(1).join("\n")}\n`).totals.accepted).toBe(5_000);
  });
});

describe("export → import round trip", () => {
  it("reads back exactly what the detail export writes (formula guard, quotes and all)", () => {
    const lines = [
      {
        section: "B",
        number: "12a",
        description: 'Gaffer, "key"',
        quantityHundredths: 315,
        rateMinor: 65_001,
        otHoursHundredths: 5,
        otRateMinor: 9_751,
        estimateMinor: lineTotal({ quantity: 315, rate: 65_001, otHours: 5, otRate: 9_751 }),
        actualMinor: 12_345,
        notes: "=SUM(A1)\nsecond line",
      },
      {
        section: "O",
        number: "1",
        description: "-Edit",
        quantityHundredths: 0,
        rateMinor: 0,
        otHoursHundredths: 0,
        otRateMinor: 0,
        estimateMinor: 0,
        actualMinor: 0,
        notes: "",
      },
    ];
    // The same cell rules as server/lib/csv.ts csvCell (formula guard, then quoting).
    const cell = (v: string) => {
      const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const csv = [
      BUDGET_LINE_CSV_HEADERS.join(","),
      ...lines.map((l) => budgetLineCsvCells(l, "USD").map(cell).join(",")),
    ]
      .map((l) => `${l}\r\n`)
      .join("");
    expect(budgetLineCsvCells(lines[0]!, "USD")).toEqual([
      "B",
      "12a",
      'Gaffer, "key"',
      "3.15",
      "650.01",
      "0.05",
      "97.51",
      "2052.41",
      "123.45",
      "=SUM(A1)\nsecond line",
    ]);
    const p = preview(`\uFEFF${csv}`);
    expect(p.rejected).toEqual([]);
    expect(p.accepted.map((a) => a.line)).toEqual(lines);
  });
});
