import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, ChevronLeft, ChevronRight, CloudUpload } from "lucide-react";
import {
  formatHours,
  formatWeekRange,
  MESSAGES,
  parseTimesheetHours,
  shiftWeek,
  startOfWeek,
  TIMESHEET_HOURS_INPUT,
  timesheetRowKey,
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
import { apiFetch } from "@/lib/api";
import { cn } from "@/lib/cn";
import {
  saveTimesheetResponseSchema,
  timesheetCellHoursSchema,
  timesheetResponseSchema,
  type SaveTimesheetRequest,
  type TimesheetCell,
  type TimesheetResponse,
} from "../../../../server/modules/timesheet/contract";

const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", timeZone: "UTC" });

/**
 * Weekly Timesheet (spec §2, §5, §7, §8): rows per task, a column per day, hours 0–24 in steps of
 * 0.5. States: loading → editing → saving → closes on success. Hours logged in ClickUp itself
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
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Weekly Timesheet</DialogTitle>
          <DialogDescription className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Previous week"
              onClick={() => setWeekStart((w) => toIsoDate(shiftWeek(w, -1)) as string)}
            >
              <ChevronLeft />
            </Button>
            <span data-testid="timesheet-range">{formatWeekRange(weekStart, true)}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Next week"
              onClick={() => setWeekStart((w) => toIsoDate(shiftWeek(w, 1)) as string)}
            >
              <ChevronRight />
            </Button>
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <TimesheetEditor key={weekStart} weekStart={weekStart} onSaved={onClose} onCancel={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form's values: one hours text per cell, named by its `${taskId}:${yyyy-MM-dd}` key. */
interface TimesheetFormValues {
  cells: Record<string, string>;
}

const HOURS_MESSAGE = "Enter hours from 0 to 24 in steps of 0.5.";

/** An hours cell as typed: blank, or hours the contract accepts (0–24 in steps of 0.5). */
const timesheetFormSchema = z.object({
  cells: z.record(
    z.string(),
    z
      .string()
      .refine(
        (v) => v.trim() === "" || timesheetCellHoursSchema.safeParse(parseTimesheetHours(v)).success,
        HOURS_MESSAGE,
      ),
  ),
});

/** Field names split paths at '.' and '[': a cell key is encoded so that any task id is one name. */
const cellField = (key: string) => encodeURIComponent(key).replace(/\./g, "%2E").replace(/'/g, "%27");
const cellKey = (field: string) => decodeURIComponent(field);

function TimesheetEditor({
  weekStart,
  onSaved,
  onCancel,
}: {
  weekStart: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const org = useOrgId();
  const sheet = useQuery({
    queryKey: ["timesheet", org, weekStart],
    queryFn: () => apiFetch(`/api/timesheet?week=${weekStart}`, timesheetResponseSchema),
    enabled: Boolean(org),
    staleTime: 0,
  });

  useEffect(() => {
    if (sheet.isError)
      toast.error(MESSAGES.timesheet.loadFailed.title, {
        description: MESSAGES.timesheet.loadFailed.description,
      });
  }, [sheet.isError]);

  if (sheet.isPending) {
    return (
      <div data-testid="timesheet-loading" className="flex flex-col gap-2">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (sheet.isError || !sheet.data) {
    return <p className="text-sm text-destructive">{MESSAGES.timesheet.loadFailed.description}</p>;
  }
  return <TimesheetGrid sheet={sheet.data} weekStart={weekStart} onSaved={onSaved} onCancel={onCancel} />;
}

function TimesheetGrid({
  sheet,
  weekStart,
  onSaved,
  onCancel,
}: {
  sheet: TimesheetResponse;
  weekStart: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const org = useOrgId();
  const queryClient = useQueryClient();
  // The hours this timesheet wrote, as loaded; later loads of the week do not overwrite typing.
  const form = useForm<TimesheetFormValues>({
    mode: "onChange",
    shouldFocusError: false,
    resolver: zodResolver(timesheetFormSchema),
    defaultValues: {
      cells: Object.fromEntries(
        Object.entries(sheet.cells)
          .filter(([, cell]) => cell.hours > 0)
          .map(([key, cell]) => [cellField(key), String(cell.hours)]),
      ),
    },
  });
  const { trigger } = form;
  useEffect(() => {
    void trigger();
  }, [trigger]);
  const values = useWatch({ control: form.control, name: "cells" });
  const invalid = new Set(Object.keys(form.formState.errors.cells ?? {}).map(cellKey));

  const save = useMutation({
    mutationFn: (body: SaveTimesheetRequest) =>
      apiFetch("/api/timesheet", saveTimesheetResponseSchema, { method: "PUT", json: body }),
    onSuccess: (data) => {
      queryClient.setQueryData(["timesheet", org, weekStart], data);
      void queryClient.invalidateQueries({ queryKey: ["dashboard", org] });
      toast.success(MESSAGES.timesheet.saved.title, { description: MESSAGES.timesheet.saved.description });
      onSaved();
    },
    onError: () =>
      toast.error(MESSAGES.timesheet.saveFailed.title, {
        description: MESSAGES.timesheet.saveFailed.description,
      }),
  });

  const { rows, days, cells } = sheet;
  const saving = save.isPending;
  const cellOf = (key: string): TimesheetCell | undefined => cells[key];
  const hoursOf = (key: string) => parseTimesheetHours(values[cellField(key)]);
  const clickupOf = (key: string) => cellOf(key)?.clickupHours ?? 0;
  const dayTotal = (day: string) =>
    rows.reduce((sum, r) => {
      const key = timesheetRowKey(r.taskId, day);
      return sum + hoursOf(key) + clickupOf(key);
    }, 0);
  const rowTotal = (taskId: string) =>
    days.reduce((sum, day) => {
      const key = timesheetRowKey(taskId, day);
      return sum + hoursOf(key) + clickupOf(key);
    }, 0);
  const weekTotal = days.reduce((s, d) => s + dayTotal(d), 0);

  const submit = form.handleSubmit((typed) => {
    const payload: Record<string, number> = {};
    for (const [field, raw] of Object.entries(typed.cells)) {
      const hours = parseTimesheetHours(raw);
      if (hours > 0) payload[cellKey(field)] = hours;
    }
    save.mutate({ weekStart, cells: payload });
  });

  return (
    <div className="flex flex-col gap-3" data-state={saving ? "saving" : "editing"}>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No tasks this week. Tasks assigned to you with dates in this week appear here.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[760px] text-sm">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th className="px-2 py-2 text-left font-medium">Task</th>
                {days.map((d) => (
                  <th key={d} className="px-1 py-2 text-center font-medium">
                    {dayFormat.format(new Date(`${d}T00:00:00Z`))}
                  </th>
                ))}
                <th className="px-2 py-2 text-right font-medium">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((r) => (
                <tr key={r.taskId} data-testid="timesheet-row">
                  <td className="max-w-[14rem] px-2 py-1.5">
                    <div className="truncate font-medium" title={r.taskName}>
                      {r.taskName}
                    </div>
                    <div className="truncate text-xs text-muted-foreground">{r.folderName}</div>
                  </td>
                  {days.map((d) => {
                    const key = timesheetRowKey(r.taskId, d);
                    const cell = cellOf(key);
                    return (
                      <td key={d} className="px-1 py-1.5 align-top">
                        <div className="relative">
                          <input
                            type="number"
                            inputMode="decimal"
                            data-testid="timesheet-input"
                            data-key={key}
                            aria-label={`${r.taskName} ${d}`}
                            aria-invalid={invalid.has(key) || undefined}
                            min={TIMESHEET_HOURS_INPUT.min}
                            max={TIMESHEET_HOURS_INPUT.max}
                            step={TIMESHEET_HOURS_INPUT.step}
                            disabled={saving}
                            placeholder="0"
                            {...form.register(`cells.${cellField(key)}`)}
                            className={cn(
                              "h-8 w-full min-w-[3.5rem] rounded-md border bg-background px-1.5 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring",
                              invalid.has(key) && "border-destructive",
                            )}
                          />
                          <WriteBackMark cell={cell} />
                        </div>
                        {cell && cell.clickupHours > 0 ? (
                          <div
                            className="mt-0.5 text-center text-[10px] text-muted-foreground"
                            title="Logged in ClickUp"
                          >
                            +{formatHours(cell.clickupHours)} ClickUp
                          </div>
                        ) : null}
                      </td>
                    );
                  })}
                  <td className="px-2 py-1.5 text-right font-medium tabular-nums">
                    {formatHours(rowTotal(r.taskId))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="bg-muted/30 text-xs">
              <tr>
                <td className="px-2 py-2 font-medium">Total</td>
                {days.map((d) => (
                  <td
                    key={d}
                    data-testid="timesheet-day-total"
                    className="px-1 py-2 text-center font-medium tabular-nums"
                  >
                    {formatHours(dayTotal(d))}
                  </td>
                ))}
                <td className="px-2 py-2 text-right font-semibold tabular-nums">{formatHours(weekTotal)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {invalid.size > 0 ? <p className="text-sm text-destructive">{HOURS_MESSAGE}</p> : null}
      {sheet.writeBackEnabled ? (
        <p className="text-xs text-muted-foreground">
          Saved hours are also logged as your time entries in ClickUp.
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={saving || invalid.size > 0 || rows.length === 0}>
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

function WriteBackMark({ cell }: { cell: TimesheetCell | undefined }) {
  if (!cell || cell.hours <= 0) return null;
  if (cell.writeBack === "failed")
    return (
      <AlertTriangle
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
        aria-label="Sending to ClickUp"
        className="absolute top-1 left-1 size-3 text-muted-foreground"
      >
        <title>Sending to ClickUp</title>
      </CloudUpload>
    );
  if (cell.writeBack === "synced")
    return (
      <CheckCircle2 aria-label="In ClickUp" className="absolute top-1 left-1 size-3 text-green-600">
        <title>In ClickUp</title>
      </CheckCircle2>
    );
  return null;
}
