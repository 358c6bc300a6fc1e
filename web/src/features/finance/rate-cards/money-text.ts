import { z } from "zod";
import { currencyDigits, parseMoney, type MinorUnits } from "@domain/money";

/*
 * A rate typed into a text field, read with domain parseMoney into integer minor units of the
 * card's currency (never a float). Each refusal says what is wrong, under the field.
 */

function example(currency: string): string {
  const digits = currencyDigits(currency);
  return digits ? `150.${"0".repeat(digits)}` : "150";
}

/** Why `text` is not a rate in `currency`, or null when it is one. Empty text is not judged here. */
export function moneyTextProblem(text: string, currency: string): string | null {
  const compact = text.replace(/[\s,]/g, "");
  if (/^-/.test(compact)) return "must not be negative";
  if (parseMoney(text, currency) !== null) return null;
  const digits = currencyDigits(currency);
  const fraction = /^\d+\.(\d+)$/.exec(compact)?.[1];
  if (fraction !== undefined && fraction.length > digits) {
    return digits === 0
      ? `${currency} has no decimals: enter a whole amount, e.g. ${example(currency)}`
      : `${currency} has at most ${digits} decimal${digits === 1 ? "" : "s"}, e.g. ${example(currency)}`;
  }
  if (/^\d{17,}/.test(compact)) return "is too large";
  return `enter an amount in ${currency} without symbols or letters, e.g. ${example(currency)}`;
}

/** A required rate: text → minor units per hour. */
export function moneyTextSchema(currency: string) {
  return z.string().transform((text, ctx): MinorUnits => {
    if (!text.trim()) {
      ctx.addIssue({ code: "custom", message: `enter a rate in ${currency}, e.g. ${example(currency)}` });
      return z.NEVER;
    }
    const problem = moneyTextProblem(text, currency);
    const minor = problem === null ? parseMoney(text, currency) : null;
    if (minor === null) {
      ctx.addIssue({ code: "custom", message: problem ?? "is not an amount" });
      return z.NEVER;
    }
    return minor;
  });
}

/** An optional rate (empty = none, null). */
export function optionalMoneyTextSchema(currency: string) {
  const required = moneyTextSchema(currency);
  return z.string().transform((text, ctx): MinorUnits | null => {
    if (!text.trim()) return null;
    const parsed = required.safeParse(text);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });
}
