import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AICP_FORM_VERSIONS,
  AICP_SECTION_LETTERS,
  aicpForm,
  budgetRatesSchema,
  clientActual,
  computeBudget,
  DEFAULT_AICP_FORM_ID,
  forecastAtCompletion,
  formProblems,
  lineTotal,
  variance,
  varianceAtCompletion,
  ZERO_RATES,
  type AicpFormVersion,
  type AicpSectionLetter,
  type BudgetRates,
  type LineFigures,
  type SectionAmount,
} from "./aicp";

const FORM = aicpForm(DEFAULT_AICP_FORM_ID)!;
const line = (f: Partial<LineFigures>): LineFigures => ({
  quantity: 0,
  rate: 0,
  otHours: 0,
  otRate: 0,
  ...f,
});

describe("the form as data", () => {
  it("has sections A–P once each with A, B, G and M as labour, on the 16 top-sheet lines of PRODUCT.md", () => {
    for (const form of AICP_FORM_VERSIONS) {
      expect(formProblems(form)).toEqual([]);
      expect(form.sections.map((s) => s.letter)).toEqual([...AICP_SECTION_LETTERS]);
      expect(form.sections.filter((s) => s.labour).map((s) => s.letter)).toEqual(["A", "B", "G", "M"]);
      expect(form.topSheet.map((l) => `${l.number} ${l.label}`)).toEqual([
        "1 Pre-production & wrap",
        "2 Shooting crew labour",
        "3 Location & travel",
        "4 Props, wardrobe, animals",
        "5 Studio & set construction",
        "6 Equipment",
        "7 Media",
        "8 Miscellaneous",
        "9 Subtotal A–K",
        "10 Director/creative fees",
        "11 Insurance",
        "12 Subtotal direct costs",
        "13 Production fee",
        "14 Talent costs & expenses",
        "15 Editorial & finishing",
        "16 Grand bid total",
      ]);
    }
  });

  it("groups the sections as the top sheet says (1 = A + C, 5 = F + G + H, 14 = M + N, 15 = O + P)", () => {
    const sections = Object.fromEntries(
      FORM.topSheet.flatMap((l) =>
        l.rule.kind === "sections" ? [[l.number, l.rule.sections.join("+")]] : [],
      ),
    );
    expect(sections).toEqual({
      1: "A+C",
      2: "B",
      3: "D",
      4: "E",
      5: "F+G+H",
      6: "I",
      7: "J",
      8: "K",
      10: "L",
      14: "M+N",
      15: "O+P",
    });
  });

  it("has a 2023 variant where P is usage, and no other form under an unknown id", () => {
    expect(aicpForm("aicp-2023")!.sections.find((s) => s.letter === "P")!.name).toBe("Usage");
    expect(FORM.sections.find((s) => s.letter === "P")!.name).toBe("Other");
    expect(aicpForm("aicp-1999")).toBeUndefined();
  });

  it("finds what is wrong with a broken form", () => {
    const broken: AicpFormVersion = {
      ...FORM,
      topSheet: FORM.topSheet.map((l) =>
        l.number === 2
          ? { ...l, rule: { kind: "sections" as const, sections: ["A"] as AicpSectionLetter[] } }
          : l.number === 9
            ? { ...l, rule: { kind: "sum" as const, lines: [1, 12] } }
            : l,
      ),
    };
    expect(formProblems(broken)).toEqual([
      "section A is on lines 1 and 2",
      "line 9 refers to line 12, not an earlier one",
      "section B is on no line",
    ]);
  });
});

describe("lineTotal", () => {
  it("is quantity × rate plus OT hours × OT rate, quantities in hundredths", () => {
    expect(lineTotal(line({ quantity: 300, rate: 120_000 }))).toBe(360_000); // 3 days × $1,200.00
    expect(lineTotal(line({ quantity: 200, rate: 250_000, otHours: 350, otRate: 31_250 }))).toBe(609_375);
    expect(lineTotal(line({}))).toBe(0);
  });

  it("rounds half to even once, on the whole line", () => {
    expect(lineTotal(line({ quantity: 33, rate: 10_050 }))).toBe(3316); // 3316.5 → 3316
    expect(lineTotal(line({ quantity: 35, rate: 10_050 }))).toBe(3518); // 3517.5 → 3518
    // 0.5 + 0.5 of a cent on the two parts make one whole cent, not two roundings.
    expect(lineTotal(line({ quantity: 1, rate: 50, otHours: 1, otRate: 50 }))).toBe(1);
  });

  it("refuses negative or fractional figures", () => {
    expect(() => lineTotal(line({ quantity: -100, rate: 1 }))).toThrow("quantity must not be negative");
    expect(() => lineTotal(line({ rate: 1.5 }))).toThrow("rate must be a whole number of minor units");
    expect(() => lineTotal(line({ quantity: 2 ** 40, rate: 2 ** 40 }))).toThrow("line total");
  });
});

