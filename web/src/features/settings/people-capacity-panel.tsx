import { useState } from "react";
import { Pencil } from "lucide-react";
import { z } from "zod";
import { formatListDay, toIsoDate } from "@domain/index";
import { isoDaySchema } from "@domain/iso-day";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { usePutPersonSettings, useCapacityPeople, useWorkspaceSettings, type CapacityPerson } from "./api";
import { InputField, showServerErrors } from "./form-fields";
import { minutesToHoursText, optionalHoursTextSchema } from "./hours";

/** 'Editor, Producer' → ['editor', 'producer'] (tags are ClickUp's, compared in lower case). */
const tagsSchema = z.string().transform((text) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  ),
]);

const personFormSchema = z.object({
  hours: optionalHoursTextSchema,
  effectiveFrom: z.union([z.literal(""), isoDaySchema]).transform((v) => v || null),
  roleTags: tagsSchema.pipe(
    z.array(z.string().max(100, "a tag has at most 100 characters")).max(20, "at most 20 tags"),
  ),
});
const FIELDS = ["hours", "effectiveFrom", "roleTags"] as const;

function hoursLabel(minutes: number): string {
  return `${minutesToHoursText(minutes)}h/day`;
}

/**
 * Settings → People capacity (canManageUsers): each ClickUp person's hours per day (their own
 * figure from a date, else the workspace default) and role tags (rate-card role lines, Workload
 * grouping).
 */
export function PeopleCapacityPanel() {
  const people = useCapacityPeople(true);
  const settings = useWorkspaceSettings();
  const [editing, setEditing] = useState<CapacityPerson | null>(null);
  const defaultMinutes = settings.data?.defaultMinutesPerDay ?? 480;
  const list = [...(people.data?.people ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>People capacity</h2>
        </CardTitle>
        <CardDescription>
          Hours per day and role tags of each ClickUp person. Without their own figure a person works the
          workspace default ({hoursLabel(defaultMinutes)}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {people.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : people.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {people.error instanceof ApiError ? people.error.message : "Failed to load people"}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No ClickUp people yet. Connect ClickUp under Settings → ClickUp; once it has synced, everyone in
            the ClickUp workspace is listed here.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="People capacity">
            {list.map((p) => (
              <li key={p.clickupUserId} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <div className="min-w-0 flex-1 basis-48">
                  <div className="truncate text-sm font-medium">{p.name}</div>
                  {p.email ? <div className="truncate text-xs text-muted-foreground">{p.email}</div> : null}
                </div>
                <div className="text-sm tabular-nums">
                  {p.minutesPerDay === null ? (
                    <span className="text-muted-foreground">{hoursLabel(defaultMinutes)} (default)</span>
                  ) : (
                    <>
                      {hoursLabel(p.minutesPerDay)}
                      {p.minutesEffectiveFrom ? (
                        <span className="text-muted-foreground">
                          {" "}
                          from {formatListDay(p.minutesEffectiveFrom, toIsoDate(new Date()))}
                        </span>
                      ) : null}
                    </>
                  )}
                </div>
                <div className="flex flex-wrap gap-1">
                  {p.roleTags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit capacity of ${p.name}`}
                  onClick={() => setEditing(p)}
                >
                  <Pencil className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{editing ? `Capacity of ${editing.name}` : "Capacity"}</DialogTitle>
            <DialogDescription>
              Leave hours per day empty for the workspace default ({hoursLabel(defaultMinutes)}).
            </DialogDescription>
          </DialogHeader>
          {editing ? <PersonForm person={editing} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PersonForm({ person, onDone }: { person: CapacityPerson; onDone: () => void }) {
  const form = useZodForm(personFormSchema, {
    defaultValues: {
      hours: person.minutesPerDay === null ? "" : minutesToHoursText(person.minutesPerDay),
      effectiveFrom: person.minutesEffectiveFrom ?? "",
      roleTags: person.roleTags.join(", "),
    },
  });
  const put = usePutPersonSettings();
  const errors = form.formState.errors;
  const submit = form.handleSubmit(({ hours, effectiveFrom, roleTags }) => {
    if (put.isPending) return;
    put.mutate(
      {
        clickupUserId: person.clickupUserId,
        body: { minutesPerDay: hours, minutesEffectiveFrom: hours === null ? null : effectiveFrom, roleTags },
      },
      {
        onSuccess: (saved) => {
          toast.success("Capacity saved", {
            description: `${saved.name}: ${saved.minutesPerDay === null ? "workspace default" : hoursLabel(saved.minutesPerDay)}`,
          });
          onDone();
        },
        onError: (error) =>
          showServerErrors(form, error, FIELDS, {
            minutesPerDay: "hours",
            minutesEffectiveFrom: "effectiveFrom",
          }),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Capacity of ${person.name}`}>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <InputField
          id="person-hours"
          label="Hours per day"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Default"
          error={errors.hours?.message}
          {...form.register("hours")}
        />
        <InputField
          id="person-effective-from"
          label="From (optional)"
          type="date"
          error={errors.effectiveFrom?.message}
          {...form.register("effectiveFrom")}
        />
      </div>
      <InputField
        id="person-role-tags"
        label="Role tags (comma separated)"
        placeholder="e.g. editor, producer"
        autoComplete="off"
        error={errors.roleTags?.message}
        {...form.register("roleTags")}
      />
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={put.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={put.isPending}>
          {put.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
