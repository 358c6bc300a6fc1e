import { z } from "zod";
import { pageQueryFields, pagedSchema } from "@domain/paging";
import { isoDaySchema } from "@domain/iso-day";

/*
 * Request and response shapes of /api/workload/* (spec §2 Workload, §3 Workload entry and
 * Detailed time entry, §9 capacity and seven-day assumptions), shared with the web app.
 *
 * Units: the grid is in integer minutes per person per day; spec §3 entries keep the spec's
 * names and units (hours as numbers, dates yyyy-MM-dd). Money is integer minor units of the
 * workspace currency (rates per hour), and appears only for canViewFinancials — otherwise, and
 * when no rate resolves ("unpriced"), it is null, never 0.
 *
 * The booking rules (documented here once; the screen and the CSV read the same numbers):
 * - A task books work when it is open (status not finished, spec §4), not deleted or archived,
 *   and has an effective range (spec §9: both dates; only a start ⇒ 7 days; only a due date ⇒
 *   starts 7 days earlier; domain/task-range.ts). Days are UTC calendar days.
 * - Its `h/d est` field (domain hoursPerDayEstimate), when set, books that many hours on every
 *   working day of the range for each assignee — it is already a per-person daily figure.
 * - Otherwise its own estimate (time_estimate_ms) is split equally between its assignees (whole
 *   minutes; the odd minutes go to the first assignees by id) and each share is spread evenly
 *   over the working days of the range (whole minutes; the odd minutes go to the first days), so
 *   the minutes of a task always add up to its estimate. A range without a working day spreads
 *   over all its calendar days instead, so no estimate silently disappears.
 * - Working days are the workspace's working days that are not holidays (workload_capacity);
 *   time off does not move bookings, it lowers capacity — an over-booked day off shows as such.
 * - Tentative = the task's project (folder) is in the Bid phase (spec §4 grouping of its meta
 *   task's status); those minutes are counted apart from booked ones and left out with
 *   `tentative=false`.
 * - Overdue = an open task due before today (workspace "today" from the server clock).
 * - Utilisation = booked (confirmed) minutes ÷ capacity minutes, in basis points (null when
 *   there is no capacity).
 * - Cost and revenue (canViewFinancials) = the confirmed booked minutes of the window priced at
 *   the internal and the client rate (PRODUCT.md → Rate cards, domain/rates.ts: the project's
 *   client card, else the default; person line → role line → card default; the rate in force on
 *   the day booked). A line is one task's minutes for one person within one rate period, priced
 *   minutes × rate / 60 and rounded half-even once; totals are sums of rounded lines. Minutes
 *   with no rate are "unpriced" — counted in unpricedCostMinutes / unpricedRevenueMinutes, never
 *   priced at 0. Tentative minutes are not priced.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The longest window one request may cover (a year, leap day included). */
export const WORKLOAD_MAX_DAYS = 366;

/** "Person" value of the Unassigned row. */
export const UNASSIGNED = "unassigned";

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

/** "true" | "false" (query strings); the use cases read `=== "true"`. */
const booleanQuery = z.enum(["true", "false"]);

function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

/** Window checks shared by the grid, entries and time-entry queries (400 naming `to`). */
function checkWindow(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.from === undefined || value.to === undefined) return;
  const days = dayNumber(value.to) - dayNumber(value.from) + 1;
  if (days < 1) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
  } else if (days > WORKLOAD_MAX_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: `the window may cover at most ${WORKLOAD_MAX_DAYS} days`,
    });
  }
}

/** A `day`, or `from` and `to` together (not both kinds), and a window within the limits. */
function checkDayOrWindow(
  value: { day?: string | undefined; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((value.from === undefined) !== (value.to === undefined)) {
    const missing = value.from === undefined ? "from" : "to";
    ctx.addIssue({ code: "custom", path: [missing], message: "from and to go together" });
  }
  if (value.day !== undefined && value.from !== undefined) {
    ctx.addIssue({ code: "custom", path: ["day"], message: "give day or from/to, not both" });
  }
  checkWindow(value, ctx);
}

const filterFields = {
  /** A space id of the workspace (404 when unknown). */
  space: idSchema.optional(),
  /** A project (ClickUp folder) id of the workspace (404 when unknown). */
  project: idSchema.optional(),
  /** A role tag: only people carrying it. */
  role: z.string().trim().min(1).max(100).optional(),
  /** Include the tentative load of Bid-phase projects (default true). */
  tentative: booleanQuery.default("true"),
};

/** GET /api/workload?from&to&space&project&person&role&tentative (and /api/workload.csv). */
export const workloadQuerySchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    ...filterFields,
    /** A ClickUp user id of the workspace (404 when unknown), or "unassigned". */
    person: idSchema.optional(),
  })
  .strict()
  .superRefine(checkWindow);
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

export const WORKLOAD_ENTRY_SORT_KEYS = [
  "due_date",
  "start_date",
  "name",
  "assignee_name",
  "folder_name",
  "estimated_time_total",
  "total_time_logged_hours",
] as const;
export type WorkloadEntrySortKey = (typeof WORKLOAD_ENTRY_SORT_KEYS)[number];