/** A complete budget, every figure below computed by hand (USD cents). */
const HAND_LINES: SectionAmount[] = [
  { section: "A", amount: lineTotal(line({ quantity: 300, rate: 120_000 })) }, // producer 3 d × 1,200.00 = 3,600.00
  { section: "A", amount: lineTotal(line({ quantity: 250, rate: 35_000 })) }, // PA 2.5 d × 350.00 = 875.00
  { section: "B", amount: lineTotal(line({ quantity: 200, rate: 250_000, otHours: 350, otRate: 31_250 })) }, // 6,093.75
  { section: "B", amount: lineTotal(line({ quantity: 200, rate: 90_033 })) }, // 1,800.66
  { section: "C", amount: lineTotal(line({ quantity: 33, rate: 10_050 })) }, // 33.16 (33.165 → 33.16)
  { section: "C", amount: 200_000 },
  { section: "D", amount: 1_000_000 },
  { section: "E", amount: 300_000 },
  { section: "F", amount: 800_000 },
  { section: "G", amount: lineTotal(line({ quantity: 150, rate: 65_000 })) }, // 975.00
  { section: "H", amount: 250_000 },
  { section: "I", amount: 700_000 },
  { section: "J", amount: 75_000 },
  { section: "K", amount: 123_457 },
  { section: "L", amount: 2_000_000 },
  { section: "M", amount: 200_000 },
  { section: "N", amount: 45_000 },
  { section: "O", amount: 900_000 },
];
const HAND_RATES: BudgetRates = {
  pwBp: 2800, // 28 %
  pwBpBySection: { M: 1850 }, // talent P&W 18.5 %
  insuranceBp: 250, // 2.5 % of A–K
  feeBp: 3500, // 35 % of direct costs
  contingencyBp: 1000,
  weatherDay: 1_250_000,
};

describe("computeBudget on a budget computed by hand", () => {
  const totals = computeBudget(FORM, HAND_LINES, HAND_RATES);
  const section = (letter: AicpSectionLetter) => totals.sections.find((s) => s.letter === letter)!;

  it("adds P&W on the labour sections only, each at its rate, rounded half-even", () => {
    expect(section("A")).toMatchObject({ lines: 447_500, pw: 125_300, subtotal: 572_800 });
    // 789,441 × 28 % = 221,043.48 → 221,043
    expect(section("B")).toMatchObject({ lines: 789_441, pw: 221_043, subtotal: 1_010_484 });
    expect(section("C")).toMatchObject({ lines: 203_316, pw: 0, subtotal: 203_316 });
    expect(section("G")).toMatchObject({ lines: 97_500, pw: 27_300, subtotal: 124_800 });
    expect(section("M")).toMatchObject({ lines: 200_000, pw: 37_000, subtotal: 237_000 });
    expect(section("P")).toMatchObject({ lines: 0, pw: 0, subtotal: 0 });
  });

  it("gives the 16 top-sheet lines, insurance on A–K and the fee on direct costs", () => {
    expect(totals.topSheet.map((r) => [r.number, r.amount])).toEqual([
      [1, 776_116],
      [2, 1_010_484],
      [3, 1_000_000],
      [4, 300_000],
      [5, 1_174_800],
      [6, 700_000],
      [7, 75_000],
      [8, 123_457],
      [9, 5_159_857],
      [10, 2_000_000],
      [11, 128_996], // 2.5 % of 5,159,857 = 128,996.425
      [12, 7_288_853],
      [13, 2_551_099], // 35 % of 7,288,853 = 2,551,098.55
      [14, 282_000],
      [15, 900_000],
      [16, 11_021_952],
    ]);
    expect(totals.topSheet.filter((r) => r.subtotal).map((r) => r.number)).toEqual([9, 12, 16]);
  });

  it("puts contingency and the weather day below the grand total", () => {
    expect(totals.grandTotal).toBe(11_021_952);
    expect(totals.contingency).toBe(1_102_195); // 10 % of the grand total, 1,102,195.2
    expect(totals.weatherDay).toBe(1_250_000);
    expect(totals.totalWithContingency).toBe(13_374_147);
  });

  it("adds up line by line: the grand total is the rounded lines, P&W, insurance and fee, to the cent", () => {
    const lines = HAND_LINES.reduce((s, l) => s + l.amount, 0);
    const pw = totals.sections.reduce((s, l) => s + l.pw, 0);
    expect(lines + pw + 128_996 + 2_551_099).toBe(totals.grandTotal);
  });

  it("refuses a section the form does not have and a fractional amount", () => {
    expect(() => computeBudget(FORM, [{ section: "Q" as AicpSectionLetter, amount: 1 }], ZERO_RATES)).toThrow(
      "section Q is not on the form aicp-current",
    );
    expect(() => computeBudget(FORM, [{ section: "A", amount: 0.5 }], ZERO_RATES)).toThrow("line amount");
  });
});

