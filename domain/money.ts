import { z } from "zod";
import { numberFormat } from "./intl";

/*
 * Money (PRODUCT.md → Conventions): integer minor units of the workspace currency (ISO 4217),
 * rates in minor units per hour, percentages in basis points (28.00 % = 2800). Round half-even,
 * and only where a line total is formed; totals are sums of rounded lines. No floats for money:
 * every amount here is a safe integer (|value| < 2^53), products are formed in BigInt, and
 * display goes through Intl with a decimal string, never a divided number.
 */

/** An amount in minor units (cents, yen, fils…): a safe integer. */
export type MinorUnits = number;
/** A percentage in basis points: 28.00 % = 2800. */
export type BasisPoints = number;

/**
 * The active ISO 4217 currency codes with their minor-unit digits (ISO's "exponent"); funds,
 * precious metals and testing codes (XAU, XDR, XTS, XXX…) have no minor unit and are not
 * offered. Every code absent from the exceptions below has 2 digits.
 */
const ZERO_DIGIT = [
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
] as const;
const THREE_DIGIT = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] as const;
const FOUR_DIGIT = ["CLF", "UYW"] as const;
const TWO_DIGIT = [
  "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN",
  "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF",
  "CHW", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB",
  "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF",
  "IDR", "ILS", "INR", "IRR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP", "LKR",
  "LRD", "LSL", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN",
  "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR",
  "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS",
  "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TOP", "TRY", "TTD", "TWD", "TZS",
  "UAH", "USD", "USN", "UYU", "UZS", "VED", "VES", "WST", "XCD", "XCG", "YER", "ZAR", "ZMW", "ZWG",
] as const; // prettier-ignore

export const CURRENCY_CODES = [...TWO_DIGIT, ...ZERO_DIGIT, ...THREE_DIGIT, ...FOUR_DIGIT].sort() as [
  CurrencyCode,
  ...CurrencyCode[],
];
export type CurrencyCode =
  | (typeof TWO_DIGIT)[number]
  | (typeof ZERO_DIGIT)[number]
  | (typeof THREE_DIGIT)[number]
  | (typeof FOUR_DIGIT)[number];

/** The workspace's currency when nobody chose one. */
export const DEFAULT_CURRENCY: CurrencyCode = "USD";

const DIGITS = new Map<string, number>([
  ...TWO_DIGIT.map((c) => [c, 2] as const),
  ...ZERO_DIGIT.map((c) => [c, 0] as const),
  ...THREE_DIGIT.map((c) => [c, 3] as const),
  ...FOUR_DIGIT.map((c) => [c, 4] as const),
]);

/** Whether `code` is an active ISO 4217 code we price in (upper case, exactly three letters). */
export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === "string" && DIGITS.has(code);
}

/** An ISO 4217 code of the list above; anything else is 'unknown currency'. */
export const currencyCodeSchema = z
  .string()
  .refine(isCurrencyCode, "must be a known ISO 4217 currency code (e.g. USD, EUR, JPY)")
  .transform((code) => code as CurrencyCode);

/** Minor-unit digits of a currency (JPY 0, USD 2, KWD 3, CLF 4). Throws for an unknown code. */
export function currencyDigits(code: string): number {
  const digits = DIGITS.get(code);
  if (digits === undefined) throw new RangeError(`Unknown currency ${code}`);
  return digits;
}

/** Throws a RangeError unless `value` is a safe integer amount. */
export function assertMinorUnits(value: number, what = "amount"): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number of minor units`);
  return value;
}

/** An amount in minor units from the request: a safe integer (money is never a float). */
export const minorUnitsSchema = z
  .number()
  .int("must be a whole number of minor units")
  .refine(Number.isSafeInteger, "is too large");

/** A rate in minor units per hour: a whole, non-negative number of minor units. */
export const rateMinorSchema = minorUnitsSchema.refine((v) => v >= 0, "must not be negative");

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is too large`);
  }
  return Number(value);
}

/**
 * `numerator / denominator` rounded half to even (banker's rounding): 0.5 → 0, 1.5 → 2, 2.5 → 2,
 * -2.5 → -2. Integers only; the denominator must be positive.
 */
export function divideRoundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let quotient = n / denominator;
  const twiceRemainder = (n % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n))
    quotient += 1n;
  return negative ? -quotient : quotient;
}

export const MS_PER_HOUR_BIG = 3_600_000n;

/**
 * A line total: `durationMs` of work at `rateMinorPerHour`, rounded half-even to minor units —
 * the one place an hour's cost or revenue is rounded. Both inputs are safe integers.
 */
export function priceDurationMs(durationMs: number, rateMinorPerHour: MinorUnits): MinorUnits {
  assertMinorUnits(durationMs, "duration");
  assertMinorUnits(rateMinorPerHour, "rate");
  return toSafeNumber(
    divideRoundHalfEven(BigInt(durationMs) * BigInt(rateMinorPerHour), MS_PER_HOUR_BIG),
    "line total",
  );
}