const pagingFields = {
  dir: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields({ max: 500, fallback: 100 }),
};

/**
 * GET /api/workload/entries: the spec §3 Workload entries behind a cell (person + day), a person
 * (with a window: their tasks booked in it) or a project. `day` is the one-day window; `from` and
 * `to` a longer one (both or neither); without a window every task matches, open or finished
 * (a project's whole picture), while with one only the open tasks booked in it do (what the grid
 * counts).
 */
export const workloadEntriesQuerySchema = z
  .object({
    day: isoDaySchema.optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    ...filterFields,
    /** A ClickUp user id of the workspace (404 when unknown), or "unassigned". */
    person: idSchema.optional(),
    sort: z.enum(WORKLOAD_ENTRY_SORT_KEYS).default("due_date"),
    ...pagingFields,
  })
  .strict()
  .superRefine(checkDayOrWindow);
export type WorkloadEntriesQuery = z.infer<typeof workloadEntriesQuerySchema>;

export const WORKLOAD_TIME_ENTRY_SORT_KEYS = ["start_time", "hours_logged", "assignee_name"] as const;
export type WorkloadTimeEntrySortKey = (typeof WORKLOAD_TIME_ENTRY_SORT_KEYS)[number];

/**
 * GET /api/workload/time-entries: the spec §3 Detailed time entries (non-deleted) of a cell
 * (person + day), a person or a project; the window (`day`, or `from` and `to`) filters on the
 * entry's start day (UTC). "unassigned" is not a person here (time always has one).
 */
export const workloadTimeEntriesQuerySchema = z
  .object({
    day: isoDaySchema.optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    space: idSchema.optional(),
    project: idSchema.optional(),
    /** A ClickUp user id of the workspace (404 when unknown). */
    person: idSchema.optional(),
    sort: z.enum(WORKLOAD_TIME_ENTRY_SORT_KEYS).default("start_time"),
    ...pagingFields,
  })
  .strict()
  .superRefine(checkDayOrWindow);
export type WorkloadTimeEntriesQuery = z.infer<typeof workloadTimeEntriesQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Totals of a row over the window (minutes; money in minor units, null when not shown/unpriced). */
export const workloadTotalsSchema = z.object({
  booked: z.number().int(),
  tentative: z.number().int(),
  capacity: z.number().int(),
  timeOff: z.number().int(),
  /** booked ÷ capacity in basis points (8000 = 80.00 %); null without capacity. */
  utilisationBp: z.number().int().nullable(),
  /** Open tasks of the row due before today (whatever the window), under the filters. */
  overdueTasks: z.number().int(),
  /**
   * Booked minutes × internal rate, minor units: Σ of the priced lines (0 with nothing booked).
   * Null without canViewFinancials, and when there are booked minutes and none has a rate.
   */
  cost: z.number().int().nullable(),
  /** Booked minutes × client rate, minor units; null as for cost. */
  revenue: z.number().int().nullable(),
  /**
   * Booked minutes without an internal rate (left out of cost; > 0 with a cost means "partly
   * unpriced"). Null without canViewFinancials.
   */
  unpricedCostMinutes: z.number().int().nullable(),
  /** Booked minutes without a client rate (left out of revenue). Null without canViewFinancials. */
  unpricedRevenueMinutes: z.number().int().nullable(),
});
export type WorkloadTotals = z.infer<typeof workloadTotalsSchema>;

/**
 * One row of the grid. Every per-day array has one value per day of `days`, in order; day lists
 * (`off`, `holidays`, `overdue`) hold indices into `days`.
 */
export const workloadPersonSchema = z.object({
  /** ClickUp user id. */
  id: z.string(),
  /** Spec §8 fallback order; 'User {id}' when nothing resolves. */
  name: z.string(),
  /** False when the name fell back to 'User {id}' (counted in unresolvedNames). */
  resolved: z.boolean(),
  email: z.string().nullable(),
  /** Role tags of the person (rows group by these). */
  roles: z.array(z.string()),
  /** Spaces the person has booked or tentative minutes in within the window (rows group by these). */
  spaceIds: z.array(z.string()),
  /** Confirmed booked minutes per day. */
  booked: z.array(z.number().int()),
  /** Tentative (Bid-phase) minutes per day (all 0 with tentative=false). */
  tentative: z.array(z.number().int()),
  /** Capacity minutes per day: hours per day on working days, minus time off; 0 on holidays. */
  capacity: z.array(z.number().int()),
  /** Time-off minutes per day. */
  timeOff: z.array(z.number().int()),
  /** Days that are not working days for the person (weekends, holidays). */
  off: z.array(z.number().int()),
  /** Days covered by an open task of the row that is overdue (due before today). */
  overdue: z.array(z.number().int()),
  /**
   * The person's utilisation target (Settings → People), basis points (8000 = 80.00 %); null
   * when none is set. The screen compares totals.utilisationBp with it.
   */
  utilisationTargetBp: z.number().int().nullable(),
  totals: workloadTotalsSchema,
});
export type WorkloadPerson = z.infer<typeof workloadPersonSchema>;

