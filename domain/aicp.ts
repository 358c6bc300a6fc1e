import { z } from "zod";
import {
  applyBasisPoints,
  assertMinorUnits,
  divideRoundHalfEven,
  sumMinorUnits,
  type BasisPoints,
  type MinorUnits,
} from "./money";

/*
 * Budgets on the AICP bid form (PRODUCT.md → Budgets): the form as versioned data, and the pure
 * arithmetic of a budget — line totals, section subtotals with P&W on labour, the 16 top-sheet
 * lines, contingency and weather day, variance and forecast at completion.
 *
 * Money is integer minor units; percentages are basis points; quantities (days, units, hours)
 * are integer hundredths (1.5 days = 150), so no float ever touches an amount. Rounding happens
 * once where a line is formed (a budget line, a P&W line, insurance, the fee, contingency) and
 * every total is the exact sum of rounded lines, so the top sheet adds up to the cent.
 *
 * The same computation runs on any column of amounts (estimate, committed, actual): the top
 * sheet of actuals applies the budget's P&W, insurance and fee to actual line amounts.
 */

// ---------------------------------------------------------------------------------------------
// The form as data
// ---------------------------------------------------------------------------------------------

export const AICP_SECTION_LETTERS = [
  "A",
  "B",
  "C",
  "D",
  "E",
  "F",
  "G",
  "H",
  "I",
  "J",
  "K",
  "L",
  "M",
  "N",
  "O",
  "P",
] as const;
export type AicpSectionLetter = (typeof AICP_SECTION_LETTERS)[number];
export const aicpSectionLetterSchema = z.enum(AICP_SECTION_LETTERS);

export interface AicpSection {
  letter: AicpSectionLetter;
  name: string;
  /** Labour sections add P&W (payroll tax, fringe, pension & welfare) on their subtotal. */
  labour: boolean;
}

/** What a top-sheet line sums. */
export type TopSheetLineRule =
  /** The subtotals (with P&W) of these sections. */
  | { kind: "sections"; sections: readonly AicpSectionLetter[] }
  /** The sum of these earlier top-sheet lines. */
  | { kind: "sum"; lines: readonly number[] }
  /** Insurance % of the hard costs (the line named by `base`). */
  | { kind: "insurance"; base: number }
  /** Production fee % of the line named by `base`. */
  | { kind: "fee"; base: number };

export interface TopSheetLine {
  /** 1 … 16 as printed on the form. */
  number: number;
  label: string;
  rule: TopSheetLineRule;
  /** A subtotal or the grand total (printed bold; not a line of its own making). */
  subtotal: boolean;
}

export interface AicpFormVersion {
  /** Stable id a budget pins (the form it was made on). */
  id: string;
  name: string;
  sections: readonly AicpSection[];
  topSheet: readonly TopSheetLine[];
  /** The top-sheet line of the grand bid total (contingency and weather day sit below it). */
  grandTotalLine: number;
}

const SECTIONS_CURRENT: readonly AicpSection[] = [
  { letter: "A", name: "Pre-production & wrap crew", labour: true },
  { letter: "B", name: "Shooting crew", labour: true },
  { letter: "C", name: "Pre-production & wrap expenses", labour: false },
  { letter: "D", name: "Location & travel expenses", labour: false },
  { letter: "E", name: "Props, wardrobe & animals", labour: false },
  { letter: "F", name: "Studio rental & expenses", labour: false },
  { letter: "G", name: "Set construction labour", labour: true },
  { letter: "H", name: "Set construction materials", labour: false },
  { letter: "I", name: "Equipment rental", labour: false },
  { letter: "J", name: "Media", labour: false },
  { letter: "K", name: "Miscellaneous", labour: false },
  { letter: "L", name: "Director / creative fees", labour: false },
  { letter: "M", name: "Talent labour", labour: true },
  { letter: "N", name: "Talent expenses", labour: false },
  { letter: "O", name: "Editorial & finishing", labour: false },
  { letter: "P", name: "Other", labour: false },
];

