import { toast } from "sonner";
import { TIME_OFF_TYPES } from "@domain/work-calendar";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormError, TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api";
import { formErrorMessage, SERVER_ERROR, useZodForm } from "@/lib/form";
import { createTimeOffSchema } from "../../../../server/modules/capacity/contract";
import { useCreateTimeOff } from "./api";

const TYPE_LABEL: Record<(typeof TIME_OFF_TYPES)[number], string> = {
  holiday: "Holiday",
  sick: "Sick",
  other: "Other",
};

const FIELDS = ["clickupUserId", "startDate", "endDate", "halfDay", "type", "note"] as const;

/**
 * Enter time off (PRODUCT.md → Workload → Time off): admins for anyone, a person for themselves
 * (`people` holds who the caller may choose). It lowers capacity on the grid at once.
 */
export function TimeOffDialog({
  open,
  onOpenChange,
  people,
  defaultPerson,
  defaultDay,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  people: { id: string; name: string }[];
  defaultPerson: string | undefined;
  defaultDay: string;
}) {
  const form = useZodForm(createTimeOffSchema, {
    defaultValues: {
      clickupUserId: defaultPerson ?? people[0]?.id ?? "",
      startDate: defaultDay,
      endDate: defaultDay,
      halfDay: false,
      type: "holiday",
      note: "",
    },
  });
  const create = useCreateTimeOff();
  const submit = form.handleSubmit((body) => {
    create.mutate(
      { ...body, note: body.note?.trim() ? body.note.trim() : null },
      {
        onSuccess: (saved) => {
          toast.success("Time off saved", {
            description: `${saved.personName}: ${saved.startDate}${saved.endDate !== saved.startDate ? ` to ${saved.endDate}` : ""}`,
          });
          form.reset();
          onOpenChange(false);
        },
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.[0] : undefined;
          form.setError(SERVER_ERROR, {
            message: field ? `${field.field}: ${field.message}` : err.message,
          });
        },
      },
    );
  });
  const message = formErrorMessage(form.formState.errors, FIELDS);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add time off</DialogTitle>
          <DialogDescription>Time off lowers the person&apos;s capacity on those days.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="time-off-person">Person</Label>
            <select
              id="time-off-person"
              className="h-10 w-full rounded-md border bg-background px-3 text-sm"
              {...form.register("clickupUserId")}
            >
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField id="time-off-start" label="From" type="date" {...form.register("startDate")} />
            <TextField id="time-off-end" label="To" type="date" {...form.register("endDate")} />
          </div>
          <div className="flex items-center gap-4">
            <div className="flex-1 space-y-1.5">
              <Label htmlFor="time-off-type">Type</Label>
              <select
                id="time-off-type"
                className="h-10 w-full rounded-md border bg-background px-3 text-sm"
                {...form.register("type")}
              >
                {TIME_OFF_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABEL[t]}
                  </option>
                ))}
              </select>
            </div>
            <label className="mt-6 flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...form.register("halfDay")} />
              Half day
            </label>
          </div>
          <TextField id="time-off-note" label="Note (optional)" maxLength={500} {...form.register("note")} />
          <FormError message={message} />
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={create.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || people.length === 0}>
              {create.isPending ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
