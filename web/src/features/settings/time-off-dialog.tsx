import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Trash2 } from "lucide-react";
import { z } from "zod";
import { formatDetailDay, isAdminRole, toIsoDate } from "@domain/index";
import { TIME_OFF_TYPES, timeOffTypeSchema, type TimeOffType } from "@domain/work-calendar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useClickupStatus } from "@/features/clickup/api";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { useZodForm } from "@/lib/form";
import { createTimeOffSchema } from "../../../../server/modules/capacity/contract";
import { useCapacityPeople, useDeleteTimeOff, useSaveTimeOff, type TimeOffView } from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import {
  FieldError,
  fieldA11y,
  InputField,
  SELECT_CLASS,
  SelectField,
  showServerErrors,
} from "./form-fields";

export const TIME_OFF_TYPE_LABEL: Record<TimeOffType, string> = {
  holiday: "Holiday",
  sick: "Sick",
  other: "Other",
};

/** 'Tue, Nov 24, 2026 (half day)' or 'Mon, Nov 23, 2026 – Wed, Nov 25, 2026': one line of a list or toast. */
export function timeOffDates(t: Pick<TimeOffView, "startDate" | "endDate" | "halfDay">): string {
  if (t.startDate === t.endDate) return `${formatDetailDay(t.startDate)}${t.halfDay ? " (half day)" : ""}`;
  return `${formatDetailDay(t.startDate)} – ${formatDetailDay(t.endDate)}`;
}

/** The form: the contract's body, with a half day ending the day it starts. */
const timeOffFormSchema = z
  .object({
    clickupUserId: z.string().min(1, "choose a person"),
    startDate: z.string(),
    // A disabled input (a half day's end) reads as undefined.
    endDate: z.string().optional(),
    halfDay: z.boolean(),
    type: timeOffTypeSchema,
    note: z.string(),
  })
  .transform((v): z.input<typeof createTimeOffSchema> => ({
    ...v,
    endDate: v.halfDay ? v.startDate : (v.endDate ?? ""),
    note: v.note.trim() ? v.note.trim() : null,
  }))
  .pipe(createTimeOffSchema);

const FIELDS = ["clickupUserId", "startDate", "endDate", "halfDay", "type", "note"] as const;