const TOP_SHEET: readonly TopSheetLine[] = [
  {
    number: 1,
    label: "Pre-production & wrap",
    rule: { kind: "sections", sections: ["A", "C"] },
    subtotal: false,
  },
  { number: 2, label: "Shooting crew labour", rule: { kind: "sections", sections: ["B"] }, subtotal: false },
  { number: 3, label: "Location & travel", rule: { kind: "sections", sections: ["D"] }, subtotal: false },
  {
    number: 4,
    label: "Props, wardrobe, animals",
    rule: { kind: "sections", sections: ["E"] },
    subtotal: false,
  },
  {
    number: 5,
    label: "Studio & set construction",
    rule: { kind: "sections", sections: ["F", "G", "H"] },
    subtotal: false,
  },
  { number: 6, label: "Equipment", rule: { kind: "sections", sections: ["I"] }, subtotal: false },
  { number: 7, label: "Media", rule: { kind: "sections", sections: ["J"] }, subtotal: false },
  { number: 8, label: "Miscellaneous", rule: { kind: "sections", sections: ["K"] }, subtotal: false },
  {
    number: 9,
    label: "Subtotal A–K",
    rule: { kind: "sum", lines: [1, 2, 3, 4, 5, 6, 7, 8] },
    subtotal: true,
  },
  {
    number: 10,
    label: "Director/creative fees",
    rule: { kind: "sections", sections: ["L"] },
    subtotal: false,
  },
  { number: 11, label: "Insurance", rule: { kind: "insurance", base: 9 }, subtotal: false },
  { number: 12, label: "Subtotal direct costs", rule: { kind: "sum", lines: [9, 10, 11] }, subtotal: true },
  { number: 13, label: "Production fee", rule: { kind: "fee", base: 12 }, subtotal: false },
  {
    number: 14,
    label: "Talent costs & expenses",
    rule: { kind: "sections", sections: ["M", "N"] },
    subtotal: false,
  },
  {
    number: 15,
    label: "Editorial & finishing",
    rule: { kind: "sections", sections: ["O", "P"] },
    subtotal: false,
  },
  { number: 16, label: "Grand bid total", rule: { kind: "sum", lines: [12, 13, 14, 15] }, subtotal: true },
];

/**
 * The form versions a budget can be made on. `aicp-current` is the AICP form as PRODUCT.md lists
 * it; `aicp-2023` repurposes section P as usage (talent and music usage fees), still summed on
 * line 15 with O. A budget pins its version id; a version is never edited once budgets use it —
 * a new form is a new entry here (budgets store the id; the server validates it against this list).
 */
export const AICP_FORM_VERSIONS: readonly AicpFormVersion[] = [
  {
    id: "aicp-current",
    name: "AICP bid form",
    sections: SECTIONS_CURRENT,
    topSheet: TOP_SHEET,
    grandTotalLine: 16,
  },
  {
    id: "aicp-2023",
    name: "AICP bid form (2023, P = usage)",
    sections: SECTIONS_CURRENT.map((s) => (s.letter === "P" ? { ...s, name: "Usage" } : s)),
    topSheet: TOP_SHEET,
    grandTotalLine: 16,
  },
];

export const DEFAULT_AICP_FORM_ID = "aicp-current";

/** The form version of `id`, or undefined. */
export function aicpForm(id: string): AicpFormVersion | undefined {
  return AICP_FORM_VERSIONS.find((f) => f.id === id);
}

/**
 * Problems of a form version (empty when sound): every letter once, every section on exactly one
 * top-sheet "sections" line, rules that only name earlier lines, numbers 1…n in order.
 */
