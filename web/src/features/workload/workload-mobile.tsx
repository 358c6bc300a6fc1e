import { useRef, useState, type MouseEvent, type ReactNode, type TouchEvent } from "react";
import { CalendarDays, ChevronLeft, ChevronRight, User } from "lucide-react";
import { formatHours } from "@domain/index";
import { formatBasisPoints } from "@domain/money";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { UNASSIGNED, type WorkloadPerson, type WorkloadResponse } from "./api";
import { BAR_CLASS, HATCH } from "./cell-style";
import {
  cellLoad,
  longDay,
  minutesToHours,
  moneyFigure,
  targetState,
  targetText,
  UNASSIGNED_LABEL,
  type DayInfo,
} from "./model";
import { MoneyText } from "./money-text";
import type { GridHandlers } from "./workload-grid";

type Mode = "person" | "day";

/** A row of the phone view: a person, or the Unassigned row. */
interface Line {
  id: string;
  name: string;
  booked: readonly number[];
  tentative: readonly number[];
  timeOff: readonly number[] | null;
  off: readonly number[];
  overdue: readonly number[];
  person: WorkloadPerson | null;
}

/**
 * Below 768 px: one person (their days) or one day (everyone's load) at a time, with big
 * previous/next buttons and a horizontal swipe doing the same.
 */
