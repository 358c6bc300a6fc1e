import { lineTotal, type AicpFormVersion, type AicpSectionLetter, type Hundredths } from "./aicp";
import { currencyDigits, minorToDecimalString, type MinorUnits } from "./money";

/*
 * Budget lines as CSV (PRODUCT.md → Budgets: "import lines from CSV"): the detail columns the
 * export writes and the import reads, and the pure rules of an import — RFC 4180 records, the
 * header, and each row's cells to a line in integers (quantities and hours in hundredths, money
 * in minor units of the budget's currency). No floats: a decimal text is read digit by digit.
 *
 * A row is numbered as a spreadsheet shows it: the header is row 1, the first line row 2 (a
 * quoted cell with line breaks is still one row). Blank rows are skipped.
 */

/** The detail export's header, in order; the import accepts these or their snake_case names. */
export const BUDGET_LINE_CSV_HEADERS = [
  "Section",
  "Number",
  "Description",
  "Quantity",
  "Rate",
  "OT hours",
  "OT rate",
  "Estimate",
  "Actual",
  "Notes",
] as const;

/** The columns an import must have (any order; header names as in the export or snake_case). */
export const REQUIRED_IMPORT_COLUMNS = [
  "section",
  "number",
  "description",
  "quantity",
  "rate",
  "ot_hours",
  "ot_rate",
  "notes",
] as const;
/** Columns an import may also have: `actual` is imported; `estimate` is ignored (it is computed). */
export const OPTIONAL_IMPORT_COLUMNS = ["actual", "estimate"] as const;

type ImportColumn = (typeof REQUIRED_IMPORT_COLUMNS)[number] | (typeof OPTIONAL_IMPORT_COLUMNS)[number];
const KNOWN_COLUMNS: readonly ImportColumn[] = [...REQUIRED_IMPORT_COLUMNS, ...OPTIONAL_IMPORT_COLUMNS];

/** At most this many lines in one import. */
export const MAX_IMPORT_ROWS = 5_000;

/** Text limits of a line (as the line API's). */
export const LINE_TEXT_LIMITS = { number: 20, description: 500, notes: 2000 } as const;

/** The largest quantity or OT hours, in hundredths (as the line API's). */
export const MAX_HUNDREDTHS = 100_000_000;

/** A line as an import creates it. */
export interface ImportedLine {
  section: AicpSectionLetter;
  number: string;
  description: string;
  quantityHundredths: Hundredths;
  rateMinor: MinorUnits;
  otHoursHundredths: Hundredths;
  otRateMinor: MinorUnits;
  /** quantity × rate + OT hours × OT rate, rounded half-even once (domain/aicp.ts lineTotal). */
  estimateMinor: MinorUnits;
  actualMinor: MinorUnits;
  notes: string;
}

export interface RowRejection {
  /** The row as a spreadsheet numbers it (header = 1). */
  row: number;
  /** The column (its snake_case name), or "row" for the row as a whole. */
  field: string;
  reason: string;
}

/** What an import would do: every line it accepts and every cell it rejects, with why. */
export interface ImportPreview {
  accepted: { row: number; line: ImportedLine }[];
  rejected: RowRejection[];
  totals: { rows: number; accepted: number; rejected: number };
}

/** A problem with the file as a whole (no preview possible): the field and the message. */
export interface FileProblem {
  field: "body" | "header";
  message: string;
}

