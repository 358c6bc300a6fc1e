import { memo, useEffect, useRef, useState, type MouseEvent, type RefObject } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { formatHours } from "@domain/index";
import { basisPointsToPercentText, formatBasisPoints } from "@domain/money";
import { cn } from "@/lib/cn";
import type { WorkloadResponse, WorkloadTotals } from "./api";
import { BAR_CLASS, FILL_CLASS, HATCH, OVER_CLASS, TENTATIVE_ONLY_CLASS } from "./cell-style";
import {
  cellLoad,
  longDay,
  minutesToHours,
  moneyFigure,
  targetState,
  targetText,
  UNASSIGNED_LABEL,
  type DayInfo,
  type GridItem,
} from "./model";
import { MoneyText } from "./money-text";
import type { Zoom } from "./view";
import { dateTimeFormat } from "@domain/intl";

const NAME_WIDTH = 264;
const CELL_WIDTH: Record<Zoom, number> = { "2w": 64, month: 44, quarter: 26 };
const GROUP_HEIGHT = 30;
const MONTH = () => dateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** The numbers one row draws per day (a person, or the Unassigned row without capacity). */
interface RowDays {
  booked: readonly number[];
  tentative: readonly number[];
  timeOff?: readonly number[];
  off?: readonly number[];
  overdue: readonly number[];
}

export interface GridHandlers {
  onOpenCell: (person: string, day: string) => void;
  onOpenPerson: (person: string) => void;
}

/**
 * The person × day grid (desktop): rows virtualised (TanStack Virtual) inside one scroll box,
 * the header row and the name column sticky; each row is memoised and draws its cells as plain
 * elements; clicks are read once, at the grid, from data attributes.
 */
export function WorkloadGrid({
  data,
  items,
  days,
  zoom,
  onOpenCell,
  onOpenPerson,
}: {
  data: WorkloadResponse;
  items: GridItem[];
  days: DayInfo[];
  zoom: Zoom;
} & GridHandlers) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A financial viewer's rows carry a third line (cost and revenue) under the tentative hours.
  const rowHeight = data.canViewFinancials ? 80 : 64;
  // Days share the width the box has (never narrower than the zoom's minimum; wider scrolls).
  const boxWidth = useBoxWidth(scrollRef);
  const cellWidth = Math.max(
    CELL_WIDTH[zoom],
    Math.floor((boxWidth - NAME_WIDTH - 2) / Math.max(1, days.length)),
  );
  const width = NAME_WIDTH + days.length * cellWidth;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (items[index]?.kind === "group" ? GROUP_HEIGHT : rowHeight),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 6,
  });

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>("[data-cell-person]");
    if (cell?.dataset.cellPerson && cell.dataset.cellDay) {
      onOpenCell(cell.dataset.cellPerson, cell.dataset.cellDay);
      return;
    }
    const person = target.closest<HTMLElement>("[data-open-person]")?.dataset.openPerson;
    if (person) onOpenPerson(person);
  };

  return (
    <div
      ref={scrollRef}
      data-testid="workload-grid"
      data-zoom={zoom}
      role="table"
      aria-label="Workload by person and day"
      aria-rowcount={items.length + 1}
      aria-colcount={days.length + 1}
      tabIndex={-1}
      onClick={onClick}
      className="relative h-[calc(100dvh-19rem)] min-h-[22rem] overflow-auto overscroll-contain rounded-xl border bg-card text-sm"
    >
      <div role="rowgroup" className="sticky top-0 z-20" style={{ width }}>
        <div role="row" aria-rowindex={1} className="flex h-11 border-b bg-card">
          <div
            role="columnheader"
            className="sticky left-0 z-30 flex items-end border-r bg-card px-3 pb-1.5 text-xs font-medium text-muted-foreground"
            style={{ width: NAME_WIDTH, minWidth: NAME_WIDTH }}
          >
            Person · booked / capacity
          </div>
          {days.map((day, index) => (
            <div
              key={day.iso}
              role="columnheader"
              data-day={day.iso}
              data-today={day.today || undefined}
              data-holiday={day.holiday || undefined}
              aria-label={`${longDay(day.iso)}${day.holiday ? ", holiday" : ""}`}
              title={day.holiday ? `${longDay(day.iso)} · holiday` : longDay(day.iso)}
              className={cn(
                "flex shrink-0 flex-col items-center justify-end pb-1 text-[11px] leading-tight text-muted-foreground",
                day.boundary ? "border-l border-l-foreground/25" : "border-l border-l-transparent",
                day.holiday && "bg-muted",
                day.today && "font-semibold text-primary",
              )}
              style={{ width: cellWidth }}
            >
              {index === 0 || day.dayOfMonth === 1 ? (
                <span className="font-medium text-foreground">
                  {MONTH().format(new Date(`${day.iso}T00:00:00Z`))}
                </span>
              ) : null}
              {zoom === "quarter" ? null : (
                <span>{zoom === "2w" ? day.weekday : day.weekday.slice(0, 2)}</span>
              )}
              <span
                className={cn(
                  "tabular-nums",
                  day.today && "rounded-sm bg-primary px-1 text-primary-foreground",
                )}
              >
                {day.dayOfMonth}
              </span>
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), width }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <GridRow
              key={row.key}
              item={item}
              index={row.index}
              start={row.start}
              height={item.kind === "group" ? GROUP_HEIGHT : rowHeight}
              width={width}
              days={days}
              cellWidth={cellWidth}
              zoom={zoom}
              data={data}
            />
          );
        })}
      </div>
    </div>
  );
}

