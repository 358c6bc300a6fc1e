import { useState, type KeyboardEvent } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import {
  bookedHoursOnDay,
  CAPACITY_HOURS_PER_DAY,
  dailyLoadColor,
  formatHours,
  formatWeekRange,
  isCurrentWeek,
  isOverCapacity,
  isOverdue,
  isFinishedStatus,
  LOAD_BAR_FULL_HOURS,
  loadBarPercent,
  MESSAGES,
  shiftWeek,
  startOfWeek,
  taskCoversDay,
  toIsoDate,
  weekDays,
} from "@domain/index";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useWeek, type DashboardTask } from "./api";
import { StatusPill } from "@/components/status-pill";
import { WeekStatusBadge } from "@/features/timesheet/week-status-badge";
import { moveInWeek } from "./week-keys";
import { dateTimeFormat } from "@domain/intl";

const BAR_CLASS = {
  green: "bg-green-500",
  blue: "bg-blue-500",
  orange: "bg-orange-500",
  red: "bg-red-500",
} as const;
const SECTION_CLASS = "min-w-0 rounded-xl border bg-card p-4 shadow-sm";
const TOOLBAR_CLASS = "mb-3 flex flex-wrap items-center justify-between gap-2";
const GRID_5_DAYS = "grid-cols-1 sm:grid-cols-3 lg:grid-cols-5";
const GRID_7_DAYS = "grid-cols-1 sm:grid-cols-4 lg:grid-cols-7";
const DAY_CLASS = "flex min-w-0 flex-col rounded-lg border bg-background p-2";
/** A fixed height, loading or loaded, so the cards arriving never push the page (layout shift). */
const DAY_TASKS_CLASS = "-mr-1 flex h-72 flex-col gap-1.5 overflow-y-auto pr-1 sm:h-[26rem]";
const weekdayFormat = () => dateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });

/**
 * MY WEEK (spec §2, §9): Monday–Friday by default, '+ Weekends' / 'Mon-Fri', previous and next
 * week, 'Today' away from the current week; per day 'Nh booked', the load bar and task cards.
 */