describe("estimate against actual", () => {
  it("forecasts the estimate until actual plus committed passes it", () => {
    expect(forecastAtCompletion({ estimate: 1000, committed: 0, actual: 0 })).toBe(1000);
    expect(forecastAtCompletion({ estimate: 1000, committed: 300, actual: 400 })).toBe(1000);
    expect(forecastAtCompletion({ estimate: 1000, committed: 500, actual: 700 })).toBe(1200);
    expect(forecastAtCompletion({ estimate: 0, committed: 0, actual: 250 })).toBe(250);
  });

  it("gives variance as estimate − actual and at completion as estimate − forecast", () => {
    expect(variance({ estimate: 1000, committed: 500, actual: 700 })).toBe(300);
    expect(varianceAtCompletion({ estimate: 1000, committed: 500, actual: 700 })).toBe(-200);
    expect(variance({ estimate: 0, committed: 0, actual: 250 })).toBe(-250);
  });

  it("bills a firm bid at its grand total and a cost-plus bid at actuals with P&W, insurance and fee", () => {
    const estimate = computeBudget(FORM, HAND_LINES, HAND_RATES);
    const actual = computeBudget(FORM, [{ section: "B", amount: 100_000 }], HAND_RATES);
    // B: 100,000 + 28 % P&W = 128,000; insurance 2.5 % = 3,200; direct 131,200; fee 35 % = 45,920.
    expect(actual.grandTotal).toBe(177_120);
    expect(clientActual("firm", estimate, actual)).toBe(11_021_952);
    expect(clientActual("cost_plus", estimate, actual)).toBe(177_120);
  });
});

describe("budgetRatesSchema", () => {
  it("accepts sound rates and names the field of a bad one", () => {
    expect(budgetRatesSchema.safeParse(HAND_RATES).success).toBe(true);
    const bad = (patch: Record<string, unknown>) =>
      budgetRatesSchema.safeParse({ ...HAND_RATES, ...patch }).error?.issues.map((i) => i.path.join("."));
    expect(bad({ pwBp: 10_001 })).toEqual(["pwBp"]);
    expect(bad({ insuranceBp: -1 })).toEqual(["insuranceBp"]);
    expect(bad({ feeBp: 12.5 })).toEqual(["feeBp"]);
    expect(bad({ weatherDay: 10.01 })).toEqual(["weatherDay"]);
    expect(bad({ pwBpBySection: { Q: 100 } })).toEqual(["pwBpBySection"]);
    expect(bad({ pwBpBySection: { M: 10_001 } })).toEqual(["pwBpBySection.M"]);
    expect(bad({ extra: 1 })).toEqual([""]);
  });
});

describe("properties", () => {
  const amounts = fc.array(
    fc.record({
      section: fc.constantFrom(...AICP_SECTION_LETTERS),
      amount: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    }),
    { maxLength: 60 },
  );
  const rates = fc.record({
    pwBp: fc.integer({ min: 0, max: 10_000 }),
    insuranceBp: fc.integer({ min: 0, max: 10_000 }),
    feeBp: fc.integer({ min: 0, max: 100_000 }),
    contingencyBp: fc.integer({ min: 0, max: 10_000 }),
    weatherDay: fc.integer({ min: 0, max: 1_000_000_000 }),
  });

  it("every total is exactly the sum of its parts, for any lines and rates, on every form", () => {
    fc.assert(
      fc.property(amounts, rates, fc.constantFrom(...AICP_FORM_VERSIONS), (lines, r, form) => {
        const t = computeBudget(form, lines, r);
        const at = (n: number) => t.topSheet.find((row) => row.number === n)!.amount;
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(sum(t.sections.map((s) => s.lines))).toBe(sum(lines.map((l) => l.amount)));
        for (const s of t.sections) expect(s.subtotal).toBe(s.lines + s.pw);
        expect(at(9)).toBe(sum([1, 2, 3, 4, 5, 6, 7, 8].map(at)));
        expect(at(12)).toBe(at(9) + at(10) + at(11));
        expect(at(16)).toBe(at(12) + at(13) + at(14) + at(15));
        expect(t.grandTotal).toBe(sum(t.sections.map((s) => s.subtotal)) + at(11) + at(13));
        expect(t.totalWithContingency).toBe(t.grandTotal + t.contingency + t.weatherDay);
      }),
    );
  });

  it("a line total is within half a minor unit of the exact product, and exact when it divides", () => {
    const figure = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(figure, figure, figure, figure, (quantity, rate, otHours, otRate) => {
        const exactHundredths = BigInt(quantity) * BigInt(rate) + BigInt(otHours) * BigInt(otRate);
        const total = BigInt(lineTotal({ quantity, rate, otHours, otRate }));
        const diff = total * 100n - exactHundredths;
        expect(diff <= 50n && diff >= -50n).toBe(true);
        if (exactHundredths % 100n === 0n) expect(total * 100n).toBe(exactHundredths);
      }),
    );
  });

  it("the forecast is never below the estimate nor below what is spent and promised", () => {
    const money = fc.integer({ min: 0, max: 1_000_000_000 });
    fc.assert(
      fc.property(money, money, money, (estimate, committed, actual) => {
        const f = forecastAtCompletion({ estimate, committed, actual });
        expect(f).toBeGreaterThanOrEqual(estimate);
        expect(f).toBeGreaterThanOrEqual(committed + actual);
        expect(varianceAtCompletion({ estimate, committed, actual })).toBeLessThanOrEqual(0);
      }),
    );
  });
});
