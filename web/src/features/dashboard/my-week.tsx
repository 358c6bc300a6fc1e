import { useState } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import {
  bookedHoursOnDay,
  dailyLoadColor,
  formatHours,
  formatWeekRange,
  isCurrentWeek,
  isOverCapacity,
  isOverdue,
  isFinishedStatus,
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

const BAR_CLASS = {
  green: "bg-green-500",
  blue: "bg-blue-500",
  orange: "bg-orange-500",
  red: "bg-red-500",
} as const;
const weekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });

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

  return (
    <section aria-labelledby="my-week-title" className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="my-week-title" className="text-sm font-semibold tracking-wide text-muted-foreground">
            MY WEEK
          </h2>
          <span data-testid="week-range" className="text-sm font-medium">
            {formatWeekRange(weekStart, weekends)}
          </span>
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
          className={cn(
            "grid gap-2 overflow-x-auto",
            weekends
              ? "grid-cols-1 sm:grid-cols-4 lg:grid-cols-7"
              : "grid-cols-1 sm:grid-cols-3 lg:grid-cols-5",
          )}
        >
          {days.map((day) => (
            <DayColumn
              key={day.toISOString()}
              day={day}
              today={today}
              loading={week.isPending}
              tasks={tasks.filter((t) => taskCoversDay(t.startDate, t.dueDate, day))}
              onOpenTask={onOpenTask}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function DayColumn({
  day,
  today,
  tasks,
  loading,
  onOpenTask,
}: {
  day: Date;
  today: string;
  tasks: DashboardTask[];
  loading: boolean;
  onOpenTask: (taskId: string) => void;
}) {
  const booked = bookedHoursOnDay(tasks, day);
  const color = dailyLoadColor(booked);
  const over = isOverCapacity(booked);
  const isToday = toIsoDate(day) === today;
  return (
    <div
      data-testid="week-day"
      data-date={toIsoDate(day)}
      className={cn(
        "flex min-w-0 flex-col rounded-lg border bg-background p-2",
        isToday && "border-primary/60 ring-1 ring-primary/30",
      )}
    >
      <div className="flex items-baseline justify-between">
        <span className="text-xs font-medium text-muted-foreground uppercase">
          {weekdayFormat.format(day)}
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
        className="mt-1 mb-2 h-1.5 w-full overflow-hidden rounded-full bg-muted"
        role="meter"
        aria-label="Total estimated hours"
        aria-valuemin={0}
        aria-valuemax={12}
        aria-valuenow={booked}
      >
        <div
          data-color={over ? "destructive" : color}
          className={cn("h-full rounded-full", over ? "bg-destructive" : BAR_CLASS[color])}
          style={{ width: `${loadBarPercent(booked)}%` }}
        />
      </div>
      <div data-testid="day-tasks" className="-mr-1 flex max-h-[26rem] flex-col gap-1.5 overflow-y-auto pr-1">
        {loading ? (
          <>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        ) : tasks.length === 0 ? (
          <p className="py-3 text-center text-xs text-muted-foreground">{MESSAGES.dashboard.noAssignments}</p>
        ) : (
          tasks.map((task) => {
            const overdue = isOverdue(task.dueDate, today) && !isFinishedStatus(task.status);
            return (
              <button
                key={task.id}
                type="button"
                data-testid="task-card"
                data-overdue={overdue || undefined}
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
