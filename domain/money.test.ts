import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyBasisPoints,
  assertMinorUnits,
  basisPointsToPercentText,
  CURRENCY_CODES,
  currencyCodeSchema,
  currencyDigits,
  divideRoundHalfEven,
  formatBasisPoints,
  formatMoney,
  formatRate,
  isCurrencyCode,
  minorToDecimalString,
  parseMoney,
  parsePercent,
  percentBasisPointsSchema,
  priceDurationMs,
  priceMinutes,
  rateMinorSchema,
  sumMinorUnits,
} from "./money";

const SEED = { seed: 12_345, numRuns: 500 };

describe("currencies", () => {
  it("knows ISO 4217 codes and their minor-unit digits", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KRW")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(currencyDigits("BHD")).toBe(3);
    expect(currencyDigits("CLF")).toBe(4);
    expect(() => currencyDigits("XXX")).toThrow(RangeError);
    expect(isCurrencyCode("GBP")).toBe(true);
    expect(isCurrencyCode("gbp")).toBe(false);
    expect(isCurrencyCode("XAU")).toBe(false);
    expect(isCurrencyCode(840)).toBe(false);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
  });

  it("validates a currency code with zod", () => {
    expect(currencyCodeSchema.parse("CHF")).toBe("CHF");
    const bad = currencyCodeSchema.safeParse("ABC");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/ISO 4217/);
    expect(currencyCodeSchema.safeParse("usd").success).toBe(false);
    expect(currencyCodeSchema.safeParse(null).success).toBe(false);
  });

  it("every listed code formats through Intl", () => {
    for (const code of CURRENCY_CODES) expect(formatMoney(12345, code)).toMatch(/\d/);
  });
});

describe("minor units", () => {
  it("refuses non-integers and unsafe integers", () => {
    expect(assertMinorUnits(5)).toBe(5);
    expect(() => assertMinorUnits(1.5)).toThrow(RangeError);
    expect(() => assertMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => assertMinorUnits(2 ** 53)).toThrow(RangeError);
    expect(() => sumMinorUnits([0.1, 0.2])).toThrow(RangeError);
    expect(() => priceMinutes(60, 10.5)).toThrow(RangeError);
  });

  it("validates a rate: whole, non-negative minor units", () => {
    expect(rateMinorSchema.parse(15000)).toBe(15000);
    expect(rateMinorSchema.parse(0)).toBe(0);
    expect(rateMinorSchema.safeParse(-1).success).toBe(false);
    expect(rateMinorSchema.safeParse(1.5).success).toBe(false);
    expect(rateMinorSchema.safeParse(2 ** 53).success).toBe(false);
    expect(rateMinorSchema.safeParse("100").success).toBe(false);
  });

  it("sums exactly and refuses a total past 2^53", () => {
    expect(sumMinorUnits([])).toBe(0);
    expect(sumMinorUnits([1, 2, -3, 10])).toBe(10);
    expect(() => sumMinorUnits([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe("round half-even", () => {
  it("rounds ties to the even neighbour, others to the nearest", () => {
    const r = (n: number, d: number) => Number(divideRoundHalfEven(BigInt(n), BigInt(d)));
    expect(r(1, 2)).toBe(0);
    expect(r(3, 2)).toBe(2);
    expect(r(5, 2)).toBe(2);
    expect(r(7, 2)).toBe(4);
    expect(r(-5, 2)).toBe(-2);
    expect(r(-7, 2)).toBe(-4);
    expect(r(1, 3)).toBe(0);
    expect(r(2, 3)).toBe(1);
    expect(r(-2, 3)).toBe(-1);
    expect(r(10, 5)).toBe(2);
    expect(() => divideRoundHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it("property: the result is within half of the exact quotient, and a tie lands on even", () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 15n), 10n ** 15n), fc.bigInt(1n, 10n ** 6n), (n, d) => {
        const q = divideRoundHalfEven(n, d);
        const twiceError = 2n * (n - q * d); // 2·(n − q·d) within [−d, d]
        expect(twiceError <= d && twiceError >= -d).toBe(true);
        if (twiceError === d || twiceError === -d) expect(q % 2n).toBe(0n);
      }),
      SEED,
    );
  });

  it("property: symmetric around zero", () => {
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 12n), 10n ** 12n), fc.bigInt(1n, 10n ** 4n), (n, d) => {
        expect(divideRoundHalfEven(-n, d)).toBe(-divideRoundHalfEven(n, d));
      }),
      SEED,
    );
  });
});

describe("pricing an hour", () => {
  it("prices minutes × rate / 60, rounded half-even to minor units", () => {
    expect(priceMinutes(60, 15000)).toBe(15000);
    expect(priceMinutes(90, 15000)).toBe(22500);
    expect(priceMinutes(1, 10)).toBe(0); // 0.1666… → 0
    expect(priceMinutes(3, 10)).toBe(0); // 0.5 → 0 (even)
    expect(priceMinutes(9, 10)).toBe(2); // 1.5 → 2 (even)
    expect(priceMinutes(15, 10)).toBe(2); // 2.5 → 2 (even)
    expect(priceMinutes(0, 99999)).toBe(0);
  });

  it("prices milliseconds the same way", () => {
    expect(priceDurationMs(3_600_000, 12345)).toBe(12345);
    expect(priceDurationMs(1_800_000, 101)).toBe(50); // 50.5 → 50
    expect(priceDurationMs(1_800_000, 103)).toBe(52); // 51.5 → 52
    expect(priceDurationMs(5_400_000, 10000)).toBe(15000);
  });

  it("property: minutes and milliseconds agree, and whole hours are exact", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (m, rate) => {
          expect(priceDurationMs(m * 60_000, rate)).toBe(priceMinutes(m, rate));
          expect(priceMinutes(m * 60, rate)).toBe(m * rate);
        },
      ),
      SEED,
    );
  });

  it("property: price is monotone in the minutes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (a, b, rate) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(priceMinutes(lo, rate)).toBeLessThanOrEqual(priceMinutes(hi, rate));
        },
      ),
      SEED,
    );
  });

  it("refuses a line total past 2^53", () => {
    expect(() => priceMinutes(Number.MAX_SAFE_INTEGER, 120)).toThrow(RangeError);
  });
});

