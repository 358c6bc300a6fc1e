import { useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { CALENDAR_MONTH_CELL_ITEMS } from "@domain/calendar";
import { formatDetailDay } from "@domain/index";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useCalendar, type CalendarItem } from "./api";
import { dayDropProps, ItemChip } from "./item-chip";
import { itemsByDay, monthOf } from "./model";

/*
 * The three views of the Milestones screen. Month and week are drop targets per day (drag a chip
 * to move its due date); the month has each day's count and its first CALENDAR_MONTH_CELL_ITEMS
 * items from the server, and '+N more' asks for that one day; the list groups the days that have
 * items and is virtualised, so a crowded month stays light.
 */

export interface ViewProps {
  items: CalendarItem[];
  today: string;
  pending: Set<string>;
  onOpen: (item: CalendarItem) => void;
  onMove: (itemId: string, day: string) => void;
}

/** 'Mon' of 'Mon, Nov 23, 2026' (domain/format.ts is the one day format). */
const weekdayOf = (day: string) => formatDetailDay(day).split(",")[0] ?? "";
const dayNumber = (day: string) => Number(day.slice(8, 10));

export function MonthView({
  days,
  month,
  counts,
  filters,
  ...props
}: ViewProps & {
  days: string[];
  month: string;
  /** Items per day that the filters leave (the server's count; a cell has its first few). */
  counts: ReadonlyMap<string, number>;
  /** The sidebar's filters, for the '+N more' day. */
  filters: Record<string, string>;
}) {
  const byDay = useMemo(() => itemsByDay(props.items), [props.items]);
  const [moreDay, setMoreDay] = useState<string | null>(null);
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <div
      role="table"
      aria-label="Month"
      data-testid="calendar-month"
      className="overflow-hidden rounded-xl border bg-card text-sm"
    >
      <div role="row" className="grid grid-cols-7 border-b bg-muted/50">
        {weeks[0]?.map((day) => (
          <div
            key={day}
            role="columnheader"
            className="px-2 py-1.5 text-xs font-medium text-muted-foreground"
          >
            {weekdayOf(day)}
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0]} role="row" className="grid grid-cols-7 border-b last:border-b-0">
          {week.map((day) => {
            const list = byDay.get(day) ?? [];
            const shown = list.slice(0, CALENDAR_MONTH_CELL_ITEMS);
            const count = Math.max(counts.get(day) ?? 0, list.length);
            const outside = monthOf(day) !== month;
            return (
              <div
                key={day}
                role="cell"
                data-day={day}
                aria-label={`${formatDetailDay(day)}${count ? `, ${count} items` : ""}`}
                {...dayDropProps(day, props.onMove)}
                className={cn(
                  "flex min-h-28 min-w-0 flex-col gap-0.5 border-r p-1 last:border-r-0 data-[drop-target]:bg-primary/10 data-[drop-target]:ring-2 data-[drop-target]:ring-primary data-[drop-target]:ring-inset",
                  outside && "bg-muted/40",
                )}
              >
                <span
                  className={cn(
                    "mb-0.5 inline-flex size-6 items-center justify-center self-end rounded-full text-xs tabular-nums",
                    day === props.today
                      ? "bg-primary font-semibold text-primary-foreground"
                      : outside
                        ? "text-muted-foreground"
                        : "",
                  )}
                  aria-current={day === props.today ? "date" : undefined}
                >
                  {dayNumber(day)}
                </span>
                {shown.map((item) => (
                  <ItemChip
                    key={item.id}
                    item={item}
                    pending={props.pending.has(item.id)}
                    draggable
                    onOpen={props.onOpen}
                    compact
                  />
                ))}
                {count > shown.length ? (
                  <button
                    type="button"
                    data-testid="calendar-more"
                    className="rounded px-1.5 text-left text-xs font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => setMoreDay(day)}
                  >
                    +{count - shown.length}
                    <span className="max-sm:sr-only"> more</span>
                    <span className="sr-only"> on {formatDetailDay(day)}</span>
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
      <DayDialog
        day={moreDay}
        count={moreDay ? (counts.get(moreDay) ?? 0) : 0}
        filters={filters}
        pending={props.pending}
        onOpen={(item) => {
          setMoreDay(null);
          props.onOpen(item);
        }}
        onClose={() => setMoreDay(null)}
      />
    </div>
  );
}

/** Every item of a crowded day ('+N more'): that one day, asked of the server with the same filters. */
function DayDialog({
  day,
  count,
  filters,
  pending,
  onOpen,
  onClose,
}: {
  day: string | null;
  count: number;
  filters: Record<string, string>;
  pending: Set<string>;
  onOpen: (item: CalendarItem) => void;
  onClose: () => void;
}) {
  const full = useCalendar({ from: day ?? "", to: day ?? "", view: "full", filters }, day !== null, false);
  const items = day !== null && full.data?.from === day ? full.data.items : [];
  const total = full.data?.from === day ? full.data.total : count;
  return (
    <Dialog open={day !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md" data-testid="calendar-day-dialog">
        <DialogHeader>
          <DialogTitle>{day ? formatDetailDay(day) : ""}</DialogTitle>
          <DialogDescription>
            {total} {total === 1 ? "item" : "items"}
          </DialogDescription>
        </DialogHeader>
        {full.isPending ? (
          <div className="space-y-1" aria-busy="true">
            {Array.from({ length: Math.min(count, 6) || 3 }, (_, i) => (
              <Skeleton key={i} className="h-7 w-full" />
            ))}
          </div>
        ) : full.isError ? (
          <p className="text-sm text-muted-foreground">Could not load this day. Close and try again.</p>
        ) : null}
        <ul className="space-y-1">
          {items.map((item) => (
            <li key={item.id}>
              <ItemChip
                item={item}
                pending={pending.has(item.id)}
                draggable={false}
                onOpen={onOpen}
                showProject
                className="py-1 text-sm"
              />
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

export function WeekView({ days, ...props }: ViewProps & { days: string[] }) {
  const byDay = useMemo(() => itemsByDay(props.items), [props.items]);
  return (
    <div
      role="table"
      aria-label="Week"
      data-testid="calendar-week"
      className="overflow-hidden rounded-xl border bg-card text-sm"
    >
      {/* Seven columns from 768 px; a phone stacks the days. */}
      <div role="row" className="grid grid-cols-1 md:grid-cols-7">
        {days.map((day) => {
          const list = byDay.get(day) ?? [];
          return (
            <div
              key={day}
              role="cell"
              data-day={day}
              aria-label={`${formatDetailDay(day)}${list.length ? `, ${list.length} items` : ""}`}
              {...dayDropProps(day, props.onMove)}
              className="flex min-h-14 min-w-0 flex-col gap-1 border-b p-1.5 last:border-b-0 md:min-h-[calc(100dvh-22rem)] md:border-r md:border-b-0 md:last:border-r-0 data-[drop-target]:bg-primary/10 data-[drop-target]:ring-2 data-[drop-target]:ring-primary data-[drop-target]:ring-inset"
            >
              <div
                className={cn(
                  "mb-1 flex items-baseline gap-1.5 border-b pb-1",
                  day === props.today && "font-semibold text-primary",
                )}
                aria-current={day === props.today ? "date" : undefined}
              >
                <span className="text-xs text-muted-foreground">{weekdayOf(day)}</span>
                <span className="text-lg tabular-nums">{dayNumber(day)}</span>
              </div>
              {list.map((item) => (
                <ItemChip
                  key={item.id}
                  item={item}
                  pending={props.pending.has(item.id)}
                  draggable
                  onOpen={props.onOpen}
                  className="items-start py-1 [&>span]:whitespace-normal"
                />
              ))}
              {list.length === 0 ? <span className="sr-only">No items</span> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

type ListRow = { kind: "day"; day: string; count: number } | { kind: "item"; item: CalendarItem };

const DAY_ROW = 36;
const ITEM_ROW = 40;

/** Days with items, in order, each followed by its items: one virtual list. */
export function ListView(props: Omit<ViewProps, "onMove">) {
  const rows = useMemo(() => {
    const out: ListRow[] = [];
    for (const [day, list] of itemsByDay(props.items)) {
      out.push({ kind: "day", day, count: list.length });
      for (const item of list) out.push({ kind: "item", item });
    }
    return out;
  }, [props.items]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === "day" ? DAY_ROW : ITEM_ROW),
    overscan: 12,
  });
  return (
    <div
      ref={scrollRef}
      data-testid="calendar-list"
      className="relative h-[calc(100dvh-20rem)] min-h-[24rem] overflow-y-auto overscroll-contain rounded-xl border bg-card"
    >
      <ul
        aria-label="Items by day"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((virtual) => {
          const row = rows[virtual.index]!;
          return (
            <li
              key={virtual.key}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${virtual.start}px)`, height: virtual.size }}
            >
              {row.kind === "day" ? (
                <h3
                  data-testid="calendar-list-day"
                  data-day={row.day}
                  className={cn(
                    "flex h-full items-end gap-2 border-b bg-muted/50 px-3 pb-1 text-xs font-semibold",
                    row.day === props.today && "text-primary",
                  )}
                >
                  {formatDetailDay(row.day)}
                  {row.day === props.today ? <span className="font-normal">(today)</span> : null}
                  <span className="ml-auto font-normal text-muted-foreground">{row.count}</span>
                </h3>
              ) : (
                <div className="flex h-full items-center px-2">
                  <ItemChip
                    item={row.item}
                    pending={props.pending.has(row.item.id)}
                    draggable={false}
                    onOpen={props.onOpen}
                    showProject
                    className="py-1.5 text-sm"
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
