import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { pageQueryFields, pagedSchema } from "@domain/paging";
import { TIME_SYNC_MAX_DAYS, timeSyncRangeDays } from "@domain/time-sync";

/*
 * Time-sync validation (issue 16 point 8; PRODUCT.md → Reports; canViewTimeSyncReports): the
 * browser checks a range chunk by chunk (at most 31 days a call) against ClickUp, read live
 * through the client. Days are days of the workspace's time zone; durations are integer
 * milliseconds, hours shown as integer minutes.
 */

export { TIME_SYNC_MAX_DAYS };

/** from ≤ to, at most 31 days (400 naming the field). */
function checkRange(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = timeSyncRangeDays(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
  else if (days > TIME_SYNC_MAX_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: `the range may cover at most ${TIME_SYNC_MAX_DAYS} days`,
    });
  }
}

export const timeSyncRangeSchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .strict()
  .superRefine(checkRange);
export type TimeSyncRange = z.infer<typeof timeSyncRangeSchema>;

/** One time entry on one side of the comparison. */
export const timeSyncEntrySchema = z.object({
  id: z.string(),
  /** ISO instant. */
  start: z.string(),
  durationMs: z.number().int(),
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
});
export type TimeSyncEntry = z.infer<typeof timeSyncEntrySchema>;

/** One person on one day: minutes in ClickUp and here, and the entries that differ. */
export const timeSyncRowSchema = z.object({
  userId: z.string(),
  /** spec §8 fallback: username, e-mail, then 'User {id}' (unresolved). */
  name: z.string(),
  resolved: z.boolean(),
  day: z.string(),
  clickupMinutes: z.number().int(),
  hereMinutes: z.number().int(),
  clickupMs: z.number().int(),
  hereMs: z.number().int(),
  discrepancy: z.boolean(),
  /** Entries in ClickUp that are missing here or differ from our copy (id, start, duration, task, person). */
  clickupEntries: z.array(timeSyncEntrySchema),
  /** Entries here that ClickUp does not have, or has differently. */
  hereEntries: z.array(timeSyncEntrySchema),
});
export type TimeSyncRow = z.infer<typeof timeSyncRowSchema>;

export const timeSyncCheckResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    /** Days compared with ClickUp. */
    checkedDays: z.array(z.string()),
    /** Days ClickUp could not be read for (never reported as matching), with the reason. */
    uncheckedDays: z.array(z.string()),
    uncheckedReason: z.string().nullable(),
    rows: z.array(timeSyncRowSchema),
    /** Person-days with a discrepancy. */
    discrepancies: z.number().int(),
    /** People named 'User {id}' (spec §8). */
    unresolvedUserIds: z.array(z.string()),
  })
  .meta({ id: "TimeSyncCheck" });
export type TimeSyncCheckResponse = z.infer<typeof timeSyncCheckResponseSchema>;

export const TIME_SYNC_WRITE_BACK_STATUSES = ["pending", "failed"] as const;

export const timeSyncWriteBacksQuerySchema = z
  .object({ ...pageQueryFields({ max: 200, fallback: 50 }) })
  .strict();
export type TimeSyncWriteBacksQuery = z.infer<typeof timeSyncWriteBacksQuerySchema>;

export const timeSyncWriteBackSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  day: z.string(),
  start: z.string(),
  durationMs: z.number().int(),
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  status: z.enum(TIME_SYNC_WRITE_BACK_STATUSES),
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type TimeSyncWriteBack = z.infer<typeof timeSyncWriteBackSchema>;

export const timeSyncWriteBacksResponseSchema = pagedSchema(timeSyncWriteBackSchema)
  .extend({
    /** The workspace's today (yyyy-MM-dd) by the app's clock: the page's default range ends on it. */
    today: z.string(),
  })
  .meta({ id: "TimeSyncWriteBacks" });
export type TimeSyncWriteBacksResponse = z.infer<typeof timeSyncWriteBacksResponseSchema>;

export const timeSyncResyncResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Entries ClickUp returned for the range (upserted). */
    timeEntries: z.number().int(),
    /** Entries here that ClickUp no longer has (marked deleted). */
    deletedTimeEntries: z.number().int(),
  })
  .meta({ id: "TimeSyncResync" });
export type TimeSyncResyncResponse = z.infer<typeof timeSyncResyncResponseSchema>;