describe("basis points", () => {
  it("applies a percentage, rounded half-even", () => {
    expect(applyBasisPoints(10000, 2800)).toBe(2800);
    expect(applyBasisPoints(1, 5000)).toBe(0); // 0.5 → 0
    expect(applyBasisPoints(3, 5000)).toBe(2); // 1.5 → 2
    expect(applyBasisPoints(-3, 5000)).toBe(-2);
    expect(() => applyBasisPoints(100, 12.5)).toThrow(RangeError);
  });

  it("formats with two decimals", () => {
    expect(formatBasisPoints(2800)).toBe("28.00 %");
    expect(formatBasisPoints(5)).toBe("0.05 %");
    expect(formatBasisPoints(-1250)).toBe("-12.50 %");
    expect(formatBasisPoints(0)).toBe("0.00 %");
  });

  it("property: 100 % is the identity and 0 % is zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), (amount) => {
        expect(applyBasisPoints(amount, 10_000)).toBe(amount);
        expect(applyBasisPoints(amount, 0)).toBe(0);
      }),
      SEED,
    );
  });
});

describe("formatting", () => {
  it("formats with the currency's own digits", () => {
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(-5, "USD")).toBe("-$0.05");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(1234, "JPY")).toBe("¥1,234");
    expect(formatMoney(1234, "KWD").replace(/\s/g, " ")).toBe("KWD 1.234");
    expect(formatMoney(123456, "EUR", "de-DE").replace(/\s/g, " ")).toBe("1.234,56 €");
    // Exact beyond float precision: 2^53 − 1 cents.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "USD")).toBe("$90,071,992,547,409.91");
    expect(() => formatMoney(1.5, "USD")).toThrow(RangeError);
    expect(() => formatMoney(1, "XYZ")).toThrow(RangeError);
  });

  it("shows an unpriced rate as such, never as 0", () => {
    expect(formatRate(null, "USD")).toBe("Unpriced");
    expect(formatRate(0, "USD")).toBe("$0.00/h");
    expect(formatRate(15000, "USD")).toBe("$150.00/h");
  });

  it("writes the plain decimal of a money input", () => {
    expect(minorToDecimalString(12345, "USD")).toBe("123.45");
    expect(minorToDecimalString(5, "USD")).toBe("0.05");
    expect(minorToDecimalString(-5, "KWD")).toBe("-0.005");
    expect(minorToDecimalString(500, "JPY")).toBe("500");
    expect(minorToDecimalString(0, "USD")).toBe("0.00");
  });
});

