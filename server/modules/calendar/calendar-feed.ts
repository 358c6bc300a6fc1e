import { randomBytes } from "node:crypto";
import { addIsoDays, CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, todayInZone } from "@domain/calendar";
import { serializeCalendar } from "@domain/icalendar";
import type { Role } from "@domain/permissions";
import type { AppDeps } from "../../context";
import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import { systemContext, type RequestContext } from "../../request-context";
import { resolveTaskScope } from "../accessible-tasks/task-scope";
import { recordChange } from "../audit/record-change";
import { hashToken } from "../invitations/repo";
import { loadCalendarItems } from "./calendar-items";
import type { CalendarFeedCreated, CalendarFeedStatus } from "./contract";
import {
  deleteFeed,
  selectFeed,
  selectFeedOwner,
  touchFeed,
  upsertFeed,
  workspaceTimeZone,
  type FeedRow,
} from "./repo";

/*
 * The private iCalendar feed of a person in a workspace (PRODUCT.md → Milestones). The URL holds
 * a random 32-byte token (base64url); only its SHA-256 is stored, so the URL is shown once, when
 * it is made. Rotating replaces the hash (the old URL answers 404); revoking deletes the row.
 * The feed shows what its owner would see on /calendar today (spec §6 with their current role
 * and ClickUp connection), from 60 days back to 365 days ahead; a former member's feed is 404.
 */

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function status(row: FeedRow | undefined): CalendarFeedStatus {
  return row
    ? { active: true, createdAt: iso(row.created_at), lastFetchedAt: iso(row.last_fetched_at) }
    : { active: false, createdAt: null, lastFetchedAt: null };
}

/** The public URL of a token (PUBLIC_URL, like every absolute link the server hands out). */
export function feedUrl(deps: Pick<AppDeps, "config">, token: string): string {
  return `${deps.config.publicUrl}/api/calendar/feed/${token}.ics`;
}

/** GET /api/calendar/feed */
export async function getCalendarFeed(ctx: RequestContext): Promise<CalendarFeedStatus> {
  return status(await selectFeed(ctx.db, ctx.organizationId, ctx.userId));
}

/** POST /api/calendar/feed: a new token (the previous URL, if any, stops working). */
export async function createCalendarFeed(ctx: RequestContext): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString("base64url");
  const row = await transaction(ctx.deps.database, async (tx) => {
    const previous = await selectFeed(tx, ctx.organizationId, ctx.userId);
    const created = await upsertFeed(tx, ctx.organizationId, ctx.userId, hashToken(token), ctx.deps.now());
    await recordChange(ctx, tx, {
      object: "calendar_feed",
      id: ctx.userId,
      action: previous ? "rotated" : "created",
      before: previous ? { createdAt: iso(previous.created_at) } : undefined,
      after: { createdAt: iso(created.created_at) },
    });
    return created;
  });
  return {
    active: true,
    createdAt: new Date(row.created_at).toISOString(),
    lastFetchedAt: null,
    url: feedUrl(ctx.deps, token),
  };
}

/** DELETE /api/calendar/feed: revoke (idempotent; the URL answers 404 from now on). */
export async function revokeCalendarFeed(ctx: RequestContext): Promise<CalendarFeedStatus> {
  await transaction(ctx.deps.database, async (tx) => {
    const previous = await selectFeed(tx, ctx.organizationId, ctx.userId);
    if (!previous) return;
    await deleteFeed(tx, ctx.organizationId, ctx.userId);
    await recordChange(ctx, tx, {
      object: "calendar_feed",
      id: ctx.userId,
      action: "revoked",
      before: { createdAt: iso(previous.created_at) },
    });
  });
  return status(undefined);
}

/**
 * GET /api/calendar/feed/{token}.ics (no session): the owner's calendar as iCalendar text, or
 * 404 for an unknown, rotated or revoked token or an owner no longer in the workspace.
 */
export async function renderCalendarFeed(deps: AppDeps, token: string): Promise<string> {
  const owner = await selectFeedOwner(deps.database.db, hashToken(token));
  if (!owner) throw notFound("Calendar feed not found");
  const now = deps.now();
  // The owner's own context (their role and ClickUp connection decide what they see, spec §6).
  const ctx: RequestContext = {
    ...systemContext(deps, owner.organization_id, owner.role as Role),
    userId: owner.user_id,
    user: {
      id: owner.user_id,
      email: owner.email,
      name: [owner.first_name, owner.last_name].filter(Boolean).join(" ") || owner.email,
      firstName: owner.first_name,
      lastName: owner.last_name,
      image: null,
      twoFactorEnabled: false,
    },
    requestId: "calendar-feed",
  };
  const [scope, timeZone] = await Promise.all([
    resolveTaskScope(ctx),
    workspaceTimeZone(ctx.db, ctx.organizationId),
  ]);
  const today = todayInZone(now, timeZone);
  const { items } = await loadCalendarItems(ctx.db, scope, timeZone, {
    from: addIsoDays(today, -CALENDAR_FEED_DAYS_BACK),
    to: addIsoDays(today, CALENDAR_FEED_DAYS_AHEAD),
  });
  await touchFeed(ctx.db, owner.organization_id, owner.user_id, now);
  return serializeCalendar({
    prodId: "-//Agency Hub//Milestones//EN",
    name: "Agency Hub milestones",
    events: items.map((item) => ({
      uid: `${item.id}@agency-hub`,
      day: item.day,
      summary: item.projectName ? `${item.name} — ${item.projectName}` : item.name,
      description: [
        `Status: ${item.status ?? "unknown"}`,
        item.listName ? `List: ${item.listName}` : null,
        item.assignees.length ? `Assignees: ${item.assignees.join(", ")}` : null,
      ]
        .filter(Boolean)
        .join("\n"),
      url: item.url,
      stamp: now,
    })),
  });
}
