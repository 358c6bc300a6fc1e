import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { currencyCodeSchema, minorUnitsSchema, percentBasisPointsSchema } from "@domain/money";
import {
  minutesPerDaySchema,
  timeOffTypeSchema,
  timeZoneSchema,
  weekStartSchema,
  workingDaysSchema,
} from "@domain/work-calendar";

/*
 * Request and response shapes of /api/capacity (spec §9 capacity; PRODUCT.md → Settings →
 * Organization and People, Workload → Time off), shared with the web app. People are ClickUp
 * users (provider user ids). Minutes are integers; dates yyyy-MM-dd.
 */

/** yyyy-MM-dd (a real day); documented as format "date". */
const daySchema = isoDaySchema.meta({ format: "date" });

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

/** Settings → Organization (PUT replaces every field). */
export const workspaceSettingsSchema = z
  .strictObject({
    currency: currencyCodeSchema,
    timeZone: timeZoneSchema,
    weekStart: weekStartSchema,
    /** Capacity of a person without their own figure (0–1,440; spec §9 default 480 = 8 h). */
    defaultMinutesPerDay: minutesPerDaySchema,
    /** ISO weekdays: 1 Monday … 7 Sunday. */
    workingDays: workingDaysSchema,
    fiscalYearStartMonth: z.number().int().min(1, "must be 1 to 12").max(12, "must be 1 to 12"),
  })
  .meta({ id: "WorkspaceSettings" });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const holidayParamSchema = z.strictObject({ day: daySchema });
export const holidayBodySchema = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(120),
});

export const holidaySchema = z.object({ day: z.string(), name: z.string() }).meta({ id: "Holiday" });
export const holidaysResponseSchema = z.object({ holidays: z.array(holidaySchema) }).meta({ id: "Holidays" });
export type Holiday = z.infer<typeof holidaySchema>;

/** ?from&to (both optional; an inverted window is 400 naming `to`). */
export const rangeQuerySchema = z
  .strictObject({ from: daySchema.optional(), to: daySchema.optional(), person: idSchema.optional() })
  .superRefine((v, ctx) => {
    if (v.from !== undefined && v.to !== undefined && v.to < v.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    }
  });
export type RangeQuery = z.infer<typeof rangeQuerySchema>;

export const personParamSchema = z.strictObject({ clickupUserId: idSchema });

const tagSchema = z.string().trim().min(1, "must not be empty").max(100);

/**
 * A person's purchasing limit: whole minor units of the workspace currency (12345 = 123.45 USD),
 * never a float or a money text. PRODUCT.md → Purchase orders: the person approves a PO up to
 * this amount on their own; above it an owner or admin must. null = no purchasing authority: every
 * PO they would approve needs an owner or admin (owners and admins approve any amount anyway).
 */
export const purchasingLimitSchema = minorUnitsSchema.refine((v) => v >= 0, "must not be negative");

/**
 * A person's utilisation target: basis points of capacity, 0–10,000 (8000 = 80.00 %); null = no
 * target (Reports → Utilization and the workload grid compare booked ÷ capacity with it).
 */
export const utilizationTargetSchema = percentBasisPointsSchema;

/** PUT /api/capacity/people/:clickupUserId (admins). A field left out keeps its value. */
export const personSettingsBodySchema = z.strictObject({
  /** null = the workspace default. */
  minutesPerDay: minutesPerDaySchema.nullable(),
  /** The first day the figure applies (null = always). */
  minutesEffectiveFrom: daySchema.nullable().optional(),
  /** ClickUp tag names (rate-card role lines, workload grouping). */
  roleTags: z.array(tagSchema).max(20).optional(),
  /** Minor units of the workspace currency; null = no purchasing authority (purchasingLimitSchema). */
  purchasingLimitMinor: purchasingLimitSchema.nullable().optional(),
  /** Basis points 0–10,000; null = no target. */
  utilizationTargetBp: utilizationTargetSchema.nullable().optional(),
});
export type PersonSettingsBody = z.infer<typeof personSettingsBodySchema>;

export const personSchema = z
  .object({
    clickupUserId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    minutesPerDay: z.number().int().nullable(),
    minutesEffectiveFrom: z.string().nullable(),
    roleTags: z.array(z.string()),
    /**
     * Minor units of the workspace currency; null = no purchasing authority (every PO they would
     * approve needs an owner or admin). Left out for a caller without canViewFinancials.
     */
    purchasingLimitMinor: z.number().int().nullable().optional(),
    /** Basis points (8000 = 80.00 %); null = no target. */
    utilizationTargetBp: z.number().int().nullable(),
  })
  .meta({ id: "CapacityPerson" });
export type CapacityPerson = z.infer<typeof personSchema>;
export const peopleResponseSchema = z
  .object({ people: z.array(personSchema) })
  .meta({ id: "CapacityPeople" });

export const timeOffParamSchema = z.strictObject({ id: idSchema });

/** POST /api/capacity/time-off. A half day is one day (endDate = startDate). */
export const createTimeOffSchema = z
  .strictObject({
    clickupUserId: idSchema,
    startDate: daySchema,
    endDate: daySchema,
    halfDay: z.boolean().optional(),
    type: timeOffTypeSchema,
    note: z.string().trim().max(500).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "must be on or after startDate" });
    else if (v.halfDay && v.endDate !== v.startDate) {
      ctx.addIssue({ code: "custom", path: ["halfDay"], message: "a half day is a single day" });
    }
  });
export type CreateTimeOff = z.infer<typeof createTimeOffSchema>;

/** PATCH /api/capacity/time-off/:id (the person never changes). */
export const updateTimeOffSchema = z
  .strictObject({
    startDate: daySchema.optional(),
    endDate: daySchema.optional(),
    halfDay: z.boolean().optional(),
    type: timeOffTypeSchema.optional(),
    note: z.string().trim().max(500).nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "nothing to change");
export type UpdateTimeOff = z.infer<typeof updateTimeOffSchema>;

export const timeOffSchema = z
  .object({
    id: z.string(),
    clickupUserId: z.string(),
    personName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    halfDay: z.boolean(),
    type: timeOffTypeSchema,
    note: z.string().nullable(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: "TimeOff" });
export type TimeOffView = z.infer<typeof timeOffSchema>;
export const timeOffListSchema = z.object({ timeOff: z.array(timeOffSchema) }).meta({ id: "TimeOffList" });