/** Estimated open work with no assignee (no capacity). */
export const workloadUnassignedSchema = z.object({
  booked: z.array(z.number().int()),
  tentative: z.array(z.number().int()),
  overdue: z.array(z.number().int()),
  totals: workloadTotalsSchema,
});
export type WorkloadUnassigned = z.infer<typeof workloadUnassignedSchema>;

/** GET /api/workload */
export const workloadResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The workspace's today (yyyy-MM-dd); overdue means due before it. */
    today: z.string(),
    /** Every day of the window, yyyy-MM-dd. */
    days: z.array(z.string()),
    /** Workspace holidays in the window (indices into days). */
    holidays: z.array(z.number().int()),
    people: z.array(workloadPersonSchema),
    unassigned: workloadUnassignedSchema,
    /** Sum of the people rows (capacity and utilisation) plus the Unassigned row's minutes. */
    totals: workloadTotalsSchema,
    /** Spaces named in people's spaceIds. */
    spaces: z.array(z.object({ id: z.string(), name: z.string() })),
    /** People whose name fell back to 'User {id}' (spec §8; the screen warns admins). */
    unresolvedNames: z.number().int(),
    /** The caller sees money (costs, revenue, rates). */
    canViewFinancials: z.boolean(),
    /** ISO 4217 currency of the money fields. */
    currency: z.string(),
  })
  .meta({ id: "Workload" });
export type WorkloadResponse = z.infer<typeof workloadResponseSchema>;

/** Spec §3 Workload entry (one per task and assignee), plus url/tentative/overdue for the screen. */
export const workloadEntrySchema = z.object({
  /** Task id and assignee id joined by '-' ('{taskId}-unassigned' without an assignee). */
  id: z.string(),
  name: z.string(),
  custom_id: z.string().nullable(),
  /** The task's own job code, else its folder's (the folder's meta task). */
  job_code: z.string().nullable(),
  status: z.string().nullable(),
  /** yyyy-MM-dd (UTC). */
  start_date: z.string().nullable(),
  /** yyyy-MM-dd (UTC), date only. */
  due_date: z.string().nullable(),
  space_id: z.string().nullable(),
  folder_id: z.string().nullable(),
  assignee_id: z.string().nullable(),
  assignee_name: z.string().nullable(),
  /** Hours = time_estimate_ms / 3,600,000 (the whole task's estimate). */
  estimated_time_total: z.number(),
  tags: z.array(z.string()),
  /** Hours this assignee logged on the task (non-deleted time entries). */
  total_time_logged_hours: z.number(),
  space_name: z.string().nullable(),
  folder_name: z.string().nullable(),
  /** Internal rate per hour (minor units); null when unpriced or not shown. */
  assignee_rate: z.number().int().nullable(),
  /** Estimate hours × client rate (minor units); null when unpriced or not shown. */
  estimated_cost: z.number().int().nullable(),
  /** Σ actual_client_revenue of this assignee's time on the task; null when unpriced or not shown. */
  actual_cost: z.number().int().nullable(),
  /** The task in ClickUp. */
  url: z.string().nullable(),
  /** Its project is in the Bid phase. */
  tentative: z.boolean(),
  /** Open and due before today. */
  overdue: z.boolean(),
  /** The task's `h/d est` field, when set. */
  hours_per_day_estimate: z.number().nullable(),
});
export type WorkloadEntry = z.infer<typeof workloadEntrySchema>;

/** GET /api/workload/entries */
export const workloadEntriesResponseSchema = pagedSchema(workloadEntrySchema)
  .extend({
    /** Matching rows left out because the caller may not see their task (spec §6). */
    hidden: z.number().int(),
    canViewFinancials: z.boolean(),
    currency: z.string(),
  })
  .meta({ id: "WorkloadEntries" });
export type WorkloadEntriesResponse = z.infer<typeof workloadEntriesResponseSchema>;

/** Spec §3 Detailed time entry, plus the entry id and task name for the screen. */
export const workloadTimeEntrySchema = z.object({
  id: z.string(),
  task_id: z.string().nullable(),
  task_name: z.string().nullable(),
  assignee_id: z.string(),
  assignee_name: z.string(),
  hours_logged: z.number(),
  /** hours × client rate on the entry's day (minor units); null when unpriced or not shown. */
  actual_client_revenue: z.number().int().nullable(),
  /** ISO timestamp. */
  start_time: z.string(),
  internal_rate: z.number().int().nullable(),
  client_rate: z.number().int().nullable(),
});
export type WorkloadTimeEntry = z.infer<typeof workloadTimeEntrySchema>;

/** GET /api/workload/time-entries */
export const workloadTimeEntriesResponseSchema = pagedSchema(workloadTimeEntrySchema)
  .extend({
    /** Matching entries left out because the caller may not see their task (spec §6). */
    hidden: z.number().int(),
    canViewFinancials: z.boolean(),
    currency: z.string(),
  })
  .meta({ id: "WorkloadTimeEntries" });
export type WorkloadTimeEntriesResponse = z.infer<typeof workloadTimeEntriesResponseSchema>;