export type ImportResult = { ok: true; preview: ImportPreview } | { ok: false; problem: FileProblem };

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * RFC 4180 records of `text`: comma-separated cells, double-quoted cells with "" for a quote and
 * line breaks inside, CRLF or LF line ends, a leading byte-order mark ignored. Stops after
 * `maxRecords` records (the caller's limit plus one, to know it was passed). A quote left open
 * is a file problem (nothing after it can be read reliably).
 */
export function parseCsvRecords(
  text: string,
  maxRecords = Number.POSITIVE_INFINITY,
): { ok: true; records: CsvRecord[] } | { ok: false; problem: FileProblem } {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let row = 0;
  const n = text.length;
  while (i < n && records.length < maxRecords) {
    row += 1;
    const cells: string[] = [];
    let cell = "";
    let ended = false;
    while (!ended) {
      if (text[i] === '"' && cell === "") {
        // A quoted cell: up to the closing quote ("" is a quote).
        const start = row;
        i += 1;
        for (;;) {
          if (i >= n) {
            return {
              ok: false,
              problem: { field: "body", message: `Row ${start}: a quoted cell is never closed` },
            };
          }
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          cell += ch;
          i += 1;
        }
        // Text between the closing quote and the next comma is kept as written (lenient).
      }
      while (i < n && text[i] !== "," && text[i] !== "\n" && text[i] !== "\r") {
        cell += text[i];
        i += 1;
      }
      cells.push(cell);
      cell = "";
      if (i >= n) ended = true;
      else if (text[i] === ",") i += 1;
      else {
        if (text[i] === "\r" && text[i + 1] === "\n") i += 2;
        else i += 1;
        ended = true;
      }
    }
    records.push({ row, cells });
  }
  return { ok: true, records };
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/** A header cell as a column name: lower case, spaces and dashes as underscores. */
export function columnName(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

/** Why a number cell is refused, or its value. */
export type DecimalResult = { ok: true; value: number } | { ok: false; reason: string };

const PLAIN = /^(\d*)(?:\.(\d*))?$/;
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/**
 * A non-negative decimal text as an integer of `digits` decimal places (2 → hundredths, a
 * currency's digits → minor units), read digit by digit: "1234.5" (2) → 123450. Empty is 0.
 * Thousands commas are accepted only in groups of three ("1,234.50"; "1,5" is not a number).
 * Refused: a minus sign, text that is not a number, more decimal places than `digits`, and a
 * value past `max`.
 */
export function parseDecimal(
  text: string,
  digits: number,
  max: number = Number.MAX_SAFE_INTEGER,
): DecimalResult {
  const value = text.trim();
  if (value === "") return { ok: true, value: 0 };
  if (/^-/.test(value) && (PLAIN.test(value.slice(1)) || GROUPED.test(value.slice(1))) && /\d/.test(value)) {
    return { ok: false, reason: "must not be negative" };
  }
  const match = PLAIN.exec(value) ?? GROUPED.exec(value);
  if (!match || !/\d/.test(value)) return { ok: false, reason: "is not a number" };
  const whole = (match[1] ?? "").replace(/,/g, "");
  const fraction = match[2] ?? "";
  if (fraction.length > digits) {
    return {
      ok: false,
      reason: digits === 0 ? "must be a whole number" : `has more than ${digits} decimal places`,
    };
  }
  const scaled = BigInt((whole || "0") + fraction.padEnd(digits, "0"));
  if (scaled > BigInt(max))
    return { ok: false, reason: `is too large (at most ${integerToDecimal(max, digits)})` };
  return { ok: true, value: Number(scaled) };
}

/** A non-negative integer of `digits` decimal places as text without trailing zeros: (250, 2) → "2.5". */
export function integerToDecimal(value: number, digits: number): string {
  const text = value.toString().padStart(digits + 1, "0");
  if (digits === 0) return text;
  const whole = text.slice(0, -digits);
  const fraction = text.slice(-digits).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Hundredths (days, quantity, hours) as CSV text: 250 → "2.5", 300 → "3", 15 → "0.15". */
export function hundredthsToText(value: Hundredths): string {
  return integerToDecimal(value, 2);
}

const FORMULA_GUARD = /^'[=+\-@\t\r]/;

/** A text cell: trimmed, and without the apostrophe our CSV export puts before =, +, - and @. */
function textCell(value: string): string {
  const trimmed = value.trim();
  return FORMULA_GUARD.test(trimmed) ? trimmed.slice(1) : trimmed;
}

// ---------------------------------------------------------------------------------------------
// The import
// ---------------------------------------------------------------------------------------------

export interface ImportOptions {
  /** The budget's form (its section letters). */
  form: AicpFormVersion;
  /** The budget's currency (its minor-unit digits). */
  currency: string;
  /** Default MAX_IMPORT_ROWS. */
  maxRows?: number;
}

/**
 * The lines a CSV would import into a budget on `form` in `currency`, and every rejected cell
 * with its row, column and reason; or the problem with the file as a whole (no header, a
 * missing, unknown or repeated column, more rows than allowed, an unclosed quote).
 */
export function parseBudgetLinesCsv(text: string, options: ImportOptions): ImportResult {
  const maxRows = options.maxRows ?? MAX_IMPORT_ROWS;
  const parsed = parseCsvRecords(text);
  if (!parsed.ok) return parsed;
  const records = parsed.records;
  const headerIndex = records.findIndex((r) => !isBlank(r.cells));
  if (headerIndex < 0) {
    return {
      ok: false,
      problem: { field: "body", message: "The file is empty: its first row must be the header" },
    };
  }
  const header = records[headerIndex]!;
  const headerProblem = checkHeader(header.cells);
  if (headerProblem) return { ok: false, problem: headerProblem };
  const columns = header.cells.map(columnName) as ImportColumn[];
  const data = records.slice(headerIndex + 1).filter((r) => !isBlank(r.cells));
  if (data.length > maxRows) {
    return {
      ok: false,
      problem: {
        field: "body",
        message: `The file has ${data.length.toLocaleString("en-US")} lines: import at most ${maxRows.toLocaleString("en-US")} lines at a time`,
      },
    };
  }
  const preview: ImportPreview = {
    accepted: [],
    rejected: [],
    totals: { rows: data.length, accepted: 0, rejected: 0 },
  };
  const digits = currencyDigits(options.currency);
  for (const record of data) {
    const rejections: RowRejection[] = [];
    const reject = (field: string, reason: string) => rejections.push({ row: record.row, field, reason });
    const extra = record.cells.slice(columns.length);
    if (extra.some((c) => c.trim() !== "")) {
      reject("row", `has ${record.cells.length} cells but the header has ${columns.length} columns`);
      preview.rejected.push(...rejections);
      preview.totals.rejected += 1;
      continue;
    }
    const cell = (column: ImportColumn): string => {
      const index = columns.indexOf(column);
      return index < 0 ? "" : (record.cells[index] ?? "");
    };
    const sectionText = textCell(cell("section")).toUpperCase();
    const section = options.form.sections.find((s) => s.letter === sectionText)?.letter;
    if (sectionText === "") reject("section", "is required");
    else if (!section) reject("section", `${sectionText} is not a section of the form ${options.form.name}`);
    const texts = {} as Record<"number" | "description" | "notes", string>;
    for (const field of ["number", "description", "notes"] as const) {
      const value = textCell(cell(field));
      if (value.length > LINE_TEXT_LIMITS[field]) {
        reject(field, `is longer than ${LINE_TEXT_LIMITS[field]} characters`);
      }
      texts[field] = value;
    }
    const amount = (field: ImportColumn, places: number, max?: number): number => {
      const result = parseDecimal(cell(field), places, max);
      if (result.ok) return result.value;
      reject(field, result.reason);
      return 0;
    };
    const quantity = amount("quantity", 2, MAX_HUNDREDTHS);
    const rate = amount("rate", digits);
    const otHours = amount("ot_hours", 2, MAX_HUNDREDTHS);
    const otRate = amount("ot_rate", digits);
    const actual = amount("actual", digits);
    let estimate = 0;
    if (rejections.length === 0) {
      try {
        estimate = lineTotal({ quantity, rate, otHours, otRate });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        reject("quantity", "makes the line's estimate too large");
      }
    }
    if (rejections.length > 0 || !section) {
      preview.rejected.push(...rejections);
      preview.totals.rejected += 1;
      continue;
    }
    preview.accepted.push({
      row: record.row,
      line: {
        section,
        number: texts.number,
        description: texts.description,
        quantityHundredths: quantity,
        rateMinor: rate,
        otHoursHundredths: otHours,
        otRateMinor: otRate,
        estimateMinor: estimate,
        actualMinor: actual,
        notes: texts.notes,
      },
    });
    preview.totals.accepted += 1;
  }
  return { ok: true, preview };
}

/** The header's problem (a missing, unknown or repeated column), or null. */
function checkHeader(cells: readonly string[]): FileProblem | null {
  const names = cells.map(columnName);
  if (cells.length === 1 && cells[0]!.includes(";")) {
    return {
      field: "header",
      message: "The header is one cell with semicolons: columns must be separated by commas",
    };
  }
  const expected = `expected columns: ${REQUIRED_IMPORT_COLUMNS.join(", ")} (and optionally ${OPTIONAL_IMPORT_COLUMNS.join(", ")})`;
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    // An empty header cell (a trailing comma of a spreadsheet) is a column nobody reads.
    if (name === "") continue;
    if (!(KNOWN_COLUMNS as readonly string[]).includes(name)) {
      return {
        field: "header",
        message: `The header has an unknown column "${cells[i]!.trim()}": ${expected}`,
      };
    }
    if (seen.has(name)) return { field: "header", message: `The header has the column "${name}" twice` };
    seen.add(name);
  }
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length) {
    return {
      field: "header",
      message: `The header has no column ${missing.map((m) => `"${m}"`).join(", ")}: ${expected}`,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The export
// ---------------------------------------------------------------------------------------------

/** A line as the detail export needs it. */
export interface ExportedLine {
  section: string;
  number: string;
  description: string;
  quantityHundredths: Hundredths;
  rateMinor: MinorUnits;
  otHoursHundredths: Hundredths;
  otRateMinor: MinorUnits;
  estimateMinor: MinorUnits;
  actualMinor: MinorUnits;
  notes: string;
}

/** One detail row, in BUDGET_LINE_CSV_HEADERS order; amounts as decimals of the currency ("1234.50"). */
export function budgetLineCsvCells(line: ExportedLine, currency: string): string[] {
  const money = (value: MinorUnits) => minorToDecimalString(value, currency);
  return [
    line.section,
    line.number,
    line.description,
    hundredthsToText(line.quantityHundredths),
    money(line.rateMinor),
    hundredthsToText(line.otHoursHundredths),
    money(line.otRateMinor),
    money(line.estimateMinor),
    money(line.actualMinor),
    line.notes,
  ];
}
