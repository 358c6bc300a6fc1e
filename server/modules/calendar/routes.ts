import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { notFound } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { createCalendarFeed, getCalendarFeed, renderCalendarFeed, revokeCalendarFeed } from "./calendar-feed";
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarFeedTokenParamsSchema,
  calendarItemParamsSchema,
  calendarMoveResponseSchema,
  calendarMoveSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  feedTokenOf,
} from "./contract";
import { getCalendar } from "./get-calendar";
import { moveCalendarItem } from "./move-calendar-item";

const tags = ["Calendar"];

/**
 * /api/calendar (every member of a workspace; items by task visibility, spec §6):
 * GET / — items of a window; PATCH /items/{taskId} — move a due date in ClickUp;
 * GET|POST|DELETE /feed — the caller's private iCalendar feed; GET /feed/{token}.ics — the feed
 * itself (no session: the token is the credential). Shapes and errors: contract.ts.
 */
export function calendarRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/",
      documented({
        summary:
          "Milestones calendar: visible milestone, deliverable, shoot, creative and approval items of a window",
        tags,
        response: calendarResponseSchema,
      }),
      requireTenant(),
      validate("query", calendarQuerySchema),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await getCalendar(c.var.ctx, c.req.valid("query")));
      },
    )
    .patch(
      "/items/:taskId",
      documented({
        summary: "Move a calendar item's due date to another day, in ClickUp (Undo: move it back)",
        tags,
        response: calendarMoveResponseSchema,
      }),
      requireTenant(),
      validate("param", calendarItemParamsSchema),
      validate("json", calendarMoveSchema),
      async (c) =>
        c.json(await moveCalendarItem(c.var.ctx, c.req.valid("param").taskId, c.req.valid("json"))),
    )
    .get(
      "/feed",
      documented({
        summary: "The caller's private iCalendar feed: active or not (never its URL)",
        tags,
        response: calendarFeedStatusSchema,
      }),
      requireTenant(),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await getCalendarFeed(c.var.ctx));
      },
    )
    .post(
      "/feed",
      documented({
        summary: "Create or rotate the caller's private iCalendar feed; the URL is shown only now",
        tags,
        response: calendarFeedCreatedSchema,
      }),
      requireTenant(),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        return c.json(await createCalendarFeed(c.var.ctx));
      },
    )
    .delete(
      "/feed",
      documented({
        summary: "Revoke the caller's private iCalendar feed (its URL answers 404)",
        tags,
        response: calendarFeedStatusSchema,
      }),
      requireTenant(),
      async (c) => c.json(await revokeCalendarFeed(c.var.ctx)),
    )
    .get(
      "/feed/:file",
      documented({
        summary: "A private iCalendar feed (no session; {token}.ics from POST /api/calendar/feed)",
        tags,
        mediaType: "text/calendar",
        public: true,
      }),
      validate("param", calendarFeedTokenParamsSchema),
      async (c) => {
        const token = feedTokenOf(c.req.valid("param").file);
        if (!token) throw notFound("Calendar feed not found");
        const body = await renderCalendarFeed(c.var.deps, token);
        return c.body(body, 200, {
          "Content-Type": "text/calendar; charset=utf-8",
          "Cache-Control": "private, max-age=300",
        });
      },
    );
}
