import { z } from "zod";
import {
  CALENDAR_KINDS,
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_HIDDEN,
  CALENDAR_SEARCH_MAX,
} from "@domain/calendar";
import { isoDaySchema } from "@domain/iso-day";

/*
 * Request and response shapes of /api/calendar/* (PRODUCT.md → Milestones; spec §3 task types,
 * §6 visibility, §9 milestone rule), shared with the web app (web/src/features/calendar).
 * The item rule, kinds, meta-task rule and project colours live in domain/calendar.ts.
 *
 * Routes:
 * - GET    /api/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD   → CalendarResponse (from and to INCLUSIVE,
 *          at most CALENDAR_MAX_DAYS = 100 days; days are calendar days in the workspace time zone)
 *          [&view=month] [&q=search] [&hideProjects=id,id] [&hideMetaTasks=id,id] [&project=id]
 *          [&metaTask=id]: the sidebar's filters, applied in SQL; view=month sends each day's count
 *          and only its first CALENDAR_MONTH_CELL_ITEMS items (a month cell's chips; '+N more'
 *          asks for that one day: from=to=day, the default view=full sends every item).
 * - PATCH  /api/calendar/items/{taskId}  { dueDate }     → CalendarMoveResponse (moves the due
 *          date in ClickUp; Undo = the same PATCH with `previousDueDate`)
 * - GET    /api/calendar/feed                            → CalendarFeedStatus (never the URL)
 * - POST   /api/calendar/feed                            → CalendarFeedCreated (creates or rotates;
 *          the only answer that carries the URL)
 * - DELETE /api/calendar/feed                            → CalendarFeedStatus (revoked: active false)
 * - GET    /api/calendar/feed/{token}.ics (no session)   → text/calendar
 *
 * Errors (one shape {"error":{"code","message","fields"?}}): 400 naming the field; 401 signed
 * out; 403 no workspace; 404 a task that is not a calendar item the caller can see in their
 * workspace; 409 code "clickup_refused" when ClickUp refuses the move (the message says why);
 * 503 code "service_unavailable" when ClickUp is busy, failing or does not answer (try again);
 * 409 code "conflict" when neither the caller nor the workspace has a usable ClickUp connection.
 */

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

/** A calendar day yyyy-MM-dd that exists, between 1900 and 2999 (absurd years → 400). */
export const calendarDaySchema = isoDaySchema
  .refine((v) => v >= "1900-01-01" && v <= "2999-12-31", "must be between 1900-01-01 and 2999-12-31")
  .meta({ format: "date" });

/** A project (folder) or meta task id of the sidebar's filters ("none": items in no project). */
const filterIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

/** Comma-separated ids (`hideProjects=12,34`), at most CALENDAR_MAX_HIDDEN. */
const idListSchema = z
  .string()
  .max(CALENDAR_MAX_HIDDEN * 65)
  .transform((text) =>
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(filterIdSchema).max(CALENDAR_MAX_HIDDEN));

export const CALENDAR_VIEWS = ["full", "month"] as const;

/**
 * GET /api/calendar — from and to both inclusive, to ≥ from, at most CALENDAR_MAX_DAYS days;
 * the sidebar's filters (spec §3 Calendar UI state): a search term (item, project or meta-task
 * name contains it, any case), hidden projects and meta tasks, a focused project or meta task.
 */
export const calendarQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    /** full (default): every item; month: per day its count and its first CALENDAR_MONTH_CELL_ITEMS items. */
    view: z.enum(CALENDAR_VIEWS).optional(),
    q: z.string().max(CALENDAR_SEARCH_MAX).optional(),
    hideProjects: idListSchema.optional(),
    hideMetaTasks: idListSchema.optional(),
    project: filterIdSchema.optional(),
    metaTask: filterIdSchema.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    // A bad day is reported on its own field only.
    if (!calendarDaySchema.safeParse(value.from).success || !calendarDaySchema.safeParse(value.to).success)
      return;
    const days = dayNumber(value.to) - dayNumber(value.from) + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    else if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `the range may cover at most ${CALENDAR_MAX_DAYS} days`,
      });
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** Path parameter of PATCH /api/calendar/items/{taskId}. */
export const calendarItemParamsSchema = z
  .object({
    taskId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w-]+$/, "Invalid id"),
  })
  .strict();

/** PATCH /api/calendar/items/{taskId} body: the new due day (workspace zone; time of day kept). */
export const calendarMoveSchema = z.object({ dueDate: calendarDaySchema }).strict();
export type CalendarMove = z.infer<typeof calendarMoveSchema>;

/**
 * Path parameter of GET /api/calendar/feed/{token}.ics. Any text up to 200 characters: a token
 * that is not 43 base64url characters + ".ics" is simply unknown (404), like a revoked one.
 */
export const calendarFeedTokenParamsSchema = z.object({ file: z.string().max(200) }).strict();