export function formProblems(form: AicpFormVersion): string[] {
  const problems: string[] = [];
  const letters = form.sections.map((s) => s.letter);
  if (new Set(letters).size !== letters.length) problems.push("a section letter appears twice");
  const placed = new Map<AicpSectionLetter, number>();
  form.topSheet.forEach((line, index) => {
    if (line.number !== index + 1) problems.push(`line ${line.number} is out of order`);
    const rule = line.rule;
    if (rule.kind === "sections") {
      for (const letter of rule.sections) {
        if (!letters.includes(letter)) problems.push(`line ${line.number} names unknown section ${letter}`);
        if (placed.has(letter))
          problems.push(`section ${letter} is on lines ${placed.get(letter)} and ${line.number}`);
        placed.set(letter, line.number);
      }
    } else {
      const refs = rule.kind === "sum" ? rule.lines : [rule.base];
      for (const ref of refs)
        if (ref >= line.number)
          problems.push(`line ${line.number} refers to line ${ref}, not an earlier one`);
    }
  });
  for (const letter of letters) if (!placed.has(letter)) problems.push(`section ${letter} is on no line`);
  if (!form.topSheet.some((l) => l.number === form.grandTotalLine)) problems.push("no grand total line");
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------------

/** Hundredths of a unit (days, quantity, hours): 1.5 days = 150. */
export type Hundredths = number;

/** The figures of one budget line that make its estimate. */
export interface LineFigures {
  /** Days or quantity, in hundredths. */
  quantity: Hundredths;
  /** Rate per day or unit, in minor units. */
  rate: MinorUnits;
  /** Overtime hours (crew lines), in hundredths; 0 when none. */
  otHours: Hundredths;
  /** Overtime rate per hour, in minor units; 0 when none. */
  otRate: MinorUnits;
}

function safe(value: bigint, what: string): MinorUnits {
  return assertMinorUnits(Number(value), what);
}

/**
 * A line's total: quantity × rate + OT hours × OT rate, formed in exact integers and rounded
 * half-even once (quantities are hundredths, so the sum is divided by 100).
 */
export function lineTotal(figures: LineFigures): MinorUnits {
  for (const [what, value] of Object.entries(figures)) {
    assertMinorUnits(value, what);
    if (value < 0) throw new RangeError(`${what} must not be negative`);
  }
  const hundredths =
    BigInt(figures.quantity) * BigInt(figures.rate) + BigInt(figures.otHours) * BigInt(figures.otRate);
  return safe(divideRoundHalfEven(hundredths, 100n), "line total");
}

/** A budget line as the arithmetic sees it: where it sits and its amount in one column. */
export interface SectionAmount {
  section: AicpSectionLetter;
  amount: MinorUnits;
}

/** The percentages a budget sets (PRODUCT.md: P&W on labour, insurance on hard costs, fee). */
export interface BudgetRates {
  /** P&W on each labour section's subtotal; a section may have its own. */
  pwBp: BasisPoints;
  pwBpBySection?: Partial<Record<AicpSectionLetter, BasisPoints>>;
  /** Insurance on the hard costs (top-sheet line 9, subtotal A–K). */
  insuranceBp: BasisPoints;
  /** Production fee on the direct costs (line 12). */
  feeBp: BasisPoints;
  /** Contingency on the grand bid total, shown below it (not part of it). */
  contingencyBp: BasisPoints;
  /** A weather day, an amount shown below the grand total (not part of it). */
  weatherDay: MinorUnits;
}

export const ZERO_RATES: BudgetRates = { pwBp: 0, insuranceBp: 0, feeBp: 0, contingencyBp: 0, weatherDay: 0 };

/** Limits of the percentages: P&W, insurance and contingency at most 100 %, the fee at most 1000 %. */
export const budgetRatesSchema = z
  .object({
    pwBp: z.number().int().min(0).max(10_000),
    pwBpBySection: z.partialRecord(aicpSectionLetterSchema, z.number().int().min(0).max(10_000)).optional(),
    insuranceBp: z.number().int().min(0).max(10_000),
    feeBp: z.number().int().min(0).max(100_000),
    contingencyBp: z.number().int().min(0).max(10_000),
    weatherDay: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export interface SectionTotals {
  letter: AicpSectionLetter;
  name: string;
  labour: boolean;
  /** Σ of the section's lines. */
  lines: MinorUnits;
  /** P&W on `lines` (labour sections; 0 elsewhere). */
  pw: MinorUnits;
  /** lines + pw: what the top sheet carries. */
  subtotal: MinorUnits;
}

export interface TopSheetRow {
  number: number;
  label: string;
  subtotal: boolean;
  amount: MinorUnits;
}

export interface BudgetTotals {
  sections: SectionTotals[];
  topSheet: TopSheetRow[];
  grandTotal: MinorUnits;
  contingency: MinorUnits;
  weatherDay: MinorUnits;
  /** Grand total + contingency + weather day: the most the job may cost the client. */
  totalWithContingency: MinorUnits;
}

/**
 * The sections and the top sheet of one column of line amounts on `form`. Every line of the top
 * sheet is either a sum of rounded figures or one rounded percentage line, so
 * grandTotal = Σ section subtotals + insurance + fee, exactly.
 */
export function computeBudget(
  form: AicpFormVersion,
  lines: readonly SectionAmount[],
  rates: BudgetRates,
): BudgetTotals {
  const byLetter = new Map<AicpSectionLetter, MinorUnits[]>();
  for (const line of lines) {
    if (!form.sections.some((s) => s.letter === line.section))
      throw new RangeError(`section ${line.section} is not on the form ${form.id}`);
    const list = byLetter.get(line.section) ?? [];
    list.push(assertMinorUnits(line.amount, "line amount"));
    byLetter.set(line.section, list);
  }
  const sections: SectionTotals[] = form.sections.map((s) => {
    const sum = sumMinorUnits(byLetter.get(s.letter) ?? []);
    const pw = s.labour ? applyBasisPoints(sum, rates.pwBpBySection?.[s.letter] ?? rates.pwBp) : 0;
    return {
      letter: s.letter,
      name: s.name,
      labour: s.labour,
      lines: sum,
      pw,
      subtotal: sumMinorUnits([sum, pw]),
    };
  });
  const subtotalOf = new Map(sections.map((s) => [s.letter, s.subtotal]));
  const amounts = new Map<number, MinorUnits>();
  const topSheet: TopSheetRow[] = form.topSheet.map((line) => {
    const rule = line.rule;
    let amount: MinorUnits;
    if (rule.kind === "sections") amount = sumMinorUnits(rule.sections.map((l) => subtotalOf.get(l) ?? 0));
    else if (rule.kind === "sum") amount = sumMinorUnits(rule.lines.map((n) => amounts.get(n) ?? 0));
    else if (rule.kind === "insurance")
      amount = applyBasisPoints(amounts.get(rule.base) ?? 0, rates.insuranceBp);
    else amount = applyBasisPoints(amounts.get(rule.base) ?? 0, rates.feeBp);
    amounts.set(line.number, amount);
    return { number: line.number, label: line.label, subtotal: line.subtotal, amount };
  });
  const grandTotal = amounts.get(form.grandTotalLine) ?? 0;
  const contingency = applyBasisPoints(grandTotal, rates.contingencyBp);
  const weatherDay = assertMinorUnits(rates.weatherDay, "weather day");
  return {
    sections,
    topSheet,
    grandTotal,
    contingency,
    weatherDay,
    totalWithContingency: sumMinorUnits([grandTotal, contingency, weatherDay]),
  };
}

// ---------------------------------------------------------------------------------------------
// Estimate against actual
// ---------------------------------------------------------------------------------------------

/** One line's columns (PRODUCT.md: Estimate · Committed · Actual · Client actual · Variance · Forecast). */
export interface LineColumns {
  estimate: MinorUnits;
  /** Open purchase orders not yet billed. */
  committed: MinorUnits;
  /** Approved bills plus priced labour. */
  actual: MinorUnits;
}

/**
 * Forecast at completion of a line: what it has cost (actual) plus what is already promised
 * (committed), or its estimate while that is still more — the remaining estimate is assumed to
 * be spent. A line not started forecasts its estimate.
 */
export function forecastAtCompletion(line: LineColumns): MinorUnits {
  const spent = sumMinorUnits([line.actual, line.committed]);
  return Math.max(line.estimate, spent);
}

/** Variance of a line: estimate − actual (positive: under budget so far; negative: over). */
export function variance(line: LineColumns): MinorUnits {
  return sumMinorUnits([line.estimate, -line.actual]);
}

/** Variance at completion: estimate − forecast (negative when the line is heading over). */
export function varianceAtCompletion(line: LineColumns): MinorUnits {
  return sumMinorUnits([line.estimate, -forecastAtCompletion(line)]);
}

export const BID_TYPES = ["firm", "cost_plus"] as const;
export type BidType = (typeof BID_TYPES)[number];
export const bidTypeSchema = z.enum(BID_TYPES);

/**
 * What the client owes for the work so far (the "Client actual" of the top sheet). A firm bid is
 * a fixed price: the client owes the grand bid total whatever it costs. A cost-plus bid bills
 * actual costs with the budget's P&W, insurance and fee: the grand total of the actual column.
 */
export function clientActual(bidType: BidType, estimate: BudgetTotals, actual: BudgetTotals): MinorUnits {
  return bidType === "firm" ? estimate.grandTotal : actual.grandTotal;
}
