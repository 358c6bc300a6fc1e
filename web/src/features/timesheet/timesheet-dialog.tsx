import { useEffect, useId, useRef, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, ChevronLeft, ChevronRight, CloudUpload, Lock } from "lucide-react";
import {
  formatDateTime,
  formatHours,
  formatTimesheetDayTotal,
  formatWeekRange,
  MESSAGES,
  ownWeekActions,
  shiftWeek,
  startOfWeek,
  TIMESHEET_DAY_MESSAGE,
  TIMESHEET_HOURS_MESSAGE,
  timesheetHoursFromInput,
  timesheetRowKey,
  timesheetTotals,
  toIsoDate,
} from "@domain/index";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import { cn } from "@/lib/cn";
import {
  saveTimesheetResponseSchema,
  timesheetResponseSchema,
  type SaveTimesheetRequest,
  type TimesheetCell,
  type TimesheetResponse,
  type TimesheetWeekState,
} from "../../../../server/modules/timesheet/contract";
import { timesheetKeys, useOwnWeekAction } from "./api";
import { WeekStatusBadge } from "./week-status-badge";
import { dateTimeFormat } from "@domain/intl";

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayFormat = () => dateTimeFormat("en-US", { weekday: "short", day: "numeric", timeZone: "UTC" });
const weekdayFormat = () => dateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" });
const dayNumberFormat = () => dateTimeFormat("en-US", { day: "numeric", timeZone: "UTC" });
const longDayFormat = () =>
  dateTimeFormat("en-US", {
    weekday: "long",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** Something that waits for "Discard unsaved hours?" to be answered. */
interface PendingDiscard {
  run: () => void;
}

/**
 * Weekly Timesheet (spec §2, §5, §7, §8; issue 10 §3): rows per task (project and task in full),
 * a column per day (today's marked; one day at a time below 768 px), hours 0–24 in steps of 0.5.
 * States: loading → editing → saving → closes on success. Leaving with unsaved hours — Escape, a
 * click outside, the close button, Cancel or another week — asks first. Save stays in view below
 * the scrolling grid. Focus returns to whatever opened the dialog. Hours logged in ClickUp itself
 * are shown beside each cell and in the totals; the save never removes them.
 */
export function TimesheetDialog({
  open,
  onClose,
  today,
}: {
  open: boolean;
  onClose: () => void;
  today: string;
}) {
  const [weekStart, setWeekStart] = useState(() => toIsoDate(startOfWeek(today)) as string);
  useEffect(() => {
    if (open) setWeekStart(toIsoDate(startOfWeek(today)) as string);
  }, [open, today]);

  /** Typed hours not saved yet (reported by the grid). */
  const unsaved = useRef(false);
  const [pending, setPending] = useState<PendingDiscard | null>(null);
  /** Whatever had focus when the dialog opened (the opener need not be a Radix trigger). */
  const opener = useRef<HTMLElement | null>(null);

  const guard = (run: () => void) => {
    if (unsaved.current) setPending({ run });
    else run();
  };
  const close = () => {
    unsaved.current = false;
    onClose();
  };
  const showWeek = (offset: number) =>
    guard(() => setWeekStart((w) => toIsoDate(shiftWeek(w, offset)) as string));

  return (
    <Dialog open={open} onOpenChange={(o) => !o && guard(close)}>
      <DialogContent
        className="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 overflow-hidden p-0 sm:max-w-5xl"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
          opener.current = null;
        }}
      >
        <DialogHeader className="gap-1 px-4 pt-4 pr-12 pb-2 text-left sm:px-6 sm:pt-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DialogTitle>Weekly Timesheet</DialogTitle>
            {open ? <HeaderStatus weekStart={weekStart} /> : null}
          </div>
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label="Previous week" onClick={() => showWeek(-1)}>
              <ChevronLeft aria-hidden />
            </Button>
            <DialogDescription data-testid="timesheet-range">
              {formatWeekRange(weekStart, true)}
            </DialogDescription>
            <Button variant="ghost" size="icon" aria-label="Next week" onClick={() => showWeek(1)}>
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </DialogHeader>
        {open ? (
          <TimesheetEditor
            key={weekStart}
            weekStart={weekStart}
            today={today}
            onUnsavedChange={(value) => {
              unsaved.current = value;
            }}
            onSaved={close}
            onCancel={() => guard(close)}
          />
        ) : null}
        <DiscardQuestion
          open={pending !== null}
          onKeep={() => setPending(null)}
          onDiscard={() => {
            const run = pending?.run;
            unsaved.current = false;
            setPending(null);
            run?.();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** "Discard unsaved hours?" over the timesheet; keeping returns focus to where it was. */
function DiscardQuestion({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  const before = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onKeep()}>
      <DialogContent
        role="alertdialog"
        showCloseButton={false}
        className="sm:max-w-sm"
        onOpenAutoFocus={() => {
          before.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (before.current?.isConnected) before.current.focus();
          before.current = null;
        }}
      >
        <DialogHeader className="text-left">
          <DialogTitle>Discard unsaved hours?</DialogTitle>
          <DialogDescription>The hours you typed are not saved yet.</DialogDescription>
        </DialogHeader>
        <DialogFooter className="flex-row justify-end">
          <Button variant="outline" onClick={onKeep}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The form's values: one hours text per cell, named by its `${taskId}:${yyyy-MM-dd}` key. */
interface TimesheetFormValues {
  cells: Record<string, string>;
}

/** An hours cell as typed: blank, or hours the domain accepts ('2,5' = 2.5; 0–24, steps of 0.5). */
const timesheetFormSchema = z.object({
  cells: z.record(
    z.string(),
    z.string().refine((v) => timesheetHoursFromInput(v) !== null, TIMESHEET_HOURS_MESSAGE),
  ),
});

/** Field names split paths at '.' and '[': a cell key is encoded so that any task id is one name. */
const cellField = (key: string) => encodeURIComponent(key).replace(/\./g, "%2E").replace(/'/g, "%27");
const cellKey = (field: string) => decodeURIComponent(field);

interface EditorProps {
  weekStart: string;
  today: string;
  onUnsavedChange: (unsaved: boolean) => void;
  onSaved: () => void;
  onCancel: () => void;
}

/** GET /api/timesheet for the week (the editor and the header's status share the answer). */
function useTimesheet(weekStart: string) {
  const org = useOrgId();
  return useQuery({
    queryKey: timesheetKeys.week(org, weekStart),
    queryFn: () => apiFetch(`/api/timesheet?week=${weekStart}`, timesheetResponseSchema),
    enabled: Boolean(org),
    staleTime: 0,
  });
}

/** The week's approval status beside the title, once the week is loaded. */
function HeaderStatus({ weekStart }: { weekStart: string }) {
  const sheet = useTimesheet(weekStart);
  return sheet.data ? <WeekStatusBadge status={sheet.data.approval.status} /> : null;
}

function TimesheetEditor({ weekStart, ...props }: EditorProps) {
  const sheet = useTimesheet(weekStart);

  useEffect(() => {
    if (sheet.isError)
      toast.error(MESSAGES.timesheet.loadFailed.title, {
        description: MESSAGES.timesheet.loadFailed.description,
      });
  }, [sheet.isError]);

  if (sheet.isPending || sheet.isError || !sheet.data) {
    return (
      <>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3 sm:px-6">
          {sheet.isPending ? (
            <div data-testid="timesheet-loading" className="flex flex-col gap-2">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : (
            <p className="text-sm text-destructive">{MESSAGES.timesheet.loadFailed.description}</p>
          )}
        </div>
        <Footer onCancel={props.onCancel} saving={false} canSave={false} onSave={() => undefined} />
      </>
    );
  }
  return <TimesheetGrid sheet={sheet.data} weekStart={weekStart} {...props} />;
}

function Footer({
  children,
  weekAction,
  onCancel,
  onSave,
  saving,
  canSave,
}: {
  children?: React.ReactNode;
  /** Submit or Withdraw, before Save. */
  weekAction?: React.ReactNode;
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
  canSave: boolean;
}) {
  return (
    <div
      data-testid="timesheet-footer"
      className="flex flex-col gap-2 border-t bg-background px-4 py-3 sm:px-6"
    >
      {children}
      <DialogFooter className="flex-row flex-wrap justify-end">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        {weekAction}
        <Button onClick={onSave} disabled={saving || !canSave}>
          {saving ? (
            <>
              <Spinner className="size-4" /> Saving...
            </>
          ) : (
            "Save"
          )}
        </Button>
      </DialogFooter>
    </div>
  );
}

function TimesheetGrid({
  sheet,
  weekStart,
  today,
  onUnsavedChange,
  onSaved,
  onCancel,
}: EditorProps & { sheet: TimesheetResponse }) {
  const org = useOrgId();
  const queryClient = useQueryClient();
  const messageId = useId();
  const hoursMessageId = `${messageId}-hours`;
  const dayMessageId = `${messageId}-day`;
  const { rows, days, cells } = sheet;
  // The hours this timesheet wrote, as loaded; later loads of the week do not overwrite typing.
  const form = useForm<TimesheetFormValues>({
    shouldFocusError: false,
    resolver: zodResolver(timesheetFormSchema),
    defaultValues: {
      cells: Object.fromEntries(
        Object.entries(cells)
          .filter(([, cell]) => cell.hours > 0)
          .map(([key, cell]) => [cellField(key), String(cell.hours)]),
      ),
    },
  });
  const values = useWatch({ control: form.control, name: "cells" });
  const typed: Record<string, string> = Object.fromEntries(
    Object.entries(values ?? {}).map(([field, text]) => [cellKey(field), text ?? ""]),
  );
  const clickup = Object.fromEntries(Object.entries(cells).map(([key, c]) => [key, c.clickupHours]));
  const totals = timesheetTotals(
    rows.map((r) => r.taskId),
    days,
    typed,
    clickup,
  );
  const refused = new Set(totals.refused);
  const overfull = new Set(totals.overfullDays);
  const unsaved = Object.entries(typed).some(
    ([key, text]) => timesheetHoursFromInput(text) !== (cells[key]?.hours ?? 0),
  );
  useEffect(() => {
    onUnsavedChange(unsaved);
  }, [unsaved, onUnsavedChange]);

  /** The day shown below 768 px: today when it is in this week, else Monday. */
  const [shownDay, setShownDay] = useState(() => (days.includes(today) ? today : days[0]));

  const save = useMutation({
    mutationFn: (body: SaveTimesheetRequest) =>
      apiFetch("/api/timesheet", saveTimesheetResponseSchema, { method: "PUT", json: body }),
    onSuccess: (data) => {
      queryClient.setQueryData(timesheetKeys.week(org, weekStart), data);
      void queryClient.invalidateQueries({ queryKey: ["dashboard", org] });
    },
    onError: (error) => {
      // A week submitted or approved meanwhile (409) says why; anything else is the spec's message.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: timesheetKeys.week(org, weekStart) });
        toast.error(MESSAGES.timesheet.saveFailed.title, { description: error.message });
      } else {
        toast.error(MESSAGES.timesheet.saveFailed.title, {
          description: MESSAGES.timesheet.saveFailed.description,
        });
      }
    },
  });
  const weekAction = useOwnWeekAction();
  const saving = save.isPending || weekAction.isPending;
  const { approval } = sheet;
  const locked = approval.editRefusal !== null;

  /** The typed hours as the API takes them (only hours above 0). */
  const payloadOf = (valid: TimesheetFormValues) => {
    const payload: Record<string, number> = {};
    for (const [field, raw] of Object.entries(valid.cells)) {
      const hours = timesheetHoursFromInput(raw) ?? 0;
      if (hours > 0) payload[cellKey(field)] = hours;
    }
    return payload;
  };

  const submit = form.handleSubmit((valid) => {
    save.mutate(
      { weekStart, cells: payloadOf(valid) },
      {
        onSuccess: () => {
          toast.success(MESSAGES.timesheet.saved.title, {
            description: MESSAGES.timesheet.saved.description,
          });
          onSaved();
        },
      },
    );
  });

  /** Submit or withdraw the week; the dialog stays open on the week's new status. */
  const changeWeek = (action: "submit" | "withdraw", savedFirst = false) =>
    weekAction.mutate(
      { action, weekStart },
      {
        onSuccess: (res) => {
          queryClient.setQueryData<TimesheetResponse>(timesheetKeys.week(org, weekStart), (old) =>
            old ? { ...old, approval: res.approval } : old,
          );
          toast.success(action === "submit" ? "Week submitted" : "Week withdrawn", {
            description:
              action === "submit"
                ? `${savedFirst ? "Your hours were saved. " : ""}An admin reviews it; its hours are locked while it waits.`
                : "You can change its hours again.",
          });
        },
        onError: (error) =>
          toast.error(action === "submit" ? "Could not submit the week" : "Could not withdraw the week", {
            description: error.message,
          }),
      },
    );

  /**
   * Submit week with unsaved hours saves them first, then submits (what is submitted is what the
   * grid shows; a refused save submits nothing).
   */
  const submitWeek = form.handleSubmit((valid) => {
    if (!unsaved) {
      changeWeek("submit");
      return;
    }
    save.mutate({ weekStart, cells: payloadOf(valid) }, { onSuccess: () => changeWeek("submit", true) });
  });
  const canSubmitWeek = refused.size === 0 && overfull.size === 0;

  /** Hidden below 768 px unless it is the day shown. */
  const phoneDay = (day: string) => (day === shownDay ? "max-md:w-20" : "max-md:hidden");
  const isToday = (day: string) => day === today;

  return (
    <>
      {rows.length > 0 ? (
        <div
          role="group"
          aria-label="Day shown"
          className="grid grid-cols-7 gap-1 px-4 pb-2 sm:px-6 md:hidden"
        >
          {days.map((d) => (
            <button
              key={d}
              type="button"
              data-date={d}
              aria-pressed={d === shownDay}
              aria-current={isToday(d) ? "date" : undefined}
              onClick={() => setShownDay(d)}
              className={cn(
                "flex flex-col items-center rounded-md border px-0.5 py-1 text-xs leading-tight outline-none focus-visible:ring-2 focus-visible:ring-ring",
                d === shownDay ? "border-primary bg-primary text-primary-foreground" : "bg-background",
                isToday(d) && d !== shownDay && "border-primary font-semibold text-primary",
              )}
            >
              <span className="block">{weekdayFormat().format(utcDay(d))}</span>
              <span className="block font-semibold">{dayNumberFormat().format(utcDay(d))}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ApprovalNotice approval={approval} />
      {/* Locked, the grid holds nothing focusable: the region itself takes focus to scroll by keyboard. */}
      <div
        className="min-h-0 flex-1 overflow-auto px-4 pb-3 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-6"
        data-state={saving ? "saving" : locked ? "locked" : "editing"}
        {...(locked ? { tabIndex: 0, role: "region", "aria-label": "Hours of the week (locked)" } : {})}
      >
        {rows.length === 0 ? (
          <p className="mt-1 rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No tasks this week. Tasks assigned to you with dates in this week appear here.
          </p>
        ) : (
          <table className="w-full text-sm md:min-w-[760px]">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="sticky top-0 z-10 bg-muted px-2 py-2 text-left font-medium">Task</th>
                {days.map((d) => (
                  <th
                    key={d}
                    data-testid="timesheet-day"
                    data-date={d}
                    aria-current={isToday(d) ? "date" : undefined}
                    className={cn(
                      "sticky top-0 z-10 px-1 py-2 text-center font-medium",
                      isToday(d)
                        ? "bg-muted bg-linear-to-b from-primary/15 to-primary/15 font-semibold text-foreground"
                        : "bg-muted",
                      phoneDay(d),
                    )}
                  >
                    {dayFormat().format(utcDay(d))}
                    {isToday(d) ? <span className="block text-[11px] text-primary">Today</span> : null}
                  </th>
                ))}
                <th className="sticky top-0 z-10 bg-muted px-2 py-2 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y border-b">
              {rows.map((r) => (
                <tr key={r.taskId} data-testid="timesheet-row" data-task-id={r.taskId}>
                  <th scope="row" className="px-2 py-1.5 text-left align-top font-normal md:w-64">
                    <span className="block font-medium [overflow-wrap:anywhere]">{r.taskName}</span>
                    <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {r.folderName}
                    </span>
                  </th>
                  {days.map((d) => {
                    const key = timesheetRowKey(r.taskId, d);
                    const cell = cells[key];
                    const hoursRefused = refused.has(key);
                    const dayRefused = overfull.has(d) && (timesheetHoursFromInput(typed[key]) ?? 0) > 0;
                    const describedBy = [hoursRefused && hoursMessageId, dayRefused && dayMessageId]
                      .filter(Boolean)
                      .join(" ");
                    return (
                      <td
                        key={d}
                        className={cn("px-1 py-1.5 align-top", isToday(d) && "bg-primary/5", phoneDay(d))}
                      >
                        <div className="relative">
                          <input
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            data-testid="timesheet-input"
                            data-key={key}
                            aria-label={`${r.taskName} (${r.folderName}), ${longDayFormat().format(utcDay(d))}`}
                            aria-invalid={hoursRefused || dayRefused || undefined}
                            aria-describedby={describedBy || undefined}
                            disabled={saving || locked}
                            placeholder="0"
                            {...form.register(`cells.${cellField(key)}`)}
                            className={cn(
                              "h-9 w-full min-w-[3.5rem] rounded-md border bg-background px-1.5 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted/60 disabled:text-muted-foreground md:h-8",
                              (hoursRefused || dayRefused) && "border-destructive",
                            )}
                          />
                          <WriteBackMark cell={cell} />
                        </div>
                        {cell && cell.clickupHours > 0 ? (
                          <div className="mt-0.5 text-center text-[11px] text-muted-foreground">
                            +{formatHours(cell.clickupHours)} ClickUp
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                  <td
                    data-testid="timesheet-row-total"
                    className="px-2 py-1.5 text-right align-top font-medium tabular-nums"
                  >
                    <span className="inline-block py-1.5 md:py-1">{formatHours(totals.row[r.taskId])}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="text-xs">
              <tr>
                <th scope="row" className="bg-muted px-2 py-2 text-left font-medium">
                  Total
                </th>
                {days.map((d) => (
                  <td
                    key={d}
                    data-testid="timesheet-day-total"
                    data-date={d}
                    className={cn(
                      "px-1 py-2 text-center font-medium tabular-nums",
                      isToday(d) ? "bg-primary/15" : "bg-muted",
                      overfull.has(d) && "text-destructive",
                      phoneDay(d),
                    )}
                  >
                    {formatTimesheetDayTotal(totals.day[d] ?? 0)}
                  </td>
                ))}
                <td
                  data-testid="timesheet-week-total"
                  className="bg-muted px-2 py-2 text-right font-semibold tabular-nums"
                >
                  {formatHours(totals.week)}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </div>
      <Footer
        onCancel={onCancel}
        onSave={() => void submit()}
        saving={saving}
        canSave={!locked && rows.length > 0 && refused.size === 0 && overfull.size === 0}
        weekAction={
          ownWeekActions(approval.status).includes("withdraw") ? (
            <Button variant="outline" disabled={saving} onClick={() => changeWeek("withdraw")}>
              Withdraw
            </Button>
          ) : ownWeekActions(approval.status).includes("submit") ? (
            <Button variant="secondary" disabled={saving || !canSubmitWeek} onClick={() => void submitWeek()}>
              Submit week
            </Button>
          ) : null
        }
      >
        {refused.size > 0 ? (
          <p id={hoursMessageId} className="text-sm text-destructive">
            {TIMESHEET_HOURS_MESSAGE}
          </p>
        ) : null}
        {overfull.size > 0 ? (
          <p id={dayMessageId} className="text-sm text-destructive">
            {TIMESHEET_DAY_MESSAGE}
          </p>
        ) : null}
        {sheet.writeBackEnabled && !locked ? (
          <p className="text-xs text-muted-foreground">
            Saved hours are also logged as your time entries in ClickUp.
          </p>
        ) : null}
      </Footer>
    </>
  );
}

/**
 * What the week's approval means here: why its hours cannot change (submitted or approved), or
 * the reviewer's comment on a rejected week.
 */
function ApprovalNotice({ approval }: { approval: TimesheetWeekState }) {
  if (approval.status === "rejected") {
    return (
      <div
        data-testid="timesheet-approval-notice"
        className="mx-4 mb-2 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm sm:mx-6"
      >
        <p className="font-medium">
          Rejected{approval.decidedByName ? ` by ${approval.decidedByName}` : ""}
          {approval.decidedAt ? (
            <span className="font-normal text-muted-foreground"> · {formatDateTime(approval.decidedAt)}</span>
          ) : null}
        </p>
        {approval.comment ? (
          <p
            data-testid="timesheet-review-comment"
            className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-line"
          >
            {approval.comment}
          </p>
        ) : null}
        <p className="mt-0.5 text-xs text-muted-foreground">Change the hours and submit the week again.</p>
      </div>
    );
  }
  if (!approval.editRefusal) return null;
  const by =
    approval.status === "approved"
      ? approval.decidedByName && `Approved by ${approval.decidedByName}`
      : approval.submittedAt && `Submitted ${formatDateTime(approval.submittedAt)}`;
  return (
    <div
      role="status"
      data-testid="timesheet-approval-notice"
      className="mx-4 mb-2 flex items-start gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm sm:mx-6"
    >
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <p data-testid="timesheet-edit-refusal" className="font-medium">
          {approval.editRefusal}
        </p>
        {by ? <p className="text-xs text-muted-foreground">{by}</p> : null}
      </div>
    </div>
  );
}

function WriteBackMark({ cell }: { cell: TimesheetCell | undefined }) {
  if (!cell || cell.hours <= 0) return null;
  if (cell.writeBack === "failed")
    return (
      <AlertTriangle
        role="img"
        data-testid="write-back-failed"
        aria-label={`Not yet in ClickUp: ${cell.writeBackError ?? "write-back failed"}; it will be retried`}
        className="absolute top-1 left-1 size-3 text-destructive"
      >
        <title>{`Not yet in ClickUp (${cell.writeBackError ?? "failed"}); retrying automatically`}</title>
      </AlertTriangle>
    );
  if (cell.writeBack === "pending")
    return (
      <CloudUpload
        role="img"
        aria-label="Sending to ClickUp"
        className="absolute top-1 left-1 size-3 text-muted-foreground"
      >
        <title>Sending to ClickUp</title>
      </CloudUpload>
    );
  if (cell.writeBack === "synced")
    return (
      <CheckCircle2
        role="img"
        aria-label="In ClickUp"
        className="absolute top-1 left-1 size-3 text-green-600"
      >
        <title>In ClickUp</title>
      </CheckCircle2>
    );
  return null;
}