/** The inner width of the scroll box, following resizes (one observer for the whole grid). */
function useBoxWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

const GridRow = memo(function GridRow({
  item,
  index,
  start,
  height,
  width,
  days,
  cellWidth,
  zoom,
  data,
}: {
  item: GridItem;
  index: number;
  start: number;
  height: number;
  width: number;
  days: DayInfo[];
  cellWidth: number;
  zoom: Zoom;
  data: WorkloadResponse;
}) {
  const style = { height, width, transform: `translateY(${start}px)` };
  if (item.kind === "group") {
    return (
      <div
        role="row"
        aria-rowindex={index + 2}
        data-testid="workload-group"
        className="absolute top-0 left-0 flex border-b bg-muted/60"
        style={style}
      >
        <div
          role="rowheader"
          aria-colspan={days.length + 1}
          className="sticky left-0 flex items-center gap-2 px-3 text-xs font-semibold tracking-wide uppercase"
        >
          {item.label}
          <span className="font-normal text-muted-foreground normal-case">
            {item.count} {item.count === 1 ? "person" : "people"}
          </span>
        </div>
      </div>
    );
  }
  const person = item.kind === "person" ? item.person : null;
  const id = person ? person.id : item.key;
  const name = person ? person.name : UNASSIGNED_LABEL;
  const rowDays: RowDays = person ?? data.unassigned;
  const totals = person ? person.totals : data.unassigned.totals;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="workload-row"
      data-person={id}
      className="absolute top-0 left-0 flex border-b"
      style={style}
    >
      <div
        role="rowheader"
        className="sticky left-0 z-10 flex flex-col justify-center gap-0.5 border-r bg-card px-3"
        style={{ width: NAME_WIDTH, minWidth: NAME_WIDTH }}
      >
        <button
          type="button"
          data-open-person={id}
          title={`Open ${name}'s month`}
          className={cn(
            "truncate text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none",
            person && !person.resolved && "text-muted-foreground italic",
          )}
        >
          {name}
        </button>
        <RowTotals
          totals={totals}
          capacity={Boolean(person)}
          target={person?.utilisationTargetBp ?? null}
          financial={data.canViewFinancials}
          currency={data.currency}
        />
      </div>
      {days.map((day, d) => dayCell(day, d, id, name, rowDays, cellWidth, zoom))}
    </div>
  );
});

function RowTotals({
  totals,
  capacity,
  target,
  financial,
  currency,
}: {
  totals: WorkloadTotals;
  capacity: boolean;
  /** The person's utilisation target (basis points), null without one. */
  target: number | null;
  financial: boolean;
  currency: string;
}) {
  const state = capacity ? targetState(totals.utilisationBp, target) : null;
  const vsTarget = capacity ? targetText(totals.utilisationBp, target) : null;
  const cost = moneyFigure("Cost", totals.cost, totals.unpricedCostMinutes, currency);
  const revenue = moneyFigure("Revenue", totals.revenue, totals.unpricedRevenueMinutes, currency);
  const tentative =
    totals.tentative > 0 ? `+${formatHours(minutesToHours(totals.tentative))} tentative` : null;
  const hours = `${formatHours(minutesToHours(totals.booked))}${
    capacity ? ` / ${formatHours(minutesToHours(totals.capacity))}` : " booked"
  }`;
  const utilisation =
    capacity && totals.utilisationBp !== null ? formatBasisPoints(totals.utilisationBp) : null;
  return (
    <>
      <span
        data-testid="row-totals"
        data-target={target ?? undefined}
        data-vs-target={state ?? undefined}
        title={[hours, utilisation, vsTarget].filter(Boolean).join(" · ")}
        className="truncate text-xs text-muted-foreground tabular-nums"
      >
        {hours}
        {utilisation ? " · " : ""}
        {utilisation ? (
          <span
            className={cn(
              state === "below" && "font-medium text-amber-800",
              state === "met" && "font-medium text-emerald-800",
            )}
          >
            {utilisation}
          </span>
        ) : null}
        {vsTarget ? (
          <span data-testid="row-target" className="ml-1" title={vsTarget}>
            <span aria-hidden>{state === "below" ? "↓" : state === "met" ? "✓" : "◎"}</span>
            <span aria-hidden>{basisPointsToPercentText(target ?? 0)}%</span>
            <span className="sr-only">{vsTarget}</span>
          </span>
        ) : null}
      </span>
      {tentative ? (
        <span data-testid="row-tentative" className="truncate text-xs text-violet-800 tabular-nums">
          {tentative}
        </span>
      ) : null}
      {financial ? (
        <span
          data-testid="row-money"
          title={`${cost.description} · ${revenue.description}`}
          className="truncate text-xs text-muted-foreground tabular-nums"
        >
          Cost <MoneyText figure={cost} testId="row-cost" /> · Revenue{" "}
          <MoneyText figure={revenue} testId="row-revenue" />
        </span>
      ) : null}
    </>
  );
}