describe("parsing typed money", () => {
  it("reads amounts without floats", () => {
    expect(parseMoney("123.45", "USD")).toBe(12345);
    expect(parseMoney("1,234.5", "USD")).toBe(123450);
    expect(parseMoney(" 150 ", "USD")).toBe(15000);
    expect(parseMoney("0.1", "USD")).toBe(10);
    expect(parseMoney("0.29", "USD")).toBe(29); // 0.29 * 100 is 28.999… as a float
    expect(parseMoney("1.", "USD")).toBe(100);
    expect(parseMoney("-2.50", "USD")).toBe(-250);
    expect(parseMoney("1234", "JPY")).toBe(1234);
    expect(parseMoney("1.234", "KWD")).toBe(1234);
  });

  it("refuses what is not an amount of the currency", () => {
    expect(parseMoney("", "USD")).toBeNull();
    expect(parseMoney("abc", "USD")).toBeNull();
    expect(parseMoney("1.234", "USD")).toBeNull();
    expect(parseMoney("1.5", "JPY")).toBeNull();
    expect(parseMoney("$5", "USD")).toBeNull();
    expect(parseMoney("1e3", "USD")).toBeNull();
    expect(parseMoney("99999999999999999", "USD")).toBeNull();
  });

  it("property: parse reads back what minorToDecimalString wrote", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 14), max: 10 ** 14 }),
        fc.constantFrom("USD", "JPY", "KWD", "CLF", "EUR"),
        (amount, currency) => {
          expect(parseMoney(minorToDecimalString(amount, currency), currency)).toBe(amount);
        },
      ),
      SEED,
    );
  });
});

describe("typed percentages", () => {
  it("reads a percent as whole basis points, never through a float", () => {
    expect(parsePercent("80")).toBe(8000);
    expect(parsePercent("80.5")).toBe(8050);
    expect(parsePercent("7,25 %")).toBe(725);
    expect(parsePercent(" 100% ")).toBe(10_000);
    expect(parsePercent("0.05")).toBe(5);
    expect(parsePercent("0")).toBe(0);
    expect(parsePercent("12.")).toBe(1200);
    // 0.29 × 100 is 28.999999999999996 in floating point: the text is read digit by digit.
    expect(parsePercent("0.29")).toBe(29);
    expect(parsePercent("150")).toBe(15_000); // the range is the schema's rule
  });

  it("refuses what is not a plain percent", () => {
    for (const text of ["", "-5", "80.125", "1e2", "eighty", "80 %%", "%", ".5", "1,000"]) {
      expect(parsePercent(text), text).toBeNull();
    }
  });

  it("writes basis points as the percent a field shows", () => {
    expect(basisPointsToPercentText(8000)).toBe("80");
    expect(basisPointsToPercentText(8050)).toBe("80.5");
    expect(basisPointsToPercentText(725)).toBe("7.25");
    expect(basisPointsToPercentText(5)).toBe("0.05");
    expect(basisPointsToPercentText(0)).toBe("0");
    expect(basisPointsToPercentText(10_000)).toBe("100");
    expect(() => basisPointsToPercentText(1.5)).toThrow(RangeError);
  });

  it("checks a target's range in basis points", () => {
    expect(percentBasisPointsSchema.safeParse(8000).success).toBe(true);
    expect(percentBasisPointsSchema.safeParse(10_000).success).toBe(true);
    for (const bad of [-1, 10_001, 80.5, "8000"]) {
      expect(percentBasisPointsSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("property: parsePercent reads back what basisPointsToPercentText wrote", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (bp) => {
        expect(parsePercent(basisPointsToPercentText(bp))).toBe(bp);
      }),
      SEED,
    );
  });

  it("property: a whole percent n is n × 100 basis points, and two decimals add exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), (n, cents) => {
        expect(parsePercent(String(n))).toBe(n * 100);
        expect(parsePercent(`${n}.${String(cents).padStart(2, "0")}`)).toBe(n * 100 + cents);
      }),
      SEED,
    );
  });
});
