import { z } from "zod";
import { minutesPerDaySchema } from "@domain/work-calendar";

/*
 * Hours per day as people type them ('8', '7.5', '7,5') to whole minutes, the unit the capacity
 * API stores; 0–24 by the domain's rule and message.
 */

export const HOURS_TEXT_MESSAGE = "enter hours as a number, e.g. 7.5";

/**
 * '7.5' → 450, '7,25' → 435, '8' → 480; null for anything that is not a plain number of hours
 * with at most `wholeDigits` digits before the point (2 for hours per day; a task estimate allows more).
 */
export function hoursTextToMinutes(text: string, wholeDigits = 2): number | null {
  const match = new RegExp(`^(\\d{1,${wholeDigits}})(?:[.,](\\d{1,2}))?$`).exec(text.trim());
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  // Hundredths of an hour to minutes: exact integer arithmetic, rounded to the nearest minute.
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Math.round((hundredths * 60) / 100);
}

/** Minutes as the text the field shows: 450 → '7.5', 480 → '8', 435 → '7.25'. */
export function minutesToHoursText(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A required hours-per-day field → minutes. */
export const hoursTextSchema = z
  .string()
  .transform((text, ctx) => {
    const minutes = hoursTextToMinutes(text);
    if (minutes === null) {
      ctx.addIssue({ code: "custom", message: HOURS_TEXT_MESSAGE });
      return z.NEVER;
    }
    return minutes;
  })
  .pipe(minutesPerDaySchema);

/** An optional hours-per-day field (empty = the workspace default) → minutes or null. */
export const optionalHoursTextSchema = z.string().transform((text, ctx) => {
  if (!text.trim()) return null;
  const parsed = hoursTextSchema.safeParse(text);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});