/** One day of a row: plain elements (no component, no hooks), a button only where there is load. */
function dayCell(
  day: DayInfo,
  d: number,
  person: string,
  name: string,
  row: RowDays,
  cellWidth: number,
  zoom: Zoom,
) {
  const booked = row.booked[d] ?? 0;
  const tentative = row.tentative[d] ?? 0;
  const timeOff = row.timeOff?.[d] ?? 0;
  const off = day.holiday || (row.off?.includes(d) ?? false);
  // The dot marks overdue work where the day carries load (the API may list a range's empty days).
  const overdue = (booked > 0 || tentative > 0) && row.overdue.includes(d);
  const load = cellLoad(booked);
  const label =
    booked > 0 || tentative > 0 ? cellLabel(name, day.iso, booked, tentative, timeOff, overdue, off) : "";
  const notes = [
    off ? (day.holiday ? "holiday" : "day off") : null,
    timeOff > 0 ? `time off ${formatHours(minutesToHours(timeOff))}` : null,
  ].filter(Boolean);
  const shown = zoom === "quarter" ? null : formatHours(minutesToHours(booked > 0 ? booked : tentative));
  const extra =
    zoom === "2w" && tentative > 0 && booked > 0 ? `+${formatHours(minutesToHours(tentative))}` : null;
  const visible = [shown, extra].filter(Boolean).join(" ");
  return (
    <div
      key={day.iso}
      role="cell"
      data-day={day.iso}
      data-load={load.color ?? "none"}
      data-minutes={booked}
      data-tentative={tentative || undefined}
      data-over={load.over || undefined}
      data-overdue={overdue || undefined}
      data-time-off={timeOff || undefined}
      data-off={off || undefined}
      aria-label={
        booked || tentative
          ? undefined
          : notes.length
            ? `${longDay(day.iso)}: ${notes.join(", ")}`
            : undefined
      }
      className={cn(
        "relative shrink-0",
        day.boundary ? "border-l border-l-foreground/25" : "border-l border-l-border/60",
        off && "bg-muted/70",
        timeOff > 0 && "bg-violet-100/60",
      )}
      style={{ width: cellWidth }}
    >
      {timeOff > 0 ? <span aria-hidden className="absolute inset-x-0 top-0 h-1 bg-violet-500" /> : null}
      {booked > 0 || tentative > 0 ? (
        <button
          type="button"
          data-cell-person={person}
          data-cell-day={day.iso}
          // The name starts with the text the cell shows (WCAG label in name), then its context.
          aria-label={visible ? `${visible}: ${label}` : label}
          title={label}
          className={cn(
            "absolute inset-x-0.5 top-1.5 bottom-1 flex flex-col items-center justify-center overflow-hidden rounded text-[11px] leading-tight tabular-nums hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            load.color ? FILL_CLASS[load.color] : TENTATIVE_ONLY_CLASS,
            load.over && OVER_CLASS,
          )}
          style={tentative > 0 ? HATCH : undefined}
        >
          {shown ? <span className="rounded-sm bg-white/70 px-0.5">{shown}</span> : null}
          {extra ? (
            <span className="rounded-sm bg-white/70 px-0.5 text-[10px] text-violet-900">{extra}</span>
          ) : null}
          {load.color ? (
            <span
              aria-hidden
              className={cn("absolute bottom-0 left-0 h-1", BAR_CLASS[load.color])}
              style={{ width: `${load.bar}%` }}
            />
          ) : null}
        </button>
      ) : null}
      {overdue ? (
        <span
          aria-hidden
          className="absolute top-1.5 right-1 z-[1] size-2 rounded-full bg-destructive ring-1 ring-white"
        />
      ) : null}
    </div>
  );
}

export function cellLabel(
  name: string,
  day: string,
  booked: number,
  tentative: number,
  timeOff: number,
  overdue: boolean,
  off: boolean,
): string {
  const parts = [`${name}, ${longDay(day)}: ${formatHours(minutesToHours(booked))} booked`];
  if (tentative > 0) parts.push(`${formatHours(minutesToHours(tentative))} tentative`);
  if (timeOff > 0) parts.push(`time off ${formatHours(minutesToHours(timeOff))}`);
  if (off) parts.push("day off");
  if (overdue) parts.push("overdue work");
  return parts.join(", ");
}