export function MyWeek({ today, onOpenTask }: { today: string; onOpenTask: (taskId: string) => void }) {
  const [weekStart, setWeekStart] = useState(() => startOfWeek(today));
  const [weekends, setWeekends] = useState(false);
  const date = toIsoDate(weekStart) as string;
  const week = useWeek(date);
  const days = weekDays(weekStart, weekends);
  const tasks = week.data?.tasks ?? [];
  const current = isCurrentWeek(weekStart, today);
  const columns = days.map((day) => ({
    day,
    date: toIsoDate(day) as string,
    tasks: tasks.filter((t) => taskCoversDay(t.startDate, t.dueDate, day)),
  }));
  // One tab stop for the whole week (the card last focused, else today's first, else the week's first).
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const keys = columns.map((c) => c.tasks.map((t) => cardKey(c.date, t.id)));
  const allKeys = keys.flat();
  const tabStop =
    focusedKey && allKeys.includes(focusedKey)
      ? focusedKey
      : (keys[columns.findIndex((c) => c.date === today)]?.[0] ?? allKeys[0] ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const card = (event.target as HTMLElement).closest<HTMLElement>("[data-card-key]");
    if (!card || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = { day: Number(card.dataset.dayIndex), index: Number(card.dataset.cardIndex) };
    const to = moveInWeek(
      keys.map((k) => k.length),
      from,
      event.key,
    );
    if (!to) return;
    event.preventDefault();
    const key = keys[to.day]?.[to.index];
    if (!key) return;
    setFocusedKey(key);
    event.currentTarget.querySelector<HTMLElement>(`[data-card-key="${CSS.escape(key)}"]`)?.focus();
  };

  return (
    <section aria-labelledby="my-week-title" className={SECTION_CLASS}>
      <div className={TOOLBAR_CLASS}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="my-week-title" className="text-sm font-semibold tracking-wide text-muted-foreground">
            MY WEEK
          </h2>
          <span data-testid="week-range" className="text-sm font-medium">
            {formatWeekRange(weekStart, weekends)}
          </span>
          {week.data && week.data.timesheetStatus !== "open" && !week.isPlaceholderData ? (
            <WeekStatusBadge
              status={week.data.timesheetStatus}
              className="text-[11px]"
              context="Timesheet of this week:"
            />
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          {!current ? (
            <Button variant="outline" size="sm" onClick={() => setWeekStart(startOfWeek(today))}>
              Today
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setWeekends((w) => !w)}>
            {weekends ? MESSAGES.dashboard.weekdaysOnly : MESSAGES.dashboard.showWeekends}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Previous week"
            onClick={() => setWeekStart((w) => shiftWeek(w, -1))}
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Next week"
            onClick={() => setWeekStart((w) => shiftWeek(w, 1))}
          >
            <ChevronRight />
          </Button>
        </div>
      </div>
      {week.isError ? (
        <p className="py-8 text-center text-sm text-destructive">
          Could not load your week. Try again shortly.
        </p>
      ) : (
        <div
          role="group"
          aria-label="Task cards of the week"
          aria-describedby="my-week-keys"
          onKeyDown={onKeyDown}
          className={cn("grid gap-2", weekends ? GRID_7_DAYS : GRID_5_DAYS)}
        >
          <p id="my-week-keys" className="sr-only">
            One stop for all cards: the arrow keys move between the cards and days, Enter opens a card.
          </p>
          {columns.map(({ day, date, tasks: dayTasks }, dayIndex) => (
            <DayColumn
              key={date}
              day={day}
              dayIndex={dayIndex}
              today={today}
              loading={week.isPending}
              tasks={dayTasks}
              tabStop={tabStop}
              onFocusCard={setFocusedKey}
              onOpenTask={onOpenTask}
            />
          ))}
        </div>
      )}
    </section>
  );
}

const cardKey = (date: string, taskId: string) => `${date}:${taskId}`;

/** Where the 8 h capacity sits on the load bar's 12 h scale (spec §9). */
const CAPACITY_MARK_PERCENT = loadBarPercent(CAPACITY_HOURS_PER_DAY);

function DayColumn({
  day,
  dayIndex,
  today,
  tasks,
  loading,
  tabStop,
  onFocusCard,
  onOpenTask,
}: {
  day: Date;
  dayIndex: number;
  today: string;
  tasks: DashboardTask[];
  loading: boolean;
  tabStop: string | null;
  onFocusCard: (key: string) => void;
  onOpenTask: (taskId: string) => void;
}) {
  const booked = bookedHoursOnDay(tasks, day);
  const color = dailyLoadColor(booked);
  const over = isOverCapacity(booked);
  const date = toIsoDate(day) as string;
  const isToday = date === today;
  return (
    <div
      data-testid="week-day"
      data-date={date}
      className={cn(DAY_CLASS, isToday && "border-primary/60 ring-1 ring-primary/30")}
    >
      <div className="flex items-baseline justify-between">
        <span className="text-xs font-medium text-muted-foreground uppercase">
          {weekdayFormat().format(day)}
        </span>
        <span className={cn("text-lg font-semibold", isToday && "text-primary")}>{day.getUTCDate()}</span>
      </div>
      <div
        data-testid="day-booked"
        className={cn("text-xs", over ? "font-semibold text-destructive" : "text-muted-foreground")}
      >
        {formatHours(booked)} booked
      </div>
      <div
        className="relative mt-1.5 mb-2.5 h-1.5 w-full rounded-full bg-muted"
        role="meter"
        aria-label="Total estimated hours"
        aria-valuemin={0}
        aria-valuemax={LOAD_BAR_FULL_HOURS}
        aria-valuenow={booked}
        aria-valuetext={`${formatHours(booked)} booked of ${formatHours(CAPACITY_HOURS_PER_DAY)} capacity`}
      >
        <div
          data-color={over ? "destructive" : color}
          className={cn("h-full rounded-full", over ? "bg-destructive" : BAR_CLASS[color])}
          style={{ width: `${loadBarPercent(booked)}%` }}
        />
        <span
          aria-hidden
          data-testid="capacity-mark"
          title={`${formatHours(CAPACITY_HOURS_PER_DAY)} capacity`}
          className="absolute -top-1 -bottom-1 w-0.5 -translate-x-1/2 rounded-full bg-foreground/60"
          style={{ left: `${CAPACITY_MARK_PERCENT}%` }}
        />
      </div>
      {/* Not a tab stop of its own: the cards inside are reached by the week's roving focus (arrow
          keys, each card scrolled into view), and Chromium would otherwise make every overflowing
          day a tab stop, since its cards are tabIndex -1. */}
      <div data-testid="day-tasks" tabIndex={-1} className={DAY_TASKS_CLASS}>
        {loading ? (
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        ) : tasks.length === 0 ? (
          <p className="py-3 text-center text-xs text-muted-foreground">{MESSAGES.dashboard.noAssignments}</p>
        ) : (
          tasks.map((task, index) => {
            const overdue = isOverdue(task.dueDate, today) && !isFinishedStatus(task.status);
            const key = cardKey(date, task.id);
            return (
              <button
                key={task.id}
                type="button"
                data-testid="task-card"
                data-card-key={key}
                data-day-index={dayIndex}
                data-card-index={index}
                data-overdue={overdue || undefined}
                tabIndex={key === tabStop ? 0 : -1}
                onFocus={() => onFocusCard(key)}
                onClick={() => onOpenTask(task.id)}
                className={cn(
                  "w-full rounded-md border bg-card p-2 text-left text-xs shadow-xs transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  overdue && "border-destructive/50 bg-destructive/5",
                )}
              >
                <div className="line-clamp-2 font-medium">{task.name}</div>
                <div className="mt-0.5 truncate text-muted-foreground">{task.folderName}</div>
                <div className="mt-1 flex flex-wrap items-center gap-1">
                  <StatusPill status={task.status.status} rule="dashboard" />
                  {task.hoursPerDayEstimate ? (
                    <span className="text-[11px] text-muted-foreground">
                      {formatHours(task.hoursPerDayEstimate)}/day
                    </span>
                  ) : null}
                  {overdue ? <span className="text-[11px] font-medium text-destructive">Overdue</span> : null}
                </div>
              </button>
            );
          })
        )}
      </div>
    </div>
  );
}

/**
 * MY WEEK while the dashboard's summary loads: the same frame, day columns and heights as the
 * loaded week, so the page keeps its layout when the data arrives.
 */
export function MyWeekSkeleton() {
  return (
    <div aria-hidden data-testid="my-week-skeleton" className={SECTION_CLASS}>
      <div className={TOOLBAR_CLASS}>
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-8 w-40" />
      </div>
      <div className={cn("grid gap-2", GRID_5_DAYS)}>
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={DAY_CLASS}>
            <Skeleton className="h-7 w-full" />
            <Skeleton className="mt-0.5 h-3.5 w-16" />
            <Skeleton className="mt-1.5 mb-2.5 h-1.5 w-full rounded-full" />
            <div className={DAY_TASKS_CLASS}>
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