/** The token of a feed file name, or null when it cannot be one. */
export function feedTokenOf(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  return match ? match[1]! : null;
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const calendarKindSchema = z.enum(CALENDAR_KINDS);
export type CalendarKind = z.infer<typeof calendarKindSchema>;

/** One calendar item (a task). */
export const calendarItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO timestamp of the due date (ClickUp's instant). */
  dueDate: z.string(),
  /** yyyy-MM-dd: the due date's day in the workspace time zone (the cell it sits in). */
  day: z.string(),
  /** Status text as ClickUp has it (null when unknown). */
  status: z.string().nullable(),
  /** ClickUp's status colour (e.g. "#d3d3d3"), null when unknown. */
  statusColor: z.string().nullable(),
  /** ClickUp's status type (open, custom, closed, done), null when unknown. */
  statusType: z.string().nullable(),
  /** Finished per spec §4 (status contains closed, complete, archived or canceled). */
  finished: z.boolean(),
  kind: calendarKindSchema,
  customItemId: z.number().int().nullable(),
  /** Folder id; null for a task in a folderless list. */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  spaceId: z.string().nullable(),
  spaceName: z.string().nullable(),
  listName: z.string().nullable(),
  /** Its meta task (domain/calendar.ts rule), null when none. */
  metaTaskId: z.string().nullable(),
  /** The task in ClickUp. */
  url: z.string().nullable(),
  /** Assignee display names (spec §8 fallback order), in ClickUp's order. */
  assignees: z.array(z.string()),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

/** A project (folder) with items in the range. */
export const calendarProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  spaceId: z.string().nullable(),
  spaceName: z.string().nullable(),
  /** projectColorIndex(id) from domain/calendar.ts (0 … PROJECT_COLOR_COUNT-1). */
  colorIndex: z.number().int(),
  /** Its items in the range that the search matches (hidden or focused elsewhere or not). */
  count: z.number().int(),
});
export type CalendarProject = z.infer<typeof calendarProjectSchema>;

/** A meta task (custom item 1001) that some item of the range belongs to. */
export const calendarMetaTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its folder; null when the meta task sits in a folderless list. */
  projectId: z.string().nullable(),
  /** Its items in the range that the search matches. */
  count: z.number().int(),
});
export type CalendarMetaTask = z.infer<typeof calendarMetaTaskSchema>;

/** GET /api/calendar */
export const calendarResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** IANA zone of the workspace: the zone of every `day`. */
    timeZone: z.string(),
    /** Today in the workspace zone (yyyy-MM-dd), from the server clock. */
    today: z.string(),
    view: z.enum(CALENDAR_VIEWS),
    /**
     * Items due from `from` to `to` inclusive that the filters leave, by day, then due instant,
     * then name, then id: all of them (view full), or the first `perDay` of each day (view month).
     */
    items: z.array(calendarItemSchema),
    /** view month: CALENDAR_MONTH_CELL_ITEMS; view full: null (no cut). */
    perDay: z.number().int().nullable(),
    /** Each day with items that the filters leave, by day, with their number. */
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    /** Items that the filters leave in the range. */
    total: z.number().int(),
    /** Items in the range before the sidebar's filters (0: nothing is due; else they hid all). */
    rangeTotal: z.number().int(),
    /** Projects of the range's items that the search matches, by name then id. */
    projects: z.array(calendarProjectSchema),
    /** Items in no project (folderless lists) that the search matches. */
    noProjectCount: z.number().int(),
    /** Meta tasks of the range's items that the search matches, by name then id. */
    metaTasks: z.array(calendarMetaTaskSchema),
  })
  .meta({ id: "Calendar" });
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** PATCH /api/calendar/items/{taskId} */
export const calendarMoveResponseSchema = z
  .object({
    /** The item as ClickUp returned it (already stored here). */
    item: calendarItemSchema,
    /** The day it was on (workspace zone): PATCH it back to undo. */
    previousDueDate: z.string(),
  })
  .meta({ id: "CalendarMove" });
export type CalendarMoveResponse = z.infer<typeof calendarMoveResponseSchema>;

/** GET and DELETE /api/calendar/feed */
export const calendarFeedStatusSchema = z
  .object({
    active: z.boolean(),
    /** ISO timestamps; null when there is no feed / it was never fetched. */
    createdAt: z.string().nullable(),
    lastFetchedAt: z.string().nullable(),
  })
  .meta({ id: "CalendarFeedStatus" });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/calendar/feed — the URL is shown once; the old URL (if any) stops working. */
export const calendarFeedCreatedSchema = z
  .object({
    active: z.literal(true),
    createdAt: z.string(),
    lastFetchedAt: z.null(),
    /** https://…/api/calendar/feed/{token}.ics */
    url: z.string(),
  })
  .meta({ id: "CalendarFeedCreated" });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