/** A line total for `minutes` of work: minutes × rate / 60, rounded half-even to minor units. */
export function priceMinutes(minutes: number, rateMinorPerHour: MinorUnits): MinorUnits {
  assertMinorUnits(minutes, "minutes");
  assertMinorUnits(rateMinorPerHour, "rate");
  return toSafeNumber(divideRoundHalfEven(BigInt(minutes) * BigInt(rateMinorPerHour), 60n), "line total");
}

/** The sum of already-rounded lines (exact; throws past 2^53). */
export function sumMinorUnits(values: Iterable<MinorUnits>): MinorUnits {
  let total = 0n;
  for (const value of values) total += BigInt(assertMinorUnits(value));
  return toSafeNumber(total, "total");
}

/** `amount` × `basisPoints` / 10,000, rounded half-even (a markup, a fee, a tax line). */
export function applyBasisPoints(amount: MinorUnits, basisPoints: BasisPoints): MinorUnits {
  assertMinorUnits(amount);
  assertMinorUnits(basisPoints, "basis points");
  return toSafeNumber(divideRoundHalfEven(BigInt(amount) * BigInt(basisPoints), 10_000n), "amount");
}

/** Basis points as a percent text with two decimals: 2800 → "28.00 %", -5 → "-0.05 %". */
export function formatBasisPoints(basisPoints: BasisPoints): string {
  return `${decimalString(assertMinorUnits(basisPoints, "basis points"), 2)} %`;
}

/** An integer as a plain decimal string with `digits` fraction digits: (-12345, 2) → "-123.45". */
function decimalString(value: number, digits: number): string {
  const negative = value < 0;
  const text = Math.abs(value)
    .toString()
    .padStart(digits + 1, "0");
  const whole = digits ? text.slice(0, -digits) : text;
  const fraction = digits ? `.${text.slice(-digits)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/**
 * Minor units as the plain decimal a money input shows and parseMoney reads back:
 * (12345, "USD") → "123.45", (500, "JPY") → "500", (-5, "KWD") → "-0.005".
 */
export function minorToDecimalString(amount: MinorUnits, currency: string): string {
  return decimalString(assertMinorUnits(amount), currencyDigits(currency));
}

/**
 * An amount for display, in `currency` with its own minor-unit digits, through Intl with a
 * decimal string (exact, no float): (123456, "USD") → "$1,234.56", (1234, "JPY") → "¥1,234".
 */
export function formatMoney(amount: MinorUnits, currency: string, locale = "en-US"): string {
  const digits = currencyDigits(currency);
  const format = numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  // Intl.NumberFormat formats a numeric string exactly (ECMA-402 NumberFormat v3).
  return format.format(decimalString(assertMinorUnits(amount), digits) as unknown as number);
}

/** A rate for display: "$150.00/h"; an unpriced rate (null) reads "Unpriced", never "$0.00". */
export function formatRate(rate: MinorUnits | null, currency: string, locale = "en-US"): string {
  return rate === null ? UNPRICED_LABEL : `${formatMoney(rate, currency, locale)}/h`;
}

/** What an hour with no rate shows instead of an amount (PRODUCT.md → Rate cards). */
export const UNPRICED_LABEL = "Unpriced";

const MONEY_TEXT = /^(-)?(\d{1,16})(?:\.(\d*))?$/;

/**
 * A typed amount to minor units without floats: "1,234.5" in USD → 123450; "1234" in JPY → 1234.
 * Spaces and thousands commas are ignored; a leading currency symbol is not accepted. null when
 * the text is not a number, has more fraction digits than the currency, or is past 2^53.
 */
export function parseMoney(text: string, currency: string): MinorUnits | null {
  const digits = currencyDigits(currency);
  const match = MONEY_TEXT.exec(text.replace(/[\s,]/g, ""));
  if (!match) return null;
  const [, minus, whole = "", fraction = ""] = match;
  if (fraction.length > digits) return null;
  const minor = BigInt(whole + fraction.padEnd(digits, "0")) * (minus ? -1n : 1n);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(minor);
}

/** A percentage from 0 % to 100 % in basis points (0–10,000), e.g. a utilisation target. */
export const percentBasisPointsSchema = z
  .number()
  .int("must be a whole number of basis points (8000 = 80 %)")
  .min(0, "must not be negative")
  .max(10_000, "must be at most 10000 (100 %)");

const PERCENT_TEXT = /^(\d{1,7})(?:[.,](\d{0,2}))?$/;

/**
 * A typed percentage to basis points without floats: "80" → 8000, "80.5" → 8050, "7,25 %" →
 * 725. Spaces and one trailing "%" are ignored; null when the text is not a plain non-negative
 * number with at most two decimals (the range is the caller's rule, percentBasisPointsSchema).
 */
export function parsePercent(text: string): BasisPoints | null {
  const match = PERCENT_TEXT.exec(text.replace(/\s/g, "").replace(/%$/, ""));
  if (!match) return null;
  const [, whole = "", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Basis points as the plain percent a field shows and parsePercent reads back, without trailing
 * zeros: 8000 → "80", 8050 → "80.5", 725 → "7.25", 5 → "0.05".
 */
export function basisPointsToPercentText(basisPoints: BasisPoints): string {
  const text = decimalString(assertMinorUnits(basisPoints, "basis points"), 2);
  return text.replace(/\.?0+$/, "");
}