export function WorkloadMobile({
  data,
  people,
  unassigned,
  days,
  onOpenCell,
  onOpenPerson,
}: {
  data: WorkloadResponse;
  people: readonly WorkloadPerson[];
  unassigned: boolean;
  days: DayInfo[];
} & GridHandlers) {
  const [mode, setMode] = useState<Mode>("person");
  const lines: Line[] = people.map((p) => ({
    id: p.id,
    name: p.name,
    booked: p.booked,
    tentative: p.tentative,
    timeOff: p.timeOff,
    off: p.off,
    overdue: p.overdue,
    person: p,
  }));
  if (unassigned) {
    lines.push({
      id: UNASSIGNED,
      name: UNASSIGNED_LABEL,
      booked: data.unassigned.booked,
      tentative: data.unassigned.tentative,
      timeOff: null,
      off: [],
      overdue: data.unassigned.overdue,
      person: null,
    });
  }
  const todayIndex = Math.max(
    0,
    days.findIndex((d) => d.today),
  );
  const [personId, setPersonId] = useState<string | null>(null);
  const [dayIndex, setDayIndex] = useState<number | null>(null);
  const personAt = Math.max(
    0,
    lines.findIndex((l) => l.id === personId),
  );
  const line = lines[personAt];
  const day = Math.min(dayIndex ?? todayIndex, days.length - 1);

  const step = (direction: 1 | -1) => {
    if (mode === "person") {
      const next = lines[(personAt + direction + lines.length) % lines.length];
      if (next) setPersonId(next.id);
    } else {
      setDayIndex(Math.min(days.length - 1, Math.max(0, day + direction)));
    }
  };

  // A horizontal swipe of 60 px or more (and more sideways than down) steps like the buttons.
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    if (Math.abs(dx) >= 60 && Math.abs(dx) > Math.abs(t.clientY - start.y) * 1.5) step(dx < 0 ? 1 : -1);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-cell-person]");
    if (target?.dataset.cellPerson && target.dataset.cellDay) {
      onOpenCell(target.dataset.cellPerson, target.dataset.cellDay);
    }
  };

  const label = mode === "person" ? (line?.name ?? "") : days[day] ? longDay(days[day].iso) : "";
  const prevLabel = mode === "person" ? "Previous person" : "Previous day";
  const nextLabel = mode === "person" ? "Next person" : "Next day";

  return (
    <div data-testid="workload-mobile" className="space-y-3">
      <div role="group" aria-label="Show" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        <ModeButton active={mode === "person"} onClick={() => setMode("person")} icon={<User aria-hidden />}>
          One person
        </ModeButton>
        <ModeButton
          active={mode === "day"}
          onClick={() => setMode("day")}
          icon={<CalendarDays aria-hidden />}
        >
          One day
        </ModeButton>
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          className="size-12 shrink-0"
          aria-label={prevLabel}
          onClick={() => step(-1)}
          disabled={mode === "day" && day <= 0}
        >
          <ChevronLeft className="size-5" />
        </Button>
        {mode === "person" ? (
          <select
            aria-label="Person"
            className="h-12 min-w-0 flex-1 rounded-md border bg-background px-3 text-base font-medium"
            value={line?.id ?? ""}
            onChange={(e) => setPersonId(e.target.value)}
          >
            {lines.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        ) : (
          <div
            data-testid="mobile-day"
            className="flex h-12 flex-1 items-center justify-center rounded-md border font-medium"
          >
            {label}
          </div>
        )}
        <Button
          variant="outline"
          className="size-12 shrink-0"
          aria-label={nextLabel}
          onClick={() => step(1)}
          disabled={mode === "day" && day >= days.length - 1}
        >
          <ChevronRight className="size-5" />
        </Button>
      </div>

      <div onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} onClick={onClick} className="touch-pan-y">
        {mode === "person" && line ? (
          <>
            {line.person ? (
              <div className="mb-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border bg-card px-3 py-2 text-sm">
                <span
                  className="tabular-nums"
                  data-testid="row-totals"
                  data-vs-target={
                    targetState(line.person.totals.utilisationBp, line.person.utilisationTargetBp) ??
                    undefined
                  }
                >
                  {formatHours(minutesToHours(line.person.totals.booked))} /{" "}
                  {formatHours(minutesToHours(line.person.totals.capacity))}
                  {line.person.totals.utilisationBp !== null
                    ? ` · ${formatBasisPoints(line.person.totals.utilisationBp)}`
                    : ""}
                  {line.person.utilisationTargetBp !== null ? (
                    <span data-testid="row-target" className="text-muted-foreground">
                      {" "}
                      ({targetText(line.person.totals.utilisationBp, line.person.utilisationTargetBp)})
                    </span>
                  ) : null}
                </span>
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => onOpenPerson(line.id)}>
                  Month
                </Button>
                {data.canViewFinancials ? (
                  <span
                    data-testid="row-money"
                    className="basis-full text-xs text-muted-foreground tabular-nums"
                  >
                    Cost{" "}
                    <MoneyText
                      figure={moneyFigure(
                        "Cost",
                        line.person.totals.cost,
                        line.person.totals.unpricedCostMinutes,
                        data.currency,
                      )}
                    />{" "}
                    · Revenue{" "}
                    <MoneyText
                      figure={moneyFigure(
                        "Revenue",
                        line.person.totals.revenue,
                        line.person.totals.unpricedRevenueMinutes,
                        data.currency,
                      )}
                    />
                  </span>
                ) : null}
              </div>
            ) : null}
            <ul className="space-y-1.5" aria-label={`${line.name}: days`}>
              {days.map((d, i) => (
                <li key={d.iso}>{loadRow(line, i, d, longDay(d.iso))}</li>
              ))}
            </ul>
          </>
        ) : mode === "day" && days[day] ? (
          <ul className="space-y-1.5" aria-label={`${label}: people`}>
            {lines.map((l) => (
              <li key={l.id}>{loadRow(l, day, days[day] as DayInfo, l.name)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function ModeButton({
  active,
  onClick,
  icon,
  children,
}: {
  active: boolean;
  onClick: () => void;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "flex h-11 items-center justify-center gap-2 rounded-md text-sm font-medium [&_svg]:size-4",
        active ? "bg-background shadow-sm" : "text-muted-foreground",
      )}
    >
      {icon}
      {children}
    </button>
  );
}

/** One line of the phone view: a label, the §9 bar and the hours; a button when there is load. */
function loadRow(line: Line, d: number, day: DayInfo, label: string) {
  const booked = line.booked[d] ?? 0;
  const tentative = line.tentative[d] ?? 0;
  const timeOff = line.timeOff?.[d] ?? 0;
  const off = day.holiday || line.off.includes(d);
  // The dot marks overdue work where the day carries load (the API may list a range's empty days).
  const overdue = (booked > 0 || tentative > 0) && line.overdue.includes(d);
  const load = cellLoad(booked);
  const content = (
    <>
      <span className="w-28 shrink-0 truncate text-left text-sm font-medium">{label}</span>
      <span className="relative h-2.5 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
        {load.color ? (
          <span
            className={cn("absolute inset-y-0 left-0", BAR_CLASS[load.color])}
            style={{ width: `${load.bar}%` }}
          />
        ) : null}
      </span>
      <span className="flex w-28 shrink-0 flex-col items-end text-xs tabular-nums">
        <span className={cn("text-sm", load.over && "font-semibold text-destructive")}>
          {formatHours(minutesToHours(booked))}
        </span>
        {tentative > 0 ? (
          <span className="inline-flex items-center gap-1 text-violet-900">
            <span aria-hidden className="size-2.5 rounded-sm bg-violet-50" style={HATCH} />+
            {formatHours(minutesToHours(tentative))} tentative
          </span>
        ) : timeOff > 0 ? (
          <span className="text-violet-800">off {formatHours(minutesToHours(timeOff))}</span>
        ) : off ? (
          <span className="text-muted-foreground">{day.holiday ? "holiday" : "day off"}</span>
        ) : null}
      </span>
      {overdue ? (
        <span role="img" aria-label="overdue work" className="size-2 shrink-0 rounded-full bg-destructive" />
      ) : null}
    </>
  );
  const attrs = {
    "data-testid": "mobile-load",
    "data-day": day.iso,
    "data-load": load.color ?? "none",
    "data-minutes": booked,
    "data-tentative": tentative || undefined,
    "data-overdue": overdue || undefined,
  };
  const className = cn(
    "flex min-h-14 w-full items-center gap-3 rounded-lg border px-3 py-2",
    off || timeOff > 0 ? "bg-muted/60" : "bg-card",
    day.today && "border-primary/60",
  );
  return booked > 0 || tentative > 0 ? (
    <button
      type="button"
      {...attrs}
      data-cell-person={line.id}
      data-cell-day={day.iso}
      className={cn(className, "active:bg-accent")}
    >
      {content}
    </button>
  ) : (
    <div {...attrs} className={className}>
      {content}
    </div>
  );
}
