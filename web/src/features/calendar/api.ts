import {
  keepPreviousData,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { toast } from "sonner";
import { formatDetailDay } from "@domain/index";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch, ApiError } from "@/lib/api";
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  calendarMoveResponseSchema,
  calendarResponseSchema,
  type CalendarItem,
  type CalendarResponse,
} from "../../../../server/modules/calendar/contract";

export type * from "../../../../server/modules/calendar/contract";

/** Query keys carry the workspace so a switch never shows the previous workspace's calendar. */
export const calendarKeys = {
  all: (org: string | undefined) => ["calendar", org] as const,
  range: (org: string | undefined, window: CalendarWindow) =>
    ["calendar", org, "range", window.from, window.to, window.view, window.filters] as const,
  feed: (org: string | undefined) => ["calendar", org, "feed"] as const,
};

/**
 * What a view asks of GET /api/calendar: the days from `from` to `to` (inclusive), the month
 * view's cut (each day's count and first items) or every item, and the sidebar's filters
 * (model.ts filterParams).
 */
export interface CalendarWindow {
  from: string;
  to: string;
  view: CalendarView;
  filters: Record<string, string>;
}

export type CalendarView = CalendarResponse["view"];

/** GET /api/calendar for a window; `enabled` false waits (a closed '+N more' dialog). */
export function useCalendar(window: CalendarWindow, enabled = true, keepPrevious = true) {
  const org = useOrgId();
  return useQuery({
    queryKey: calendarKeys.range(org, window),
    queryFn: () =>
      apiFetch(
        `/api/calendar?${new URLSearchParams({
          from: window.from,
          to: window.to,
          ...(window.view === "month" ? { view: "month" } : {}),
          ...window.filters,
        }).toString()}`,
        calendarResponseSchema,
      ),
    enabled: Boolean(org) && enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** An item as any cached window has it (the '+N more' day's items are not in the month's). */
export function useCachedItem(id: string | null): CalendarItem | null {
  const org = useOrgId();
  const client = useQueryClient();
  if (!id) return null;
  for (const [, data] of client.getQueriesData<CalendarResponse>({ queryKey: calendarKeys.all(org) })) {
    const found = Array.isArray(data?.items) ? data.items.find((i) => i.id === id) : undefined;
    if (found) return found;
  }
  return null;
}

/** A move: the item (as the screen knew it) and the day it goes to. */
export interface MoveVariables {
  item: CalendarItem;
  day: string;
  /** An Undo: no second Undo is offered. */
  undo?: boolean;
}

const MOVE_KEY = ["calendar", "move"] as const;

/** The ids of the items whose move is on its way to ClickUp (their chips show it). */
export function usePendingMoves(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: MOVE_KEY, status: "pending" },
    select: (m) => (m.state.variables as MoveVariables | undefined)?.item.id ?? "",
  });
  return new Set(ids.filter(Boolean));
}

/** The message of a refused move: the server's reason (e.g. ClickUp's), else a plain one. */
function refusal(error: unknown): string {
  return error instanceof ApiError ? error.message : "The move did not reach ClickUp. Try again.";
}

/** The item with its due date moved to `day`, keeping the time of day. */
function movedItem(item: CalendarItem, day: string): CalendarItem {
  const time = item.dueDate.length > 10 ? item.dueDate.slice(10) : "";
  return { ...item, day, dueDate: `${day}${time}` };
}

/** The days' counts with one item moved from `from` to `to` (a day outside the window drops it). */
function movedCount(
  days: CalendarResponse["days"],
  fromDay: string,
  toDay: string,
  windowFrom: string,
  windowTo: string,
): CalendarResponse["days"] {
  const counts = new Map(days.map((d) => [d.day, d.count]));
  counts.set(fromDay, (counts.get(fromDay) ?? 1) - 1);
  if (toDay >= windowFrom && toDay <= windowTo) counts.set(toDay, (counts.get(toDay) ?? 0) + 1);
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([d, count]) => ({ day: d, count }));
}

/**
 * PATCH /api/calendar/items/{id} {dueDate}: the chip moves at once in every cached window; a
 * refusal puts it back and says why; success says where it went, with Undo (the same PATCH
 * back to the day the server says it was on).
 */
export function useMoveItem() {
  const org = useOrgId();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationKey: MOVE_KEY,
    mutationFn: ({ item, day }: MoveVariables) =>
      apiFetch(`/api/calendar/items/${encodeURIComponent(item.id)}`, calendarMoveResponseSchema, {
        method: "PATCH",
        json: { dueDate: day },
      }),
    onMutate: async ({ item, day }) => {
      await client.cancelQueries({ queryKey: calendarKeys.all(org) });
      const snapshots = client.getQueriesData<CalendarResponse>({ queryKey: calendarKeys.all(org) });
      for (const [key, data] of snapshots) {
        if (!data || !Array.isArray(data.items)) continue;
        const known = data.items.find((i) => i.id === item.id);
        if (!known) continue;
        client.setQueryData<CalendarResponse>(key, {
          ...data,
          items: data.items.map((i) => (i.id === item.id ? movedItem(i, day) : i)),
          days: movedCount(data.days, known.day, day, data.from, data.to),
        });
      }
      return { snapshots };
    },
    onError: (error, { item }, context) => {
      for (const [key, data] of (context?.snapshots ?? []) as [QueryKey, CalendarResponse | undefined][])
        client.setQueryData(key, data);
      toast.error(`Could not move ${item.name}`, { description: refusal(error) });
    },
    onSuccess: (result, { item, undo }) => {
      const where = formatDetailDay(result.item.day);
      if (undo) {
        toast.success(`Moved ${item.name} back to ${where}`);
        return;
      }
      toast.success(`Moved ${item.name} to ${where}`, {
        action: {
          label: "Undo",
          onClick: () =>
            mutation.mutate({ item: result.item, day: result.previousDueDate.slice(0, 10), undo: true }),
        },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.all(org) }),
  });
  return mutation;
}

/** GET /api/calendar/feed: whether the caller has a private feed (never its URL). */
export function useCalendarFeed() {
  const org = useOrgId();
  return useQuery({
    queryKey: calendarKeys.feed(org),
    queryFn: () => apiFetch("/api/calendar/feed", calendarFeedStatusSchema),
    enabled: Boolean(org),
    retry: false,
  });
}

/** POST /api/calendar/feed: a new private URL (the old one stops working); shown once. */
export function useCreateFeed() {
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/calendar/feed", calendarFeedCreatedSchema, { method: "POST" }),
    onSuccess: (created) =>
      client.setQueryData(calendarKeys.feed(org), {
        active: created.active,
        createdAt: created.createdAt,
        lastFetchedAt: created.lastFetchedAt,
      }),
  });
}

/** DELETE /api/calendar/feed: the URL answers 404 from now on. */
export function useRevokeFeed() {
  const org = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch("/api/calendar/feed", calendarFeedStatusSchema, { method: "DELETE" }),
    onSuccess: (status) => client.setQueryData(calendarKeys.feed(org), status),
  });
}