/** Whom the caller may enter time off for: admins anyone, a member only their own ClickUp user. */
export function useTimeOffWriters(): {
  pending: boolean;
  admin: boolean;
  ownId: string | null;
  people: { id: string; name: string }[];
} {
  const workspace = currentWorkspace(useSession().data);
  const admin = isAdminRole(workspace?.role);
  const clickup = useClickupStatus();
  const people = useCapacityPeople(true);
  const ownId = clickup.data?.me?.clickupUserId ?? null;
  const all = (people.data?.people ?? [])
    .map((p) => ({ id: p.clickupUserId, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const allowed = admin
    ? all
    : ownId
      ? [all.find((p) => p.id === ownId) ?? { id: ownId, name: clickup.data?.me?.clickupUsername ?? "You" }]
      : [];
  return { pending: clickup.isPending || people.isPending, admin, ownId, people: allowed };
}

/**
 * Add, change or delete one person's time off (PRODUCT.md → Workload → Time off): a date range
 * or a half day, a type and a note. Admins enter it for anyone, a member only for themselves
 * (the API refuses anything else); an overlap with the person's other time off is refused with
 * the server's message under the start date. Opened from Settings → Time off and from Workload.
 *
 *   <TimeOffDialog open={open} onOpenChange={setOpen} personId={row.id} day={cellDay} />   // new
 *   <TimeOffDialog open={open} onOpenChange={setOpen} timeOff={existing} />               // edit
 */
export function TimeOffDialog({
  open,
  onOpenChange,
  timeOff,
  personId,
  day,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The time off to change or delete; without it the dialog adds one. */
  timeOff?: TimeOffView | null;
  /** For a new time off: whose (a ClickUp user id). Defaults to the caller's own. */
  personId?: string | null;
  /** For a new time off: its first day (yyyy-MM-dd). Defaults to today. */
  day?: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{timeOff ? "Edit time off" : "Add time off"}</DialogTitle>
          <DialogDescription>Time off lowers the person&apos;s capacity on those days.</DialogDescription>
        </DialogHeader>
        {open ? (
          <TimeOffForm
            timeOff={timeOff ?? null}
            personId={personId ?? null}
            day={day ?? null}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TimeOffForm({
  timeOff,
  personId,
  day,
  onDone,
}: {
  timeOff: TimeOffView | null;
  personId: string | null;
  day: string | null;
  onDone: () => void;
}) {
  const writers = useTimeOffWriters();
  if (writers.pending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  }
  if (!timeOff && writers.people.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {writers.admin
          ? "There are no ClickUp people in this workspace yet. Connect ClickUp and sync, then add time off."
          : "Link your ClickUp account under Settings → ClickUp to enter your own time off."}
      </p>
    );
  }
  const chosen =
    personId && writers.people.some((p) => p.id === personId)
      ? personId
      : writers.ownId && writers.people.some((p) => p.id === writers.ownId)
        ? writers.ownId
        : (writers.people[0]?.id ?? "");
  return (
    <TimeOffFields timeOff={timeOff} people={writers.people} person={chosen} day={day} onDone={onDone} />
  );
}

function TimeOffFields({
  timeOff,
  people,
  person,
  day,
  onDone,
}: {
  timeOff: TimeOffView | null;
  people: { id: string; name: string }[];
  person: string;
  day: string | null;
  onDone: () => void;
}) {
  const today = toIsoDate(new Date()) ?? "";
  const first = day ?? today;
  const form = useZodForm(timeOffFormSchema, {
    defaultValues: timeOff
      ? {
          clickupUserId: timeOff.clickupUserId,
          startDate: timeOff.startDate,
          endDate: timeOff.endDate,
          halfDay: timeOff.halfDay,
          type: timeOff.type,
          note: timeOff.note ?? "",
        }
      : {
          clickupUserId: person,
          startDate: first,
          endDate: first,
          halfDay: false,
          type: "holiday",
          note: "",
        },
  });
  const halfDay = useWatch({ control: form.control, name: "halfDay" });
  const save = useSaveTimeOff();
  const remove = useDeleteTimeOff();
  const [confirming, setConfirming] = useState(false);
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const submit = form.handleSubmit((body) => {
    if (save.isPending) return;
    const { clickupUserId, ...change } = body;
    save.mutate(timeOff ? { id: timeOff.id, body: change } : { body: { clickupUserId, ...change } }, {
      onSuccess: (saved) => {
        toast.success(timeOff ? "Time off updated" : "Time off added", {
          description: `${saved.personName}: ${timeOffDates(saved)}`,
        });
        onDone();
      },
      onError: (error) => showServerErrors(form, error, FIELDS),
    });
  });

  const personName = timeOff?.personName ?? people.find((p) => p.id === person)?.name ?? person;
  return (
    <>
      <form
        onSubmit={submit}
        className="space-y-4"
        noValidate
        aria-label={timeOff ? "Edit time off" : "Add time off"}
      >
        {timeOff || people.length === 1 ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Person: </span>
            <span className="font-medium">{personName}</span>
          </p>
        ) : (
          <SelectField
            id="time-off-person"
            label="Person"
            error={err("clickupUserId")}
            {...form.register("clickupUserId")}
          >
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
          <InputField
            id="time-off-start"
            label="From"
            type="date"
            error={err("startDate")}
            {...form.register("startDate")}
          />
          <InputField
            id="time-off-end"
            label="To"
            type="date"
            disabled={halfDay}
            error={err("endDate")}
            {...form.register("endDate")}
          />
        </div>
        <div className="space-y-1.5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              {...fieldA11y("time-off-half", err("halfDay"))}
              {...form.register("halfDay")}
            />
            Half day (a single day, half the hours)
          </label>
          <FieldError id="time-off-half" message={err("halfDay")} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="time-off-type">Type</Label>
          <select id="time-off-type" className={SELECT_CLASS} {...form.register("type")}>
            {TIME_OFF_TYPES.map((t) => (
              <option key={t} value={t}>
                {TIME_OFF_TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <InputField
          id="time-off-note"
          label="Note (optional)"
          maxLength={500}
          error={err("note")}
          {...form.register("note")}
        />
        <FormError message={errors.root?.server?.message} />
        <DialogFooter className="gap-2">
          {timeOff ? (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive sm:mr-auto"
              onClick={() => setConfirming(true)}
              disabled={save.isPending}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          ) : null}
          <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </DialogFooter>
      </form>
      {timeOff ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete this time off?"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(timeOff.id, {
              onSuccess: () => {
                toast.success("Time off deleted", {
                  description: `${timeOff.personName}: ${timeOffDates(timeOff)}`,
                });
                setConfirming(false);
                onDone();
              },
              onError: (error) => {
                setConfirming(false);
                showServerErrors(form, error, []);
              },
            })
          }
        >
          {timeOff.personName}&apos;s {TIME_OFF_TYPE_LABEL[timeOff.type].toLowerCase()} on{" "}
          {timeOffDates(timeOff)} goes, and their capacity on those days comes back.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
